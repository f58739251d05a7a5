"""Rules chosen to follow the original's own figures (docs/decisions.md, "Readings measured"):
the thinning step scored is the cheapest of its Stufe (a complexity level), and the second chain
pass is for closed implication chains only.  The candidate bonus, the bingo choice, the length of setting chains and
the level bounds are pinned beside their techniques (test_engine_direct, test_bowman, test_chains,
test_options_catalogue)."""

from __future__ import annotations

from rater.options import Mode
from rater.run.engine import Engine, default_catalogue
from rater.run.modes import choose_thinning
from techniques.base import Context
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
    Bowman's Bingo and trial & error stops, after the seed's 5 thinning steps."""
    rating = Engine("2001", default_catalogue().without(["BB", "TE"])).rate(examples()["62"]["puzzle"])
    assert rating.status == "stuck" and rating.thinning_steps == 5


def test_a_stufe_is_a_complexity_level() -> None:
    """"alle diejenigen einer Stufe mit der größten Anzahl von Streichungen": the steps chosen
    between are those of one complexity level, the family sets of the synchronous levels; a family
    no level names (trial & error) is a Stufe of its own."""
    original = {"I", "II", "RP", "III", "IV", "V", "VI", "BB", "TE"}  # a family added later is left aside
    stufen = [families for families, _techs in Engine("2001")._lists(Context()).stufen if families <= original]
    assert stufen == [{"I", "II"}, {"RP", "III"}, {"IV"}, {"V"}, {"VI"}, {"BB"}, {"TE"}]


def test_the_runs_without_bowmans_bingo_stop_where_the_seed_says() -> None:
    """"Bisher ungelöst bei 42 Ausgangszahlen nach 6 Ausdünnschritten" (61) and "bei 46
    Ausgangszahlen nach 5 Ausdünnschritten" (62): with one selection per family, box tests (2 points)
    ran ahead of a 2-tuple as cheap that removed more, and each stopped one step later."""
    engine = Engine("2001", default_catalogue().without(["BB", "TE"]))
    stops = {n: engine.rate(examples()[n]["puzzle"]) for n in ("61", "62")}
    assert {n: (r.status, r.thinning_steps) for n, r in stops.items()} == {"61": ("stuck", 6), "62": ("stuck", 5)}


