"""Benchmark and soundness check of the reduction to minimal puzzles.

For every puzzle: the default reduction (cell order), timed alone; then,
untimed, the independent check with the plain solution counter: the minimal
puzzle keeps only givens of the puzzle, is unique with the same solution, and
every one of its givens is necessary.  Prints time percentiles (wall clock,
and the process's CPU time, which a busy machine disturbs less), the
distribution of necessary givens (the original's table for this collection)
and the share of puzzles that are already minimal.

    python3 bench/reduce.py                          # 1000 of sudoku_exchange_mixed.txt + 1000 17-clue
    python3 bench/reduce.py --file top1465.txt --limit 0 --step 1
    python3 bench/reduce.py --paths 50               # also all minimal puzzles of 50 puzzles
    python3 bench/reduce.py --counting --seventeen 0 # uniqueness by counting, for comparison

The data directory is ``../shared/data`` next to the repository, or
``$SUDOKU_DATA``; the seed examples come from ``tests/data/examples.csv``.
"""

from __future__ import annotations

import argparse
import csv
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import DATA, EXAMPLES, percentile  # noqa: E402
from puzzles.geometry import Grid
from puzzles.parsing import parse_line  # noqa: E402
from puzzles.reduction import STANDARD, UniquenessChecks, all_minimal_puzzles, count_givens, reduce_puzzle  # noqa: E402
from puzzles.solver import analyse  # noqa: E402


def puzzles_of(name: str, limit: int, step: int) -> list[Grid]:
    lines = [ln.strip() for ln in (DATA / name).read_text().splitlines() if len(ln.strip()) == 81]
    picked = lines[::step]
    return [parse_line(p) for p in (picked[:limit] if limit else picked)]


def independent_check(grid: Grid, minimal: Grid) -> str | None:
    """What is wrong with ``minimal`` as a minimal puzzle of ``grid`` (plain solver only), or None."""
    if any(d not in (0, grid[c]) for c, d in enumerate(minimal)):
        return "not a subset of the givens"
    reduced = analyse(minimal, limit=2)
    if reduced.count != 1 or reduced.solution != analyse(grid, limit=2).solution:
        return "not unique with the same solution"
    for cell, digit in enumerate(minimal):
        if digit:
            without = list(minimal)
            without[cell] = 0
            if analyse(without, limit=2).count != 2:
                return f"the given of cell {cell} is not necessary"
    return None


def histogram(counts: Counter, width: int = 40) -> list[str]:
    total = sum(counts.values())
    peak = max(counts.values())
    return [
        f"  {k:2d}  {counts[k]:5d}  {100 * counts[k] / total:5.1f} %  {'#' * round(width * counts[k] / peak)}"
        for k in range(min(counts), max(counts) + 1)
    ]


def bench_collection(label: str, puzzles: list[Grid], verify: bool, rules: UniquenessChecks = STANDARD) -> None:
    times: list[float] = []
    cpu: list[float] = []
    checks = 0
    round_checks = 0
    necessary: Counter = Counter()
    irreducible = 0
    failures = 0
    clock, cpu_clock = time.perf_counter, time.process_time
    for number, grid in enumerate(puzzles, 1):
        t0, c0 = clock(), cpu_clock()
        reduction = reduce_puzzle(grid, rules=rules)
        times.append(clock() - t0)
        cpu.append(cpu_clock() - c0)
        checks += reduction.checks
        # "examine every puzzle with one given less, go on from one of them": one full round per removal
        round_checks += sum(reduction.givens - k for k in range(len(reduction.removed) + 1))
        necessary[reduction.necessary] += 1
        irreducible += reduction.already_minimal
        if verify:
            problem = independent_check(grid, reduction.reduced)
            if problem:
                failures += 1
                print(f"  FAIL puzzle {number}: {problem}")
    n = len(times)
    givens = statistics.mean(count_givens(g) for g in puzzles)
    mean = sum(k * v for k, v in necessary.items()) / n
    print(f"{label}: {n} puzzles, mean givens {givens:.2f}, uniqueness check: {rules.name}")
    for name, values in (("wall", times), ("cpu", cpu)):
        print(f"  reduction ({name}): total {sum(values):.2f} s, median {1000 * statistics.median(values):.2f} ms, "
              f"p95 {1000 * percentile(values, 0.95):.2f} ms, max {1000 * max(values):.2f} ms")
    print(f"  {checks / n:.1f} checks/puzzle (every given once; {round_checks / n:.1f} with a full round of "
          f"checks per removal)")
    print(f"  necessary givens: {min(necessary)}..{max(necessary)}, mean {mean:.2f}; "
          f"already minimal {irreducible} ({100 * irreducible / n:.1f} %)")
    if verify:
        print(f"  independent check: {n - failures} of {n} minimal, unique, same solution, subset")
    print("\n".join(histogram(necessary)))


def bench_paths(puzzles: list[Grid], limit: int, max_checks: int) -> None:
    """All minimal puzzles below each puzzle: how far the paths spread."""
    spreads = []
    counts = []
    complete = 0
    times = []
    for grid in puzzles:
        t0 = time.perf_counter()
        found = all_minimal_puzzles(grid, limit=limit, max_checks=max_checks)
        times.append(time.perf_counter() - t0)
        low, high = found.necessary_range()
        spreads.append(high - low)
        counts.append(len(found.puzzles))
        complete += found.complete
    n = len(puzzles)
    print(f"all minimal puzzles (limit {limit}, {max_checks} checks) of {n} puzzles: complete {complete}, "
          f"distinct minimal puzzles median {statistics.median(counts)}, max {max(counts)}; "
          f"spread of necessary givens (max-min) mean {statistics.mean(spreads):.2f}, max {max(spreads)}; "
          f"time median {statistics.median(times):.2f} s, max {max(times):.2f} s")


def seed_examples() -> None:
    with EXAMPLES.open(newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["id"] in {"1", "2", "3", "4", "5"}]
    for row in rows:
        grid = parse_line(row["puzzle"])
        reduction = reduce_puzzle(grid)
        problem = independent_check(grid, reduction.reduced)
        print(f"seed example {row['id']}: {reduction.givens} givens, {reduction.necessary} necessary, "
              f"already minimal {reduction.already_minimal}, independent check {problem or 'ok'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", default="sudoku_exchange_mixed.txt")
    parser.add_argument("--limit", type=int, default=1000, help="puzzles of --file (0 = all picked)")
    parser.add_argument("--step", type=int, default=2, help="every STEP-th line (2: all four levels of the file)")
    parser.add_argument("--seventeen", type=int, default=1000, help="puzzles of 17clue.txt (0 = skip)")
    parser.add_argument("--paths", type=int, default=0, help="also enumerate all minimal puzzles of N puzzles")
    parser.add_argument("--no-verify", action="store_true", help="skip the independent check")
    parser.add_argument("--counting", action="store_true",
                        help="check uniqueness by counting to 2 instead of searching for a solution avoiding "
                             "the removed digit (for comparison)")
    args = parser.parse_args()
    rules = UniquenessChecks.counting("count to 2", STANDARD.analyse) if args.counting else STANDARD
    seed_examples()
    bench_collection(args.file, puzzles_of(args.file, args.limit, args.step), not args.no_verify, rules)
    if args.seventeen:
        bench_collection("17clue.txt (every 49th)", puzzles_of("17clue.txt", args.seventeen, 49), not args.no_verify)
    if args.paths:
        every = puzzles_of(args.file, 0, 1)
        bench_paths(every[:: max(1, len(every) // args.paths)][: args.paths], 1000, 100_000)


if __name__ == "__main__":
    main()
