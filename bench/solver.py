"""Benchmark of the exact solver.

Checks that every puzzle of a file has exactly one solution (``limit=2``, the
rater's question) and prints the throughput and per-puzzle percentiles, then
the rate of enumerating solutions of a puzzle with millions of them.

    python3 bench/solver.py                      # all of 17clue.txt
    python3 bench/solver.py --limit 5000 --full-count

The data directory is ``../shared/data`` next to the repository, or
``$SUDOKU_DATA``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzles.solver import analyse, count_solutions  # noqa: E402

DATA_DIR = Path(os.environ.get("SUDOKU_DATA", Path(__file__).resolve().parents[1].parent / "shared" / "data"))
#: 17 givens, 14,297,616 solutions.
MANY = "050070090400000008000020000003010800000000000009060100000080000200000009060050000"
MANY_COUNT = 14_297_616


def read_puzzles(path: Path, limit: int | None) -> list[tuple[int, ...]]:
    puzzles = []
    with path.open() as fh:
        for line in fh:
            line = line.strip()
            if len(line) == 81:
                puzzles.append(tuple(int(ch) if ch in "123456789" else 0 for ch in line))
                if limit is not None and len(puzzles) == limit:
                    break
    return puzzles


def bench_uniqueness(puzzles: list[tuple[int, ...]]) -> None:
    times = []
    guesses = 0
    clock = time.perf_counter
    start = clock()
    for number, puzzle in enumerate(puzzles, 1):
        t0 = clock()
        result = analyse(puzzle, limit=2)
        times.append(clock() - t0)
        assert result.count == 1, f"puzzle {number} has {result.count} solutions"
        guesses += result.nodes
    total = clock() - start
    times.sort()
    n = len(times)
    print(f"uniqueness: {n} puzzles in {total:.2f} s = {n / total:,.0f} puzzles/s")
    print(
        f"  per puzzle: mean {1000 * total / n:.3f} ms, p50 {1000 * statistics.median(times):.3f} ms, "
        f"p95 {1000 * times[min(n - 1, int(0.95 * n))]:.3f} ms, max {1000 * times[-1]:.2f} ms; "
        f"{guesses / n:.2f} guesses/puzzle"
    )


def bench_enumeration(solutions: int, full: bool) -> None:
    puzzle = tuple(int(ch) for ch in MANY)
    t0 = time.perf_counter()
    found = count_solutions(puzzle, limit=solutions)
    dt = time.perf_counter() - t0
    rate = found / dt
    print(
        f"enumeration (depth-first, limit={solutions:,}): {rate:,.0f} solutions/s; "
        f"all {MANY_COUNT:,} would take ~{MANY_COUNT / rate:,.0f} s"
    )
    if full:
        t0 = time.perf_counter()
        total = count_solutions(puzzle, limit=None)
        dt = time.perf_counter() - t0
        assert total == MANY_COUNT, total
        print(f"full count (band join): {total:,} solutions in {dt:.1f} s = {total / dt:,.0f} solutions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=DATA_DIR / "17clue.txt", help="one puzzle per line")
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="only the first N puzzles")
    parser.add_argument(
        "--solutions", type=int, default=200_000, metavar="K", help="solutions to enumerate for the rate"
    )
    parser.add_argument("--full-count", action="store_true", help="also count all solutions of the big puzzle")
    args = parser.parse_args()
    print(f"file: {args.file}")
    bench_uniqueness(read_puzzles(args.file, args.limit))
    bench_enumeration(args.solutions, args.full_count)


if __name__ == "__main__":
    main()
