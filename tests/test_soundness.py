"""Soundness: on puzzles with a unique solution no step places a wrong digit or
removes a candidate of the solution.  ``Engine.rate(verify=True)`` checks every
applied step against the solution and raises on the first wrong one; all
techniques of the default catalogue take part.  The full collections run in
bench/soundness.py.
"""

import pytest

from rater.engine import Engine
from tests.conftest import read_puzzles

SAMPLE = (
    [("17clue.txt", p) for p in read_puzzles("17clue.txt", 100, step=491)]
    + [("top1465.txt", p) for p in read_puzzles("top1465.txt", 60, step=24)]
    + [("sudoku_exchange_mixed.txt", p) for p in read_puzzles("sudoku_exchange_mixed.txt", 80, step=25)]
    + [("forum_hardest_1905_11plus.txt", p) for p in read_puzzles("forum_hardest_1905_11plus.txt", 30, step=1600)]
    + [("sample1000.txt", p) for p in read_puzzles("sample1000.txt", 30, step=33)]
)


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
