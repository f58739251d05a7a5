"""Thinning method I, the box test (locked candidates), in both directions.

``BT1``: a digit whose candidates in a row or column all lie in one box must be
in that part of the box, so it leaves the other cells of the box (the
original's example: the 9 of row 2 lies only in box OL, so it is removed from
row 3 of OL).  ``BT2``: a digit whose candidates in a box all lie in one row or
column leaves the rest of that line.  Two codes keep the original's scan order
(rows, columns, then boxes) when the engine runs the classes one after the
other, and let a tuned technique file price the directions apart.

Points are a parameter, 2: the seed's value is lost, so it is measured on the
examples (docs/decisions.md, "Readings measured" (j)).

A box test of a digit reads that digit's places alone, so each direction
remembers where it last found nothing (:mod:`techniques.recheck`) and then
searches only the digits that found something or whose places changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Final

from puzzles import geometry
from puzzles.geometry import cells_of
from techniques.base import Context, Phase, register
from techniques.board import Board
from techniques.findings import Digit, Unit
from techniques.recheck import Rechecking
from techniques.step import Step, deferred_step

#: The cells of each unit 0..26 (:data:`puzzles.geometry.UNIT_MASK`) under this module's own name:
#: the compiled path holds them in a C array of 128-bit integers (``boxtest.pxd``).
UNIT_MASK: Final = geometry.UNIT_MASK
#: :data:`~puzzles.geometry.CELL_OF_BIT_MOD_83`, ``ROW_OF``, ``COL_OF`` and ``BOX_OF``: C arrays on
#: the compiled path (``boxtest.pxd``).
_CELL_OF_BIT_MOD_83: Final = geometry.CELL_OF_BIT_MOD_83
_ROW_OF: Final = geometry.ROW_OF
_COL_OF: Final = geometry.COL_OF
_BOX_OF: Final = geometry.BOX_OF


class _BoxTest(Rechecking):
    """Shared parameter handling of both directions."""

    group = "I"
    family = "I"
    sync_level = 2
    formula = "{points}"
    phase = Phase.THINNING
    defaults = {"points": 2}
    fields = frozenset({"digit", "unit", "target_unit"})

    def floor(self) -> float:
        # the exact points are known up front, so they are also the lower bound
        return float(self.params["points"])

    def _search(self, board: Board, tests: Callable[[int], tuple[_Test, ...]]) -> Iterator[Step]:
        """The steps of the digits that found something last time or whose places changed since.

        Made with deferred ``used`` and ``detail``: the engine chooses among
        the steps of a Stufe on code, points and eliminations, so the
        findings are made only for the steps read.
        """
        digits = self.recheck.changed_digits(board) | self.recheck.again
        steps: list[Step] = []
        if not digits:
            return iter(steps)
        fruitful = 0
        code = self.code
        points = self.params["points"]
        for unit, digit, target, here, elim in _by_unit(board.positions, tests, digits):
            fruitful |= 1 << (digit - 1)
            steps.append(deferred_step(Step, code, points, (), tuple((c, digit) for c in cells_of(elim)), _finding,
                                       (digit, unit, target, here)))
        self.recheck.done_except(board, fruitful)
        return iter(steps)


def _finding(digit: int, unit: int, target: int, pattern: int) -> tuple[tuple[tuple[int, int], ...], dict[str, object]]:
    """A box test's ``used`` (the digit's cells in its unit) and ``detail``, made when first read."""
    return tuple((c, digit) for c in cells_of(pattern)), {"digit": Digit(digit), "unit": Unit(unit), "target_unit": Unit(target)}


@register
class BoxTestLine(_BoxTest):
    """A digit of a row/column confined to one box: remove it from the rest of the box."""

    code = "BT1"

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        return self._search(board, _line_tests)


@register
class BoxTestBox(_BoxTest):
    """A digit of a box confined to one row/column: remove it from the rest of the line."""

    code = "BT2"

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        return self._search(board, _box_tests)


#: A box test of one digit: (its unit, the target unit, the digit's cells in the unit, the eliminations).
_Test = tuple[int, int, int, int]
#: How many digits' tests are kept (see :func:`_line_tests`).
_REMEMBERED: Final = 256


def _by_unit(
    positions: list[int], tests: Callable[[int], tuple[_Test, ...]], digits: int
) -> list[tuple[int, int, int, int, int]]:
    """The tests of ``digits`` (bit d-1 for digit d) as (unit, digit, target unit, cells, eliminations),
    in the scan order: by unit, then digit (a digit has at most one test per unit)."""
    found = []
    for digit in range(1, 10):
        if digits >> (digit - 1) & 1 and positions[digit]:
            for unit, target, here, elim in tests(positions[digit]):
                found.append((unit, digit, target, here, elim))
    found.sort()
    return found


def _crossing_tests(pos: int, first: int, stop: int) -> tuple[_Test, ...]:
    """The units ``first`` .. ``stop - 1`` in which a digit with the places ``pos`` lies in one crossing unit,
    where that removes something.

    The places in a unit lie in one crossing unit when they lie in its cells
    (they are all in the unit).  Two or more places lie in at most one: a
    line's box, or a box's row or (else) column, so the one to test is the
    first place's.  The bitboards are 81-bit, which the compiled path holds
    in 128-bit C integers (``boxtest.pxd``).
    """
    found = []
    for unit in range(first, stop):
        mask = UNIT_MASK[unit]
        here = pos & mask
        if here & (here - 1) == 0:  # none or a single (a hidden single, not a box test)
            continue
        cell = _CELL_OF_BIT_MOD_83[(here & -here) % 83]
        if unit < 18:
            target = 18 + _BOX_OF[cell]
        elif here & ~UNIT_MASK[_ROW_OF[cell]] == 0:
            target = _ROW_OF[cell]
        else:
            target = 9 + _COL_OF[cell]
        if here & ~UNIT_MASK[target] == 0:
            elim = pos & UNIT_MASK[target] & ~mask
            if elim:
                found.append((unit, target, here, elim))
    return tuple(found)


@lru_cache(maxsize=_REMEMBERED)
def _line_tests(pos: int) -> tuple[_Test, ...]:
    """The rows and columns in which a digit with the places ``pos`` lies in one box, where that removes something.

    They depend on nothing but the places, and a step changes the places of
    few digits, so they are made once and kept while the engine searches
    again after each step.
    """
    return _crossing_tests(pos, 0, 18)


@lru_cache(maxsize=_REMEMBERED)
def _box_tests(pos: int) -> tuple[_Test, ...]:
    """The boxes in which a digit with the places ``pos`` lies in one row or column, where that removes something.

    Kept like :func:`_line_tests`.
    """
    return _crossing_tests(pos, 18, 27)
