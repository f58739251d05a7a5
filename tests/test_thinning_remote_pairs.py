"""Remote pairs (RP) and chute remote pairs (CRP) with the seed's bonus eliminations."""

from __future__ import annotations

import pytest
from thinning_basic_support import CTX, candidate_board, cands, check_soundness, grid_of, load_puzzles, reach

from puzzles.solver import solve
from techniques.boxtest import BoxTestBox, BoxTestLine
from techniques.remote_pairs import ChuteRemotePairs, RemotePairs
from techniques.texts import explain, written
from techniques.tuples import HiddenTuple, NakedTuple

BASIC = [BoxTestLine(), BoxTestBox(), NakedTuple(), HiddenTuple()]
CRP_TEXT = "{segment_unit} hat in {line_unit} keine {absent}"


def test_remote_pair_chain_of_four() -> None:
    """27 at (1:1) - (1:5) - (4:5) - (4:8): the ends have different digits, so the
    cells seeing both ends, (1:8) and (4:1), lose 2 and 7.  The naked-pair
    eliminations of the two-cell links, e.g. (1:2), belong to method II."""
    board = candidate_board({"1:1": "27", "1:5": "27", "4:5": "27", "4:8": "27"})
    steps = list(RemotePairs().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert (step.code, step.points) == ("RP", 3)
    assert set(step.eliminations) == cands("1:8/27", "4:1/27")
    assert written(step.detail["chain"]) == "(1:1)27 - (1:5)72 - (4:5)27 - (4:8)72"
    assert step.detail["length"] == 4


def test_three_cells_are_no_remote_pair() -> None:
    board = candidate_board({"1:1": "27", "1:5": "27", "4:5": "27"})
    assert list(RemotePairs().find(board, CTX)) == []


def _seed_bonus_board(segment: str) -> object:
    """Pair 13 at (2:4) (box OM, column 4) and (8:5) (box UM, column 5); the third
    box MM has ``segment`` as the candidates of its column 6."""
    cells = {"2:4": "13", "8:5": "13"} | {f"{r}:6": segment for r in (4, 5, 6)}
    return candidate_board(cells)


def test_chute_remote_pair_with_bonus_seed_example() -> None:
    """The seed's bonus example: 1 and 3 leave (1:4) and the 3 leaves (9:5), cells that
    do not see both pair cells.  Column 6 of the middle box holds neither 1 nor 3."""
    board = _seed_bonus_board("245689")
    steps = list(ChuteRemotePairs().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert (step.code, step.points) == ("CRP", 3)
    common = cands("1:5/13", "2:5/13", "3:5/13", "7:4/13", "8:4/13", "9:4/13")
    bonus = cands("1:4/13", "3:4/13", "7:5/13", "9:5/13")
    assert set(step.eliminations) == common | bonus
    assert step.detail["bonus"] == 8  # the seed: "at most 8 extra eliminations"
    assert (step.detail["segment_unit"], step.detail["line_unit"], step.detail["absent"]) == (22, 14, (1, 3))
    assert explain(step, CRP_TEXT, "de") == "Box 2#2 (MM) hat in Spalte 6 keine 13"


def test_chute_remote_pair_one_digit_absent() -> None:
    """Only the 1 is missing from the segment: not both cells are 1, so the 3 leaves
    the cells seeing both; no bonus."""
    step = next(iter(ChuteRemotePairs().find(_seed_bonus_board("2345689"), CTX)))
    assert set(step.eliminations) == cands("1:5/3", "2:5/3", "3:5/3", "7:4/3", "8:4/3", "9:4/3")
    assert (step.detail["absent"], step.detail["removed"], step.detail["bonus"]) == ((1,), (3,), 0)


def test_placed_digit_in_segment_counts_as_present() -> None:
    cells = {"2:4": "13", "8:5": "13"} | {f"{r}:6": "245689" for r in (4, 6)}
    board = candidate_board(cells, placed={"5:6": 1})
    step = next(iter(ChuteRemotePairs().find(board, CTX)))
    assert (step.detail["absent"], step.detail["removed"]) == ((3,), (1,))
    assert set(step.eliminations) == cands("1:5/1", "2:5/1", "3:5/1", "7:4/1", "8:4/1", "9:4/1")


def test_chute_remote_pair_bonus_in_a_real_position() -> None:
    """A 17-clue puzzle where the bonus fires: pair 79 at (5:9) and (9:7), stack 3,
    box OR has no 7 or 9 in column 8; (8:7) is a bonus cell."""
    grid = grid_of("000000000000001002034000050000030001006400300700050000010000400080000000200008000")
    board, steps = reach(grid, BASIC + [RemotePairs()], ChuteRemotePairs())
    both = [s for s in steps if written(s.detail["absent"]) == "79"]
    assert len(both) == 1
    assert set(both[0].eliminations) == cands("7:9/79", "8:7/79")
    assert both[0].detail["bonus"] == 2
    solution = solve(grid)
    assert all(solution[c] != d for s in steps for c, d in s.eliminations)


@pytest.mark.parametrize("code", ["RP", "CRP"])
def test_soundness(code: str) -> None:
    grids = load_puzzles("17clue_every491.txt", 101) + load_puzzles("sample1000_every3.txt", 150, 2)
    before = BASIC + ([RemotePairs()] if code == "CRP" else [])
    report = check_soundness(grids, before, RemotePairs() if code == "RP" else ChuteRemotePairs())
    assert report.wrong == []
    assert report.steps >= 3
