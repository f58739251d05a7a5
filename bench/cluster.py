"""Benchmark of bulk rating on a Dask cluster (``rate --file --cluster``): throughput, memory, a lost worker.

1. Throughput: ``rate --file sample1000.txt`` with ``--cluster local:2`` and with
   ``--jobs 2``, one after the other in this run (the ratio is the figure; the
   machine is shared, so absolute times swing with the load).
2. Costs that a projection to a large cluster needs: the scheduler's overhead
   per task (empty tasks on a LocalCluster of 2 workers), and the client's cost
   per record (unpickling a chunk's records and writing them), against the
   rating time per chunk measured in part 1.
3. Memory: the client's RSS, sampled from ``/proc`` while it rates a long file
   of easy puzzles (solutions with 30 cells blanked, see ``bench/bulk.py``)
   with ``--cluster local:2``: flat means the same after 10 % and after 100 %.
4. A worker killed mid-run: SIGKILL one worker process of the client's
   LocalCluster after some records; the run must still end with one record
   per input line, every one a rating.

    python3 bench/cluster.py                      # all parts, 50,000 lines for memory
    python3 bench/cluster.py --lines 200000       # the full memory run (about 4x longer)

The data directory is ``../shared/data`` next to the repository, or ``$SUDOKU_DATA``.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import pickle
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.bulk import DATA_DIR, children, easy_lines, watch_memory, write_long_file  # noqa: E402


def load() -> str:
    return f"load average {os.getloadavg()[0]:.1f}"


def rate_cmd(source: Path, output: Path, *how: str) -> list[str]:
    return [sys.executable, "-m", "rater.cli", "--file", str(source), "--output", str(output),
            "--format", "jsonl", "--quiet", *how]


def timed_run(source: Path, output: Path, *how: str) -> float:
    began = time.perf_counter()
    subprocess.run(rate_cmd(source, output, *how), cwd=REPO, check=False)
    return time.perf_counter() - began


def throughput(source: Path) -> float:
    """Both ways on ``source``; returns the mean rating seconds per puzzle (for the projection)."""
    count = sum(1 for line in source.open() if len(line.strip()) == 81)
    walls = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, how in (("--jobs 2", ("--jobs", "2")), ("--cluster local:2", ("--cluster", "local:2"))):
            out = Path(tmp) / "out.jsonl"
            at_start = load()
            wall = walls[label] = timed_run(source, out, *how)
            records = [json.loads(line) for line in out.open()]
            assert len(records) == count, f"{len(records)} records for {count} puzzles"
            rating = sum(r["seconds"] or 0 for r in records)
            print(f"{label:>18}: {count} puzzles in {wall:6.1f} s = {count / wall:5.1f} puzzles/s; "
                  f"rating time {1000 * rating / count:.1f} ms per puzzle ({at_start} at start)")
            out.unlink()
    print(f"ratio cluster/pool wall time: {walls['--cluster local:2'] / walls['--jobs 2']:.2f} "
          f"(1.00 = as fast as the local pool)")
    return rating / count


def task_overhead(tasks: int = 2000) -> float:
    """Seconds of scheduler round trip per empty task, as the client submits them (window of 64)."""
    import distributed

    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None,
                                  silence_logs=logging.ERROR) as local, distributed.Client(local) as client:
        client.submit(int, 0, pure=False).result()
        began = time.perf_counter()
        pending = []
        for i in range(tasks):
            pending.append(client.submit(int, i, pure=False))
            if len(pending) >= 64:
                pending.pop(0).result()
        for future in pending:
            future.result()
        per_task = (time.perf_counter() - began) / tasks
    print(f"scheduler overhead: {tasks} empty tasks, {1000 * per_task:.2f} ms per task "
          f"on a LocalCluster of 2 workers ({load()})")
    return per_task


def client_cost(chunk: int = 200) -> float:
    """Client seconds per record: unpickle a chunk's records (as they arrive) and write them as jsonl."""
    import io

    from puzzles.formats import read_items
    from rater.bulk.cluster import rate_chunk
    from rater.bulk.output import RecordWriter
    from rater.settings import RunSettings

    items = list(read_items(easy_lines(chunk)))
    records = rate_chunk(items, RunSettings())
    payload = pickle.dumps(records)
    items_payload = pickle.dumps(items)
    rounds = 50
    began = time.perf_counter()
    for _ in range(rounds):
        pickle.loads(pickle.dumps(items))  # the items going out
        writer = RecordWriter(io.StringIO(), "jsonl")
        for record in pickle.loads(payload):
            writer.write(record)
    per_record = (time.perf_counter() - began) / (rounds * chunk)
    print(f"client cost: {1e6 * per_record:.0f} us per record (pickling the items, unpickling and writing "
          f"the records; {len(items_payload) / chunk:.0f} + {len(payload) / chunk:.0f} bytes per puzzle "
          f"on the wire; {load()})")
    return per_record


def project(puzzle_s: float, task_s: float, record_s: float, chunk: int = 200, workers: int = 64,
            puzzles: int = 1_500_000) -> None:
    chunk_s = chunk * puzzle_s
    tasks = puzzles / chunk
    cluster_rate = workers / puzzle_s                  # puzzles/s the workers can rate
    scheduler_rate = chunk / task_s                    # puzzles/s the scheduler can hand out
    client_rate = 1 / record_s                         # puzzles/s the client can write
    bound = min(cluster_rate, scheduler_rate, client_rate)
    print(f"projection: {puzzles:,} puzzles, {workers} workers, chunks of {chunk} ({tasks:,.0f} tasks, "
          f"{chunk_s:.1f} s of rating each)")
    print(f"  workers {cluster_rate:,.0f} puzzles/s; scheduler {scheduler_rate:,.0f} puzzles/s "
          f"({task_s * 1000:.2f} ms per task); client {client_rate:,.0f} puzzles/s")
    print(f"  -> about {puzzles / bound / 60:.0f} min, limited by the "
          f"{'workers' if bound == cluster_rate else 'scheduler' if bound == scheduler_rate else 'client'}; "
          f"the scheduler would limit below chunks of {max(1, round(task_s * workers / puzzle_s))} puzzles")


def workers_of(pid: int) -> list[int]:
    """The worker processes a LocalCluster started in process ``pid``: its spawned Python children."""
    found = []
    for child in children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:
            continue
        if b"spawn_main" in command or b"forkserver" in command:
            found.append(child)
    return found


def memory(lines: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "long.txt"
        distinct = write_long_file(source, lines)
        out = Path(tmp) / "long.jsonl"
        print(f"{lines} lines ({distinct} distinct easy puzzles), --cluster local:2 ({load()} at start)")
        print("elapsed s | records written (approx.) | client RSS MB | max worker RSS MB")
        command = rate_cmd(source, out, "--cluster", "local:2")
        peak_client, peak_worker, wall = watch_memory(command, out, workers_of, every=30.0)
        done = out.read_bytes().count(b"\n")
        print(f"{done:>15} records in {wall:.0f} s ({done / wall:.0f} puzzles/s, {load()} at the end)")
        print(f"peak sampled RSS: client {peak_client / 1024:.1f} MB, worker {peak_worker / 1024:.1f} MB")


def killed_worker(source: Path, count: int = 300) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        short = Path(tmp) / "in.txt"
        puzzles = [line for line in source.open() if len(line.strip()) == 81][:count]
        short.write_text("".join(puzzles))
        out = Path(tmp) / "out.jsonl"
        began = time.perf_counter()
        proc = subprocess.Popen(rate_cmd(short, out, "--cluster", "local:2", "--chunk-size", "20"), cwd=REPO)
        killed = None
        while proc.poll() is None:
            if killed is None and out.exists() and out.read_bytes().count(b"\n") >= count // 4:
                victims = workers_of(proc.pid)
                if victims:
                    killed = victims[0]
                    os.kill(killed, signal.SIGKILL)
                    at = out.read_bytes().count(b"\n")
                    print(f"killed worker process {killed} after {at} records ({load()})")
            time.sleep(0.1)
        wall = time.perf_counter() - began
        records = [json.loads(line) for line in out.open()]
        lines = [r["line"] for r in records]
        statuses = {r["status"] for r in records}
        assert killed is not None, "no worker was killed (the run ended too soon)"
        assert lines == list(range(1, count + 1)), "not one record per line in order"
        print(f"run finished: exit {proc.returncode}, {len(records)} records for {count} lines in {wall:.1f} s, "
              f"statuses {sorted(statuses)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DATA_DIR / "sample1000.txt")
    parser.add_argument("--lines", type=int, default=50_000, help="length of the memory test file")
    parser.add_argument("--skip", nargs="*", default=[], choices=["throughput", "costs", "memory", "kill"])
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, {load()} at start (shared)")
    puzzle_s = 0.0
    if "throughput" not in args.skip:
        puzzle_s = throughput(args.file)
    if "costs" not in args.skip:
        task_s = task_overhead()
        record_s = client_cost()
        if puzzle_s:
            project(puzzle_s, task_s, record_s)
    if "kill" not in args.skip:
        killed_worker(args.file)
    if "memory" not in args.skip:
        memory(args.lines)


if __name__ == "__main__":
    main()
