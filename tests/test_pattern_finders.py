"""The remembered results and bitboard forms of the pattern finders agree with plain searches.

Box tests, tuples, grids and single-digit chains keep their per-unit or
per-digit results across positions, the unique loops refute on bitboards and
test the quasi-loop shapes of all digit pairs at once.  Each is checked here
against a direct, slow reading of the same rule on positions that hard
puzzles reach (tests/data/top1465_every24.txt, captured while rating).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from unittest.mock import patch

import pytest

from puzzles.geometry import BOX_MASK, COL_MASK, ROW_MASK, UNITS
from rater.run.engine import Engine
from techniques.base import Context
from techniques.board import Board
from techniques.boxtest import BoxTestBox, BoxTestLine, _box_tests, _line_tests
from techniques.fish import SingleDigitGrid, _digit_grids
from techniques.single_digit_chains import (
    SingleDigitChain,
    SingleDigitContradictionChain,
    _digit_chains,
    digit_links,
)
from techniques.tuples import _hidden_sets, _locked_sets, unit_locked_sets
from techniques.unique_loops import (
    _O,
    _X,
    _Y,
    _matching_shapes,
    _refuted,
    _shapes_off,
    _six_cell_shapes,
    useful_regions,
)
from techniques.uniqueness import effective_masks
from tests.conftest import read_puzzles


def _positions(count: int = 4) -> list[Board]:
    """Every board with candidates at which the box test runs while hard puzzles are rated (copies)."""
    boards: list[Board] = []
    look = BoxTestLine.find
    engine = Engine("2001")
    def spy(self: BoxTestLine, board: Board, ctx: Context) -> Iterator:
        boards.append(board.copy())
        return look(self, board, ctx)

    # a plain function, not autospec: a compiled method is no Python function to take a spec from
    with patch.object(BoxTestLine, "find", spy):
        for puzzle in read_puzzles("top1465_every24.txt", count):
            engine.rate(puzzle)
    return [b for b in boards if b.pencil]


@pytest.fixture(scope="module")
def positions() -> list[Board]:
    return _positions()


def _forget() -> None:
    for remembered in (_line_tests, _box_tests, _locked_sets, _hidden_sets, _digit_grids, _digit_chains, digit_links):
        remembered.cache_clear()


def _digest(steps: Iterator) -> list[tuple]:
    return [(s.code, s.points, s.eliminations, s.used, sorted((k, str(v)) for k, v in s.detail.items())) for s in steps]


def test_remembered_steps_equal_fresh_ones(positions: list[Board]) -> None:
    """Each finder gives the same steps whether its kept results come from earlier positions or not."""
    techniques = [BoxTestLine(), BoxTestBox(), SingleDigitGrid(), SingleDigitChain(), SingleDigitContradictionChain()]
    found = 0
    for board in positions:
        ctx = Context(cd_level=2).at_new_position()
        warm = [_digest(t.find(board, ctx)) for t in techniques]
        _forget()
        cold = [_digest(t.find(board, ctx)) for t in techniques]
        assert warm == cold
        found += sum(map(len, warm))
    assert found


def _box_tests_by_definition(board: Board) -> list[tuple[int, int, int]]:
    """(unit, digit, target unit) of every box test, rows, columns, then boxes."""
    out = []
    lines = ROW_MASK + COL_MASK
    for unit in range(18):
        for digit in range(1, 10):
            here = board.positions[digit] & lines[unit]
            boxes = [b for b in range(9) if here & BOX_MASK[b]]
            if here.bit_count() >= 2 and len(boxes) == 1 and board.positions[digit] & BOX_MASK[boxes[0]] & ~lines[unit]:
                out.append((unit, digit, 18 + boxes[0]))
    for box in range(9):
        for digit in range(1, 10):
            here = board.positions[digit] & BOX_MASK[box]
            for unit in range(18):
                if here.bit_count() >= 2 and not here & ~lines[unit] and board.positions[digit] & lines[unit] & ~BOX_MASK[box]:
                    out.append((18 + box, digit, unit))
                    break
    return out


def test_box_tests_match_their_definition(positions: list[Board]) -> None:
    ctx = Context(cd_level=2)
    found = 0
    for board in positions:
        steps = [s for t in (BoxTestLine(), BoxTestBox()) for s in t.find(board, ctx)]
        got = [(int(s.detail["unit"]), int(s.detail["digit"]), int(s.detail["target_unit"])) for s in steps]  # type: ignore[call-overload]
        assert got == _box_tests_by_definition(board)
        found += len(got)
    assert found


def _locked_sets_by_definition(board: Board, unit: int) -> list[tuple[int, int]]:
    """Every set of 2..min(7, K-1) open cells of the unit with as many digits as cells."""
    cells = [c for c in UNITS[unit] if board.cands[c]]
    out = []
    for size in range(2, min(7, len(cells) - 1) + 1):
        for group in combinations(cells, size):
            union = 0
            for c in group:
                union |= board.cands[c]
            if union.bit_count() == size:
                out.append((sum(1 << c for c in group), union))
    return out


def test_locked_sets_match_their_definition(positions: list[Board]) -> None:
    found = 0
    for board in positions[::3]:
        for unit in range(27):
            _locked_sets.cache_clear()
            fresh = unit_locked_sets(board, unit)
            assert list(fresh) == _locked_sets_by_definition(board, unit)
            assert unit_locked_sets(board, unit) == fresh  # and the kept answer
            found += len(fresh)
    assert found


def _refuted_by_lists(n: int, nbrs: list[int], extra: int, links: list[tuple[bool, int, int]], cell: int, value: int) -> bool:
    """The refutation propagation cell by cell (the form it had before the bitboards)."""
    poss = [_X | _Y | (_O if extra >> i & 1 else 0) for i in range(n)]
    poss[cell] &= value
    changed = True
    while changed:
        changed = False
        for i in range(n):
            p = poss[i]
            if not p:
                return True
            if p in (_X, _Y):
                for j in range(n):
                    if nbrs[i] >> j & 1 and poss[j] & p:
                        poss[j] &= ~p
                        changed = True
        for is_x, lacking, forced in links:
            hb = _X if is_x else _Y
            a, b = lacking.bit_length() - 1, forced.bit_length() - 1
            if not poss[a] & hb and poss[b] & ~hb:
                poss[b] &= hb
                changed = True
    return all(not p & _O for p in poss) or any(not p for p in poss)


def test_refutation_on_bitboards_matches_the_cell_by_cell_one() -> None:
    rng = random.Random(7)
    refuted = 0
    for _ in range(3000):
        n = rng.choice((4, 6, 8))
        nbrs = [0] * n
        for i, j in combinations(range(n), 2):
            if rng.random() < 0.35:
                nbrs[i] |= 1 << j
                nbrs[j] |= 1 << i
        extra = rng.getrandbits(n)
        links = []
        for _ in range(rng.randint(0, 3)):
            i, j = rng.sample(range(n), 2)
            is_x = rng.random() < 0.5
            links += [(is_x, 1 << i, 1 << j), (is_x, 1 << j, 1 << i)]
        cell, value = rng.randrange(n), rng.choice((_X, _Y, _O))
        expected = _refuted_by_lists(n, nbrs, extra, links, cell, value)
        assert _refuted(n, nbrs, extra, links, cell, value) == expected
        refuted += expected
    assert 0 < refuted < 3000


def test_quasi_loop_shapes_match_their_definition(positions: list[Board]) -> None:
    """The one vector test per position keeps exactly the shapes the rule asks for, per region."""
    shapes = _six_cell_shapes()
    found = 0
    for board in positions[::2]:
        eff = effective_masks(board)
        holders = [0] * 10
        for c in range(81):
            for d in range(1, 10):
                if eff[c] >> (d - 1) & 1:
                    holders[d] |= 1 << c
        regions, pairs = [], []
        for x, y in combinations(range(1, 10), 2):
            pair = (1 << (x - 1)) | (1 << (y - 1))
            for region in useful_regions((holders[x] | holders[y]) & ~board.givens, holders, pair):
                regions.append(region)
                pairs.append(pair)
        if not regions:
            continue
        expected = []
        for j, (region, pair) in enumerate(zip(regions, pairs)):
            for k, (cells, colours) in enumerate(shapes.loops):
                if any(not region >> c & 1 for c in cells) or not any(board.empty >> c & 1 for c in cells):
                    continue
                classes = [[c for c, col in zip(cells, colours) if col == colour] for colour in (0, 1)]
                if all(any(all(eff[c] & bit for c in cls) for cls in classes) for bit in (pair & -pair, pair & (pair - 1))):
                    expected.append((j, k))
        got = _matching_shapes(_shapes_off(board.givens), regions, pairs, eff, board.empty)
        assert got == expected
        found += len(got)
    assert found
