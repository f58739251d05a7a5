"""The statistics of ``rate --copies K`` over symmetric copies of a puzzle (rater/copies.py).

The figures are checked on ratings made up for them (the median of an even count, ties for the
minimum), and the copies of a puzzle with extra units on that puzzle's rules.
"""

from __future__ import annotations

from rater.copies import CopiesSummary, CopyRating, rate_copies
from rater.result import Rating, Status
from rater.run.engine import Engine
from techniques.step import Step
from tests.conftest import FIXTURES


def _summary(*points: float) -> CopiesSummary:
    """Copies whose ratings have these totals, named by their place."""
    ratings = [Rating(puzzle="", option="2001", status=Status.SOLVED, steps=[Step("B0", p)]) for p in points]
    return CopiesSummary(tuple(CopyRating(str(i), f"t{i}", r) for i, r in enumerate(ratings)), seed=7)


def test_min_median_max_of_the_totals() -> None:
    summary = _summary(40, 10, 31, 100)
    assert summary.figures() == (10, 35.5, 100)  # the median of an even count: the mean of the middle two
    data = summary.to_json()
    assert (data["count"], data["seed"], data["min"], data["median"], data["max"]) == (4, 7, 10, 35.5, 100)
    assert [v["points"] for v in data["variants"]] == [40, 10, 31, 100]


def test_the_minimum_copy_is_the_first_of_the_fewest_points() -> None:
    """The canonical form comes first, so it is the one named when it ties for the minimum."""
    summary = _summary(20, 50, 20, 20)
    assert summary.best.puzzle == "0"
    assert summary.to_json()["min_variant"] == {"puzzle": "0", "transformation": "t0"}
    assert _summary(60, 20, 50, 20).best.puzzle == "1"


def test_copies_of_a_variant_puzzle_keep_its_rules() -> None:
    """Under diagonal rules every copy is a diagonal puzzle with one solution: rated, not refused."""
    from puzzles.parsing import parse_puzzle
    from puzzles.rules import parse_rules

    line = (FIXTURES / "variant_diagonal_200.txt").read_text().splitlines()[0].split()[0]
    rules = parse_rules("diagonal")
    summary = rate_copies(Engine("2000"), parse_puzzle(line), 4, seed=3, rules=rules)
    assert [v.rating.status for v in summary.copies] == [Status.SOLVED] * 4
    assert len(set(summary.points)) == 1  # half-synchronous: every copy rates alike
