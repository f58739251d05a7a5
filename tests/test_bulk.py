"""Bulk rating (rater.bulk.runner, rater.bulk.workers): file formats, one record per line in input order, statuses, resume after a kill."""

from __future__ import annotations

import csv
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzles.formats import read_items, split_puzzle
from rater.bulk import workers
from rater.bulk.resume import cut_torn_line, file_fingerprint
from rater.bulk.runner import Stats
from rater.bulk.workers import rate_stream
from rater.cli import main
from rater.settings import RunSettings
from tests.conftest import REPO, interruptible

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
EASY = "14.....5.7..2........3..2.42...8.4...8..9..2...6.5...18.9..1........6..7.5.....69"
SEVERAL = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."

MIXED = f"""# a comment line
{GOOD}  a trailing comment
{EASY}#after hash

{GOOD[:-1]}
{SEVERAL};several
11{GOOD[2:]}
; not a puzzle at all
{EASY}
"""
#: (line, status) of every record of MIXED
MIXED_STATUSES = [(2, "solved"), (3, "solved"), (5, "error"), (6, "multiple_solutions"), (7, "invalid"),
                  (8, "error"), (9, "solved")]


def test_split_puzzle_comments():
    assert split_puzzle(f"{GOOD}   note here") == (GOOD, "note here")
    assert split_puzzle(f"{GOOD}#x") == (GOOD, "x")
    assert split_puzzle(f"{GOOD};y z") == (GOOD, "y z")
    assert split_puzzle(f"{GOOD}\t# tabbed") == (GOOD, "tabbed")


def test_read_items_formats():
    grid = "\n".join(["#A someone", "[Puzzle]"] + [GOOD[9 * r : 9 * r + 9] for r in range(9)])
    framed = "\n".join(
        (" | ".join(GOOD[9 * r + 3 * s : 9 * r + 3 * s + 3] for s in range(3)))
        + ("\n------+-----+------" if r in (2, 5) else "")
        for r in range(9)
    )
    cands = "".join(("123456789" if ch == "." else "." * (int(ch) - 1) + ch + "." * (9 - int(ch))) for ch in GOOD)
    text = f"{grid}\n\n{framed}\n{cands}\n{GOOD.replace('.', '0')}\n123456789\n{GOOD}\n"
    items = list(read_items(text.splitlines()))
    assert [i.line for i in items] == [3, 13, 24, 25, 26, 27]
    assert all(i.grid is not None and "".join(map(str, i.grid)).replace("0", ".") == GOOD for i in items[:4])
    assert items[2].cands is not None and items[2].cands[0] == 0x1FF
    assert items[4].error.startswith("grid has only 1 of 9 rows")
    assert items[5].grid is not None and items[5].line == 27


def write_mixed(tmp_path: Path) -> Path:
    path = tmp_path / "mixed.txt"
    path.write_text(MIXED)
    return path


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_mixed_file_one_record_per_line_with_statuses(tmp_path, fmt):
    out = tmp_path / f"out.{fmt}"
    result = CliRunner().invoke(main, ["--file", str(write_mixed(tmp_path)), "--output", str(out),
                                       "--format", fmt, "--jobs", "2", "--quiet"])
    assert result.exit_code == 4, result.output  # some lines are not ratings
    if fmt == "jsonl":
        records = [json.loads(line) for line in out.read_text().splitlines()]
    else:
        records = list(csv.DictReader(out.read_text().splitlines()))
    assert [(int(r["line"]), r["status"]) for r in records] == MIXED_STATUSES
    assert records[0]["comment"] == "a trailing comment" and records[1]["comment"] == "after hash"
    assert "81 cells, got 80" in records[2]["message"]
    assert float(records[0]["points"]) > 0


def test_allow_multiple_rates_the_multi_solution_line(tmp_path):
    path = tmp_path / "m.txt"
    path.write_text(f"{SEVERAL}\n{EASY}\n")
    result = CliRunner().invoke(main, ["--file", str(path), "--format", "jsonl", "--allow-multiple", "-j", "1", "-q"])
    statuses = [json.loads(line)["status"] for line in result.stdout.splitlines()]
    assert statuses[0] in ("solved", "stuck") and statuses[1] == "solved"
    assert result.exit_code == 0


def test_text_format_and_template(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text(f"{EASY}\n{GOOD[:-1]}\n")
    text = CliRunner().invoke(main, ["--file", str(path), "--format", "text", "-j", "1", "-q"]).stdout.splitlines()
    fields = text[0].split()
    assert fields[0] == EASY and len(fields) >= 5 and float(fields[1]) >= 0
    assert text[1].endswith("- - - error")
    templ = CliRunner().invoke(main, ["--file", str(path), "--template", "{line}:{status}:{level}", "-j", "1", "-q"])
    assert templ.stdout.splitlines()[1] == "2:error:-"
    bad = CliRunner().invoke(main, ["--file", str(path), "--template", "{nope}", "-q"])
    assert bad.exit_code == 2 and "unknown --template field" in bad.stderr


def test_stdin_input():
    result = CliRunner().invoke(main, ["--file", "-", "--format", "jsonl", "-j", "1", "-q"], input=f"{EASY}\n")
    assert json.loads(result.stdout)["status"] == "solved"


def test_engine_deadline_gives_a_timeout_record():
    """The engine checks its deadline between steps; a microsecond budget is over before the first."""
    items = list(read_items([GOOD]))
    records = list(rate_stream(items, RunSettings(timeout=1e-6), jobs=1))
    assert records[0]["status"] == "timeout" and records[0]["level"] is None


def _hang(item, config):
    """Longer than the patched guard limit (3 s); if the worker were not killed it would return None (an error)."""
    time.sleep(120)


def test_a_hung_worker_is_killed_and_replaced(monkeypatch):
    """The pool-level guard: a worker that never answers is replaced (fork inherits the patch)."""
    if sys.platform != "linux":
        pytest.skip("relies on fork inheriting the patched function")
    real = workers.rate_item
    monkeypatch.setattr(workers, "rate_item", lambda item, config: _hang(item, config) if item.line == 1 else real(item, config))
    monkeypatch.setattr(workers.WorkerPool, "limit", lambda self: 3.0)  # room for a replacement to start
    items = list(read_items([GOOD, EASY, EASY]))
    records = list(rate_stream(items, RunSettings(timeout=0.1), jobs=1))
    assert [r["status"] for r in records] == ["timeout", "solved", "solved"]
    assert "worker killed" in records[0]["message"]


def test_a_crashed_worker_gives_an_error_record_and_the_run_goes_on(monkeypatch):
    if sys.platform != "linux":
        pytest.skip("relies on fork inheriting the patched function")
    real = workers.rate_item
    monkeypatch.setattr(workers, "rate_item", lambda item, config: os._exit(3) if item.line == 2 else real(item, config))
    records = list(rate_stream(list(read_items([EASY, EASY, EASY])), RunSettings(), jobs=1))
    assert [r["status"] for r in records] == ["solved", "error", "solved"]
    assert "worker died (exit code 3)" in records[1]["message"]


def test_cut_torn_line_drops_an_incomplete_last_record(tmp_path):
    out = tmp_path / "o.jsonl"
    out.write_text('{"line": 2}\n{"line": 3}\n{"line": 4, "sta')
    cut_torn_line(out)
    assert out.read_text() == '{"line": 2}\n{"line": 3}\n'
    cut_torn_line(out)
    assert out.read_text() == '{"line": 2}\n{"line": 3}\n'


def test_resume_of_an_output_without_run_file_is_refused(tmp_path):
    out = tmp_path / "o.jsonl"
    out.write_text('{"line": 7}\n')
    path = tmp_path / "in.txt"
    path.write_text(f"{EASY}\n")
    result = CliRunner().invoke(main, ["--file", str(path), "--output", str(out), "--format", "jsonl",
                                       "--resume", "-q"])
    assert result.exit_code == 2 and "cannot resume" in result.stderr and "o.jsonl.run.json is missing" in result.stderr
    assert out.read_text() == '{"line": 7}\n'


def test_stats_median_and_mean():
    stats = Stats()
    for p in (1, 2, 2, 10):
        stats.add({"status": "solved", "level": "x", "points": p, "techniques": {"A1": 1}, "seconds": 0.0})
    stats.add({"status": "error", "level": "", "points": None, "techniques": {}, "seconds": None})
    assert stats.median_points() == 2 and stats.mean_points() == 3.75 and stats.records == 5


def relabelled(count: int) -> list[str]:
    """``count`` distinct puzzles of known, moderate difficulty: digit relabellings of GOOD and EASY."""
    rng = random.Random(6)
    out: set[str] = set()
    while len(out) < count:
        perm = rng.sample("123456789", 9)
        base = GOOD if len(out) % 5 == 0 else EASY
        out.add("".join(perm[int(ch) - 1] if ch != "." else "." for ch in base))
    return sorted(out)


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_kill_and_resume_rates_every_line_exactly_once(tmp_path, sig):
    # long enough that the run is still going when the signal arrives (a record takes about 2 ms)
    count = 2000
    puzzles = relabelled(count)
    source = tmp_path / "p.txt"
    source.write_text("\n".join(puzzles) + "\n")
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, "-m", "rater.cli", "--file", str(source), "--output", str(out), "--format", "jsonl",
           "--jobs", "2", "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(cmd, cwd=REPO, env=env, stderr=subprocess.PIPE, preexec_fn=interruptible)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and (not out.exists() or out.read_bytes().count(b"\n") < 30):
        time.sleep(0.01)
    proc.send_signal(sig)
    proc.wait(timeout=30)
    assert proc.returncode == (-signal.SIGKILL if sig == signal.SIGKILL else 130)
    first = out.read_bytes().count(b"\n")
    assert 30 <= first < count
    resumed = subprocess.run(cmd + ["--resume"], cwd=REPO, env=env, capture_output=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["line"] for r in records] == list(range(1, count + 1))
    assert [r["puzzle"] for r in records] == puzzles
    assert all(r["status"] == "solved" for r in records)


@pytest.mark.parametrize("lang, title, heading", [("en", "Bulk rating", "Techniques used"),
                                                  ("de", "Massenbewertung", "Verwendete Methoden")])
def test_summary_speaks_the_language_of_lang(tmp_path, lang, title, heading):
    """The summary's titles and labels come from the language files, like the single report's."""
    path = tmp_path / "in.txt"
    path.write_text(f"{EASY}\n")
    result = CliRunner().invoke(main, ["--file", str(path), "--output", str(tmp_path / "o.csv"), "--lang", lang,
                                       "-j", "1"])
    assert result.exit_code == 0, result.stderr
    assert title in result.stderr and heading in result.stderr


@pytest.mark.parametrize("where", ["head", "middle", "tail"])
def test_the_input_fingerprint_sees_a_same_size_edit_in_its_first_or_last_mib(tmp_path, where):
    """The fingerprint hashes the first and the last MiB: an edit there changes it; one in between of
    a file over 2 MiB does not (the record checks of csv and jsonl catch that one, docs/reliability.md)."""
    path = tmp_path / "in.txt"
    data = bytearray(b"".join(f"{EASY} line {i:07d}\n".encode() for i in range(40_000)))  # about 3.6 MiB
    path.write_bytes(data)
    before = file_fingerprint(path)
    position = {"head": 100, "middle": len(data) // 2, "tail": len(data) - 100}[where]
    data[position] = ord("x") if data[position] != ord("x") else ord("y")
    path.write_bytes(data)
    after = file_fingerprint(path)
    assert after["size"] == before["size"]
    assert (after["sha256"] != before["sha256"]) == (where != "middle")


def test_a_record_writes_whole_figures_as_integers():
    """Text, csv and jsonl print 1, not 1.0: the figures of a record are ints when they are whole."""
    from rater.records import rating_record
    from rater.run.engine import Engine

    rating = Engine().rate(EASY)
    record = rating_record(next(iter(read_items([EASY]))), rating, "en")
    assert (record["points"], record["norm2"], record["max"]) == (1, 1, 1)
    assert all(type(record[name]) is int for name in ("points", "norm2", "max"))


def _spin_on_line_one(item, config, engine=None):
    """A search that never ends, in Python code (so the watchdog's exception can land)."""
    while item.line == 1:
        pass
    return REAL_RATE_ITEM(item, config, engine)


REAL_RATE_ITEM = workers.rate_item


def test_jobs_one_rates_in_this_process_with_the_pools_records(monkeypatch):
    items = list(read_items([GOOD, EASY, "not a puzzle"]))
    here = list(workers.rate_here(items, RunSettings()))
    pooled = list(rate_stream(items, RunSettings(), jobs=2))
    drop = ("seconds",)
    assert [{k: v for k, v in r.items() if k not in drop} for r in here] == \
        [{k: v for k, v in r.items() if k not in drop} for r in pooled]
    monkeypatch.setattr(workers.WorkerPool, "__init__", lambda *a, **k: pytest.fail("a worker was started"))
    result = CliRunner().invoke(main, ["--file", "-", "--format", "jsonl", "-j", "1", "-q"], input=f"{EASY}\n")
    assert json.loads(result.stdout)["status"] == "solved"


def test_jobs_one_stops_a_search_past_the_guard_and_goes_on(monkeypatch):
    monkeypatch.setattr(workers, "rate_item", _spin_on_line_one)
    monkeypatch.setattr(workers, "DEFAULT_GUARD", 0.5)
    began = time.monotonic()
    records = list(workers.rate_here(read_items([EASY, EASY]), RunSettings()))
    assert [r["status"] for r in records] == ["timeout", "solved"]
    assert records[0]["message"] == "rating took longer than 0.5 s; stopped" and time.monotonic() - began < 20
