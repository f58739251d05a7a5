"""Thinning method I, the box test (locked candidates), in both directions.

``BT1``: a digit whose candidates in a row or column all lie in one box must be
in that part of the box, so it leaves the other cells of the box (the
original's example: the 9 of row 2 lies only in box OL, so it is removed from
row 3 of OL).  ``BT2``: a digit whose candidates in a box all lie in one row or
column leaves the rest of that line.  Two codes keep the original's scan order
(rows, columns, then boxes) when the engine runs the classes one after the
other, and let a tuned technique file price the directions apart.

Points are a parameter (docs/decisions.md: 2, to be calibrated between 1 and 3).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Final

from puzzles.geometry import BOX_MASK, COL_MASK, ROW_MASK, cells_of
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Digit, Unit
from techniques.step import Step

#: For each line unit 0..17: the three (box unit, segment mask) pairs it crosses.
LINE_SEGMENTS: Final = tuple(
    tuple(
        (18 + b, line & BOX_MASK[b])
        for b in range(9)
        if line & BOX_MASK[b]
    )
    for line in ROW_MASK + COL_MASK
)
#: For each box 0..8: the (line unit, segment mask) pairs of its rows, then its columns.
BOX_SEGMENTS: Final = tuple(
    tuple((u, BOX_MASK[b] & ROW_MASK[u]) for u in range(9) if BOX_MASK[b] & ROW_MASK[u])
    + tuple((9 + u, BOX_MASK[b] & COL_MASK[u]) for u in range(9) if BOX_MASK[b] & COL_MASK[u])
    for b in range(9)
)
LINE_MASK: Final = ROW_MASK + COL_MASK


class _BoxTest(Technique):
    """Shared parameter handling of both directions."""

    group = "I"
    family = "I"
    phase = Phase.THINNING
    defaults = {"points": 2}
    fields = frozenset({"digit", "unit", "target_unit"})

    def floor(self) -> float:
        # the exact points are known up front, so they are also the lower bound
        return float(self.params["points"])

    def _step(self, code: str, digit: int, unit: int, target: int, pattern: int, elim: int) -> Step:
        return Step(
            code=code,
            points=self.params["points"],
            eliminations=tuple((c, digit) for c in cells_of(elim)),
            used=tuple((c, digit) for c in cells_of(pattern)),
            detail={"digit": Digit(digit), "unit": Unit(unit), "target_unit": Unit(target)},
        )


@register
class BoxTestLine(_BoxTest):
    """A digit of a row/column confined to one box: remove it from the rest of the box."""

    code = "BT1"

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        for unit, digit, box_unit, here, elim in _by_unit(board.positions, _line_tests):
            yield self._step(self.code, digit, unit, box_unit, here, elim)


@register
class BoxTestBox(_BoxTest):
    """A digit of a box confined to one row/column: remove it from the rest of the line."""

    code = "BT2"

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        for box_unit, digit, line_unit, here, elim in _by_unit(board.positions, _box_tests):
            yield self._step(self.code, digit, box_unit, line_unit, here, elim)


#: A box test of one digit: (its unit, the target unit, the digit's cells in the unit, the eliminations).
_Test = tuple[int, int, int, int]
#: How many digits' tests are kept (see :func:`_line_tests`).
_REMEMBERED: Final = 256


def _by_unit(positions: list[int], tests: Callable[[int], tuple[_Test, ...]]) -> list[tuple[int, int, int, int, int]]:
    """Every digit's tests as (unit, digit, target unit, cells, eliminations), in the scan order:
    by unit, then digit (a digit has at most one test per unit)."""
    found = []
    for digit in range(1, 10):
        if positions[digit]:
            for unit, target, here, elim in tests(positions[digit]):
                found.append((unit, digit, target, here, elim))
    found.sort()
    return found


@lru_cache(maxsize=_REMEMBERED)
def _line_tests(pos: int) -> tuple[_Test, ...]:
    """The rows and columns in which a digit with the places ``pos`` lies in one box, where that removes something.

    They depend on nothing but the places, and a step changes the places of
    few digits, so they are made once and kept while the engine searches
    again after each step.
    """
    found = []
    for unit in range(18):
        line = LINE_MASK[unit]
        here = pos & line
        if here & (here - 1) == 0:  # none or a single (a hidden single, not a box test)
            continue
        for box_unit, segment in LINE_SEGMENTS[unit]:
            if here & ~segment == 0:
                elim = pos & BOX_MASK[box_unit - 18] & ~line
                if elim:
                    found.append((unit, box_unit, here, elim))
                break
    return tuple(found)


@lru_cache(maxsize=_REMEMBERED)
def _box_tests(pos: int) -> tuple[_Test, ...]:
    """The boxes in which a digit with the places ``pos`` lies in one row or column, where that removes something.

    Kept like :func:`_line_tests`.
    """
    found = []
    for box in range(9):
        box_mask = BOX_MASK[box]
        here = pos & box_mask
        if here & (here - 1) == 0:
            continue
        for line_unit, segment in BOX_SEGMENTS[box]:
            if here & ~segment == 0:
                elim = pos & LINE_MASK[line_unit] & ~box_mask
                if elim:
                    found.append((18 + box, line_unit, here, elim))
                break
    return tuple(found)
