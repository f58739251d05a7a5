"""Make puzzles of a Sudoku variant: a random solution, givens removed while it stays unique.

    python bench/variant_puzzles.py --rules diagonal --count 200 --seed 1 > diagonal.txt

Why this way: the rater's tests need variant puzzles whose solution is unique
*in the variant* (most are not unique as standard Sudoku), and none of the
public collections holds any.  A solution is made by placing random digits
into random cells, as long as the variant still has a solution, until the
exact solver's first solution is taken; it is then moved by a random element
of the variant's symmetry group, so that the solver's digit order leaves no
trace.  The givens are then removed in a random order, each only if the
puzzle stays unique in the variant (:func:`puzzles.solver.has_solution_avoiding`:
a puzzle without a given is still unique exactly when no solution avoids the
removed digit).  The result is minimal: no given can be removed.  Everything
follows from ``--seed``, so a set can be made again from its command line.

Prints one puzzle per line (81 characters, ``.`` for empty), the rules as
its comment, and on stderr the time taken.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from canon.variant_group import random_variant_transformation  # noqa: E402
from puzzles.parsing import format_line  # noqa: E402
from puzzles.rules import Rules, parse_rules  # noqa: E402
from puzzles.solver import analyse, has_solution_avoiding  # noqa: E402

#: Random digits placed before the solver completes the grid.
SEED_GIVENS = 12


def random_solution(rng: random.Random, rules: Rules) -> tuple[int, ...]:
    """A random solution grid of ``rules``."""
    while True:
        grid = [0] * 81
        cells = rng.sample(range(81), SEED_GIVENS)
        for cell in cells:
            grid[cell] = rng.randint(1, 9)
            if analyse(grid, limit=1, rules=rules).count == 0:
                grid[cell] = 0
        solution = analyse(grid, limit=1, rules=rules).solution
        if solution is not None:
            return random_variant_transformation(rng, rules).apply(solution)


def minimal_puzzle(rng: random.Random, rules: Rules) -> tuple[int, ...]:
    """A minimal puzzle, unique in ``rules``, from a random solution."""
    grid = list(random_solution(rng, rules))
    for cell in rng.sample(range(81), 81):
        digit = grid[cell]
        grid[cell] = 0
        if has_solution_avoiding(grid, cell, digit, rules=rules):
            grid[cell] = digit
    return tuple(grid)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", required=True, help="diagonal, colour or colour-diagonal")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = parse_rules(args.rules)
    if rules.standard:
        parser.error("standard puzzles come from the public collections; choose a variant")
    rng = random.Random(args.seed)
    began = time.perf_counter()
    for _ in range(args.count):
        print(f"{format_line(minimal_puzzle(rng, rules))} # {rules.name}")
    print(f"{args.count} {rules.name} puzzles in {time.perf_counter() - began:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
