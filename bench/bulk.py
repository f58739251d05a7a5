"""Benchmark of the bulk rater (``rate --file``): throughput, speed-up and memory.

1. Throughput: ``rate --file sample1000.txt`` with ``--jobs 1`` and ``--jobs 2``
   (puzzles/s, speed-up), each run a fresh process as a user would start it.
2. Memory: a long file made by repeating puzzles (default 200,000 lines);
   the RSS of the parent and of every worker is sampled from ``/proc`` while
   it runs, at checkpoints of the output size, to show that memory stays flat
   however long the file is.  The lines are easy puzzles (solutions with 30
   cells blanked, every line different) so that the run takes minutes, not
   hours: memory is a property of the streaming machinery that every record
   passes through, not of how hard the puzzle is.

    python3 bench/bulk.py                   # both parts
    python3 bench/bulk.py --lines 20000     # a shorter memory run

The data directory is ``../shared/data`` next to the repository, or ``$SUDOKU_DATA``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA_DIR = Path(os.environ.get("SUDOKU_DATA", REPO.parent / "shared" / "data"))
sys.path.insert(0, str(REPO))


def rate_cmd(source: Path, output: Path, jobs: int) -> list[str]:
    return [sys.executable, "-m", "rater.cli", "--file", str(source), "--output", str(output),
            "--format", "jsonl", "--jobs", str(jobs), "--quiet"]


def throughput(source: Path) -> None:
    count = sum(1 for line in source.open() if len(line.strip()) == 81)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in (1, 2):
            out = Path(tmp) / f"out{jobs}.jsonl"
            began = time.perf_counter()
            subprocess.run(rate_cmd(source, out, jobs), cwd=REPO, check=False)
            wall = time.perf_counter() - began
            records = out.read_text().count("\n")
            assert records == count, f"{records} records for {count} puzzles"
            results[jobs] = wall
            print(f"--jobs {jobs}: {count} puzzles in {wall:.1f} s = {count / wall:.1f} puzzles/s "
                  f"({1000 * wall / count:.1f} ms per puzzle, wall)")
    print(f"speed-up with 2 jobs: {results[1] / results[2]:.2f}x")


def easy_lines(count: int, seed: int = 1) -> list[str]:
    """Distinct easy puzzles: solutions of real puzzles with 30 random cells blanked."""
    from puzzles.solver import analyse

    rng = random.Random(seed)
    bases = []
    for line in (DATA_DIR / "sample1000.txt").open():
        result = analyse(tuple(int(ch) if ch.isdigit() else 0 for ch in line.strip()), limit=1)
        bases.append("".join(map(str, result.solution)))
        if len(bases) == 50:
            break
    out = []
    for i in range(count):
        cells = list(bases[i % len(bases)])
        for c in rng.sample(range(81), 30):
            cells[c] = "."
        out.append("".join(cells))
    return out


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


def write_long_file(path: Path, lines: int) -> int:
    """Write ``lines`` easy puzzles (at most 20,000 distinct, repeated); return how many are distinct."""
    unique = easy_lines(min(lines, 20000))
    with path.open("w") as fh:
        for i in range(lines):
            fh.write(unique[i % len(unique)] + "\n")
    return len(unique)


def watch_memory(command: list[str], out: Path, workers: Callable[[int], list[int]],
                 every: float = 60.0) -> tuple[int, int, float]:
    """Run ``command`` and sample the RSS of it and of its workers until it ends.

    A line (elapsed, records written, RSS of the process and of its largest
    worker) is printed after 5 s and then every ``every`` seconds; the record
    count is estimated from the output's size.  Returns the peak RSS (kB) of
    the process and of a worker, and the wall time.
    """
    began = time.perf_counter()
    proc = subprocess.Popen(command, cwd=REPO)
    peak_parent = peak_worker = 0
    line_bytes = 0.0
    next_report = time.monotonic() + 5
    while proc.poll() is None:
        parent = rss_kb(proc.pid)
        worker = max((rss_kb(k) for k in workers(proc.pid)), default=0)
        peak_parent, peak_worker = max(peak_parent, parent), max(peak_worker, worker)
        if not line_bytes and out.exists() and out.stat().st_size > 100_000:
            head = out.read_bytes()[:100_000]
            line_bytes = len(head) / head.count(b"\n")
        if time.monotonic() >= next_report and line_bytes:
            written = int(out.stat().st_size / line_bytes)
            print(f"{time.perf_counter() - began:>9.0f} | {written:>25} | {parent / 1024:>13.1f} | {worker / 1024:>17.1f}")
            next_report = time.monotonic() + every
        time.sleep(0.5)
    return peak_parent, peak_worker, time.perf_counter() - began


def memory(lines: int, jobs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "long.txt"
        distinct = write_long_file(source, lines)
        out = Path(tmp) / "long.jsonl"
        print(f"{lines} lines ({distinct} distinct easy puzzles), --jobs {jobs}")
        print("elapsed s | records written (approx.) | parent RSS MB | max worker RSS MB")
        peak_parent, peak_worker, wall = watch_memory(rate_cmd(source, out, jobs), out, children)
        done = out.read_bytes().count(b"\n")
        reaped = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(f"{done:>15} records in {wall:.0f} s ({done / wall:.0f} puzzles/s)")
        print(f"peak sampled RSS: parent {peak_parent / 1024:.1f} MB, worker {peak_worker / 1024:.1f} MB; "
              f"largest reaped process (getrusage) {reaped / 1024:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=DATA_DIR / "sample1000.txt")
    parser.add_argument("--lines", type=int, default=200_000, help="length of the memory test file")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    args = parser.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start (shared)")
    if not args.skip_throughput:
        throughput(args.file)
    if not args.skip_memory:
        memory(args.lines, 2)


if __name__ == "__main__":
    main()
