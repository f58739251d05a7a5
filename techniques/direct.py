"""Direct methods A (hidden single) and B (naked single) before pencil marks.

They reason on placed digits only, as a solver with a pen and no pencil marks
does: "the 7 of this row can only go here" (A) and "this cell sees every digit
but one" (B).  On the board of the direct phase the candidates are exactly the
digits not seen by a placed digit, so both are a few bit operations.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from puzzles.geometry import CELL_BIT
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Cell, Digit, Unit
from techniques.points import MISSING_BOX, MISSING_LINE, VISIBLE, band, band_floor, bands_of
from techniques.step import Step


def unit_singles(board: Board, units: Sequence[int]) -> Iterator[tuple[int, int, int]]:
    """Every (cell, digit, unit) where ``digit`` has one place left in ``unit``."""
    positions = board.positions
    unit_mask = board.rules.unit_mask
    for u in units:
        umask = unit_mask[u]
        for d in range(1, 10):
            where = positions[d] & umask
            if where and not where & (where - 1):
                yield where.bit_length() - 1, d, u


def searched_units(board: Board, units: range, with_extra_units: bool) -> Sequence[int]:
    """``units`` plus, for the box methods under variant rules, the extra units."""
    extra = board.rules.extra_units
    return (*units, *extra) if with_extra_units and extra else units


def naked_singles(board: Board) -> Iterator[tuple[int, int]]:
    """Every (cell, digit) where an empty cell has exactly one candidate left."""
    cands = board.cands
    for cell in range(81):
        mask = cands[cell]
        if mask and not mask & (mask - 1) and board.empty & CELL_BIT[cell]:
            yield cell, mask.bit_length()


class HiddenSingle(Technique):
    """A1/A2/A3: a digit with one possible place in a row, column or box.

    The same search serves E1-E3 on the written candidates; they differ in
    their band and in what a walkthrough highlights.  Under variant rules the
    box methods (A3, E3) also cover the extra units (diagonals, colour
    groups): like a box they are no straight line the eye runs along inside
    one band (docs/decisions.md, "Variants").
    """

    group = "A"
    family = "direct"
    phase = Phase.DIRECT
    units: ClassVar[range]
    #: True for the box methods, which also search the variant's extra units.
    with_extra_units: ClassVar[bool] = False
    #: Highlight the other cells of the unit (a pen-only solver scans them);
    #: with candidates written, the single candidate itself is the evidence.
    highlight_unit: ClassVar[bool] = True
    fields = frozenset({"digit", "cell", "unit", "missing"})

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        self.bands = bands_of(self.params)

    def floor(self) -> float:
        return band_floor(bands_of(self.params))

    def points(self, missing: int) -> float:
        """The band of the numbers still missing in the unit."""
        return band(missing, self.bands)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        found = []
        geo = board.rules
        for cell, digit, u in unit_singles(board, searched_units(board, self.units, self.with_extra_units)):
            missing = (board.empty & geo.unit_mask[u]).bit_count()
            used = tuple((c, 0) for c in geo.units[u] if c != cell) if self.highlight_unit else ((cell, digit),)
            found.append(
                Step(
                    self.code,
                    self.points(missing),
                    placements=((cell, digit),),
                    used=used,
                    detail={"digit": Digit(digit), "cell": Cell(cell), "unit": Unit(u), "missing": missing},
                )
            )
        found.sort(key=scan_key)
        yield from found


@register
class HiddenSingleRow(HiddenSingle):
    code = "A1"
    measure = "missing"
    defaults = MISSING_LINE
    units = range(0, 9)


@register
class HiddenSingleColumn(HiddenSingle):
    code = "A2"
    measure = "missing"
    defaults = MISSING_LINE
    units = range(9, 18)


@register
class HiddenSingleBox(HiddenSingle):
    code = "A3"
    measure = "missing"
    defaults = MISSING_BOX
    units = range(18, 27)
    with_extra_units = True


@register
class NakedSingle(Technique):
    """B0: an empty cell that sees eight different digits."""

    code = "B0"

    measure = "visible"
    group = "B"
    family = "direct"
    phase = Phase.DIRECT
    fields = frozenset({"digit", "cell", "visible"})
    defaults = VISIBLE

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        self.bands = bands_of(self.params)

    def floor(self) -> float:
        return band_floor(bands_of(self.params))

    def points(self, visible: int) -> float:
        """The band of the numbers the cell sees."""
        return band(visible, self.bands)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        filled = ~board.empty
        found = []
        for cell, digit in naked_singles(board):
            visible = (filled & board.rules.peer_mask[cell]).bit_count()
            found.append(
                Step(
                    self.code,
                    self.points(visible),
                    placements=((cell, digit),),
                    detail={"digit": Digit(digit), "cell": Cell(cell), "visible": visible},
                )
            )
        found.sort(key=scan_key)
        yield from found


def scan_key(step: Step) -> tuple[int, int]:
    """Order of placements inside one method: digit 1-9, then cell row-major.

    Calibrated on examples 20, 21, 23-25 and 38 (pseudo-synchronous, where the
    first step at the minimum points is taken): digit-major order reproduces
    their relabelled variants' different points, cell-major order does not.
    """
    cell, digit = step.placements[0]
    return digit, cell
