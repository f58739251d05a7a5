"""Direct methods A (hidden single) and B (naked single) before pencil marks.

They reason on placed digits only, as a solver with a pen and no pencil marks
does: "the 7 of this row can only go here" (A) and "this cell sees every digit
but one" (B).  On the board of the direct phase the candidates are exactly the
digits not seen by a placed digit, so both are a few bit operations.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Final

from puzzles.geometry import LOW_DIGIT
from puzzles.rules import Rules
from techniques.base import INFINITY, CheapestSearch, Context, Phase, Technique, beyond, register
from techniques.board import Board
from techniques.findings import Cell, Digit, Unit
from techniques.points import (
    MISSING_BOX,
    MISSING_FORMULA,
    MISSING_LINE,
    VISIBLE,
    VISIBLE_FORMULA,
    Bands,
    band,
    band_floor,
    bands_of,
)
from techniques.step import Candidate, Step, deferred_step


def searched_units(rules: Rules, units: range, with_extra_units: bool) -> Sequence[int]:
    """``units`` plus, for the box methods under ``rules`` with extra units, those units."""
    extra = rules.extra_units
    return (*units, *extra) if with_extra_units and extra else units


def naked_singles(board: Board) -> list[tuple[int, int]]:
    """Every (cell, digit) where an empty cell has exactly one candidate left, in cell order.

    One pass over the board's masks: on the compiled path its C arrays
    (``direct.pxd``), so no Python integer is read for a cell without a single.
    """
    found = []
    for cell in range(81):
        m = board.masks[cell]
        if m and not m & (m - 1) and board.digits[cell] == 0:
            digit = 1
            while m > 1:
                m >>= 1
                digit += 1
            found.append((cell, digit))
    return found


def packed_singles(board: Board, unit_cells: tuple[bytes, ...]) -> list[int]:
    """Every hidden single of the units ``unit_cells`` (their cells as bytes) as one integer, sorted into scan order.

    ``digit << 24 | cell << 16 | k << 8 | missing``: ``k`` the unit's index in
    ``unit_cells``, ``missing`` its empty cells; sorting the integers sorts by
    digit, cell, then unit.  A unit's singles are the digits a candidate of
    exactly one of its cells: folded over the cells' 9-bit candidate masks
    (seen once but not twice; a placed digit is no candidate in its unit any
    more).  Small integers rather than 81-bit bitboards, and the cells as
    bytes, so that the compiled path runs the loops on C integers
    (``direct.pxd``) and reads the board's C array of masks.
    """
    return least_singles(board, unit_cells, SAME_RANK, False)


#: Above every packed single (a digit is at most 9, a cell below 256: under ``10 << 24``): none found yet.
_NONE = 1 << 30

#: A rank for every count of empty cells, all equal: :func:`least_singles` keeps every single.
SAME_RANK = bytes(82)

#: The digit of each 9-bit mask's lowest bit (:data:`~puzzles.geometry.LOW_DIGIT`), a C array on
#: the compiled path (``direct.pxd``).
_LOW_DIGIT: Final = LOW_DIGIT


def least_singles(board: Board, unit_cells: tuple[bytes, ...], rank: bytes, first_only: bool) -> list[int]:
    """The hidden singles of :func:`packed_singles` whose unit has the least ``rank[missing]``, in scan order.

    ``rank`` orders the points of a unit's singles by its empty cells (bytes: read as C integers),
    so the cheapest singles are chosen on C integers (``direct.pxd``) without a list
    of every single; with ``first_only`` only the first of them.
    """
    found: list[int] = []
    low_digit = _LOW_DIGIT
    first = _NONE  # with ``first_only``: the least single met at the least rank, no list kept
    best = 1 << 30
    k = 0
    for cells in unit_cells:
        ones = 0
        twos = 0
        for c in cells:
            m = board.masks[c]
            twos |= ones & m
            ones |= m
        singles = ones & ~twos
        if singles:
            missing = 0
            for c in cells:
                if board.digits[c] == 0:
                    missing += 1
            r = rank[missing]
            if r <= best:
                if r < best:
                    best = r
                    if found:
                        found = []
                    first = _NONE
                while singles:
                    d = low_digit[singles]
                    b = 1 << (d - 1)
                    if first_only and d << 24 > first:
                        break  # a unit's singles order by digit first: none of them is less
                    singles ^= b
                    for c in cells:  # the single's one cell
                        if board.masks[c] & b:
                            break
                    p = d << 24 | c << 16 | k << 8 | missing
                    if not first_only:
                        found.append(p)
                    else:
                        if p < first:
                            first = p
                        break
        k += 1
    if first_only:
        if first != _NONE:
            found.append(first)  # the list is still the empty one made first: one list per search
        return found
    if len(found) > 1:
        found.sort()
    return found


def single_steps(least: list[int], code: str, points: float, highlight: bool, geo: Rules,
                 units: tuple[int, ...]) -> list[Step]:
    """The steps, all at ``points``, of the packed singles ``least`` (:func:`least_singles`) of ``units``.

    Their evidence is :func:`explain_single` of ``highlight`` and the packed single, written when
    first read: a step holds the packed integer and its placement is a shared tuple
    (:data:`_PLACED`), so that making it builds one small tuple and converts no number (the
    integers are read on C integers, ``direct.pxd``).
    """
    steps: list[Step] = []
    for p in least:
        single = p
        steps.append(deferred_step(Step, code, points, _PLACED[(single >> 16 & 255) * 9 + (single >> 24) - 1], (),
                                   explain_single, (highlight, geo, units, p)))
    return steps


#: The placement tuple of every (cell, digit), at ``9 * cell + digit - 1``: made once rather than per step.
_PLACED: Final = tuple(((cell, digit),) for cell in range(81) for digit in range(1, 10))


#: What :func:`cheapest_singles` reads of a hidden-single technique under one set of rules: the rules,
#: the units searched and their cells (:meth:`HiddenSingle._units`), the rank and the points of every
#: count of empty cells (also as floats, compared with the bound without a conversion), the code and
#: whether a step highlights its unit.
Search = tuple[Rules, tuple[int, ...], tuple[bytes, ...], bytes, tuple[float, ...], tuple[float, ...], str,
               bool]


def cheapest_singles(board: Board, search: Search | tuple[None], first_only: bool, bound: float) -> list[Step] | None:
    """The hidden singles of ``search``'s units at the least points, made into steps only once chosen.

    A single's points depend on its unit alone, so they are read before any step is made (and
    none is, past ``bound``: :func:`~techniques.base.beyond`).  None when ``search`` is not of
    the board's rules.  One call with everything the search reads, so that on the compiled path
    (``direct.pxd``) a round costs one Python call per technique and no attribute read per unit
    or single.
    """
    if board.rules is not search[0]:
        return None
    geo, units, unit_cells, rank, by_missing, compared, code, highlight = search
    least = least_singles(board, unit_cells, rank, first_only)
    if not least:
        return []
    first = least[0]
    missing = first & 255
    if beyond(compared[missing], bound, first_only):
        return []
    return single_steps(least, code, by_missing[missing], highlight, geo, units)


def explain_single(highlight: bool, geo: Rules, units: tuple[int, ...],
                   p: int) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    """The evidence of the packed hidden single ``p`` of ``units`` (:func:`least_singles`): the unit's
    other cells (with ``highlight``) or the candidate, and the finding."""
    cell = p >> 16 & 255
    digit = p >> 24
    u = units[p >> 8 & 255]
    used = tuple((c, 0) for c in geo.units[u] if c != cell) if highlight else ((cell, digit),)
    return used, {"digit": Digit(digit), "cell": Cell(cell), "unit": Unit(u), "missing": p & 255}


#: (digit, cell, unit index in the searched list, unit, empty cells of the unit) of one hidden single.
Single = tuple[int, int, int, int, int]


def hidden_singles(board: Board, units: Sequence[int]) -> list[Single]:
    """Every hidden single of ``units`` on ``board``, in scan order: digit, cell, then unit order."""
    cells = unit_bytes(board.rules)
    return [(p >> 24, p >> 16 & 255, p >> 8 & 255, units[p >> 8 & 255], p & 255)
            for p in packed_singles(board, tuple(cells[u] for u in units))]


#: :func:`unit_bytes` per rules met.
_UNIT_BYTES: dict[Rules, tuple[bytes, ...]] = {}


def unit_bytes(rules: Rules) -> tuple[bytes, ...]:
    """The cells of every unit of ``rules`` as bytes, by unit number (what :func:`least_singles` reads)."""
    cells = _UNIT_BYTES.get(rules)
    if cells is None:
        cells = _UNIT_BYTES[rules] = tuple(bytes(unit) for unit in rules.units)
    return cells


def point_table(bands: Bands) -> tuple[float, ...]:
    """The band's points for every count 0..81, looked up instead of walking the bands."""
    return tuple(band(n, bands) for n in range(82))


def point_ranks(points: Sequence[float]) -> tuple[int, ...]:
    """For each entry of ``points``, how many distinct values are smaller: equal points, equal rank."""
    distinct = sorted(set(points))
    return tuple(distinct.index(p) for p in points)


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
    formula = MISSING_FORMULA
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
        #: Per count of empty cells, the place of its points among the points of all counts.
        self.rank = point_ranks(self.by_missing)
        #: The units searched per set of rules the technique met, and their cells.
        self.units_of: dict[Rules, tuple[tuple[int, ...], tuple[bytes, ...]]] = {}
        #: Its cheapest search as the engine calls it every round (:meth:`cheapest_search`).
        self.search = SinglesSearch(self)

    def floor(self) -> float:
        return band_floor(bands_of(self.params))

    def points(self, missing: int) -> float:
        """The band of the numbers still missing in the unit."""
        return band(missing, self.bands)

    def _units(self, geo: Rules) -> tuple[tuple[int, ...], tuple[bytes, ...]]:
        """The units searched under ``geo`` (a tuple: indexed once per single) and their cells (as bytes),
        listed on first use."""
        units = self.units_of.get(geo)
        if units is None:
            searched = tuple(searched_units(geo, self.units, self.with_extra_units))
            cells = unit_bytes(geo)
            units = self.units_of[geo] = (searched, tuple(cells[u] for u in searched))
        return units

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        by_missing = self.by_missing
        code = self.code
        highlight = self.highlight_unit
        geo = board.rules
        units, unit_cells = self._units(geo)
        for p in packed_singles(board, unit_cells):
            yield from single_steps([p], code, by_missing[p & 255], highlight, geo, units)

    def cheapest(self, board: Board, ctx: Context, first_only: bool, bound: float = INFINITY) -> list[Step]:
        """The singles at the least points, made into steps only once chosen (:func:`cheapest_singles`)."""
        return self.search.cheapest(board, ctx, first_only, bound)

    def cheapest_search(self) -> CheapestSearch:
        """The slotted search; a subclass with a ``cheapest`` of its own is asked through that."""
        if type(self).cheapest is not HiddenSingle.cheapest:
            return self.cheapest
        return self.search.cheapest

    def searched(self, geo: Rules) -> Search:
        """What :func:`cheapest_singles` reads on a board under ``geo``."""
        return (geo, *self._units(geo), bytes(self.rank), self.by_missing, tuple(map(float, self.by_missing)),
                self.code, self.highlight_unit)


class SinglesSearch:
    """The cheapest search of one hidden-single technique (:meth:`HiddenSingle.cheapest`).

    Apart from the technique, whose attributes are read through its class on every call, so
    that the engine's call of every round reads one field (on the compiled path a C field of an
    extension type, ``direct.pxd``): what :func:`cheapest_singles` reads under the rules of the
    last board searched (no rules yet: none).
    """

    __slots__ = ("technique", "last")

    def __init__(self, technique: HiddenSingle) -> None:
        self.technique = technique
        self.last: Search | tuple[None] = (None,)

    def cheapest(self, board: Board, ctx: Context, first_only: bool, bound: float = INFINITY) -> list[Step]:
        """:meth:`HiddenSingle.cheapest`."""
        steps = cheapest_singles(board, self.last, first_only, bound)
        if steps is None:  # the first board under its rules
            self.last = self.technique.searched(board.rules)
            return self.cheapest(board, ctx, first_only, bound)
        return steps


@register
class HiddenSingleRow(HiddenSingle):
    code = "A1"
    transposed_twin = "A2"
    measure = "missing"
    defaults = MISSING_LINE
    units = range(0, 9)


@register
class HiddenSingleColumn(HiddenSingle):
    code = "A2"
    transposed_twin = "A1"
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


class NakedSingleSearch(Technique):
    """The naked singles of B0 and F0 as (points, digit, cell, ...) in scan order, made into steps on demand.

    The points are known before a step is made, so when the engine asks for
    the cheapest steps alone only those become steps.
    """

    def _singles(self, board: Board) -> list[tuple[Any, ...]]:
        """(points, digit, cell, what the step's finding needs) of every naked single, in scan order."""
        raise NotImplementedError

    def _steps(self, singles: list[Any]) -> list[Step]:
        raise NotImplementedError

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        yield from self._steps(self._singles(board))

    def cheapest(self, board: Board, ctx: Context, first_only: bool, bound: float = INFINITY) -> list[Step]:
        """The naked singles at the least points (scan order: digit, cell); none past ``bound``."""
        singles = self._singles(board)
        if not singles:
            return []
        best = min(singles)[0]
        if beyond(best, bound, first_only):
            return []
        at_best = [single for single in singles if single[0] == best]
        return self._steps(at_best[:1] if first_only else at_best)


@register
class NakedSingle(NakedSingleSearch):
    """B0: an empty cell that sees eight different digits."""

    code = "B0"
    measure = "visible"
    group = "B"
    family = "direct"
    formula = VISIBLE_FORMULA
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

    def _singles(self, board: Board) -> list[tuple[float, int, int, int]]:
        """(points, digit, cell, visible) of every naked single, in scan order (most positions have none:
        then nothing else is read)."""
        singles = naked_singles(board)
        if not singles:
            return []
        filled = ~board.empty
        by_visible = self.by_visible
        peer_mask = board.rules.peer_mask
        found = []
        for cell, digit in singles:
            visible = (filled & peer_mask[cell]).bit_count()
            found.append((by_visible[visible], digit, cell, visible))
        if len(found) > 1:
            found.sort(key=digit_then_cell)
        return found

    def _steps(self, singles: list[tuple[float, int, int, int]]) -> list[Step]:
        code = self.code
        return [deferred_step(Step, code, points, ((cell, digit),), (), _naked_detail, (cell, digit, visible))
                for points, digit, cell, visible in singles]


def digit_then_cell(single: tuple[Any, ...]) -> tuple[int, int]:
    """The scan order of :func:`scan_key` on a single not yet made into a step."""
    return single[1], single[2]


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
