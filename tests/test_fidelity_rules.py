"""Rules chosen to follow the original's own figures (docs/decisions.md, "Readings measured"):
the thinning step scored is the cheapest of its family, and the second chain pass is for closed
implication chains only.  The candidate bonus, the bingo choice, the length of setting chains and
the level bounds are pinned beside their techniques (test_engine_direct, test_bowman, test_chains,
test_options_catalogue)."""

from __future__ import annotations

from rater.engine import Engine, default_catalogue
from rater.modes import choose_thinning
from rater.options import Mode
from techniques.step import Step
from tests.conftest import examples


def _thinning(points: float, removed: int, code: str = "X") -> Step:
    return Step(code, points, eliminations=tuple((cell, 1) for cell in range(removed)))


def test_only_the_cheapest_thinning_step_is_scored() -> None:
    """"Im nicht-synchronen Fall wird nur der gefundene Ausdünnschritt mit der kleinsten Punktzahl
    gewertet": a step 2 points dearer is not taken for removing more (the 3-point window of the
    half-synchronous listing is not what is scored)."""
    cheap, dear = _thinning(7, 1, "A"), _thinning(9, 4, "B")
    assert choose_thinning([dear, cheap], Mode.PSEUDO_SYNC) == [cheap]
    assert choose_thinning([dear, cheap], Mode.HALF_SYNC) == [cheap]


def test_at_equal_points_the_most_eliminations_and_all_of_them_half_synchronously() -> None:
    """Of the cheapest steps, those eliminating most, the first of them pseudo-synchronously: it
    matches the most stated thinning-step counts ("Readings measured" (i)); any other choice among
    equally cheap steps only moves the totals within their noise."""
    one, three, also_three = _thinning(7, 1, "A"), _thinning(7, 3, "B"), _thinning(7, 3, "C")
    assert choose_thinning([one, three, also_three], Mode.PSEUDO_SYNC) == [three]
    assert choose_thinning([one, three, also_three], Mode.HALF_SYNC) == [three, also_three]
    assert choose_thinning([one, three], Mode.SYNC) == [one, three]  # synchronous: all of them count


def test_no_second_chain_pass_for_contradiction_and_alternative_chains() -> None:
    """Example 62 ("Sehr schwierige Sudokus mit Trial&Error (ohne Bowman's Bingo)"; the seed's run
    without Bowman's Bingo stops after 5 thinning steps at 88 points).  When every chain kind had a
    second pass, chains alone solved it; with it for closed implication chains only, the run without
    Bowman's Bingo and trial & error stops, after 6 thinning steps."""
    rating = Engine("2001", default_catalogue().without(["BB", "TE"])).rate(examples()["62"]["puzzle"])
    assert rating.status == "stuck" and rating.thinning_steps == 6


def test_box_test_points_change_no_choice_and_stay_at_2() -> None:
    """The seed's box-test rating is lost, so its value is measured ("Readings measured" (j)); that
    measurement rests on box tests (family I) never changing which step is taken, so that a total
    moves by the points' difference times the box tests on its path.  Example 44 has six."""
    from tests.fidelity_support import with_box_test_points

    puzzle = examples()["44"]["puzzle"]
    packaged = Engine("2001").rate(puzzle)
    free = Engine("2001", with_box_test_points(0)).rate(puzzle)
    assert [(s.code, s.placements, s.eliminations) for s in free.steps] == \
        [(s.code, s.placements, s.eliminations) for s in packaged.steps]
    box_tests = sum(s.code in ("BT1", "BT2") for s in packaged.steps)
    assert box_tests == 6 and packaged.points - free.points == 2 * box_tests
    assert {default_catalogue().entry(code).technique.params["points"] for code in ("BT1", "BT2")} == {2}
