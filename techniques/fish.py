"""Thinning method IV, single-digit grids ("Einzelzahl-Gitter"): X-wing, swordfish, jellyfish.

If the candidates of one digit in N rows (the base) all lie in N columns (the
cover), those rows hold the digit's N copies of those columns, so it leaves
the columns' other cells; the same with rows and columns exchanged.  Points
3N for N = 2, 3, 4 (6, 9, 12).

The seed stops at 4x4 "because a larger grid always has a smaller
complementary one, as with the N-tuples": with the digit still open in k rows
(and so in k columns), a row grid of N is the same elimination as the column
grid of k - N on the other rows and columns.  As with the tuples the smaller
(cheaper) view is the one reported: a grid whose complement is smaller is
skipped, and of two equal views only the row one is kept.

A grid of a digit reads that digit's places alone, so the search remembers
where it last found nothing (:mod:`techniques.recheck`) and then searches only
the digits that found something or whose places changed.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import Final

from puzzles.geometry import DIGIT_COUNT, UNIT_MASK, cells_of, transposed
from techniques.base import Context, Phase, register
from techniques.board import Board
from techniques.findings import Digit, Digits, Items, Units
from techniques.points import linear_floor
from techniques.recheck import Rechecking
from techniques.step import Step

SIZES: Final = (2, 3, 4)
ROWS, COLUMNS = 0, 1


#: :data:`~puzzles.geometry.DIGIT_COUNT` (the bits of every 9-bit mask) and ``UNIT_MASK`` (rows 0-8,
#: columns 9-17): C arrays on the compiled path (``fish.pxd``).
_BIT_COUNT: Final = DIGIT_COUNT
_UNIT_MASK: Final = UNIT_MASK


def _line_bits(pos: int) -> tuple[list[int], list[int]]:
    """Per row the 9-bit mask of the columns holding the digit, and per column of the rows."""
    by_row = []
    for r in range(9):
        by_row.append(pos >> (9 * r) & 0x1FF)
    return by_row, transposed(by_row)


def _grids(lines: list[int], n: int) -> list[tuple[int, int]]:
    """Sets of ``n`` lines whose masks together cover exactly ``n`` cross lines.

    Returns (base lines mask, cover mask) in lexicographic order of the base.
    Lines without the digit (it is placed there) cannot be part of a base.
    """
    usable = []
    for i in range(9):
        m = lines[i]
        if m and _BIT_COUNT[m] <= n:
            usable.append((i, m))
    out: list[tuple[int, int]] = []
    _grow_grids(usable, n, out, 0, 0, 0, 0)
    return out


def _grow_grids(usable: list[tuple[int, int]], n: int, out: list[tuple[int, int]],
                start: int, base: int, cover: int, size: int) -> None:
    """Add to ``out`` the grids that extend ``base`` (``size`` lines covering ``cover``) by lines from
    ``usable[start:]``.  A function of the module, not a closure: a closure that calls itself is a
    reference cycle, left for the garbage collector after every search."""
    size += 1
    for j in range(start, len(usable)):
        i, m = usable[j]
        u = cover | m
        if _BIT_COUNT[u] > n:
            continue
        if size == n:
            if _BIT_COUNT[u] == n:
                out.append((base | 1 << i, u))
        else:
            _grow_grids(usable, n, out, j + 1, base | 1 << i, u, size)


def _mask_of(lines: int, first_unit: int) -> int:
    """The cells of a 9-bit line mask: rows (``first_unit`` 0) or columns (9)."""
    out = 0
    for i in range(9):
        if lines >> i & 1:
            out |= _UNIT_MASK[first_unit + i]
    return out


@lru_cache(maxsize=256)
def _digit_grids(pos: int, n: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """The grids of size ``n`` of a digit with the places ``pos`` that remove something.

    (orientation, base lines, cover lines, the grid's cells, the cells the
    digit leaves), rows first.  They depend on nothing but the places, and a
    step changes the places of few digits, so they are made once and kept
    while the engine searches again after each step.
    """
    return _grids_removing(pos, n)


def _grids_removing(pos: int, n: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """:func:`_digit_grids`, made afresh: on the compiled path (``fish.pxd``) the line masks are C
    integers and the bitboards 128-bit C integers."""
    by_row, by_col = _line_bits(pos)
    open_lines = 0
    for r in range(9):
        if by_row[r]:
            open_lines += 1
    if open_lines - n < n:
        return ()  # the complementary grid is smaller and counts instead
    found = []
    for orientation in (ROWS, COLUMNS):
        if orientation == COLUMNS and open_lines - n == n:
            continue  # equal to a row grid, reported there
        lines, base_first, cover_first = (by_row, 0, 9) if orientation == ROWS else (by_col, 9, 0)
        for base, cover in _grids(lines, n):
            base_cells = _mask_of(base, base_first)
            elim = pos & _mask_of(cover, cover_first) & ~base_cells
            if elim:
                found.append((orientation, base, cover, pos & base_cells, elim))
    return tuple(found)


def _units(lines: int, first_unit: int) -> Units:
    """The units of a 9-bit line mask: rows (``first_unit`` 0) or columns (9)."""
    return Units(first_unit + i for i in range(9) if lines >> i & 1)


@register
class SingleDigitGrid(Rechecking):
    """N x N single-digit grids (N = 2, 3, 4) with rows or columns as the base."""

    code = "SG"
    measure = "n"
    group = "IV"
    family = "IV"
    sync_level = 4
    formula = "{points_per_line} x N (N x N grid)"
    phase = Phase.THINNING
    defaults = {"points_per_line": 3}
    fields = frozenset({"n", "digit", "rests", "base", "cover"})

    def points(self, n: int) -> float:
        """Points per base line, times the N lines of the grid."""
        points: float = self.params["points_per_line"] * n
        return points

    def floor(self) -> float:
        return linear_floor(0, self.params["points_per_line"], SIZES[0], SIZES[-1])

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Sizes 2, 3, 4; within a size digits 1-9; within a digit rows, then columns.

        Only the digits that found something last time or whose places changed since.
        """
        digits = self.recheck.changed_digits(board) | self.recheck.again
        if not digits:
            return
        positions = board.positions
        fruitful = 0
        for n in SIZES:
            for digit in range(1, 10):
                if digits >> (digit - 1) & 1 and positions[digit]:
                    for orientation, base, cover, pattern, elim in _digit_grids(positions[digit], n):
                        fruitful |= 1 << (digit - 1)
                        yield self._step(board, digit, n, orientation, base, cover, pattern, elim)
        self.recheck.done_except(board, fruitful)

    def _step(
        self, board: Board, digit: int, n: int, orientation: int, base: int, cover: int, pattern: int, elim: int
    ) -> Step:
        base_first, cover_first = (0, 9) if orientation == ROWS else (9, 0)
        return Step(
            code=self.code,
            points=self.points(n),
            eliminations=tuple((c, digit) for c in cells_of(elim)),
            used=tuple((c, digit) for c in cells_of(pattern)),
            detail={
                "n": n,
                "digit": Digit(digit),
                "rests": Items(Digits.of_mask(board.cands[c]) for c in cells_of(pattern)),
                "base": _units(base, base_first),
                "cover": _units(cover, cover_first),
            },
        )
