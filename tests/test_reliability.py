"""Nothing lost under any name: outputs that are inputs, two writers, orphaned workers, odd paths, silent drops.

Each test holds one promise of docs/reliability.md ("Outputs, workers and
limits"), for every command it concerns: ``rate`` (one puzzle, ``--html``,
``--svg``, ``--file``), ``generate`` and ``canon``.
"""

from __future__ import annotations

import fcntl
import importlib
import inspect
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

import rater.run.engine
import rater.settings
import techniques.texts
from canon.cli import main as canon_main
from puzzles.errors import InputError
from puzzles.formats import read_items
from puzzles.outputs import OutputError, refuse_inputs
from rater.cli import main as rate_main
from rater.generation.cli import LONG_SEARCH, progress_info
from rater.generation.cli import main as generate_main
from rater.generation.generator import GenerateSettings, plan, run_attempt
from techniques.texts import TEXTS_DIR
from tests.conftest import REPO

EASY = "14.....5.7..2........3..2.42...8.4...8..9..2...6.5...18.9..1........6..7.5.....69"
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: A file name longer than any file system allows (255 bytes).
LONG = "n" * 300
#: Conditions no puzzle meets: the search runs until a limit ends it. (Totals above 1,000 points
#: exist, and a fast climb finds one within seconds, so the bound is far beyond any rating.)
IMPOSSIBLE = ["--points", "1000000000..", "--climb", "100000"]

COMMANDS = {"rate": rate_main, "generate": generate_main, "canon": canon_main}


def run(command: str, *args: str) -> Result:
    return CliRunner().invoke(COMMANDS[command], list(args))


def one_error(result: Result) -> str:
    """The one stderr line of a refused run (exit 2), without a traceback."""
    assert result.exit_code == 2, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.fixture
def puzzles(tmp_path: Path) -> Path:
    path = tmp_path / "in.txt"
    path.write_text(f"{EASY} # first\n{OTHER}\n{EASY}\n", encoding="utf-8")
    return path


# --- no output is an input ----------------------------------------------------------------


def test_files_are_compared_by_device_and_inode(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(EASY)
    (tmp_path / "hard.txt").hardlink_to(source)
    (tmp_path / "soft.txt").symlink_to(source)
    for name in ("in.txt", "hard.txt", "soft.txt", "./in.txt"):
        with pytest.raises(OutputError, match="is the input file"):
            refuse_inputs([(f"--output {name}", tmp_path / name)], [source])
    with source.open("rb") as handle:  # an open descriptor (stdin redirected from the file) too
        with pytest.raises(OutputError):
            refuse_inputs([("out", tmp_path / "hard.txt")], [handle.fileno()])
    refuse_inputs([("out", tmp_path / "new.txt"), ("null", "/dev/null")], [source, "/dev/null", None])


def test_canon_dedup_refuses_an_output_hard_linked_to_its_input(puzzles: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.txt"
    link.hardlink_to(puzzles)
    before = puzzles.read_bytes()
    assert "is the input file" in one_error(run("canon", "dedup", str(puzzles), "--output", str(link),
                                                "--no-progress"))
    assert puzzles.read_bytes() == before


@pytest.mark.parametrize("command", [["canon.cli", "dedup", "{in}", "--no-progress"],
                                     ["rater.cli", "--file", "{in}", "-q"]])
def test_stdout_appending_to_the_input_is_refused(puzzles: Path, command: list[str]) -> None:
    before = puzzles.read_bytes()
    with puzzles.open("ab") as sink:
        done = subprocess.run([sys.executable, "-m", *(a.replace("{in}", str(puzzles)) for a in command)],
                              stdout=sink, stderr=subprocess.PIPE, cwd=REPO, timeout=120)
    assert done.returncode == 2 and b"stdout is the input file" in done.stderr
    assert puzzles.read_bytes() == before


@pytest.mark.parametrize("how", ["same", "hard", "symbolic", "techniques"])
@pytest.mark.parametrize("flag", ["--html", "--svg"])
def test_a_picture_never_overwrites_the_puzzle_or_technique_file(tmp_path: Path, flag: str, how: str) -> None:
    puzzle = tmp_path / "p.txt"
    puzzle.write_text(EASY + "\n")
    techniques = tmp_path / "t.yaml"
    shutil.copy(REPO / "techniques" / "techniques.yaml", techniques)
    target = {"same": puzzle, "hard": tmp_path / "hard.txt", "symbolic": tmp_path / "soft.svg",
              "techniques": techniques}[how]
    if how == "hard":
        target.hardlink_to(puzzle)
    elif how == "symbolic":
        target.symlink_to(puzzle)
    before = puzzle.read_bytes(), techniques.read_bytes()
    assert "is the input file" in one_error(run("rate", str(puzzle), "--techniques", str(techniques),
                                                flag, str(target)))
    assert (puzzle.read_bytes(), techniques.read_bytes()) == before


def test_generate_never_overwrites_its_technique_file(tmp_path: Path) -> None:
    techniques = tmp_path / "t.yaml"
    shutil.copy(REPO / "techniques" / "techniques.yaml", techniques)
    before = techniques.read_bytes()
    assert "is the input file" in one_error(run("generate", "--techniques", str(techniques), "--output",
                                                str(techniques), "-q"))
    assert techniques.read_bytes() == before


# --- one run per output ---------------------------------------------------------------------


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Path]:
    """An output another run is writing: its content, and a lock held on it."""
    path = tmp_path / "busy.out"
    path.write_text("the first run's records\n")
    with path.open("a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        yield path


@pytest.mark.parametrize("command", [
    ["rate", "--file", "{in}", "--output", "{out}", "-q", "-j", "1"],
    ["rate", "--file", "{in}", "--output", "{out}", "-q", "-j", "1", "--resume"],
    ["rate", EASY, "--html", "{out}"],
    ["rate", EASY, "--svg", "{out}"],
    ["generate", "--output", "{out}", "-q"],
    ["generate", "--output", "{out}", "-q", "--resume"],
    ["canon", "dedup", "{in}", "--output", "{out}", "--no-progress"],
    ["canon", "enumerate", "--clues", "1", "--output", "{out}", "--no-progress"],
])
def test_a_second_run_on_an_output_gets_one_line_and_the_first_runs_file_stays(
        locked: Path, puzzles: Path, command: list[str]) -> None:
    args = [a.replace("{in}", str(puzzles)).replace("{out}", str(locked)) for a in command[1:]]
    assert "being written by another run" in one_error(run(command[0], *args))
    assert locked.read_text() == "the first run's records\n"


def test_two_generate_runs_on_one_output(tmp_path: Path) -> None:
    """Real processes: the second run is refused while the first one searches, whose file is then whole."""
    out = tmp_path / "out.csv"
    first = subprocess.Popen([sys.executable, "-m", "rater.generation.cli", "--output", str(out), "-q",
                              "--max-seconds", "300", *IMPOSSIBLE], cwd=REPO, stderr=subprocess.PIPE)
    try:
        for _ in range(1200):  # the first run has written its run file: it holds the output
            if (tmp_path / "out.csv.run.json").exists():
                break
            time.sleep(0.1)
        second = subprocess.run([sys.executable, "-m", "rater.generation.cli", "--output", str(out), "-q"],
                                cwd=REPO, capture_output=True, timeout=120)
        assert second.returncode == 2 and b"being written by another run" in second.stderr
    finally:
        first.send_signal(signal.SIGINT)
        first.wait(timeout=120)
    assert first.returncode == 130 and out.read_text().startswith("line,puzzle,")


# --- no process outlives its parent ---------------------------------------------------------


def _wait_for_children(pid: int, count: int) -> list[int]:
    for _ in range(600):
        found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
        if len(found) >= count:
            return [int(p) for p in found]
        time.sleep(0.1)
    raise AssertionError("the workers did not start")


def _gone(pids: list[int]) -> bool:
    """Whether every process of ``pids`` has ended (a zombie not yet reaped counts as ended)."""
    for _ in range(300):
        alive = []
        for pid in pids:
            try:
                state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                alive.append(pid)
        if not alive:
            return True
        time.sleep(0.1)
    for pid in alive:  # never leave them running, whatever the test says
        os.kill(pid, signal.SIGKILL)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("command", [
    ["rater.generation.cli", "-q", "--jobs", "2", *IMPOSSIBLE],
    ["rater.cli", "--file", "-", "-q", "--jobs", "2"],
])
def test_workers_end_quietly_when_their_parent_is_killed(command: list[str]) -> None:
    """kill -9 of the parent: the workers end too (the pipe they shared closes), with no traceback."""
    process = subprocess.Popen([sys.executable, "-m", *command], cwd=REPO, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        workers = _wait_for_children(process.pid, 2)
    finally:
        process.kill()
    assert _gone(workers)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.read()  # end of file: no worker holds stdout any more
    assert b"Traceback" not in process.stderr.read()
    process.wait(timeout=60)
    if process.stdin is not None:
        process.stdin.close()


@pytest.mark.parametrize("module", ["rater.bulk.workers", "rater.generation.generator", "canon.dedup",
                                    "canon.enumerate_jobs", "canon.studies.sweep"])
def test_every_pool_starts_its_workers_with_the_lifeline(module: str) -> None:
    assert "start_worker" in inspect.getsource(importlib.import_module(module))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_busy_in_a_long_task_ends_with_its_parent(tmp_path: Path) -> None:
    """The parent-pid watch, also without the kernel's signal: a worker that never looks at a pipe ends."""
    script = tmp_path / "parent.py"
    script.write_text(textwrap.dedent("""
        import multiprocessing, os, sys, time
        import puzzles.lifeline as lifeline

        def busy(parent):
            lifeline._ask_kernel = lambda: None  # the watch alone
            lifeline.start_worker(parent)
            while True:
                sum(range(1000))

        if __name__ == "__main__":
            child = multiprocessing.get_context("fork").Process(target=busy, args=(os.getpid(),))
            child.start()
            print(child.pid, flush=True)
            time.sleep(300)
    """))
    parent = subprocess.Popen([sys.executable, str(script)], cwd=REPO, stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(REPO)})
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    parent.kill()
    parent.wait(timeout=60)
    assert _gone([worker])


# --- paths never give a traceback -----------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["rate", "--file", "{in}", "--output", LONG, "-q"],
    ["rate", EASY, "--html", LONG],
    ["rate", EASY, "--svg", LONG],
    ["rate", "--file", LONG],
    ["rate", EASY, "--techniques", LONG],
    ["generate", "--output", LONG, "-q"],
    ["canon", "dedup", "{in}", "--output", LONG, "--no-progress"],
    ["canon", "dedup", LONG],
    ["canon", "enumerate", "--clues", "1", "--output", LONG],
    ["canon", "form", "--file", LONG],
    ["rate", EASY, "--html", "{dir}"],
    ["rate", EASY, "--svg", "{dir}/missing/x.svg"],
    ["rate", "--file", "{dir}"],
])
def test_every_path_error_is_one_line(puzzles: Path, tmp_path: Path, command: list[str]) -> None:
    args = [a.replace("{in}", str(puzzles)).replace("{dir}", str(tmp_path)) for a in command[1:]]
    line = one_error(run(command[0], *args))
    assert "File name too long" in line or "directory" in line


def test_misleading_messages_say_what_is_wrong(tmp_path: Path) -> None:
    assert "empty PUZZLE" in one_error(run("rate", ""))
    assert "white space inside the puzzle (column 5)" in one_error(run("rate", EASY[:4] + " " + EASY[5:]))
    assert f"{tmp_path} is a directory" in one_error(run("rate", "--file", str(tmp_path)))


@pytest.mark.parametrize("command", [
    ["rate", "--file", "{in}", "--output", "{new}", "--resume", "-q"],
    ["rate", EASY, "--html", "{new}", "--step", "999"],
    ["canon", "enumerate", "--clues", "1", "--output", "{dir}/missing/x.txt"],
])
def test_a_failing_run_leaves_no_empty_file(puzzles: Path, tmp_path: Path, command: list[str]) -> None:
    new = tmp_path / "new.out"
    (tmp_path / "new.out.run.json").write_text("{}")  # the run file of no run: --resume is refused
    args = [a.replace("{in}", str(puzzles)).replace("{new}", str(new)).replace("{dir}", str(tmp_path))
            for a in command[1:]]
    one_error(run(command[0], *args))
    assert not new.exists()


# --- no puzzle is lost silently ---------------------------------------------------------------


def test_lone_cr_line_ends_are_line_ends() -> None:
    items = list(read_items([f"{EASY}\r{OTHER} # note\r\r{EASY}\r\n".encode()]))
    assert [(item.line, item.text, item.comment) for item in items] == [
        (1, EASY, ""), (2, OTHER, "note"), (4, EASY, "")]


def test_rate_and_canon_read_every_puzzle_of_an_old_mac_file(tmp_path: Path) -> None:
    path = tmp_path / "mac.txt"
    path.write_bytes(f"{EASY}\r{OTHER}\r{EASY}\r".encode())
    result = run("rate", "--file", str(path), "--format", "jsonl", "-q", "-j", "1")
    assert [json.loads(line)["puzzle"] for line in result.stdout.splitlines()] == [EASY, OTHER, EASY]
    assert len(run("canon", "form", "--file", str(path)).stdout.splitlines()) == 3


# --- a language is a unit ---------------------------------------------------------------------


@pytest.fixture(params=[b"names: {B0: \xff}\n", b"names: {B0: 'x'\n", b"words: [1, 2]\n",
                        b"texts:\n  B0: '{nope} here'\n"])
def broken_language(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A texts directory with a broken xx.yaml (not UTF-8, not YAML, wrong shape, bad template)."""
    texts = tmp_path / "texts"
    shutil.copytree(TEXTS_DIR, texts)
    (texts / "xx.yaml").write_bytes(request.param)
    monkeypatch.setattr(techniques.texts, "TEXTS_DIR", texts)
    monkeypatch.setattr(rater.run.engine, "_DEFAULT", None)
    monkeypatch.setattr(rater.settings, "_LOCAL", threading.local())


@pytest.mark.usefixtures("broken_language")
def test_a_broken_language_file_fails_only_that_language(puzzles: Path) -> None:
    for lang in ("en", "de"):
        assert run("rate", EASY, "--no-walk", "--lang", lang).exit_code == 0
    assert "xx.yaml" in one_error(run("rate", EASY, "--lang", "xx"))
    assert "xx.yaml" in one_error(run("rate", "--file", str(puzzles), "--lang", "xx", "-q"))
    with pytest.raises(InputError, match="xx.yaml"):  # what generate --lang xx builds
        rater.settings.RunSettings(lang="xx")


# --- limits are limits --------------------------------------------------------------------------


def test_the_deadline_ends_a_climb() -> None:
    settings = GenerateSettings(rating=rater.settings.RunSettings(), points=(900.0, float("inf")), climb=100000)
    attempt = run_attempt(plan(settings), 0, deadline=time.time())
    assert attempt.cut_short and attempt.rating is None and attempt.ratings == 1


def test_max_seconds_ends_a_search_within_an_attempt(tmp_path: Path) -> None:
    """The attempt cut short is not counted: --resume makes it again, whole (the run stays a function of its seed)."""
    out = tmp_path / "out.csv"
    result = run("generate", *IMPOSSIBLE, "--max-seconds", "0.5", "--output", str(out), "-q")
    assert result.exit_code == 3, result.output
    state = json.loads((tmp_path / "out.csv.run.json").read_text())
    assert (state["next_attempt"], state["written"]) == (0, 0)


def test_a_long_fruitless_search_says_so() -> None:
    assert "% accepted" in progress_info(10, 2, LONG_SEARCH + 1)
    warning = progress_info(10, 0, LONG_SEARCH + 1)
    assert "nothing found" in warning and "--max-seconds" in warning


# --- the smaller ones -------------------------------------------------------------------------


def _candidates(change: str) -> str:
    cells = ["123456789"] * 81
    if change == "no candidate":
        cells[0] = "........."
    elif change == "twice":
        cells[0] = cells[1] = "1........"
    else:
        cells[:9] = [".23456789"] * 9
    return "".join(cells)


@pytest.mark.parametrize(("change", "words"), [("no candidate", "(1:1) has no candidate left"),
                                                ("twice", "a digit stands twice in row 1"),
                                                ("no place", "digit 1 has no place in row 1")])
def test_every_candidate_line_contradiction_is_no_solution(tmp_path: Path, change: str, words: str) -> None:
    result = run("rate", _candidates(change), "--no-walk")
    assert result.exit_code == 3 and words in result.stderr
    path = tmp_path / "c.txt"
    path.write_text(_candidates(change) + "\n")
    record = json.loads(run("rate", "--file", str(path), "--format", "jsonl", "-q", "-j", "1").stdout)
    assert record["status"] == "no_solution" and words in record["message"]


def test_canon_dedup_of_a_file_that_is_not_utf8_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "latin.txt"
    path.write_bytes(f"{EASY} caf\xe9\n{OTHER}\n".encode("latin-1"))
    result = run("canon", "dedup", str(path), "--no-progress")
    assert result.exit_code == 2 and result.stdout == f"{OTHER}\n"
    assert result.stderr.splitlines()[-1] == f"error: {path}: not UTF-8 text (1 line, the first line 1)"


def test_canon_dedup_escapes_comments(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(f"{EASY} # \x1b[2J\x1b]0;title\x07 red\u2028blue\n", encoding="utf-8")
    result = run("canon", "dedup", str(path), "--no-progress")
    assert result.stdout == f"{EASY} # \\x1b[2J\\x1b]0;title\\x07 red\\u2028blue\n"


@pytest.mark.parametrize("edit", ["puzzle", "appended"])
def test_generate_resume_refuses_an_edited_output(tmp_path: Path, edit: str) -> None:
    out = tmp_path / "out.csv"
    assert run("generate", "-n", "2", "--output", str(out), "-q").exit_code == 0
    lines = out.read_text().splitlines(keepends=True)
    if edit == "puzzle":
        puzzle = lines[1].split(",")[1]
        lines[1] = lines[1].replace(puzzle, puzzle[::-1])
    else:
        lines += lines[1:] * 2
    out.write_text("".join(lines))
    line = one_error(run("generate", "-n", "5", "--output", str(out), "-q", "--resume"))
    assert "cannot resume" in line
    assert out.read_text() == "".join(lines)


@pytest.mark.parametrize("command", [
    ["rate", "--file", "{in}", "--jobs", "\u0662"], ["generate", "--jobs", "\uff12"],
    ["canon", "dedup", "{in}", "--jobs", "\u0662"], ["canon", "enumerate", "--clues", "1", "--jobs", "\u00b2"],
])
def test_jobs_take_ascii_digits_only(puzzles: Path, command: list[str]) -> None:
    args = [a.replace("{in}", str(puzzles)) for a in command[1:]]
    assert "ASCII digits" in one_error(run(command[0], *args))
