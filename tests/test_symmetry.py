"""Half-synchronous results do not depend on the puzzle's orientation or labels.

The original's reason for half-synchronous mode: every step at the minimum
points is taken, so rotations, reflections, band/stack/row/column permutations
and relabellings all score alike.  The variants are made here independently of
the canon package so that the test checks the rater alone.
"""

import random

import pytest

from rater.run.engine import Engine
from tests.conftest import examples, read_puzzles


def random_variant(puzzle: str, rng: random.Random) -> str:
    """A random element of the Sudoku group with relabelling, applied to ``puzzle``."""
    bands = rng.sample(range(3), 3)
    stacks = rng.sample(range(3), 3)
    rows = [3 * b + r for b in bands for r in rng.sample(range(3), 3)]
    cols = [3 * s + c for s in stacks for c in rng.sample(range(3), 3)]
    transpose = rng.random() < 0.5
    labels = rng.sample(range(1, 10), 9)
    out = []
    for r in range(9):
        for c in range(9):
            rr, cc = rows[r], cols[c]
            if transpose:
                rr, cc = cc, rr
            d = int(puzzle[9 * rr + cc]) if puzzle[9 * rr + cc] in "123456789" else 0
            out.append(str(labels[d - 1]) if d else ".")
    return "".join(out)


LINE_TWINS = {"A2": "A1", "C2": "C1", "D2": "D1", "E2": "E1"}


def _signature(rating):
    """Status, points and the sorted (code, points) list; a transposition turns
    row methods into column methods, so those count as one."""
    steps = sorted((LINE_TWINS.get(s.code, s.code), s.points) for s in rating.steps)
    return rating.status, rating.points, steps


@pytest.mark.parametrize("pid", ["16", "39", "41"])
def test_half_synchronous_direct_examples_are_variant_invariant(pid):
    puzzle = examples()[pid]["puzzle"]
    engine = Engine("2000")
    base = _signature(engine.rate(puzzle))
    rng = random.Random(int(pid))
    for _ in range(20):
        assert _signature(engine.rate(random_variant(puzzle, rng))) == base


@pytest.mark.parametrize("puzzle", read_puzzles("sample1000_every3.txt", 3, step=32))
def test_half_synchronous_thinning_puzzles_are_variant_invariant(puzzle):
    engine = Engine("2000")
    base = _signature(engine.rate(puzzle))
    rng = random.Random(7)
    for _ in range(20):
        assert _signature(engine.rate(random_variant(puzzle, rng))) == base
