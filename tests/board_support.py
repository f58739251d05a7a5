"""Filling a board with singles, for tests that need a position worth searching."""

from __future__ import annotations

from puzzles.geometry import ALL_DIGITS_MASK, CELL_BIT
from techniques.board import Board
from techniques.direct import hidden_singles


def propagate(board: Board) -> bool:
    """Apply naked and hidden singles until none is left; False on a contradiction.

    The tests' fill-in: it brings a board to a state worth searching, or, after
    a guess, to a contradiction or the end (trial & error itself works on the
    solver's bitsets, Bowman's Bingo on its own walk).
    """
    while board.empty:
        progress = False
        cands = board.cands
        for cell in range(81):
            if board.empty & CELL_BIT[cell]:
                mask = cands[cell]
                if not mask:
                    return False
                if not mask & (mask - 1):
                    board.place(cell, mask.bit_length())
                    progress = True
        values = board.values
        geo = board.rules
        for unit in geo.scan_units:
            seen = 0
            for c in unit:
                seen |= cands[c] | (1 << values[c] >> 1)
            if seen != ALL_DIGITS_MASK:
                return False
        for digit, cell, _k, _u, _missing in hidden_singles(board, geo.unit_ids):
            if board.empty & CELL_BIT[cell] and board.has(cell, digit):
                board.place(cell, digit)
                progress = True
        if not progress:
            return True
    return True
