"""Benchmark and self-check of the canon package.

Prints markdown: invariance of the canonical form over 2,000 corpus puzzles
x 5 random elements of G*, canonical-form time per puzzle over
sample1000.txt (median / p95), enumeration counts and times: 0-1
patterns for n = 1..10 beside Burnside's count, symbol configurations for
n = 1..8 beside the per-pattern orbit count (both in canon/burnside.py), each
enumeration with --jobs processes; then the full-grid section: solution grids
of 17clue.txt and puzzles with 60-80 clues cut from them (median / p95 / max).
Timings are wall-clock on whatever machine runs it, with the load average; on a
shared box they are noisy.

With --minlex N only the minlex section runs: CPU time per minlex form of N
17-clue puzzles and of their solution grids, all moved by random elements.

Usage: python3 bench/canon.py [--patterns-up-to 10] [--symbols-up-to 8] [--jobs 2]
                              [--enumeration-only] [--grids 2000] [--only-grids] [--minlex N]
Data: ../shared/data beside the repository, or $SUDOKU_DATA.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canon.burnside import pattern_orbit_counts, symbol_orbit_count  # noqa: E402
from canon.canonical import canonical_form  # noqa: E402
from canon.enumerate import work_units  # noqa: E402
from canon.enumerate_jobs import run_units  # noqa: E402
from canon.group import random_transformation  # noqa: E402
from canon.minlex_search import minlex_form  # noqa: E402
from puzzles.parsing import parse_puzzle  # noqa: E402
from puzzles.solver import solve  # noqa: E402

DATA = Path(os.environ.get("SUDOKU_DATA", Path(__file__).resolve().parents[1].parent / "shared" / "data"))
INVARIANCE_FILES = ("17clue.txt", "top1465.txt", "forum_hardest_1905_11plus.txt", "sudoku_exchange_mixed.txt")


def read_puzzles(name: str, limit: int | None = None) -> list[tuple[int, ...]]:
    lines = [ln.strip() for ln in (DATA / name).read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    return [parse_puzzle(ln) for ln in lines[:limit]]


def invariance(per_file: int = 500, images: int = 5) -> str:
    rng = random.Random(7)
    checked = failures = 0
    start = time.perf_counter()
    for name in INVARIANCE_FILES:
        for grid in read_puzzles(name, per_file):
            form = canonical_form(grid).form
            for _ in range(images):
                checked += 1
                if canonical_form(random_transformation(rng).apply(grid)).form != form:
                    failures += 1
    seconds = time.perf_counter() - start
    puzzles = per_file * len(INVARIANCE_FILES)
    return (
        f"Invariance: {puzzles} puzzles ({per_file} each from {', '.join(INVARIANCE_FILES)}) x {images} random "
        f"elements of G*: {checked} images, {failures} with a different canonical form ({seconds:.1f} s)."
    )


def speed() -> str:
    times = []
    for grid in read_puzzles("sample1000.txt"):
        t0 = time.perf_counter()
        canonical_form(grid)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    p95 = times[int(0.95 * len(times)) - 1]
    return (
        f"Canonical form over sample1000.txt ({len(times)} puzzles): median {statistics.median(times):.3f} ms, "
        f"p95 {p95:.3f} ms, max {times[-1]:.3f} ms per puzzle."
    )


def count_orbits(n: int, *, patterns: bool, jobs: int) -> tuple[int, float]:
    """(number of orbits, wall seconds) of one enumeration, counting only."""
    t0 = time.perf_counter()
    units = work_units(n, patterns=patterns)
    count = sum(r.count for r in run_units(units, patterns=patterns, count_only=True, jobs=jobs))
    return count, time.perf_counter() - t0


def enumeration(patterns_up_to: int, symbols_up_to: int, jobs: int) -> str:
    burnside = pattern_orbit_counts()
    rows = [
        f"Enumeration with {jobs} process(es); load average (1 min) before each row in brackets.",
        "",
        "| n | 0-1 patterns (G) | Burnside | time s | symbol configurations (G*) | orbit count | time s | orbit count time s |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for n in range(1, max(patterns_up_to, symbols_up_to) + 1):
        load = os.getloadavg()[0]
        cells = ["", "", ""]
        if n <= patterns_up_to:
            count, seconds = count_orbits(n, patterns=True, jobs=jobs)
            mark = "" if count == burnside[n] else " MISMATCH"
            cells = [f"{count:,}{mark}", f"{burnside[n]:,}", f"{seconds:.2f}"]
        sym = ["", "", "", ""]
        if n <= symbols_up_to:
            count, seconds = count_orbits(n, patterns=False, jobs=jobs)
            t0 = time.perf_counter()
            expected = symbol_orbit_count(n)
            oracle_seconds = time.perf_counter() - t0
            mark = "" if count == expected else " MISMATCH"
            sym = [f"{count:,}{mark}", f"{expected:,}", f"{seconds:.2f}", f"{oracle_seconds:.1f}"]
        rows.append(f"| {n} [{load:.1f}] | " + " | ".join(cells + sym) + " |")
        print(rows[-1], file=sys.stderr, flush=True)
    return "\n".join(rows)


# --- full grids ---------------------------------------------------------------------------
# Canonical forms of solution grids (the most common task) and of dense puzzles cut from them.


def _timed(grids: list[tuple[int, ...]]) -> str:
    """Median / p95 / max milliseconds of canonical_form over ``grids``, wall-clock and CPU.

    CPU time (process_time) is what one call costs; wall time also counts
    waiting for a core, which dominates the tail on a busy machine.
    """
    wall, cpu = [], []
    for grid in grids:
        w0, c0 = time.perf_counter(), time.process_time()
        canonical_form(grid)
        cpu.append((time.process_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
    cells = []
    for times in (wall, cpu):
        times.sort()
        cells += [statistics.median(times), times[max(0, int(0.95 * len(times)) - 1)], times[-1]]
    return " | ".join(f"{v:.3f}" for v in cells)


def full_grids(count: int) -> str:
    """Time the canonical form of the solutions of the first ``count`` puzzles of 17clue.txt,
    and of puzzles with 60-80 clues made by emptying random cells of those solutions."""
    solutions = [s for s in (solve(p) for p in read_puzzles("17clue.txt", count)) if s is not None]
    lines = [
        "| input | count | median ms | p95 ms | max ms | CPU median ms | CPU p95 ms | CPU max ms |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
        f"| solution grids of 17clue.txt | {len(solutions)} | {_timed(solutions)} |",
    ]
    rng = random.Random(17)
    sample = solutions[: max(1, count // 4)]
    for clues in (60, 70, 74, 76, 78, 79, 80):
        dense = []
        for solution in sample:
            cells = list(solution)
            for cell in rng.sample(range(81), 81 - clues):
                cells[cell] = 0
            dense.append(tuple(cells))
        lines.append(f"| {clues} clues (solution minus random cells) | {len(dense)} | {_timed(dense)} |")
    return "\n".join(lines)


# --- minlex forms -------------------------------------------------------------------------
# The field's form (canon.minlex_search): per 17-clue puzzle and per full grid, inputs moved by random
# elements of G* so that none is already in minlex form.


def _cpu_ms(inputs: list[tuple[int, ...]]) -> list[float]:
    times = []
    for grid in inputs:
        c0 = time.process_time()
        minlex_form(grid, checked=True)
        times.append((time.process_time() - c0) * 1000)
    return sorted(times)


def _row(label: str, times: list[float]) -> str:
    p95 = times[max(0, int(0.95 * len(times)) - 1)]
    return f"| {label} | {len(times)} | {statistics.median(times):.3f} | {p95:.3f} | {times[-1]:.3f} |"


def minlex_speed(count: int) -> str:
    """CPU milliseconds per minlex form: 17-clue puzzles, their solution grids (first and second pass)."""
    minlex_module = sys.modules["canon.minlex_search"]
    rng = random.Random(29)
    puzzles = [random_transformation(rng).apply(p) for p in read_puzzles("17clue.txt", count)]
    grids = [random_transformation(rng).apply(s) for s in (solve(p) for p in puzzles) if s is not None]
    lines = [
        "| minlex of | count | CPU median ms | CPU p95 ms | CPU max ms |",
        "|---|---:|---:|---:|---:|",
        _row("17-clue puzzles (17clue.txt, randomly moved)", _cpu_ms(puzzles)),
        _row("their solution grids, first pass", _cpu_ms(grids)),
    ]
    filled = len(minlex_module._CONJUGATES)
    lines.append(_row("the same grids again (row-1 table filled)", _cpu_ms(grids)))
    lines.append(f"\nrow-1 table after the first pass: {filled:,} of 12,096 column maps")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--patterns-up-to", type=int, default=10)
    parser.add_argument("--symbols-up-to", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the enumeration")
    parser.add_argument("--enumeration-only", action="store_true", help="skip the canonical-form sections")
    parser.add_argument("--grids", type=int, default=2000, help="Solution grids for the full-grid timing.")
    parser.add_argument("--only-grids", action="store_true", help="Run only the full-grid section.")
    parser.add_argument("--minlex", type=int, default=0, metavar="N",
                        help="Only the minlex timing: N 17-clue puzzles and their solution grids.")
    args = parser.parse_args()
    if args.minlex:
        print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        print(minlex_speed(args.minlex))
        return
    if not args.only_grids:
        if not args.enumeration_only:
            print(speed())
            print(invariance())
        print(enumeration(args.patterns_up_to, args.symbols_up_to, args.jobs))
    if not args.enumeration_only:
        print(full_grids(args.grids))


if __name__ == "__main__":
    main()
