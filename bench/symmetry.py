"""Does a mode rate symmetric copies alike?  Counts and spreads over hard puzzles.

    python bench/symmetry.py [--file forum_hardest_1106.txt] [--limit 100] [--copies 5]
                             [--seed 1] [--option 2000] [--given-orientation | --canonical]

For each puzzle: its rating with ``--option`` and those of ``--copies`` random
elements of G* (transposition, band/stack/row/column permutations, relabelling)
applied to it.  A puzzle counts as identical when every copy has the same total
and the same multiset of (code, points), a row code and its column twin counted
as one.  ``--given-orientation`` rates each copy as given (no canonical form),
the behaviour before the mode rated canonical forms, for comparison;
``--canonical`` rates every copy's canonical form in any mode (``rate --canonical``).
Without either, each mode rates as it does by default (2000 canonical, the others
as given).  The spread of a puzzle is its highest total minus its lowest.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import load  # noqa: E402
from canon.group import random_transformation  # noqa: E402
from puzzles.parsing import format_line, parse_puzzle  # noqa: E402
from rater.settings import RunSettings  # noqa: E402
from techniques.base import transposed_code  # noqa: E402


def signature(rating) -> tuple[float, Counter]:  # noqa: ANN001
    steps = Counter((min(s.code, transposed_code(s.code)), s.points) for s in rating.steps)
    return rating.points, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="forum_hardest_1106.txt")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--copies", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", default="2000")
    way = ap.add_mutually_exclusive_group()
    way.add_argument("--given-orientation", action="store_true", help="rate copies as given (no canonical form)")
    way.add_argument("--canonical", action="store_true", help="rate every copy's canonical form (any mode)")
    args = ap.parse_args()
    puzzles = load(args.file, args.limit)
    canonical = False if args.given_orientation else True if args.canonical else None
    engine = RunSettings(option=args.option, canonical=canonical).engine()
    rng = random.Random(args.seed)
    identical = 0
    spreads = []
    levels_differ = 0
    began = time.perf_counter()
    for p in puzzles:
        grid = parse_puzzle(p)
        ratings = [engine.rate(p)] + [engine.rate(format_line(random_transformation(rng).apply(grid)))
                                      for _ in range(args.copies)]
        signatures = [signature(r) for r in ratings]
        if all(s == signatures[0] for s in signatures):
            identical += 1
        totals = [r.points for r in ratings]
        spreads.append(max(totals) - min(totals))
        levels_differ += len({r.level for r in ratings}) > 1
    wall = time.perf_counter() - began
    mode = "canonical form" if engine.canonical else "given orientation"
    print(f"file {args.file}  puzzles {len(puzzles)}  copies {args.copies}  option {args.option} ({mode})")
    print(f"identical ratings (total and steps): {identical} of {len(puzzles)}")
    differing = sorted(x for x in spreads if x)
    print(f"totals differ: {len(differing)} of {len(puzzles)};  levels differ: {levels_differ}")
    if differing:
        print(f"spread of the totals (max - min over the copies) where they differ: median "
              f"{differing[len(differing) // 2]:.2f}, max {differing[-1]:.2f} points")
    print(f"{wall:.1f} s for {len(puzzles) * (args.copies + 1)} ratings")

if __name__ == "__main__":
    main()
