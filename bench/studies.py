"""Reproduce the figures of seed 002 (Schoenhage, "Einige Sudoku-Studien") with timings.

    python3 bench/studies.py            # all figures, about 30 s
    python3 bench/studies.py --quick    # without Table 4.4 (21 classifications), a few seconds
    python3 bench/studies.py --solver   # also time puzzles.solver on E \\ E \\ E (about 10 s)
    python3 bench/studies.py --brute-force  # U, U', U'^T against all 3,359,232 elements of G (about 10 s each)
    python3 bench/studies.py --sample 200   # counting by sets vs the band join on 200 random pairs (about 1 s each)

The global figures (k*, Table 2.3, N_0, N_f, (4.9), Table 2.4) come from
``canon sweep DIR --jobs N`` (tens of minutes), see docs/studies.md.

Each line prints our figure, the paper's and the wall time.  Timings are
noisy: the machine is shared (2 cores, several jobs).  Exit code 1 if any
figure differs from the paper.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canon.group import random_transformation  # noqa: E402
from canon.studies import examples  # noqa: E402
from canon.studies.brute_force import rotation_type, stabiliser, stabiliser_forced  # noqa: E402
from canon.studies.completions import CompletionJoin, classify  # noqa: E402
from canon.studies.diagonal import E_WORD, BlockDiagonal, equivalence_class, format_block, parse_word  # noqa: E402
from canon.studies.fix import fix_test, fix_test_triples  # noqa: E402
from canon.studies.group_orders import group_orders  # noqa: E402
from canon.studies.set_count import SetJoin  # noqa: E402
from canon.studies.triples import check_full_grid, triples_of  # noqa: E402
from canon.studies.words import WORD_COUNT, word_tables  # noqa: E402
from puzzles.solver import count_solutions  # noqa: E402

T = TypeVar("T")
PAIRS = (
    ("76543210", "76543210", 283_576),
    ("76543210", "15320764", 278_740),
    ("74563120", "43052671", 96_841),
    ("74563120", "56240371", 95_514),
)
GRID_A = "281965734569473812734218659926584173357126498148397265612839547473652981895741326"
#: Table 4.4 (19 pairs with N_f = 16) and the two [RSS] pairs of section 4.4: (u, v, m(u, v), N_f, [RSS] only).
FIX_PAIRS = (
    ("76543210", "67543210", 54, 16, 0),
    ("76543210", "57643210", 36, 16, 0),
    ("76543210", "67542310", 108, 16, 0),
    ("76543210", "57632410", 12, 16, 0),
    ("57643210", "67542310", 216, 16, 0),
    ("57643210", "76532410", 24, 16, 0),
    ("57643210", "67532410", 216, 16, 0),
    ("57643210", "57632410", 72, 16, 0),
    ("57632410", "56742301", 4, 16, 0),
    ("67543210", "75643210", 108, 16, 0),
    ("67543210", "76542310", 216, 16, 0),
    ("67543210", "57642310", 216, 16, 0),
    ("67543210", "76532410", 432, 16, 0),
    ("67543210", "57632410", 216, 16, 0),
    ("67543210", "76543201", 36, 16, 0),
    ("67543210", "75643201", 216, 16, 0),
    ("67542310", "75632410", 216, 16, 0),
    ("67542310", "56732410", 72, 16, 0),
    ("67542310", "57643201", 108, 16, 0),
    ("57643210", "65743210", 12, 26, 2),
    ("43671520", "43172560", 12, 17, 1),
)
failures: list[str] = []


def timed(func: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    value = func()
    return value, time.perf_counter() - start


def report(label: str, ours: object, paper: object, seconds: float | None = None) -> None:
    mark = "ok" if ours == paper else "DIFFERS"
    if ours != paper:
        failures.append(label)
    clock = f"{seconds:8.3f} s" if seconds is not None else " " * 10
    print(f"{label:<44} {ours!s:>21} {paper!s:>21}  {clock}  {mark}")


def per_grid_microseconds(func: Callable[[tuple[int, ...]], object], grids: list[tuple[int, ...]]) -> float:
    times = []
    for grid in grids:
        start = time.perf_counter()
        func(grid)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def brute_force_u_prime() -> None:
    """U' of section 4.2 against every element of G, without theorem 4.3."""
    readings = examples.u_prime_readings()
    valid = []
    for name, grid in readings.items():
        try:
            check_full_grid(grid)
            valid.append(name)
        except ValueError:
            pass
    report("valid readings of the U' construction", f"{len(valid)} of {len(readings)}", "1 of 24")
    report("  the valid one is U' as built from the text", readings[valid[0]] == examples.u_prime(), True)
    u_prime = examples.u_prime()
    for label, grid, paper in (
        ("U", examples.U, "R R RS RS RSS RSS S S id"),
        ("U'", u_prime, "R R id"),
        ("U'^T", examples.transpose(u_prime), "S S id"),
    ):
        elements, seconds = timed(lambda: stabiliser(grid))
        types = " ".join(sorted(rotation_type(e) for e in elements))
        report(f"stabiliser of {label} over all of G (types)", types, paper, seconds)
        forced = {(e.transpose, e.rows, e.cols) for e in stabiliser_forced(grid)}
        report("  same elements with the forced column map", forced == {(e.transpose, e.rows, e.cols) for e in elements}, True)


def compare_counting(count: int) -> None:
    """Counting by sets (the sweep's method) against the band join on random normalised pairs."""
    tables = word_tables()
    rng = random.Random(2010)
    agree = 0
    set_time = join_time = 0.0
    for _ in range(count):
        u, v = rng.randrange(WORD_COUNT), rng.randrange(WORD_COUNT)
        diagonal = BlockDiagonal.from_words(int(tables.words[u]), int(tables.words[v]))
        fast, seconds = timed(lambda: SetJoin(np.array(diagonal.blocks)).classify())
        set_time += seconds
        slow, seconds = timed(lambda: classify(diagonal))
        join_time += seconds
        agree += (fast.total, fast.fixed_count, fast.mod3) == (slow.total, slow.fixed_count, slow.mod3)
    report(f"N, N_f, mod-3 by sets = band join ({count} random pairs)", agree, count)
    print(f"  per pair: by sets {1000 * set_time / count:.1f} ms, band join {1000 * join_time / count:.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--solver", action="store_true", help="also count E \\ E \\ E with puzzles.solver")
    parser.add_argument("--quick", action="store_true", help="skip the 21 pairs of Table 4.4 / section 4.4")
    parser.add_argument("--brute-force", action="store_true", help="stabilisers of U, U', U'^T over all of G")
    parser.add_argument("--sample", type=int, default=0, help="compare both counting methods on this many random pairs")
    args = parser.parse_args()
    print(f"{'figure':<44} {'ours':>21} {'paper':>21}  {'time':>10}")

    orders, seconds = timed(group_orders)
    report("|G| (1.2)", orders["G"], 3_359_232, seconds)
    report("|G0| (1.2)", orders["G0"], 1_679_616)
    report("|M| (1.3)", orders["M"], 470_292_480)
    report("B(e) (2.2, word read low to high)", format_block(BlockDiagonal.from_words(parse_word("e"), parse_word("e")).blocks[1]), "123/456/789")

    for u, v, paper in PAIRS:
        diagonal = BlockDiagonal.from_words(parse_word(u), parse_word(v))
        count, seconds = timed(lambda: CompletionJoin(diagonal).count())
        report(f"N({u}, {v}) (2.4)", count, paper, seconds)

    ee = BlockDiagonal.from_words(parse_word("e"), parse_word("e"))
    listed, seconds = timed(lambda: sum(1 for _ in CompletionJoin(ee).grids()))
    report("completions of E\\E\\E listed as grids", listed, 283_576, seconds)
    result, seconds = timed(lambda: classify(ee))
    report("N_f(e, e) fix-sudokus (4.4)", result.fixed_count, 64, seconds)
    for name, paper in (("R", 12), ("S", 12), ("RS", 36), ("RSS", 0), ("superfix", 4)):
        report(f"  of class {name}", result.categories.get(name, 0), paper)
    print(f"  full fix tests after the key-level vertical mod-3 test: {result.tested}; "
          f"passing the whole mod-3 criterion: {result.mod3}")

    rng = random.Random(2010)
    a = tuple(int(ch) for ch in GRID_A)
    neutral = [random_transformation(rng).apply(a) for _ in range(2000)]
    fixed = [grid for grid, _ in result.fixed]
    print(f"fix test, median per grid (validation + triples + test): "
          f"neutral {per_grid_microseconds(fix_test, neutral):.1f} us, "
          f"fix-sudokus {per_grid_microseconds(fix_test, fixed * 10):.1f} us; "
          f"test on ready triples: neutral {per_grid_microseconds(lambda g: fix_test_triples(triples_of(g)), neutral):.1f} us")

    report("m(e, e) class size (Table 2.3)", equivalence_class(E_WORD, E_WORD).size, 1)
    if not args.quick:
        table_sum = 0
        for u, v, m, n_f, rss in FIX_PAIRS:
            uu, vv = parse_word(u), parse_word(v)
            cls, seconds = timed(lambda: equivalence_class(uu, vv))
            report(f"class minimum, m of ({u}, {v}) (2.3)", f"{cls.words} {cls.size}", f"{u},{v} {m}", seconds)
            classified, seconds = timed(lambda: classify(BlockDiagonal.from_words(uu, vv)))
            report("  N_f, [RSS] only (4.4)", (classified.fixed_count, classified.categories.get("RSS", 0)), (n_f, rss), seconds)
            table_sum += m if n_f == 16 else 0
        report("sum of m over Table 4.4", table_sum, 2578)

    if args.solver:
        count, seconds = timed(lambda: count_solutions(ee.grid(), limit=None))
        report("N(e, e) by puzzles.solver.count_solutions", count, 283_576, seconds)

    if args.brute_force:
        brute_force_u_prime()
    if args.sample:
        compare_counting(args.sample)

    if failures:
        print("DIFFERS: " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
