"""Soundness: on puzzles with a unique solution no step places a wrong digit or
removes a candidate of the solution.  ``Engine.rate(verify=True)`` checks every
applied step against the solution and raises on the first wrong one; all
techniques of the default catalogue take part.  The full collections run in
bench/soundness.py.
"""

import pytest

from rater.run.engine import Engine
from tests.conftest import read_puzzles

SAMPLE = [
    (name, puzzle)
    for name, count, step in [
        ("17clue_every491.txt", 100, 1),
        ("top1465_every24.txt", 60, 1),
        ("sudoku_exchange_mixed_every25.txt", 80, 1),
        ("forum_hardest_1905_11plus_every1600.txt", 30, 1),
        ("sample1000_every3.txt", 30, 11),
    ]
    for puzzle in read_puzzles(name, count, step)
]


@pytest.fixture(scope="module")
def engines():
    return {opt: Engine(opt) for opt in ("2001", "2000")}


@pytest.mark.parametrize(("index", "source", "puzzle"), [(i, s, p) for i, (s, p) in enumerate(SAMPLE)],
                         ids=[f"{s}:{i}" for i, (s, _p) in enumerate(SAMPLE)])
def test_no_step_contradicts_the_solution(engines, index, source, puzzle):
    option = "2000" if index % 4 == 0 else "2001"
    rating = engines[option].rate(puzzle, verify=True)
    assert rating.status == "solved"
    assert rating.final_grid == rating.solution
