"""Bowman's Bingo: exact bingos on the seed's examples 49-51, the cell windows and
the step cap, the "version without Bowman's Bingo" switch, and soundness.

The positions are the candidate grids where rating examples 49, 50 and 51 of
tests/data/examples.csv (100/212/399 points with 1/2/4 bingos in the original) first
needs Bowman's Bingo: chains and all earlier families find nothing there.
"""

from __future__ import annotations

from thinning_chain_support import CTX, board_from_text

from rater.run.engine import Engine
from techniques.bowman import BowmansBingo
from techniques.catalogue import Catalogue
from techniques.texts import explain, written
from tests.conftest import examples, read_puzzles


def cell(r: int, c: int) -> int:
    return 9 * (r - 1) + c - 1


EX49 = """\
189 +2 +7 +4 +3 189 +5 +6 189
+6 1589 14589 158 5789 +2 +3 14789 14789
1489 +3 14589 1568 56789 15789 +2 14789 14789
49 59 +6 +7 +1 +3 +8 459 +2
+2 5789 4589 568 45689 4589 +1 4579 +3
+3 15789 14589 +2 4589 4589 +6 4579 4579
+5 +6 +2 18 47 47 +9 +3 18
18 +4 +3 +9 +2 +6 +7 158 158
+7 189 189 +3 58 158 +4 +2 +6"""

EX50 = """\
+7 +9 +3 +6 +8 +1 45 +2 45
+5 +8 +1 479 479 +2 79 +3 +6
+4 +2 +6 +3 579 579 79 +8 +1
+9 57 +4 +8 +3 57 +6 +1 +2
68 +3 57 +2 +1 45679 45 459 78
68 +1 +2 4579 4579 4679 +3 459 78
+2 +6 579 +1 4579 4579 +8 45 +3
+1 45 +8 459 +6 +3 +2 +7 59
+3 457 579 4579 +2 +8 +1 +6 459"""

EX51 = """\
1367 +4 +2 57 +9 35 136 16 +8
1678 13678 1367 47 +2 348 136 +9 +5
38 +5 +9 +1 +6 38 +7 +2 +4
+2 +9 157 45 145 +6 +8 157 +3
146 16 1456 +3 +8 +7 +2 156 +9
1367 1367 +8 +9 15 +2 +4 1567 16
1478 178 147 +6 457 145 +9 +3 +2
+5 +2 167 +8 +3 +9 16 +4 167
+9 1367 13467 +2 47 14 +5 +8 167"""


def bingos(text: str, **params: int):
    return list(BowmansBingo(params).find(board_from_text(text), CTX))


def test_example_49_the_first_bingo_in_scan_order() -> None:
    steps = bingos(EX49)
    assert [s.eliminations for s in steps] == [((cell(1, 1), 8),)]
    assert steps[0].detail["steps"] == 3 and steps[0].points == 16 + 2 * 3
    assert written(steps[0].detail["walk"]) == "(8:1)1, (9:6)1, (7:9)1"
    text = explain(steps[0], "mit {digit} in {cell} führen die Einzelschritte {walk} nach {steps} "
                             "Schritten zu einem Widerspruch => {removed}", "de")
    assert text.endswith("nach 3 Schritten zu einem Widerspruch => (1:1)!8")


def test_the_first_bingo_found_not_the_shortest() -> None:
    """The seed's walks average 17-18 steps, which only the first bingo found gives: in example 50's
    position (2:4)4 fails after 15 steps and is taken, although (3:5)7 fails after 7; in example 51's
    (1:1)1 after 22 (digits ascending), although (1:1)6 fails after 9."""
    assert [(s.eliminations, s.detail["steps"], s.points) for s in bingos(EX50)] == [
        (((cell(2, 4), 4),), 15, 46.0)]
    assert [(s.eliminations, s.detail["steps"], s.points) for s in bingos(EX51)] == [
        (((cell(1, 1), 1),), 22, 60.0)]


def test_pair_cells_only_when_the_first_window_fails() -> None:
    """(8:1) = 18 would need only 2 steps, but cells with 3-5 candidates come first."""
    assert bingos(EX49)[0].detail["steps"] == 3
    # with the cap at 2 steps the 3-5 window has nothing and the pair cell's bingo appears
    steps = bingos(EX49, max_steps=2)
    assert [(s.eliminations, s.points) for s in steps] == [(((cell(8, 1), 1),), 20.0)]


def test_step_cap() -> None:
    """Under a cap the first candidate whose walk fails within it is the bingo."""
    assert bingos(EX51, max_steps=4) == []
    assert [(s.eliminations, s.detail["steps"]) for s in bingos(EX51, max_steps=9)] == [(((cell(1, 1), 6),), 9)]


def _without_bowman() -> Catalogue:
    catalogue = Catalogue.load()
    entries = [type(e)(e.technique, e.names, e.texts, e.enabled and e.code != "BB") for e in catalogue]
    return Catalogue(entries, "without Bowman's Bingo")


def test_examples_49_to_51_need_bowmans_bingo() -> None:
    """With it they are solved without trial & error; the version without it needs trial & error."""
    rows = examples()
    with_bb = Engine("2001")
    without = Engine("2001", catalogue=_without_bowman())
    for key in ("49", "50", "51"):
        puzzle = rows[key]["puzzle"]
        codes = [s.code for s in with_bb.rate(puzzle, verify=True).steps]
        assert "BB" in codes and "TE" not in codes, key
        codes = [s.code for s in without.rate(puzzle, verify=True).steps]
        assert "BB" not in codes and "TE" in codes, key


def test_yaml_switch_gives_the_version_without_bowmans_bingo() -> None:
    import yaml

    from techniques.catalogue import DEFAULT_PATH

    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    entry = next(e for e in data["techniques"] if e["code"] == "BB")
    entry["enabled"] = False
    catalogue = Catalogue.from_data(data)
    assert "BB" in catalogue and not any(t.code == "BB" for t in catalogue.enabled())


def test_soundness_on_sample1000_excerpt() -> None:
    engine = Engine("2001")
    used = 0
    for puzzle in read_puzzles("sample1000_every3.txt", 60, step=5):
        rating = engine.rate(puzzle, verify=True)
        assert rating.status == "solved"
        used += any(s.code == "BB" for s in rating.steps)
    assert used
