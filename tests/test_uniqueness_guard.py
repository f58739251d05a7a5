"""Uniqueness-based techniques only run on puzzles proven to have one solution.

The seed's warning examples: 88 (3 solutions, where a type-4C UR "solves" it
wrongly) and 89 (127 solutions, "solved" by four simple URs).
"""

import pytest

from rater.run.engine import Engine, default_catalogue
from tests.conftest import examples

UNIQUENESS_CODES = {e.code for e in default_catalogue() if e.technique.needs_uniqueness}


@pytest.mark.parametrize("pid", ["88", "89"])
def test_multi_solution_examples_are_refused_by_default(pid):
    rating = Engine("2001").rate(examples()[pid]["puzzle"])
    assert rating.status == "multiple_solutions"
    assert not rating.steps
    assert "more than one solution" in rating.message


@pytest.mark.parametrize("pid", ["88", "89"])
def test_allow_multiple_rates_without_uniqueness_techniques(pid):
    rating = Engine("2001").rate(examples()[pid]["puzzle"], allow_multiple=True)
    assert rating.status in ("solved", "stuck")
    assert rating.uniqueness_techniques is False
    assert not UNIQUENESS_CODES & {s.code for s in rating.steps}
    assert rating.solution is None


def test_no_solution_is_refused():
    puzzle = "12345678." + "........9" + "." * 63  # (1:9) can hold nothing
    rating = Engine("2001").rate(puzzle)
    assert rating.status == "no_solution"
