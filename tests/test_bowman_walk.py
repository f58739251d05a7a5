"""Bowman's Bingo's fast search gives the plain search's bingo, step count and walk.

The technique checks only the units a placement changed and passes over the
candidates a consistent walk has already placed.  Here the plain search is
restated without either shortcut (every candidate walked, every unit of the
placed digit swept after each placement) and both are run on the seed's
example positions, on randomly thinned copies of them (with singles, empty
cells and digits without a place among them, which the shortcuts must also
get right) and under the variants' extra units.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from test_bowman import EX49, EX50, EX51
from thinning_chain_support import CTX, board_from_text

from puzzles.rules import VARIANTS, Rules
from techniques.board import Board
from techniques.bowman import BowmansBingo

Bingo = tuple[int, int, int, list[tuple[int, int]]]


def plain_walk(board: Board, cell: int, digit: int, limit: int) -> tuple[int | None, list[tuple[int, int]]]:
    """Steps to a contradiction (None if none within ``limit``) and the placements."""
    rules = board.rules
    cands = board.cands[:]
    positions = board.positions[:]
    placed = [0] * 10
    for c in range(81):
        if board.values[c]:
            placed[board.values[c]] |= 1 << c
    queue: deque[tuple[int, int]] = deque()
    order: list[tuple[int, int]] = []

    def place(cell: int, digit: int) -> bool:
        mask = cands[cell]
        cands[cell] = 0
        placed[digit] |= 1 << cell
        order.append((cell, digit))
        for d in range(1, 10):
            if mask >> (d - 1) & 1:
                positions[d] &= ~(1 << cell)
        for p in range(81):
            if rules.peer_mask[cell] >> p & 1 and positions[digit] >> p & 1:
                positions[digit] &= ~(1 << p)
                cands[p] &= ~(1 << (digit - 1))
                if not cands[p]:
                    return False
                if cands[p].bit_count() == 1:
                    queue.append((p, cands[p].bit_length()))
        for u_mask in rules.scan_unit_mask:
            if not placed[digit] & u_mask:
                where = positions[digit] & u_mask
                if not where:
                    return False
                if where.bit_count() == 1:
                    queue.append((where.bit_length() - 1, digit))
        for d in range(1, 10):
            if d != digit and mask >> (d - 1) & 1:
                for u in rules.cell_units[cell]:
                    if not placed[d] & rules.unit_mask[u]:
                        where = positions[d] & rules.unit_mask[u]
                        if not where:
                            return False
                        if where.bit_count() == 1:
                            queue.append((where.bit_length() - 1, d))
        return True

    if not place(cell, digit):
        return 0, order
    steps = 0
    while queue:
        c, d = queue.popleft()
        if cands[c] >> (d - 1) & 1:
            steps += 1
            if steps > limit:
                return None, order
            if not place(c, d):
                return steps, order
    return None, order


def plain_bingo(board: Board, limit: int = 28) -> Bingo | None:
    """The first bingo: cells with 3-5 candidates, then the rest with 2-4, each in scan order."""
    tried: set[int] = set()
    for low, high in ((3, 5), (2, 4)):
        cells = [c for c in range(81) if board.empty >> c & 1 and low <= board.cands[c].bit_count() <= high
                 and c not in tried]
        tried.update(cells)
        for c in cells:
            for d in range(1, 10):
                if board.cands[c] >> (d - 1) & 1:
                    steps, order = plain_walk(board, c, d, limit)
                    if steps is not None:
                        return c, d, steps, order[1:]
    return None


def fast_bingo(board: Board, limit: int = 28) -> Bingo | None:
    steps = list(BowmansBingo({"max_steps": limit}).find(board, CTX))
    if not steps:
        return None
    (step,) = steps
    ((c, d),) = step.eliminations
    walk = [(int(a.cell), int(a.digits[0])) for a in step.detail["walk"]]
    return c, d, step.detail["steps"], walk


def thinned(board: Board, rng: random.Random, removals: int) -> Board:
    copy = board.copy()
    options = [(c, d) for c in range(81) for d in range(1, 10) if copy.has(c, d)]
    for c, d in rng.sample(options, removals):
        copy.eliminate(c, d)
    return copy


def under(board: Board, rules: Rules) -> Board:
    return Board.from_candidates(board.values, board.cands, rules)


@pytest.mark.parametrize("text", [EX49, EX50, EX51], ids=["49", "50", "51"])
def test_fast_search_is_the_plain_search(text: str) -> None:
    rng = random.Random(2001)
    board = board_from_text(text)
    boards = [under(board, rules) for rules in VARIANTS]
    boards += [thinned(board, rng, k) for k in (1, 2, 3, 5, 8, 13, 20) for _ in range(3)]
    for limit in (28, 9, 2):
        for b in boards:
            assert fast_bingo(b, limit) == plain_bingo(b, limit)
