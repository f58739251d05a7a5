"""Thinning method I, box test (BT1 line -> box, BT2 box -> line)."""

from __future__ import annotations

import pytest
from thinning_basic_support import CTX, candidate_board, cands, cell, check_soundness, load_puzzles

from techniques.boxtest import BoxTestBox, BoxTestLine
from techniques.texts import explain

NO9 = "12345678"


def test_line_to_box_seed_f0_example() -> None:
    """The seed's F0 story: the 9 of row 2 lies only in box OL, so it leaves row 3
    of OL, and (3:3) keeps only its 3."""
    cells = {f"2:{c}": NO9 for c in range(4, 10)}
    cells |= {f"1:{c}": NO9 for c in range(1, 4)}
    cells["3:3"] = "39"
    board = candidate_board(cells)
    steps = list(BoxTestLine().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert step.code == "BT1" and step.points == 2
    assert set(step.eliminations) == cands("3:1/9", "3:2/9", "3:3/9")
    assert set(step.used) == cands("2:1/9", "2:2/9", "2:3/9")
    assert step.detail == {"digit": 9, "unit": 1, "target_unit": 18}
    text = explain(step, "{digit} of {unit} lies only in {target_unit}", "de")
    assert text == "9 of Zeile 2 lies only in Box 1#1 (OL)"
    assert list(BoxTestBox().find(board, CTX)) == []
    board.eliminate_all(step.eliminations)
    assert board.cands[cell("3:3")] == 1 << 2


def test_box_to_line() -> None:
    """The 4 of box MM lies only in column 5: it leaves the rest of column 5."""
    cells = {f"{r}:{c}": "12356789" for r in range(4, 7) for c in range(4, 7) if c != 5}
    cells["5:5"] = "12356789"
    board = candidate_board(cells)
    steps = list(BoxTestBox().find(board, CTX))
    assert [(s.code, s.detail["unit"], s.detail["target_unit"]) for s in steps] == [("BT2", 22, 13)]
    assert set(steps[0].eliminations) == cands(*(f"{r}:5/4" for r in (1, 2, 3, 7, 8, 9)))
    assert list(BoxTestLine().find(board, CTX)) == []


def test_points_parameter_and_lower_bound() -> None:
    technique = BoxTestLine({"points": 1})
    assert technique.min_points == 1.0
    board = candidate_board({f"2:{c}": NO9 for c in range(4, 10)})
    assert {s.points for s in technique.find(board, CTX)} == {1}


def test_hidden_single_is_not_a_box_test() -> None:
    """One candidate left in a line is a hidden single (method E), not a box test."""
    board = candidate_board({f"2:{c}": NO9 for c in range(2, 10)})
    assert all(s.detail["unit"] != 1 for s in BoxTestLine().find(board, CTX))


@pytest.mark.parametrize("technique", [BoxTestLine(), BoxTestBox()], ids=["BT1", "BT2"])
def test_soundness(technique: BoxTestLine) -> None:
    grids = load_puzzles("top95.txt", 40) + load_puzzles("17clue_every491.txt", 30) + load_puzzles("sample1000_every3.txt", 30, 2)
    before = [] if technique.code == "BT1" else [BoxTestLine()]
    report = check_soundness(grids, before, technique)
    assert report.wrong == []
    assert report.steps > 50
