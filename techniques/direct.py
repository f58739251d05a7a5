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
from puzzles.rules import Rules
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Cell, Digit, Unit
from techniques.points import MISSING_BOX, MISSING_LINE, VISIBLE, Bands, band, band_floor, bands_of
from techniques.step import Candidate, Step


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
    """Every (cell, digit) where an empty cell has exactly one candidate left, in cell order.

    The cells are found on the nine digit bitboards at once (a cell counted once
    but not twice), so only those cells are visited.
    """
    positions = board.positions
    ones = twos = 0
    for d in range(1, 10):
        where = positions[d]
        twos |= ones & where
        ones |= where
    single = ones & ~twos & board.empty
    cands = board.cands
    while single:
        low = single & -single
        cell = low.bit_length() - 1
        yield cell, cands[cell].bit_length()
        single ^= low


#: Entries a :class:`UnitSingles` table holds before it starts afresh.
_TABLE_LIMIT = 1 << 14


class UnitSingles:
    """The hidden singles of one digit bitboard in a list of units, remembered by bitboard.

    A placement changes the bitboards of its own digit and of the cell's other
    candidates only, so from one round to the next most digits keep their
    bitboard and their singles are looked up instead of searched again.  The
    answer depends on the bitboard and the units alone, so one table serves
    every board and puzzle of the technique under one set of rules.
    """

    def __init__(self, units: Sequence[int], unit_mask: Sequence[int]) -> None:
        self.units = units
        self.unit_mask = unit_mask
        self.table: dict[int, tuple[tuple[int, int], ...]] = {}

    def _search(self, where: int) -> tuple[tuple[int, int], ...]:
        """(cell, unit) of each unit where ``where`` has one cell, by cell, then unit order; remembered."""
        found = []
        unit_mask = self.unit_mask
        for k, u in enumerate(self.units):
            w = where & unit_mask[u]
            if w and not w & (w - 1):
                found.append((w.bit_length() - 1, k, u))
        found.sort()
        result = tuple((cell, u) for cell, _, u in found)
        if len(self.table) >= _TABLE_LIMIT:
            self.table.clear()
        self.table[where] = result
        return result

    def scan(self, board: Board) -> list[tuple[int, int, int]]:
        """Every (digit, cell, unit) single of ``board``, in scan order (digit, cell, then unit order)."""
        get = self.table.get
        out = []
        for d, where in enumerate(board.positions):
            if where:  # index 0 is unused (0), and so is a digit placed everywhere
                known = get(where)
                if known is None:
                    known = self._search(where)
                for cell, u in known:
                    out.append((d, cell, u))
        return out


def point_table(bands: Bands) -> tuple[float, ...]:
    """The band's points for every count 0..81, looked up instead of walking the bands."""
    return tuple(band(n, bands) for n in range(82))


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
        self.by_missing = point_table(self.bands)
        #: The hidden-singles table per set of rules the technique met.
        self.singles: dict[Rules, UnitSingles] = {}

    def floor(self) -> float:
        return band_floor(bands_of(self.params))

    def points(self, missing: int) -> float:
        """The band of the numbers still missing in the unit."""
        return band(missing, self.bands)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        empty = board.empty
        by_missing = self.by_missing
        code = self.code
        explain = self.explain
        geo = board.rules
        singles = self.singles.get(geo)
        if singles is None:
            units = searched_units(board, self.units, self.with_extra_units)
            singles = self.singles[geo] = UnitSingles(units, geo.unit_mask)
        unit_mask = geo.unit_mask
        for digit, cell, u in singles.scan(board):
            missing = (empty & unit_mask[u]).bit_count()
            yield Step.deferred(code, by_missing[missing], ((cell, digit),), explain, geo, cell, digit, u, missing)

    def explain(self, geo: Rules, cell: int, digit: int, u: int,
                missing: int) -> tuple[tuple[Candidate, ...], dict[str, object]]:
        """The evidence of a step: the unit's other cells (or the candidate) and the finding."""
        used = tuple((c, 0) for c in geo.units[u] if c != cell) if self.highlight_unit else ((cell, digit),)
        return used, {"digit": Digit(digit), "cell": Cell(cell), "unit": Unit(u), "missing": missing}


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
        self.by_visible = point_table(self.bands)

    def floor(self) -> float:
        return band_floor(bands_of(self.params))

    def points(self, visible: int) -> float:
        """The band of the numbers the cell sees."""
        return band(visible, self.bands)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        filled = ~board.empty
        by_visible = self.by_visible
        peer_mask = board.rules.peer_mask
        code = self.code
        found = []
        for cell, digit in naked_singles(board):
            visible = (filled & peer_mask[cell]).bit_count()
            found.append(Step.deferred(code, by_visible[visible], ((cell, digit),), _naked_detail, cell, digit, visible))
        if len(found) > 1:
            found.sort(key=scan_key)
        yield from found


def _naked_detail(cell: int, digit: int, visible: int) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    return (), {"digit": Digit(digit), "cell": Cell(cell), "visible": visible}


def scan_key(step: Step) -> tuple[int, int]:
    """Order of placements inside one method: digit 1-9, then cell row-major.

    Calibrated on examples 20, 21, 23-25 and 38 (pseudo-synchronous, where the
    first step at the minimum points is taken): digit-major order reproduces
    their relabelled variants' different points, cell-major order does not.
    """
    cell, digit = step.placements[0]
    return digit, cell
