"""The shortcuts of the singles and the board give what the plain definitions give.

Hidden singles are looked up per digit bitboard, naked singles found on the
digit bitboards, a placement visits only the peers that still hold the digit,
and single steps build their evidence when first read.  Each is checked here
against the plain definition on boards met while rating puzzles of
``tests/data/sudoku_exchange_mixed_every25.txt`` and ``tests/data/17clue_every491.txt``
(every 25th / 491st line of the public collections), before and after the candidates
are written.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from puzzles.geometry import PEERS, UNIT_MASK, UNITS
from puzzles.parsing import parse_puzzle
from rater.run.engine import Engine
from techniques.board import Board
from techniques.direct import hidden_singles, naked_singles
from techniques.step import Step

DATA = Path(__file__).parent / "data" / "sudoku_exchange_mixed_every25.txt"
SEVENTEEN = Path(__file__).parent / "data" / "17clue_every491.txt"


def _boards(count: int = 6) -> list[Board]:
    """Boards of every round of a few ratings (direct phase and candidate phase)."""
    engine = Engine("2001")
    boards: list[Board] = []
    for line in DATA.read_text().split()[:count] + SEVENTEEN.read_text().split()[:count]:
        board = Board.from_grid(parse_puzzle(line))
        for step in engine.rate(line).steps:
            boards.append(board.copy())
            board.apply(step)
    return boards


BOARDS = _boards()


def test_boards_cover_both_phases():
    assert any(b.pencil for b in BOARDS) and any(not b.pencil for b in BOARDS)


@pytest.mark.parametrize("units", [range(0, 9), range(9, 18), range(18, 27)])
def test_hidden_singles_equal_the_unit_scan(units):
    for board in BOARDS:
        plain = sorted(
            (d, cell, k, u, (board.empty & UNIT_MASK[u]).bit_count())
            for k, u in enumerate(units)
            for d in range(1, 10)
            for cell in UNITS[u]
            if board.has(cell, d) and (board.positions[d] & UNIT_MASK[u]).bit_count() == 1
        )
        assert hidden_singles(board, units) == plain


def test_naked_singles_equal_the_cell_scan():
    for board in BOARDS:
        plain = [(c, board.cands[c].bit_length()) for c in range(81)
                 if board.values[c] == 0 and board.cands[c].bit_count() == 1]
        assert list(naked_singles(board)) == plain


def test_place_keeps_both_views_as_the_definition_says():
    for board in BOARDS[::7]:
        cell = next(c for c in range(81) if board.values[c] == 0 and board.cands[c])
        digit = board.cands[cell].bit_length()
        expected = [0 if c == cell else m & ~(1 << (digit - 1)) if c in PEERS[cell] else m
                    for c, m in enumerate(board.cands)]
        board.place(cell, digit)
        assert board.cands == expected
        for d in range(1, 10):
            assert board.positions[d] == sum(1 << c for c in range(81) if expected[c] >> (d - 1) & 1)


def test_deferred_step_explains_itself_once_and_pickles():
    calls = []

    def explain(cell: int, digit: int) -> tuple[tuple[tuple[int, int], ...], dict[str, object]]:
        calls.append((cell, digit))
        return ((cell, digit),), {"cell": cell, "digit": digit}

    step = Step.deferred("E1", 0, ((5, 3),), explain, 5, 3)
    assert calls == []
    assert step.detail == {"cell": 5, "digit": 3}
    assert step.used == ((5, 3),)
    assert calls == [(5, 3)]
    copy = pickle.loads(pickle.dumps(step))
    assert (copy.code, copy.points, copy.placements, copy.used, dict(copy.detail)) == \
        ("E1", 0, ((5, 3),), ((5, 3),), {"cell": 5, "digit": 3})


def test_single_steps_of_a_rating_carry_their_findings():
    rating = Engine("2001").rate(DATA.read_text().split()[0])
    codes = {s.code for s in rating.steps}
    assert codes & {"A1", "A2", "A3", "B0"}
    for s in rating.steps:
        if s.code in {"A1", "A2", "A3", "E1", "E2", "E3", "B0", "F0"}:
            assert s.detail["cell"] == s.placements[0][0] and s.detail["digit"] == s.placements[0][1]
