"""The point bands of the singles, on hand-made boards that sit on every band boundary.

The expected points come from the original's rating lines (quoted in docs/decisions.md,
"Point bands of the singles"), written out here independently of ``techniques/points.py``:

* A1/A2: 0-2 points for 1-2, 3-4, 5-19 numbers still missing in the row/column;
  A3: 0-1 points for 1-6, 7-19 missing in the box.
* B0: 2-0 points for 1-9, 10-15, 16-20 visible numbers (filled peers of the cell).
* E1/E2/E3: 0-1 points for 1-4, 5-19 (we count the empty cells of the unit).
* F0: 0 points for the last possibility (last empty cell of one of its units), else 0-1 points
  for 1-4, 5-19 (we count the empty cells among its 20 peers).

Every board is cut from one valid solution grid, so the single is always the solution's digit.
"""

from __future__ import annotations

import pytest

from puzzles.geometry import PEERS, UNITS
from techniques.base import Context
from techniques.board import Board
from techniques.direct import HiddenSingleBox, HiddenSingleColumn, HiddenSingleRow, NakedSingle
from techniques.singles import (
    CandidateHiddenSingleBox,
    CandidateHiddenSingleColumn,
    CandidateHiddenSingleRow,
    CandidateNakedSingle,
)

CTX = Context()
ALL = (1 << 9) - 1
TARGET = 0  # cell (1:1); the solution grid holds a 1 there

#: A valid solution grid: row r is the row 1-9 shifted by 3 * (r % 3) + r // 3.
SOLUTION = tuple((3 * (r % 3) + r // 3 + c) % 9 + 1 for r in range(9) for c in range(9))
ROW, COLUMN, BOX = UNITS[0], UNITS[9], UNITS[18]  # the three units of the target cell
ONES = tuple(c for c in range(81) if SOLUTION[c] == 1 and c != TARGET)  # the other eight 1s

# The seed's tables as (lowest count, highest count, points).
SEED_LINE = ((1, 2, 0), (3, 4, 1), (5, 19, 2))
SEED_BOX = ((1, 6, 0), (7, 19, 1))
SEED_VISIBLE = ((1, 9, 2), (10, 15, 1), (16, 20, 0))
SEED_CANDIDATES = ((1, 4, 0), (5, 19, 1))


def seed_points(count: int, table: tuple[tuple[int, int, int], ...]) -> int:
    """The points a seed table gives for ``count``."""
    (points,) = [p for low, high, p in table if low <= count <= high]
    return points


def unit_with_gaps(unit: tuple[int, ...], empty: int) -> list[int]:
    """The solution's digits in ``unit``, with its first ``empty`` cells (the target first) empty."""
    assert unit[0] == TARGET
    grid = [0] * 81
    for cell in unit[empty:]:
        grid[cell] = SOLUTION[cell]
    return grid


def pen_board(unit: tuple[int, ...], empty: int) -> Board:
    """A direct-phase board where 1 has one place left in ``unit``: the target.

    Besides the unit's filled cells only the other eight 1s of the solution are
    placed; they take 1 from every other cell of the unit.
    """
    grid = unit_with_gaps(unit, empty)
    for cell in ONES:
        grid[cell] = 1
    return Board.from_grid(grid)


def pencil_board(unit: tuple[int, ...], empty: int) -> Board:
    """A candidate-phase board where 1 is a candidate of ``unit`` only in the target."""
    grid = unit_with_gaps(unit, empty)
    masks = [ALL & ~1 if cell in unit[1:] else ALL for cell in range(81)]
    return Board.from_candidates(grid, masks)


def points_at_target(technique, board: Board) -> int:
    """The points ``technique`` gives for placing 1 in the target cell."""
    (step,) = [s for s in technique.find(board, CTX) if s.placements == ((TARGET, 1),)]
    return step.points


@pytest.mark.parametrize("missing", range(1, 10))
@pytest.mark.parametrize(
    ("technique", "unit", "table"),
    [(HiddenSingleRow(), ROW, SEED_LINE), (HiddenSingleColumn(), COLUMN, SEED_LINE), (HiddenSingleBox(), BOX, SEED_BOX)],
    ids=["A1", "A2", "A3"],
)
def test_hidden_single_by_missing_numbers(technique, unit, table, missing: int) -> None:
    board = pen_board(unit, missing)
    assert points_at_target(technique, board) == seed_points(missing, table)


def test_a_bands_at_their_boundaries() -> None:
    """The boundaries spelled out: A1/A2 step up after 2 and 4 missing numbers, A3 after 6."""
    row = [points_at_target(HiddenSingleRow(), pen_board(ROW, m)) for m in (2, 3, 4, 5)]
    box = [points_at_target(HiddenSingleBox(), pen_board(BOX, m)) for m in (6, 7)]
    assert row == [0, 1, 1, 2]
    assert box == [0, 1]


# B0: the target's 20 peers filled in this order: its row, then its column, then the rest of its box.
# The row alone shows the eight other digits, so a naked single needs at least 8 visible numbers.
PEER_ORDER = tuple(ROW[1:]) + tuple(COLUMN[1:]) + tuple(c for c in BOX if c not in ROW and c not in COLUMN)


@pytest.mark.parametrize("visible", [8, 9, 10, 12, 15, 16, 18, 20])
def test_naked_single_by_visible_numbers(visible: int) -> None:
    assert sorted(PEER_ORDER) == sorted(PEERS[TARGET])
    grid = [0] * 81
    for cell in PEER_ORDER[:visible]:
        grid[cell] = SOLUTION[cell]
    board = Board.from_grid(grid)
    assert points_at_target(NakedSingle(), board) == seed_points(visible, SEED_VISIBLE)


def test_b0_band_at_its_boundaries() -> None:
    def points(visible: int) -> int:
        grid = [SOLUTION[c] if c in PEER_ORDER[:visible] else 0 for c in range(81)]
        return points_at_target(NakedSingle(), Board.from_grid(grid))

    assert [points(v) for v in (9, 10, 15, 16)] == [2, 1, 1, 0]


@pytest.mark.parametrize("empty", range(1, 10))
@pytest.mark.parametrize(
    ("technique", "unit"),
    [(CandidateHiddenSingleRow(), ROW), (CandidateHiddenSingleColumn(), COLUMN), (CandidateHiddenSingleBox(), BOX)],
    ids=["E1", "E2", "E3"],
)
def test_candidate_hidden_single_by_empty_cells(technique, unit, empty: int) -> None:
    board = pencil_board(unit, empty)
    assert points_at_target(technique, board) == seed_points(empty, SEED_CANDIDATES)


def test_e_band_at_its_boundary() -> None:
    assert [points_at_target(CandidateHiddenSingleBox(), pencil_board(BOX, e)) for e in (4, 5)] == [0, 1]


def f0_board(open_peers: tuple[int, ...]) -> Board:
    """The target with 1 as its only candidate; of its peers only ``open_peers`` are empty.

    Every other cell of the grid is filled from the solution, so the open peers
    are the only empty cells besides the target.
    """
    grid = [0 if cell == TARGET or cell in open_peers else SOLUTION[cell] for cell in range(81)]
    masks = [1 if cell == TARGET else ALL for cell in range(81)]
    return Board.from_candidates(grid, masks)


# Open peers that leave the target's row, column and box each with another empty cell:
# (1:2) shares the row and the box, (2:1) the column and the box; the rest spread over all three.
NOT_LAST = (1, 9, 2, 18, 10, 3, 27, 11, 4, 36, 19, 5)


@pytest.mark.parametrize("count", range(2, len(NOT_LAST) + 1))
def test_f0_only_possibility_by_open_peers(count: int) -> None:
    board = f0_board(NOT_LAST[:count])
    assert points_at_target(CandidateNakedSingle(), board) == seed_points(count, SEED_CANDIDATES)


def test_f0_band_at_its_boundary() -> None:
    assert [points_at_target(CandidateNakedSingle(), f0_board(NOT_LAST[:n])) for n in (4, 5)] == [0, 1]


@pytest.mark.parametrize(
    "open_peers",
    [
        tuple(c for c in PEERS[TARGET] if c not in ROW),  # last empty cell of its row, 12 open peers
        tuple(c for c in PEERS[TARGET] if c not in COLUMN),  # last of its column
        tuple(c for c in PEERS[TARGET] if c not in BOX),  # last of its box, 12 open peers
    ],
    ids=["row", "column", "box"],
)
def test_f0_last_possibility_scores_zero_however_open_the_peers(open_peers: tuple[int, ...]) -> None:
    assert len(open_peers) >= 5  # the only-possibility band would give 1
    assert points_at_target(CandidateNakedSingle(), f0_board(open_peers)) == 0
