"""Does the half-synchronous mode rate symmetric copies alike?  Counts over hard puzzles.

    python bench/symmetry.py [--file forum_hardest_1106.txt] [--limit 100] [--copies 5]
                             [--seed 1] [--given-orientation]

For each puzzle: its rating with option 2000 and those of ``--copies`` random
elements of G* (transposition, band/stack/row/column permutations, relabelling)
applied to it.  A puzzle counts as identical when every copy has the same total
and the same multiset of (code, points), a row code and its column twin counted
as one.  ``--given-orientation`` rates each copy as given (no canonical form),
the behaviour before the mode rated canonical forms, for comparison.
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
from rater.engine import Engine  # noqa: E402
from rater.orientation import TRANSPOSED_CODES  # noqa: E402


def signature(rating) -> tuple[float, Counter]:  # noqa: ANN001
    steps = Counter((min(s.code, TRANSPOSED_CODES.get(s.code, s.code)), s.points) for s in rating.steps)
    return rating.points, steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="forum_hardest_1106.txt")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--copies", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--given-orientation", action="store_true", help="rate copies as given (no canonical form)")
    args = ap.parse_args()
    puzzles = load(args.file, args.limit)
    engine = Engine("2000", canonical=not args.given_orientation)
    rng = random.Random(args.seed)
    identical = 0
    spreads = []
    began = time.perf_counter()
    for p in puzzles:
        grid = parse_puzzle(p)
        ratings = [engine.rate(p)] + [engine.rate(format_line(random_transformation(rng).apply(grid)))
                                      for _ in range(args.copies)]
        signatures = [signature(r) for r in ratings]
        if all(s == signatures[0] for s in signatures):
            identical += 1
        else:
            totals = [r.points for r in ratings]
            spreads.append(max(totals) - min(totals))
    wall = time.perf_counter() - began
    mode = "given orientation" if args.given_orientation else "canonical form"
    print(f"file {args.file}  puzzles {len(puzzles)}  copies {args.copies}  option 2000 ({mode})")
    print(f"identical: {identical} of {len(puzzles)}   differing: {len(puzzles) - identical}")
    if spreads:
        print(f"spread of the totals where they differ: max {max(spreads):.2f}, "
              f"median {sorted(spreads)[len(spreads) // 2]:.2f} points")
    print(f"{wall:.1f} s for {len(puzzles) * (args.copies + 1)} ratings")


if __name__ == "__main__":
    main()
