"""Thinning method II, N-tuples: naked NT (3N - 4) and hidden HT (3M + 2), the cheaper view counts."""

from __future__ import annotations

from itertools import combinations

import pytest
from thinning_basic_support import CTX, candidate_board, cands, check_soundness, load_puzzles, pencil_board, settle

from puzzles.geometry import UNIT_MASK, UNITS
from techniques.board import Board
from techniques.boxtest import BoxTestBox, BoxTestLine
from techniques.texts import explain, written
from techniques.tuples import HiddenTuple, NakedTuple, hidden_points, naked_points

NT_TEXT = "{n}-Tupel {digits} ({rests}) in {cells} in {unit}{also}: {digits} gestrichen{other}"


def test_point_formulas() -> None:
    assert [naked_points(n) for n in range(2, 8)] == [2, 5, 8, 11, 14, 17]
    assert [hidden_points(m) for m in (2, 3)] == [8, 11]


def test_seed_triple_in_box_and_column_is_one_step() -> None:
    """The seed's triple 235 (235, 23, 25) in box OM "and in the 5th column"."""
    board = candidate_board({"1:5": "235", "2:5": "23", "3:5": "25"})
    steps = list(NakedTuple().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert (step.code, step.points, step.detail["n"], step.detail["unit"]) == ("NT", 5, 3, 13)
    others = [f"{r}:{c}" for r in (1, 2, 3) for c in (4, 6)] + [f"{r}:5" for r in range(4, 10)]
    assert set(step.eliminations) == cands(*(f"{o}/235" for o in others))
    assert explain(step, NT_TEXT, "de") == (
        "3-Tupel 235 (235, 23, 25) in (1:5), (2:5), (3:5) in Spalte 5 (und Box 1#2 (OM)): 235 gestrichen"
    )
    assert list(HiddenTuple().find(board, CTX)) == []


def test_seed_quadruple_in_row() -> None:
    """The seed's 4-tuple 3568 (3568, 3568, 568, 368) in row 3."""
    board = candidate_board({"3:1": "3568", "3:2": "3568", "3:3": "568", "3:4": "368"})
    steps = list(NakedTuple().find(board, CTX))
    assert [(s.detail["n"], s.points, s.detail["unit"]) for s in steps] == [(4, 8, 2)]
    assert set(steps[0].eliminations) == cands(*(f"3:{c}/3568" for c in range(5, 10)))


def test_seed_hidden_triple_beats_naked_sextuple() -> None:
    """The seed's hidden 3-tuple 349 in row 1 (34789, 3489, 23689), 11 points, instead of
    the naked 6-tuple 125678 (58, 5678, 167, 158, 28, 268) worth 14."""
    rests = ["34789", "3489", "58", "5678", "167", "158", "28", "268", "23689"]
    board = candidate_board({f"1:{c}": rest for c, rest in enumerate(rests, 1)})
    hidden = [s for s in HiddenTuple().find(board, CTX) if s.detail["unit"] == 0]
    assert len(hidden) == 1
    step = hidden[0]
    assert (step.code, step.points, step.detail["m"], step.detail["digits"]) == ("HT", 11, 3, (3, 4, 9))
    assert set(step.eliminations) == cands("1:1/78", "1:2/8", "1:9/268")
    assert written(step.detail["removed"]) == "2678"
    assert "6-tuple 125678 (58, 5678, 167, 158, 28, 268), 14 points" in written(step.detail["other"])
    assert not [s for s in NakedTuple().find(board, CTX) if s.detail["unit"] == 0 and s.detail["n"] == 6]


def test_tie_goes_to_the_naked_tuple() -> None:
    """Naked 4-tuple (8) against its hidden pair (8): counted once, as the naked tuple."""
    board = candidate_board(
        {"1:1": "12", "1:2": "23", "1:3": "34", "1:4": "14", "1:5": "123456", "1:6": "123456"},
        placed={"1:7": 7, "1:8": 8, "1:9": 9},
    )
    naked = [s for s in NakedTuple().find(board, CTX) if s.detail["unit"] == 0]
    assert [(s.detail["n"], s.points) for s in naked] == [(4, 8)]
    assert set(naked[0].eliminations) == cands("1:5/1234", "1:6/1234")
    assert "hidden 2-tuple 56 would cost 8" in written(naked[0].detail["other"])
    assert not [s for s in HiddenTuple().find(board, CTX) if s.detail["unit"] == 0]


def test_cheaper_hidden_pair_replaces_naked_quintuple() -> None:
    board = candidate_board(
        {"1:1": "12", "1:2": "23", "1:3": "34", "1:4": "45", "1:5": "15", "1:6": "1234567", "1:7": "1234567"},
        placed={"1:8": 8, "1:9": 9},
    )
    hidden = list(HiddenTuple().find(board, CTX))
    assert [(s.detail["m"], s.detail["digits"], s.points, s.detail["unit"]) for s in hidden] == [(2, (6, 7), 8, 0)]
    assert set(hidden[0].eliminations) == cands("1:6/12345", "1:7/12345")
    assert not [s for s in NakedTuple().find(board, CTX) if s.detail["unit"] == 0]


def _reference(board: Board) -> set[tuple[int, int]]:
    """Every elimination of every locked set of 2..7 cells, by brute force over all subsets."""
    out = set()
    for unit in UNITS:
        cells = [c for c in unit if board.cands[c]]
        for n in range(2, min(7, len(cells) - 1) + 1):
            for subset in combinations(cells, n):
                union = 0
                for c in subset:
                    union |= board.cands[c]
                if union.bit_count() != n:
                    continue
                for other in range(27):
                    if all(UNIT_MASK[other] >> c & 1 for c in subset):
                        for c in UNITS[other]:
                            if c not in subset:
                                out |= {(c, d) for d in range(1, 10) if union >> (d - 1) & 1 & board.cands[c] >> (d - 1)}
    return out


def test_naked_and_hidden_together_find_every_locked_set() -> None:
    grids = load_puzzles("top95.txt", 12)
    technique = [BoxTestLine(), BoxTestBox(), NakedTuple(), HiddenTuple()]
    checked = 0
    for grid in grids:
        board = pencil_board(grid)
        for _ in range(6):
            settle(board)
            if board.solved:
                break
            found = set()
            for t in technique[2:]:
                for s in t.find(board, CTX):
                    found |= set(s.eliminations)
            assert found == _reference(board)
            checked += 1
            step = next((s for t in technique for s in t.find(board, CTX)), None)
            if step is None:
                break
            board.eliminate_all(step.eliminations)
    assert checked > 20


@pytest.mark.parametrize("code", ["NT", "HT"])
def test_soundness(code: str) -> None:
    grids = load_puzzles("top95.txt", 40) + load_puzzles("17clue_every491.txt", 30) + load_puzzles("sample1000_every3.txt", 30, 2)
    # HT runs before NT here: hidden tuples that count are rare once NT has run
    report = check_soundness(grids, [BoxTestLine(), BoxTestBox()], NakedTuple() if code == "NT" else HiddenTuple())
    assert report.wrong == []
    assert report.steps > 50
