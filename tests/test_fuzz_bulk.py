"""Bulk rating under hostile input: what a fuzzing pass of ``rate --file`` found, kept fixed.

Covers: an output that is the input, resumes of another run, templates that
reach into objects or blow up, hung and crashing workers, floods of malformed
lines, byte-order marks, frame-like puzzle lines, odd line separators, non-UTF-8
bytes, terminal and spreadsheet injection; plus a seeded property test (one
record per record line, in every format, with one and two workers) and seeded
fuzzers over templates and bulk lines.  Puzzles are easy ones, so the file
stays fast.
"""

from __future__ import annotations

import csv
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzles.formats import read_items
from rater.bulk import workers
from rater.bulk.output import RecordWriter, TemplateError, check_template, csv_cell, escape_text, json_line
from rater.bulk.workers import rate_stream
from rater.cli import main
from rater.records import FIELDS
from rater.settings import RunSettings
from tests.conftest import REPO, interruptible

EASY = "14.....5.7..2........3..2.42...8.4...8..9..2...6.5...18.9..1........6..7.5.....69"
SEVERAL = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
FORMATS = ("csv", "jsonl", "text")
#: Characters that must never reach an output line raw (a lone ``\r`` is a line end: tests/test_reliability.py).
ODD = ["\x1b[31m", "\u2028", "\u2029", "\x85", "\x0c", "\x0b", "\x1e", "\x00", "\x07", "\u202e", "\x9b"]
CLASS_NAMES = ("'int'", "'float'", "'str'", "NoneType", "_Missing", "object of type", "Traceback")
BULK_EXIT_CODES = {0, 2, 4}


def relabel(rng: random.Random, base: str = EASY) -> str:
    perm = rng.sample("123456789", 9)
    return "".join(perm[int(ch) - 1] if ch != "." else "." for ch in base)


def invoke(*args: str, input: bytes | str | None = None):  # noqa: A002 - click's name
    return CliRunner().invoke(main, [*args], input=input)


def one_line_error(result) -> str:
    """The stderr of a refused run: exactly one 'rate: error:' line, nothing that leaks internals."""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rate: error: "), result.stderr
    assert not any(name in lines[0] for name in CLASS_NAMES), lines[0]
    assert lines[0].isprintable()
    return lines[0]


def records_of(text: str, fmt: str) -> list[dict]:
    """The records of an output, read per physical line as --resume does."""
    lines = text.split("\n")
    assert lines[-1] == ""
    lines = lines[:-1]
    if fmt == "jsonl":
        return [json.loads(line) for line in lines]
    rows = [next(csv.reader([line])) for line in lines]
    assert tuple(rows[0]) == FIELDS
    return [dict(zip(rows[0], row)) for row in rows[1:]]


# --- 1: the output must never be the input ------------------------------------------------


@pytest.mark.parametrize("how", ["same", "hard link", "symbolic link"])
def test_output_that_is_the_input_is_refused_and_the_input_kept(tmp_path, how):
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\n{EASY}\n")
    target = tmp_path / "out.txt"
    if how == "same":
        target = source
    elif how == "hard link":
        os.link(source, target)
    else:
        target.symlink_to(source)
    result = invoke("--file", str(source), "--output", str(target), "-q")
    assert result.exit_code == 2 and "is the input file" in one_line_error(result)
    assert source.read_text() == f"{EASY}\n{EASY}\n"


def test_stdin_or_stdout_redirected_to_the_input_is_refused(tmp_path):
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\n")
    with source.open("rb") as stdin:
        done = subprocess.run([sys.executable, "-m", "rater.cli", "--file", "-", "--output", str(source), "-q"],
                              cwd=REPO, stdin=stdin, capture_output=True, timeout=60)
    assert done.returncode == 2 and b"is the input file" in done.stderr
    assert source.read_text() == f"{EASY}\n"
    with source.open("ab") as stdout:  # rate --file p.txt >> p.txt would read its own records forever
        done = subprocess.run([sys.executable, "-m", "rater.cli", "--file", str(source), "-q"],
                              cwd=REPO, stdout=stdout, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 2 and b"stdout is the input file" in done.stderr
    assert source.read_text() == f"{EASY}\n"


# --- 2: resume only the run that wrote the output -------------------------------------------


def _first_run(tmp_path: Path, fmt: str, *extra: str) -> tuple[Path, Path]:
    source = tmp_path / "in.txt"
    source.write_text(f"{EASY} a\n{EASY} b\n")
    out = tmp_path / f"out.{fmt}"
    result = invoke("--file", str(source), "--output", str(out), "--format", fmt, "-j", "1", "-q", *extra)
    assert result.exit_code == 0, result.output
    assert (tmp_path / f"out.{fmt}.run.json").exists()
    return source, out


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("change", ["other input", "same size", "appended", "format", "template", "option",
                                    "allow-multiple", "lang", "techniques"])
def test_resume_with_another_input_or_setting_is_refused(tmp_path, fmt, change):
    source, out = _first_run(tmp_path, fmt)
    before = out.read_bytes()
    args = ["--file", str(source), "--output", str(out), "--format", fmt, "-j", "1", "-q", "--resume"]
    if change == "other input":
        other = tmp_path / "other.txt"
        other.write_text(f"{EASY} c\n{EASY} d\n{EASY} e\n")
        args[1] = str(other)
    elif change == "same size":
        source.write_text(f"{EASY} x\n{EASY} y\n")
    elif change == "appended":
        with source.open("a") as fh:
            fh.write(f"{EASY}\n")
    elif change == "format":
        args[5] = "jsonl" if fmt != "jsonl" else "csv"
    elif change == "template":
        args += ["--template", "{line} {status}"]
    elif change == "option":
        args += ["--option", "2002"]
    elif change == "allow-multiple":
        args += ["--allow-multiple"]
    elif change == "lang":
        args += ["--lang", "de"]
    else:
        techniques = tmp_path / "t.yaml"
        techniques.write_text((REPO / "techniques" / "techniques.yaml").read_text() + "# edited\n")
        args += ["--techniques", str(techniques)]
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert "cannot resume" in one_line_error(result)
    assert out.read_bytes() == before


@pytest.mark.parametrize("fmt", FORMATS)
def test_resume_of_the_same_run_continues_where_the_output_stops(tmp_path, fmt):
    """A kill simulated by cutting the output (mid-line too): the resumed output equals a full run's."""
    rng = random.Random(11)
    lines = [f"{relabel(rng)} {rng.choice(ODD)}c{i}{rng.choice(ODD)}x" for i in range(12)]
    lines.insert(3, "not a puzzle \u2028 \x85 \x0c")
    source = tmp_path / "in.txt"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / f"out.{fmt}"
    base = ["--file", str(source), "--output", str(out), "--format", fmt, "-j", "2", "-q"]
    assert invoke(*base).exit_code == 4
    full = out.read_text()
    keep = 6 + (fmt == "csv")
    cut = "".join(full.splitlines(keepends=True)[:keep])
    out.write_text(cut + full.splitlines()[keep][:20])  # and a torn line
    result = invoke(*base, "--resume")
    # csv and jsonl statuses are read back, so the earlier error record still counts; text has none to read
    assert result.exit_code == (0 if fmt == "text" else 4), result.output
    if fmt == "text":
        assert out.read_text() == full
    else:
        strip = [{k: v for k, v in r.items() if k != "seconds"} for r in records_of(full, fmt)]
        assert [{k: v for k, v in r.items() if k != "seconds"} for r in records_of(out.read_text(), fmt)] == strip
        assert len(strip) == 13


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_resume_from_stdin_checks_every_skipped_record(tmp_path, fmt):
    out = tmp_path / f"o.{fmt}"
    first = f"{EASY} a\n{EASY[::-1]} b\n{EASY}\n"
    assert invoke("--file", "-", "--output", str(out), "--format", fmt, "-j", "1", "-q", input=first).exit_code == 0
    full = out.read_text()
    out.write_text("".join(full.splitlines(keepends=True)[:-1]))
    same = invoke("--file", "-", "--output", str(out), "--format", fmt, "-j", "1", "-q", "--resume", input=first)
    assert same.exit_code == 0 and len(out.read_text().splitlines()) == len(full.splitlines())
    out.write_text("".join(full.splitlines(keepends=True)[:-1]))
    other = invoke("--file", "-", "--output", str(out), "--format", fmt, "-j", "1", "-q", "--resume",
                   input=f"{EASY[::-1]} a\n{EASY} b\n{EASY}\n")
    assert other.exit_code == 2 and "another puzzle" in one_line_error(other)


def test_resume_after_a_kill_inside_the_csv_header_writes_the_header(tmp_path):
    source, out = _first_run(tmp_path, "csv")
    full = out.read_text()
    out.write_text(full[:10])
    result = invoke("--file", str(source), "--output", str(out), "-j", "1", "-q", "--resume")
    assert result.exit_code == 0 and out.read_text().splitlines()[0] == full.splitlines()[0]
    assert len(out.read_text().splitlines()) == 3


def test_text_resume_from_stdin_is_refused(tmp_path):
    out = tmp_path / "o.txt"
    assert invoke("--file", "-", "--output", str(out), "--format", "text", "-j", "1", "-q",
                  input=f"{EASY}\n").exit_code == 0
    again = invoke("--file", "-", "--output", str(out), "--format", "text", "-q", "--resume", input=f"{EASY}\n")
    assert again.exit_code == 2 and "from stdin" in one_line_error(again)


def test_resume_of_a_non_utf8_output_is_one_line_exit_2(tmp_path):
    source, out = _first_run(tmp_path, "jsonl")
    out.write_bytes(out.read_bytes().replace(b'"a"', b'"\xff"'))
    result = invoke("--file", str(source), "--output", str(out), "--format", "jsonl", "-q", "--resume")
    assert result.exit_code == 2 and "not UTF-8" in one_line_error(result)


# --- 6: templates -------------------------------------------------------------------------

BAD_TEMPLATES = [
    "{line!x}", "{points:d}", "{puzzle:{line.__class__}}", "{puzzle:>1000000000}", "{line.__class__}",
    "{puzzle[0]}", "{0}", "{}", "{nope}", "{status", "a}b", "{level!a}", "{puzzle:=10}", "{line:c}",
    "{points:.5000f}", "{seconds:d}", "{comment:%}", "tab\there", "{line}\n{puzzle}", "{steps:s}",
    "{puzzle:{}}", "{line:{line}}", "{points:,d}", "{max:x}",
]


@pytest.mark.parametrize("template", BAD_TEMPLATES)
def test_bad_templates_are_refused_before_the_run(tmp_path, template):
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\n")
    result = invoke("--file", str(source), "--template", template, "-q")
    assert result.exit_code == 2 and "--template" in one_line_error(result)
    assert result.stdout == ""


@pytest.fixture(scope="module")
def every_status() -> list[dict]:
    """Real records of several statuses, plus the shapes a killed worker and a stuck rating give."""
    lines = [EASY, "bad", SEVERAL, EASY[:-1] + "4", EASY + " \x1b[2J=cmd|x \u2028"]
    records = list(rate_stream(read_items(lines), RunSettings(), jobs=1))
    stuck = dict(records[0], status="stuck", points=12.5, norm2=3.25, max=7.5)
    killed = dict(records[1], status="timeout", seconds=None, message="rating took longer than 300 s")
    return [*records, stuck, killed]


GOOD_TEMPLATES = ["{line}", "{points:.2f}|{norm2:>8.3f}|{max:<4}", "{puzzle:.9} {status:^12} {level!r}",
                  "{seconds:%} {step_count:05d} {thinning_steps:+}", "{comment!s:_>30} {message!r}", "{techniques}"]


@pytest.mark.parametrize("template", GOOD_TEMPLATES)
def test_good_templates_format_every_status_as_one_printable_line(template, every_status):
    check_template(template)
    writer = RecordWriter(None, "text", template)  # type: ignore[arg-type]
    for record in every_status:
        line = writer.line(record)
        assert line.isprintable(), line


def test_random_templates_are_refused_or_format_every_status(every_status):
    """Seeded fuzzer: a template either fails check_template (one line) or formats every record."""
    rng = random.Random(2024)
    names = ["line", "puzzle", "status", "points", "seconds", "steps", "comment", "x", "line.real", "0", ""]
    specs = ["", ">5", "d", ".2f", "x", ",", "c", "%", "^9", "=", "_<3", ">99999", "{line}", "s", "e", "0>4"]
    for _ in range(400):
        parts = []
        for _ in range(rng.randint(1, 4)):
            conversion = rng.choice(["", "", "!s", "!r", "!a", "!z"])
            spec = rng.choice(specs)
            parts.append(rng.choice(["", " ", "-", "{{", "}}", "\t", "{"]) + "{" + rng.choice(names) + conversion
                         + (":" + spec if spec else "") + "}")
        template = "".join(parts)
        try:
            check_template(template)
        except TemplateError as exc:
            assert "\n" not in str(exc) and not any(name in str(exc) for name in CLASS_NAMES), (template, exc)
            continue
        writer = RecordWriter(None, "text", template)  # type: ignore[arg-type]
        for record in every_status:
            assert writer.line(record).isprintable(), template


def test_template_fuzz_through_the_cli_gives_documented_exit_codes(tmp_path):
    rng = random.Random(7)
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\nbad line\n")
    pieces = ["{line}", "{points:.1f}", "{puzzle!r}", "{comment:x>5}", "{nope}", "{line.real}", "{", "}",
              "{points:d}", "{status:^{line}}", "{seconds:>2000}", "text"]
    for _ in range(8):
        template = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 3)))
        result = invoke("--file", str(source), "--template", template, "-j", "1", "-q")
        assert result.exit_code in BULK_EXIT_CODES, (template, result.output)
        if result.exit_code == 2:
            one_line_error(result)
        else:
            assert len(result.stdout.splitlines()) == 2 and result.stderr == ""


# --- 11: hung and crashing workers ----------------------------------------------------------


def _hang_on_line_one(item, config):
    if item.line == 1:
        time.sleep(3600)
    return REAL_RATE_ITEM(item, config)


REAL_RATE_ITEM = workers.rate_item


def test_without_timeout_the_default_guard_ends_a_hung_worker(monkeypatch):
    if sys.platform != "linux":
        pytest.skip("relies on fork inheriting the patched function")
    monkeypatch.setattr(workers, "rate_item", _hang_on_line_one)
    # 3 s, not less: the replacement worker starts and rates the second puzzle within the same guard,
    # which a loaded machine can make take a second or more.
    monkeypatch.setattr(workers, "DEFAULT_GUARD", 3.0)
    records = list(rate_stream(read_items([EASY, EASY]), RunSettings(timeout=None), jobs=1))
    assert [r["status"] for r in records] == ["timeout", "solved"]
    assert records[0]["message"] == "rating took longer than 3 s; worker killed"


def test_the_default_guard_is_documented():
    help_text = " ".join(invoke("--help").stdout.split())
    assert f"{workers.DEFAULT_GUARD:g} s" in help_text
    assert f"{workers.DEFAULT_GUARD:g} s" in (REPO / "README.md").read_text()


def test_a_crashed_worker_puzzle_is_retried_once(monkeypatch, tmp_path):
    if sys.platform != "linux":
        pytest.skip("relies on fork inheriting the patched function")
    marker = tmp_path / "crashed-once"

    def crash_first_time(item, config):
        if item.line == 2 and not marker.exists():
            marker.touch()
            os._exit(9)
        return REAL_RATE_ITEM(item, config)

    monkeypatch.setattr(workers, "rate_item", crash_first_time)
    records = list(rate_stream(read_items([EASY, EASY, EASY]), RunSettings(), jobs=1))
    assert [r["status"] for r in records] == ["solved", "solved", "solved"] and marker.exists()


def test_a_puzzle_whose_worker_dies_twice_gets_an_error_record(monkeypatch):
    if sys.platform != "linux":
        pytest.skip("relies on fork inheriting the patched function")
    monkeypatch.setattr(workers, "rate_item",
                        lambda item, config: os._exit(3) if item.line == 1 else REAL_RATE_ITEM(item, config))
    records = list(rate_stream(read_items([EASY, EASY]), RunSettings(), jobs=2))
    assert [r["status"] for r in records] == ["error", "solved"]
    assert records[0]["message"] == "worker died (exit code 3) again after a retry"


def test_engine_timeout_records_say_why():
    records = list(rate_stream(read_items([EASY]), RunSettings(timeout=1e-6), jobs=1))
    assert records[0]["status"] == "timeout" and records[0]["message"] == "rating took longer than 1e-06 s"


# --- 12: error records flow as fast as the parser reads ------------------------------------


def test_malformed_lines_never_wait_for_a_worker(tmp_path, monkeypatch):
    """Error records flow without a poll for workers while none is busy (a wait of 0.2 s per 64 error
    records once made 20,000 malformed lines take over a minute; the time: bench/bulk_limits.py)."""
    waits: list[tuple[float, int]] = []
    collect = workers.WorkerPool.collect

    def counting(self, wait):
        waits.append((wait, self.in_flight()))
        return collect(self, wait)

    monkeypatch.setattr(workers.WorkerPool, "collect", counting)
    lines = [f"malformed line {i}" for i in range(2_000)] + [EASY]
    records = list(rate_stream(read_items(lines), RunSettings(), jobs=1))
    assert [r["status"] for r in records] == ["error"] * 2_000 + ["solved"]
    assert [wait for wait, busy in waits if wait and not busy] == []
    source = tmp_path / "bad.txt"
    source.write_text("\n".join(lines) + "\n")
    out = tmp_path / "o.csv"
    result = invoke("--file", str(source), "--output", str(out), "-j", "1", "-q")
    assert result.exit_code == 4 and out.read_text().count("\n") == 2_002


# --- 13: odd input and options -------------------------------------------------------------


@pytest.mark.parametrize("ch", ["-", "_", "="])
def test_a_puzzle_length_line_of_frame_characters_is_a_record(ch):
    items = list(read_items([ch * 81, EASY, "+---+---+---+", ch * 30]))
    assert [(i.line, i.error) for i in items] == [(1, ""), (2, "")]
    assert items[0].grid == (0,) * 81


def test_bom_and_non_utf8_lines_each_give_their_record():
    data = b"\xef\xbb\xbf" + EASY.encode() + b"\n\xff\xfe" + EASY.encode() + b"\n" + EASY.encode() + b" caf\xe9\r\n"
    items = list(read_items(data.splitlines(keepends=True)))
    assert [(i.line, bool(i.error)) for i in items] == [(1, False), (2, True), (3, True)]
    assert "not UTF-8 (byte 0xff at column 1)" in items[1].error and items[1].text.startswith("\\xff\\xfe")


def test_non_utf8_on_stdin_is_an_error_record_not_a_crash():
    result = invoke("--file", "-", "--format", "jsonl", "-j", "1", "-q",
                    input=b"\xc3\x28 broken\n" + EASY.encode() + b"\n")
    assert result.exit_code == 4, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["line"], r["status"]) for r in records] == [(1, "error"), (2, "solved")]


def test_jobs_above_the_cores_are_lowered_with_a_note(tmp_path):
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\n")
    loud = invoke("--file", str(source), "--jobs", "1000", "--format", "text", "--ascii")
    assert loud.exit_code == 0 and "--jobs 1000 lowered to" in loud.stderr
    quiet = invoke("--file", str(source), "--jobs", "1000", "--format", "text", "-q")
    assert quiet.exit_code == 0 and quiet.stderr == ""


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0"])
def test_non_finite_or_zero_timeouts_are_refused(tmp_path, value):
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\n")
    result = invoke("--file", str(source), "--timeout", value, "-q")
    assert result.exit_code == 2 and result.stdout == ""


def test_unwritable_output_names_the_output(tmp_path):
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\n")
    result = invoke("--file", str(source), "--output", str(tmp_path / "missing" / "o.csv"), "-q")
    assert result.exit_code == 2 and "missing/o.csv" in one_line_error(result) and "p.txt" not in result.stderr


# --- 14: no injection into terminals or spreadsheets ---------------------------------------


def test_escaping_of_control_characters_and_separators():
    assert escape_text("a\x1b[31mb\u2028c\x85d\x0ce\x0bf\tg") == "a\\x1b[31mb\\u2028c\\x85d\\x0ce\\x0bf\\x09g"
    assert escape_text("Rätsel ☺") == "Rätsel ☺"
    line = json_line({"comment": "x\u2028y\u2029z\x85\x1b\u202e"})
    assert line.isprintable() and len(line.splitlines()) == 1
    assert json.loads(line)["comment"] == "x\u2028y\u2029z\x85\x1b\u202e"
    assert [csv_cell(v) for v in ("=cmd|' /C calc'!A0", "+1", "-2", "@SUM(A1)", "\tx", "ok", 3)] == \
        ["'=cmd|' /C calc'!A0", "'+1", "'-2", "'@SUM(A1)", "\\x09x", "ok", 3]


@pytest.mark.parametrize("fmt", FORMATS)
def test_hostile_comments_and_puzzle_text_are_escaped_in_every_format(tmp_path, fmt):
    source = tmp_path / "p.txt"
    source.write_bytes(f"{EASY} \x1b]0;owned\x07 =cmd|' /C calc'!A0 \u2028 \x85\n=HYPERLINK(\x1b[2J)\n".encode())
    result = invoke("--file", str(source), "--format", fmt, "-j", "1", "--ascii")
    assert result.exit_code == 4
    assert "\x1b" not in result.stderr and all(line.isprintable() for line in result.stderr.splitlines())
    lines = result.stdout.split("\n")[:-1]
    assert len(lines) == (3 if fmt == "csv" else 2)
    assert all(line.isprintable() for line in lines)
    if fmt == "csv":
        cells = [cell for row in csv.reader(lines) for cell in row]
        assert not [cell for cell in cells if cell.startswith(("=", "+", "-", "@"))]
        assert "'=HYPERLINK(\\x1b[2J)" in cells


# --- the property: one record per record line, whatever the mixture ------------------------


def _mixture(rng: random.Random, size: int) -> tuple[bytes, list[int]]:
    """A random bulk file and the line numbers that must each give one record."""
    skipped = [b"", b"   ", b"\t", b"\x0c", "\u2028".encode(), b"# comment \x1b[31m", "# \u2028 \x85".encode(),
               b"[Section]", b"+-------+-------+", b"------"]
    records = [
        lambda: relabel(rng).encode(),
        lambda: (relabel(rng) + " " + rng.choice(ODD) + "note" + rng.choice(ODD)).encode(),
        lambda: (relabel(rng) + "#" + rng.choice(["=cmd|x", "@a", "+1", "-", "\x1b[2J"])).encode(),
        lambda: relabel(rng)[: rng.randint(20, 80)].encode(),
        lambda: (relabel(rng)[:40] + rng.choice(ODD) + relabel(rng)[41:]).encode(),
        lambda: b"\xff\xfe" + relabel(rng).encode(),
        lambda: relabel(rng).encode()[:50] + b"\xc3(" + relabel(rng).encode()[52:],
        lambda: rng.choice("-_=").encode() * 81,
        lambda: "".join(rng.choice("xyz123 ,;=") for _ in range(rng.randint(100, 300))).encode(),
        lambda: ("1" * 729).encode(),
        lambda: b"=cmd|' /C calc'!A0 and more words",
        lambda: SEVERAL.encode(),
    ]
    lines: list[bytes] = []
    expected: list[int] = []
    for number in range(1, size + 1):
        if rng.random() < 0.3:
            lines.append(rng.choice(skipped))
        else:
            lines.append(rng.choice(records)())
            expected.append(number)
        if rng.random() < 0.2:
            lines[-1] += b"\r"
    if rng.random() < 0.5:
        lines[0] = b"\xef\xbb\xbf" + lines[0]
    return b"\n".join(lines) + b"\n", expected


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_property_one_record_per_record_line_in_every_format(tmp_path, fmt, jobs):
    for seed in range(2):
        rng = random.Random(f"{fmt}{jobs}{seed}")
        data, expected = _mixture(rng, 40)
        source = tmp_path / "mix.txt"
        source.write_bytes(data)
        extra = ["--template", "{line} {status} {comment}"] if fmt == "text" and seed else []
        result = invoke("--file", str(source), "--format", fmt, "-j", jobs, "-q", *extra)
        assert result.exit_code in (0, 4), result.output
        assert result.stderr == ""
        lines = result.stdout.split("\n")
        assert lines[-1] == "" and all(line.isprintable() for line in lines)
        if fmt == "text":
            assert len(lines) - 1 == len(expected)
            if extra:
                assert [int(line.split()[0]) for line in lines[:-1]] == expected
        else:
            assert [int(r["line"]) for r in records_of(result.stdout, fmt)] == expected


def test_bulk_line_fuzzer_gives_documented_exit_codes_and_one_line_errors(tmp_path):
    """Seeded fuzzer over raw bulk lines and option values through the CLI: no traceback, ever."""
    rng = random.Random(99)
    alphabet = [b"1", b"9", b".", b"0", b" ", b"\t", b"#", b";", b"|", b"+", b"-", b"=", b"[", b"]", b"\r",
                b"\x00", b"\x1b", b"\xff", b"\xc3", "\u2028".encode(), "\x85".encode(), b"\x0c", b"\xef\xbb\xbf"]
    for round_ in range(6):
        lines = []
        for _ in range(rng.randint(1, 25)):
            if rng.random() < 0.4:
                lines.append(relabel(rng).encode() + b"".join(rng.choices(alphabet, k=rng.randint(0, 5))))
            else:
                lines.append(b"".join(rng.choices(alphabet, k=rng.randint(0, 120))))
        source = tmp_path / f"f{round_}.txt"
        source.write_bytes(b"\n".join(lines))
        fmt = rng.choice(FORMATS)
        extra = rng.choice([[], ["--timeout", rng.choice(["5", "nan", "1e-9"])], ["--jobs", "64"],
                            ["--template", rng.choice(["{line}", "{x}", "{puzzle:{line}}"])]])
        result = invoke("--file", str(source), "--format", fmt, "-q", *extra)
        assert result.exit_code in BULK_EXIT_CODES, (lines, extra, result.output)
        assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception,
                                                                                          SystemExit)
        if result.exit_code == 2:
            one_line_error(result)
        else:
            assert result.stderr == ""
            assert all(line.isprintable() for line in result.stdout.split("\n"))


def test_kill_hint_is_printed_with_quiet(tmp_path):
    """Ctrl-C always says how to continue, --quiet or not."""
    source = tmp_path / "p.txt"
    rng = random.Random(3)
    # long enough that the run is still going when the signal arrives (a record takes about 2 ms)
    source.write_text("\n".join(relabel(rng) for _ in range(4000)) + "\n")
    out = tmp_path / "o.jsonl"
    proc = subprocess.Popen([sys.executable, "-m", "rater.cli", "--file", str(source), "--output", str(out),
                             "--format", "jsonl", "-j", "1", "-q"], cwd=REPO, stderr=subprocess.PIPE,
                            preexec_fn=interruptible)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (not out.exists() or out.read_bytes().count(b"\n") < 5):
        time.sleep(0.01)
    proc.send_signal(2)
    _, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130
    lines = stderr.decode().splitlines()
    assert len(lines) == 1 and "--resume" in lines[0] and lines[0].startswith("rate: interrupted after")


def test_output_to_a_device_works_without_run_file_and_cannot_be_resumed(tmp_path):
    source = tmp_path / "p.txt"
    source.write_text(f"{EASY}\n")
    assert invoke("--file", str(source), "--output", os.devnull, "-j", "1", "-q").exit_code == 0
    result = invoke("--file", str(source), "--output", os.devnull, "-q", "--resume")
    assert result.exit_code == 2 and "regular file" in one_line_error(result)


def test_fresh_run_replaces_a_stale_run_file(tmp_path):
    source, out = _first_run(tmp_path, "csv")
    shutil.copy(out.with_name(out.name + ".run.json"), tmp_path / "saved.json")
    out.unlink()
    other = tmp_path / "other.txt"
    other.write_text(f"{EASY}\n")
    result = invoke("--file", str(other), "--output", str(out), "-j", "1", "-q", "--resume")
    assert result.exit_code == 0 and len(out.read_text().splitlines()) == 2
    assert out.with_name(out.name + ".run.json").read_text() != (tmp_path / "saved.json").read_text()


def test_a_full_disk_names_the_output(tmp_path):
    if not Path("/dev/full").exists():
        pytest.skip("needs /dev/full")
    source = tmp_path / "p.txt"
    source.write_text("".join(f"bad {i}\n" for i in range(3000)))
    result = invoke("--file", str(source), "--output", "/dev/full", "-q")
    assert result.exit_code == 2 and "/dev/full: No space left" in one_line_error(result)


def test_a_closed_stdout_stops_quietly(tmp_path):
    source = tmp_path / "p.txt"
    source.write_text("".join(f"bad {i}\n" for i in range(20_000)))
    proc = subprocess.Popen([sys.executable, "-m", "rater.cli", "--file", str(source), "-q"], cwd=REPO,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.readline()
    proc.stdout.close()
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 141 and stderr == b""
