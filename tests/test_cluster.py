"""Bulk rating on a Dask cluster (rater.bulk.cluster): the same records as the local pool, resume after a killed
client, across --jobs and --cluster, the worker-side guard, and the one-line errors."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

distributed = pytest.importorskip("distributed")

from rater.bulk import cluster as cluster_module  # noqa: E402
from rater.bulk import workers  # noqa: E402
from rater.cli import main  # noqa: E402
from rater.settings import RunSettings  # noqa: E402
from tests.conftest import REPO, local_cluster, read_puzzles  # noqa: E402

SEVERAL = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
#: 200 puzzles of sample1000 (every third line), half compared in csv, half in jsonl.
PUZZLES = read_puzzles("sample1000_every3.txt", count=200)


@pytest.fixture(scope="module")
def scheduler():
    """The address of a LocalCluster of 2 worker processes, shared by the tests of this file."""
    with local_cluster(2) as address:
        yield address


def write_input(path: Path, puzzles: list[str]) -> Path:
    """Puzzles with a comment line, a malformed line and a puzzle of several solutions among them."""
    lines = ["# sample", *puzzles[:3], "not a puzzle", SEVERAL, *puzzles[3:]]
    path.write_text("\n".join(lines) + "\n")
    return path


def rate(args: list[str], expected: int = 4) -> None:
    """Run ``rate`` quietly and check its exit code (4: the test inputs have lines that are not ratings)."""
    result = CliRunner().invoke(main, [*args, "--quiet"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == expected, result.stderr


def records(path: Path, fmt: str) -> list[dict]:
    """The records of an output, without the timing field."""
    text = path.read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text))) if fmt == "csv" else [json.loads(ln) for ln in text.splitlines()]
    for row in rows:
        row.pop("seconds")
    return rows


@pytest.mark.parametrize("fmt, part", [("csv", slice(0, 100)), ("jsonl", slice(100, 200))])
def test_cluster_records_equal_local_pool(tmp_path, scheduler, fmt, part):
    source = write_input(tmp_path / "in.txt", PUZZLES[part])
    common = ["--file", str(source), "--format", fmt]
    rate([*common, "--output", str(tmp_path / "pool"), "--jobs", "2"])
    rate([*common, "--output", str(tmp_path / "dask"), "--cluster", scheduler, "--chunk-size", "7"])
    pool, dask = records(tmp_path / "pool", fmt), records(tmp_path / "dask", fmt)
    assert len(dask) == len(PUZZLES[part]) + 2
    assert [r["status"] for r in dask[3:5]] == ["error", "multiple_solutions"]  # rated on the client / a worker
    assert dask == pool


def test_killed_client_resumes_to_one_record_per_line(tmp_path, scheduler):
    puzzles = PUZZLES[:60]
    source = write_input(tmp_path / "in.txt", puzzles)
    out = tmp_path / "out.csv"
    command = [sys.executable, "-m", "rater.cli", "--file", str(source), "--output", str(out), "--quiet",
               "--cluster", "local:2", "--chunk-size", "3"]
    client = subprocess.Popen(command, cwd=REPO, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline and client.poll() is None:
            if out.exists() and out.read_bytes().count(b"\n") > 10:
                break
            time.sleep(0.05)
    finally:
        client.send_signal(signal.SIGKILL)
        client.wait()
    written = out.read_bytes().count(b"\n") - 1
    assert 0 < written < len(puzzles) + 2, "the kill came too late to mean anything"
    rate(["--file", str(source), "--output", str(out), "--resume", "--cluster", scheduler])
    lines = [int(r["line"]) for r in csv.DictReader(out.open(encoding="utf-8"))]
    assert lines == [2, 3, 4, 5, 6, *range(7, 7 + len(puzzles) - 3)]


def test_run_of_jobs_resumed_on_cluster_and_back(tmp_path, scheduler):
    """The run identity does not hold --jobs or --cluster: either may continue the other's output."""
    source = write_input(tmp_path / "in.txt", PUZZLES[:12])
    full, out = tmp_path / "full.jsonl", tmp_path / "out.jsonl"
    rate(["--file", str(source), "--output", str(full), "--format", "jsonl", "--jobs", "1"])
    expected = records(full, "jsonl")
    for first, second in ((["--jobs", "1"], ["--cluster", scheduler]), (["--cluster", scheduler], ["--jobs", "1"])):
        rate(["--file", str(source), "--output", str(out), "--format", "jsonl", *first])
        kept = out.read_text().splitlines(keepends=True)[:6]
        out.write_text("".join(kept) + kept[6 - 1][:20])  # a kill: six records and a torn line
        rate(["--file", str(source), "--output", str(out), "--format", "jsonl", "--resume", *second])
        assert records(out, "jsonl") == expected


def test_guard_stops_a_puzzle_that_never_returns(monkeypatch):
    """On a worker, a puzzle running past the guard limit gets a timeout record and the chunk goes on."""
    from puzzles.formats import read_items

    items = list(read_items([PUZZLES[0], PUZZLES[1], PUZZLES[2]]))
    real = workers.rate_item

    def hangs_on_second(item, config, engine):
        # Busy far past the guard limit; were it not stopped, the puzzle would come back solved.
        end = time.monotonic() + 120
        while item.line == 2 and time.monotonic() < end:
            pass
        return real(item, config, engine)

    monkeypatch.setattr(workers, "rate_item", hangs_on_second)  # what rate_chunk's guarded loop calls
    began = time.monotonic()
    out = cluster_module.rate_chunk(items, RunSettings(), limit=0.3)
    assert time.monotonic() - began < 10
    assert [r["status"] for r in out] == ["solved", "timeout", "solved"]
    assert "longer than 0.3 s" in out[1]["message"]


class _NeverDone:
    """A Dask future whose task never comes back (its worker thread is stuck for good)."""

    key = "rate_chunk-stuck"

    def __init__(self) -> None:
        self.cancelled = False

    def add_done_callback(self, _callback) -> None:
        pass

    def cancel(self) -> None:
        self.cancelled = True


class _Client:
    """The two client calls the backstop makes: who holds the task, and the restart of that worker."""

    def __init__(self) -> None:
        self.restarted: list[str] = []

    def processing(self) -> dict[str, list[str]]:
        return {"tcp://worker-a": [], "tcp://worker-b": [_NeverDone.key]}

    def restart_workers(self, workers, raise_for_error=True) -> None:
        self.restarted.extend(workers)


def test_backstop_gives_up_a_chunk_whose_task_never_returns(monkeypatch):
    """When the worker-side guard cannot act (a hung worker), the client gives the chunk up after
    twice the guard per puzzle: timeout records for its puzzles, the task cancelled, its worker restarted."""
    from puzzles.formats import read_items

    monkeypatch.setattr(cluster_module, "POLL", 0.01)
    run = object.__new__(cluster_module.ClusterRun)  # no connection: only the client side is under test
    client = _Client()
    run.client = client
    chunk = cluster_module._Chunk()
    chunk.sent = list(read_items(PUZZLES[:2]))
    chunk.future = _NeverDone()
    began = time.monotonic()
    out = run._results(chunk, limit=0.05)
    assert time.monotonic() - began >= 0.2  # not before 2 x 2 puzzles x 0.05 s (load only makes it later)
    assert [r["status"] for r in out] == ["timeout", "timeout"]
    assert [r["line"] for r in out] == [1, 2]
    assert "not back within 0.2 s" in out[0]["message"]
    assert chunk.future.cancelled and client.restarted == ["tcp://worker-b"]


def test_missing_dask_is_one_line_naming_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    source = write_input(tmp_path / "in.txt", PUZZLES[:2])
    result = CliRunner().invoke(main, ["--file", str(source), "--cluster", "local:1"])
    assert result.exit_code == 2
    assert result.stderr == 'rate: error: --cluster needs Dask: pip install "sudoku-rater[cluster]"\n'


def test_unreachable_scheduler_is_one_line_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", 2.0)
    source = write_input(tmp_path / "in.txt", PUZZLES[:2])
    out = tmp_path / "out.csv"
    result = CliRunner().invoke(main, ["--file", str(source), "--output", str(out), "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rate: error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert not (tmp_path / "out.csv.run.json").exists()  # nothing written before the cluster is reached
    assert not out.exists() or out.stat().st_size == 0


@pytest.mark.parametrize("target", ["local:0", "local:x"])
def test_bad_local_worker_count(tmp_path, target):
    source = write_input(tmp_path / "in.txt", PUZZLES[:2])
    result = CliRunner().invoke(main, ["--file", str(source), "--cluster", target])
    assert result.exit_code == 2 and result.stderr.startswith("rate: error: --cluster local:N needs")


def test_jobs_with_cluster_is_ignored_with_a_note(tmp_path, scheduler):
    source = write_input(tmp_path / "in.txt", PUZZLES[:2])
    result = CliRunner().invoke(main, ["--file", str(source), "--output", str(tmp_path / "o"),
                                       "--cluster", scheduler, "--jobs", "2"])
    assert result.exit_code == 4
    assert "--jobs 2 ignored with --cluster" in result.stderr
    assert os.path.getsize(tmp_path / "o") > 0
