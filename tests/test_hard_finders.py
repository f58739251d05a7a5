"""The fast paths of the hard-puzzle finders agree with plain restatements of their rules.

The finders of WXYZ-wings, unique loops and chains were made faster with
bitboard tricks and tables built differently; these tests check each one
against a direct, slow reading of the same rule on positions that hard
puzzles reach (tests/data/top1465_every24.txt, captured while rating).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest

from puzzles.geometry import CELL_BIT, PEER_MASK, cells_of
from rater.run.engine import Engine
from techniques.base import Context
from techniques.board import Board
from techniques.chains import _SLOT, _Graph, _nodes_of, grow
from techniques.unique_loops import _six_cell_loops, find_loops, useful_regions
from techniques.wings import WXYZWing, _wings
from tests.conftest import read_puzzles


def _hard_positions(count: int = 5) -> list[Board]:
    """Boards at which the wings run while hard puzzles are rated (copies)."""
    boards: list[Board] = []
    original = WXYZWing.find

    def capture(self: WXYZWing, board: Board, ctx: Context) -> Iterator:
        boards.append(board.copy())
        return original(self, board, ctx)

    engine = Engine("2001")
    try:
        WXYZWing.find = capture  # type: ignore[method-assign]
        for puzzle in read_puzzles("top1465_every24.txt", count):
            engine.rate(puzzle)
    finally:
        WXYZWing.find = original  # type: ignore[method-assign]
    return boards


@pytest.fixture(scope="module")
def positions() -> list[Board]:
    return _hard_positions()


def _connected(cells: tuple[int, ...]) -> bool:
    reached = {cells[0]}
    grew = True
    while grew:
        grew = False
        for c in cells:
            if c not in reached and any(PEER_MASK[c] >> r & 1 for r in reached):
                reached.add(c)
                grew = True
    return len(reached) == len(cells)


def _wings_by_definition(board: Board) -> set[tuple[tuple[int, ...], int, int, int]]:
    """Every wing, from every four cells of 2-4 candidates inside every four-digit set."""
    cands, positions = board.cands, board.positions
    pool = [c for c in range(81) if 2 <= cands[c].bit_count() <= 4]
    wings = set()
    for digits in combinations(range(9), 4):
        union = sum(1 << d for d in digits)
        inside = [c for c in pool if not cands[c] & ~union]
        for group in combinations(inside, 4):
            if cands[group[0]] | cands[group[1]] | cands[group[2]] | cands[group[3]] != union:
                continue
            if not _connected(group):
                continue
            loose = []
            for d in range(1, 10):
                occ = [c for c in group if cands[c] >> (d - 1) & 1]
                if any(not PEER_MASK[a] >> b & 1 for a, b in combinations(occ, 2)):
                    loose.append((d, occ))
            if len(loose) != 1:
                continue
            z, occ = loose[0]
            elim = positions[z]
            for c in occ:
                elim &= PEER_MASK[c]
            if elim:
                wings.add((group, union, z, elim))
    return wings


def test_wings_match_their_definition(positions: list[Board]) -> None:
    found = 0
    for board in positions:
        pool = sum(CELL_BIT[c] for c in range(81) if 2 <= board.cands[c].bit_count() <= 4)
        fast = list(_wings(board.cands, board.positions, pool))
        assert len(fast) == len(set(fast))
        assert set(fast) == _wings_by_definition(board)
        found += len(fast)
    assert found  # the positions do hold wings


def test_wings_with_a_changed_cell_are_those_of_the_definition(positions: list[Board]) -> None:
    """The search of a board whose last search it remembers: grown from the changed cells only."""
    for board in positions[::3]:
        pool = sum(CELL_BIT[c] for c in range(81) if 2 <= board.cands[c].bit_count() <= 4)
        every = _wings_by_definition(board)
        for step in (5, 17, 40):
            changed = sum(CELL_BIT[c] for c in cells_of(pool)[::step])
            fast = list(_wings(board.cands, board.positions, pool, changed))
            assert len(fast) == len(set(fast))
            assert set(fast) == {w for w in every if any(changed >> c & 1 for c in w[0])}


def test_six_cell_loop_table_is_the_grown_one() -> None:
    full = (1 << 81) - 1
    assert _six_cell_loops() == list(find_loops(full, full, full, 6, [0] * 81))


def test_useful_regions_count_extras_cell_by_cell(positions: list[Board]) -> None:
    for board in positions:
        for x, y in combinations(range(1, 10), 2):
            pair = (1 << (x - 1)) | (1 << (y - 1))
            allowed = board.positions[x] | board.positions[y]
            extras = [m & ~pair for m in board.cands]
            pair_cells = sum(CELL_BIT[c] for c in cells_of(allowed) if not extras[c])
            if pair_cells.bit_count() >= 3:
                expected = [allowed]
            else:
                by_digit: dict[int, int] = {}
                for c in cells_of(allowed):
                    if extras[c].bit_count() == 1:
                        by_digit[extras[c]] = by_digit.get(extras[c], 0) | CELL_BIT[c]
                expected = [pair_cells | cells for _, cells in sorted(by_digit.items())
                            if (pair_cells | cells).bit_count() >= 6]
            assert useful_regions(allowed, board.positions, pair) == expected


def ball_layers(graph: _Graph) -> Iterator[list[int]]:
    """The chain search's balls per step k = 1, 2, ...: each step grown from the nodes whose ball grew in the last."""
    balls = graph.first
    changed = graph.sources
    while True:
        yield balls
        grown = grow(balls, changed, graph.into)
        changed = [n for n in range(_SLOT * 81) if grown[n] != balls[n]]
        balls = grown


def test_chain_balls_are_breadth_first_layers(positions: list[Board]) -> None:
    for board in positions[:4]:
        graph = _Graph(board)
        layers = ball_layers(graph)
        for _ in range(4):
            balls = next(layers)
        for start in range(0, _SLOT * 81, 7):
            reached = visited = 1 << start
            for _ in range(4):
                step = 0
                for n in _nodes_of(reached):  # node numbers, read as bit positions
                    step |= graph.succ[n]
                reached = step & ~visited
                visited |= step
            assert balls[start] == visited
