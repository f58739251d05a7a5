"""Thinning method II, N-tuples: naked N-tuples (N = 2..7) and hidden M-tuples (M = 2..3).

A naked N-tuple is N empty cells of a unit whose candidates together are N
digits: those digits leave the unit's other cells.  In a unit with K empty
cells the other K - N cells then hold the other K - N digits, a hidden
M-tuple with M = K - N, and its elimination (the tuple's digits leave the
hidden cells) is the same one.  The original counts the cheaper view:
naked 3N - 4 points, hidden 3M + 2, naked preferred on a tie (the seed: naked
tuples are easier to see).  So hidden tuples only ever count for M = 2, 3 with
N >= M + 3, and a naked tuple is reported as ``NT`` unless its complement is
strictly cheaper, in which case the same elimination is reported once as
``HT``.  The formulas are sourced and the two views are compared with each
other, so they are constants here rather than tunable parameters.

A naked tuple whose cells also share a box with their line (N <= 3) removes
its digits from both units in one step, as the seed's triple example does
("in der Box OM (und in der 5. Spalte)").

Every locked set of a unit is found by searching only sets of at most four
cells and at most four digits (the complement of a hidden set of M digits is a
naked set of K - M cells), which keeps the search small on a fresh grid.

Both searches go unit by unit and remember where they last found nothing
(:mod:`techniques.recheck`): the units that found nothing in their last
search, and the board then.  A unit's locked sets and what they remove read
the candidates of the unit's cells; a naked set of a line that lies in one box
also removes from the rest of the box, but that part can only shrink as the
candidates go, so a unit none of whose cells changed finds nothing again.  A
box also reads how many open cells a row or column through it has (a set lying
in one line is reported from the line while the line has more open cells than
the set): so a box is searched again when one of its cells changed or a cell
of a line through it was filled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import combinations
from operator import itemgetter
from typing import Any, Final

from puzzles.geometry import (
    BOX_MASK,
    BOX_OF,
    COL_MASK,
    COL_OF,
    DIGIT_COUNT,
    LOW_DIGIT,
    ROW_MASK,
    ROW_OF,
    cells_of,
)
from puzzles.rules import ALL_UNIT_MASKS, ALL_UNITS, UNIT_COUNT
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Cells, Digits, Fragment, Items, Unit, fragment_kind
from techniques.points import linear_floor
from techniques.recheck import Rechecking
from techniques.step import Step, deferred_step

MAX_NAKED: Final = 7
HIDDEN_SIZES: Final = (2, 3)
#: The largest set searched directly; larger ones are found as complements.
DIRECT_SEARCH: Final = 4


#: The point formulas, NT's and HT's parameters.  Each reads both: which of
#: them reports a locked set depends on which view is cheaper.
NAKED_POINTS: Final = {"naked_per_cell": 3, "naked_offset": -4}
HIDDEN_POINTS: Final = {"hidden_per_digit": 3, "hidden_offset": 2}
TUPLE_POINTS: Final = {**NAKED_POINTS, **HIDDEN_POINTS}


def naked_points(n: int, params: Mapping[str, Any] = TUPLE_POINTS) -> int:
    """Points of a naked N-tuple: 3N - 4 by default (2, 5, 8, 11, 14, 17)."""
    points: int = params["naked_per_cell"] * n + params["naked_offset"]
    return points


def hidden_points(m: int, params: Mapping[str, Any] = TUPLE_POINTS) -> int:
    """Points of a hidden M-tuple: 3M + 2 by default (8, 11)."""
    points: int = params["hidden_per_digit"] * m + params["hidden_offset"]
    return points


def hidden_is_cheaper(n: int, m: int, params: Mapping[str, Any] = TUPLE_POINTS) -> bool:
    """Whether the hidden M-tuple view of a naked N-tuple counts instead of it."""
    return m in HIDDEN_SIZES and hidden_points(m, params) < naked_points(n, params)


#: The number of digits (or cells) in each 9-bit mask and the digit of its lowest bit
#: (:data:`~puzzles.geometry.DIGIT_COUNT`, :data:`~puzzles.geometry.LOW_DIGIT`), C arrays on the
#: compiled path (``tuples.pxd``).
_BIT_COUNT: Final = DIGIT_COUNT
_LOW_DIGIT: Final = LOW_DIGIT


def _scan_ranks() -> tuple[int, ...]:
    """Each 9-bit set of a unit's cells (bit i: the unit's i-th cell) ranked by size, then by its cells in scan order.

    A unit lists its cells in scan order, so sorting sets of them by this one
    number is sorting them by (size, cells): the order in which the sets are
    reported, without listing the cells of each set to compare them.  The
    combinations of each size come in that order.
    """
    rank = [0] * 512
    r = 0
    bits = tuple(1 << i for i in range(9))
    for size in range(10):
        for cells in combinations(bits, size):
            rank[sum(cells)] = r
            r += 1
    return tuple(rank)


_SCAN_RANK: Final = _scan_ranks()


def _locked_subsets(items: list[tuple[int, int]], max_size: int) -> list[tuple[int, int, int]]:
    """Subsets of ``items`` (id bit, mask) of 1..max_size members whose masks
    together have exactly as many bits as there are members.

    Returns (ids, union, size) triples, in no particular order.  Cells with
    candidates (naked) or digits with places (hidden) are the items, ids and
    masks both small (a unit's cells are numbered 0..8 here); the union bound
    prunes the search long before the subset count (at most 255 for nine
    items) matters.  Built one size after the other from the sets of one
    member fewer whose union is still small enough.  The ids, masks and
    counts are 9-bit, which the compiled path keeps in C integers
    (``tuples.pxd``).
    """
    out: list[tuple[int, int, int]] = []
    bit_count = _BIT_COUNT
    # the usable items' ids and masks side by side (C arrays on the compiled path): a unit has nine
    usable_ids = [0] * 9
    usable_masks = [0] * 9
    n = 0
    for iid, mask in items:
        if bit_count[mask] <= max_size:
            usable_ids[n] = iid
            usable_masks[n] = mask
            n += 1
    # (ids, union, index of the next item that may join)
    level: list[tuple[int, int, int]] = []
    for j in range(n):
        iid = usable_ids[j]
        mask = usable_masks[j]
        if bit_count[mask] == 1:
            out.append((iid, mask, 1))
        level.append((iid, mask, j + 1))
    size = 1
    while level and size < max_size:
        size += 1
        grown: list[tuple[int, int, int]] = []
        for ids, union, start in level:
            for j in range(start, n):
                u = union | usable_masks[j]
                k = bit_count[u]
                if k > max_size:
                    continue
                if k == size:
                    out.append((ids | usable_ids[j], u, size))
                if size < max_size:
                    grown.append((ids | usable_ids[j], u, j + 1))
        level = grown
    return out


def unit_locked_sets(board: Board, unit: int) -> tuple[tuple[int, int], ...]:
    """Every naked set of 2..min(7, K-1) cells of ``unit`` as (cells bitboard, digit mask).

    Sorted by size, then by cells in scan order.  Sets of up to four cells are
    searched directly, larger ones as complements of hidden sets.
    """
    cells = board.rules.units[unit]
    return tuple((found[0], found[1]) for found in _locked_sets(cells, _UNIT_MASKS[unit](board.cands)))


#: Per unit number, what reads the candidate masks of its cells off a board's ``cands``, as a
#: tuple in one call (a unit number names the same cells under every rules).
_UNIT_MASKS: Final[tuple[Callable[[list[int]], tuple[int, ...]], ...]] = tuple(
    itemgetter(*cells) for cells in ALL_UNITS
)


#: How many units' answers are kept: a step changes the candidates of few units, so the
#: search runs again from the simplest family over mostly the same units.  A few
#: positions' worth is enough, and a small store keeps the garbage collector's work small.
_UNITS_REMEMBERED: Final = 1024


@lru_cache(maxsize=_UNITS_REMEMBERED)
def _locked_sets(unit_cells: tuple[int, ...], masks: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """:func:`unit_locked_sets` of the unit with these cells and candidate masks, each set also
    with its cells numbered 0..8 (bit i: ``unit_cells[i]``), in which :class:`NakedTuple` reads it.

    The answer depends on nothing else (a digit's places in the unit are the
    cells whose masks hold it), so it is remembered across positions; the
    search itself is :func:`_search_locked_sets`, a plain function that the
    compiled path types (``tuples.pxd``).
    """
    return _search_locked_sets(unit_cells, masks)


def _search_locked_sets(unit_cells: tuple[int, ...], masks: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """What :func:`_locked_sets` remembers: the search numbers the unit's cells 0..8 (small
    numbers) and names the cells of the sets found at the end."""
    count = len(masks)
    k = count - masks.count(0)
    if k < 3:
        return ()
    bit_count = _BIT_COUNT
    empty = 0
    missing = 0
    items = []
    for i in range(count):
        m = masks[i]
        if m:
            empty |= 1 << i
            missing |= m
            items.append((1 << i, m))
    found: dict[int, int] = {}
    top = min(MAX_NAKED, k - 1)
    for ids, union, size in _locked_subsets(items, min(DIRECT_SEARCH, top)):
        if size >= 2:
            found[ids] = union
    # naked sets of more than DIRECT_SEARCH cells: complements of hidden sets of k - size digits
    if top > DIRECT_SEARCH:
        for ids, hidden_cells, size in _locked_subsets(_places(masks, missing), k - DIRECT_SEARCH - 1):
            if k - size > top:
                continue
            naked_cells = empty & ~hidden_cells
            union = 0
            for i in range(count):
                if naked_cells >> i & 1:
                    union |= masks[i]
            if bit_count[union] == k - size:
                found[naked_cells] = union
    if not found:
        return ()
    out = []
    for local in sorted(found, key=_SCAN_RANK.__getitem__):
        out.append((_cells(local, unit_cells), found[local], local))
    return tuple(out)


def _places(masks: tuple[int, ...], missing: int) -> list[tuple[int, int]]:
    """(digit bit, the unit's cells holding it, numbered 0..8) for each digit of ``missing``, ascending.

    The masks read the other way round, each candidate's digit looked up
    (C integers on the compiled path, ``tuples.pxd``).
    """
    places = [0] * 10
    low_digit = _LOW_DIGIT
    cell_bit = 1
    for m in masks:
        while m:
            places[low_digit[m]] |= cell_bit
            m &= m - 1
        cell_bit <<= 1
    out = []
    for d in range(1, 10):  # a loop, not a comprehension: its digit is the C integer d when compiled
        if missing >> (d - 1) & 1:
            out.append((1 << (d - 1), places[d]))
    return out


def _cells(local: int, unit_cells: tuple[int, ...]) -> int:
    """The bitboard of the unit's cells numbered in ``local`` (bit i: ``unit_cells[i]``)."""
    out = 0
    one = 1  # a 128-bit C integer on the compiled path, as the bitboard
    for i in range(len(unit_cells)):
        if local >> i & 1:
            c = unit_cells[i]
            out |= one << c
    return out


@lru_cache(maxsize=_UNITS_REMEMBERED)
def _hidden_sets(
    unit_cells: tuple[int, ...], masks: tuple[int, ...], sizes: tuple[int, ...]
) -> tuple[tuple[int, int, int], ...]:
    """Hidden sets of ``sizes`` digits of the unit with these cells and candidate masks.

    (digits, cells numbered 0..8 as in :func:`_locked_sets`, size) sorted by
    size, cells in scan order, digits; remembered across positions like
    :func:`_locked_sets`.
    """
    missing = 0
    for m in masks:
        missing |= m
    rank = _SCAN_RANK
    found = [
        (rank[hidden_cells], ids, hidden_cells, size)
        for ids, hidden_cells, size in _locked_subsets(_places(masks, missing), sizes[-1])
        if size in sizes
    ]
    found.sort()
    return tuple((ids, hidden_cells, size) for _rank, ids, hidden_cells, size in found)


def _common_box(cells_mask: int) -> int | None:
    """The box unit holding all of ``cells_mask``, if any."""
    box = BOX_OF[(cells_mask & -cells_mask).bit_length() - 1]
    return 18 + box if cells_mask & ~BOX_MASK[box] == 0 else None


def _line_of(cells_mask: int) -> int | None:
    """The row or column unit holding all of ``cells_mask``, if any."""
    first = (cells_mask & -cells_mask).bit_length() - 1
    if cells_mask & ~ROW_MASK[ROW_OF[first]] == 0:
        return ROW_OF[first]
    if cells_mask & ~COL_MASK[COL_OF[first]] == 0:
        return 9 + COL_OF[first]
    return None


def _lines_through(unit: int) -> int:
    """For a box, the cells of the rows and columns through it (whose open cells a naked
    set of the box reads, see :meth:`NakedTuple.find`); none for any other unit."""
    if not 18 <= unit < 27:
        return 0
    band, stack = 3 * ((unit - 18) // 3), 3 * ((unit - 18) % 3)
    mask = 0
    for i in range(3):
        mask |= ROW_MASK[band + i] | COL_MASK[stack + i]
    return mask


_LINES_THROUGH: Final = tuple(_lines_through(unit) for unit in range(UNIT_COUNT))
#: :data:`~puzzles.rules.ALL_UNIT_MASKS`: 128-bit C integers on the compiled path (``tuples.pxd``).
_UNIT_MASK: Final = ALL_UNIT_MASKS


def _units_to_search(unit_ids: tuple[int, ...], changed: int, filled: int, again: int) -> list[int]:
    """The units of ``unit_ids`` a search looks at (see the module): those with a changed cell, those that
    found something last time (bit u of ``again``), and the boxes with a ``filled`` cell in a line through
    them (0 for a search that does not read the lines).

    A plain function, so that the compiled path tests every unit on C integers (``tuples.pxd``).
    """
    unit_mask = _UNIT_MASK
    lines_through = _LINES_THROUGH
    out = []
    for unit in unit_ids:
        if changed & unit_mask[unit] or filled & lines_through[unit] or again >> unit & 1:
            out.append(unit)
    return out


def _empty_count(board: Board, unit: int) -> int:
    return sum(1 for c in board.rules.units[unit] if board.cands[c])


#: Optional parts of the tuple sentences: the second unit of a naked tuple, the
#: complementary tuple and what it would cost.
ALSO_UNIT = fragment_kind("also_unit", "unit")
COMPLEMENTARY_HIDDEN = fragment_kind("complementary_hidden", "m", "digits", "points")
INSTEAD_OF_NAKED = fragment_kind("instead_of_naked", "n", "digits", "rests", "points")


def _unit_eliminations(unit_cells: tuple[int, ...], masks: tuple[int, ...], digits: int, local: int,
                       out: list[tuple[int, int]]) -> None:
    """Append (cell, digit) for every candidate of ``digits`` in the unit's cells numbered in ``local``,
    cell-major (a unit lists its cells in scan order)."""
    low_digit = _LOW_DIGIT
    for i in range(len(masks)):
        if local >> i & 1:
            hit = masks[i] & digits
            while hit:
                out.append((unit_cells[i], low_digit[hit]))
                hit &= hit - 1


def _eliminations(board: Board, digits: int, cells_mask: int) -> list[tuple[int, int]]:
    """(cell, digit) for every candidate of ``digits`` in the cells of ``cells_mask``, cell-major."""
    out = []
    cands = board.cands
    for c in cells_of(cells_mask):
        hit = cands[c] & digits
        while hit:
            low = hit & -hit
            out.append((c, low.bit_length()))
            hit ^= low
    return out


def _local_union(masks: tuple[int, ...], local: int) -> int:
    """Union of the candidates of the unit's cells numbered in ``local``."""
    union = 0
    for i in range(len(masks)):
        if local >> i & 1:
            union |= masks[i]
    return union


def _local_cells(unit_cells: tuple[int, ...], masks: tuple[int, ...], local: int) -> tuple[list[int], list[int]]:
    """The unit's cells numbered in ``local`` and their candidate masks, cell by cell."""
    cells = []
    cell_masks = []
    for i in range(len(masks)):
        if local >> i & 1:
            cells.append(unit_cells[i])
            cell_masks.append(masks[i])
    return cells, cell_masks


def _rests(cell_masks: list[int]) -> Items:
    """The candidates ("Reste") of cells with these masks, cell by cell."""
    return Items(Digits.of_mask(m) for m in cell_masks)


def _naked_finding(
    formulas: Mapping[str, Any], unit: int, second: int | None, n: int, m: int, digits: int,
    unit_cells: tuple[int, ...], masks: tuple[int, ...], local: int, rest: int,
) -> tuple[tuple[tuple[int, int], ...], dict[str, object]]:
    """A naked tuple's ``used`` and ``detail``, made when first read (``rest``: the unit's other open cells)."""
    cells, cell_masks = _local_cells(unit_cells, masks, local)
    used = tuple((c, d) for c, mask in zip(cells, cell_masks) for d in range(1, 10) if mask >> (d - 1) & 1)
    other = None
    if m in HIDDEN_SIZES:
        hidden = Digits.of_mask(_local_union(masks, rest) & ~digits)
        other = Fragment.of(COMPLEMENTARY_HIDDEN, m=m, digits=hidden, points=hidden_points(m, formulas))
    return used, {
        "n": n,
        "digits": Digits.of_mask(digits),
        "rests": _rests(cell_masks),
        "cells": Cells(cells),
        "unit": Unit(unit),
        "also": Fragment.of(ALSO_UNIT, unit=Unit(second)) if second is not None else None,
        "other": other,
    }


def _hidden_finding(
    formulas: Mapping[str, Any], unit: int, m: int, n: int, digits: int, naked_digits: int, missing: int,
    unit_cells: tuple[int, ...], masks: tuple[int, ...], local: int, naked: int,
) -> tuple[tuple[tuple[int, int], ...], dict[str, object]]:
    """A hidden tuple's ``used`` and ``detail``, made when first read (``naked``: the complementary cells)."""
    cells, cell_masks = _local_cells(unit_cells, masks, local)
    used = tuple((c, d) for c, mask in zip(cells, cell_masks) for d in range(1, 10) if (digits & mask) >> (d - 1) & 1)
    return used, {
        "m": m,
        "digits": Digits.of_mask(digits),
        "rests": _rests(cell_masks),
        "cells": Cells(cells),
        "removed": Digits.of_mask(missing & ~digits & _local_union(masks, local)),
        "unit": Unit(unit),
        "other": Fragment.of(INSTEAD_OF_NAKED, n=n, digits=Digits.of_mask(naked_digits),
                             rests=_rests(_local_cells(unit_cells, masks, naked)[1]), points=naked_points(n, formulas)),
    }


class _Tuples(Rechecking):
    """NT and HT: each has its own formula and reads the other's from the run's technique list."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        self.formulas: dict[str, Any] = {**TUPLE_POINTS, **self.params}
        self._tabulate()

    def bind(self, techniques: Sequence[Technique]) -> None:
        for t in techniques:
            if isinstance(t, _Tuples):
                self.formulas.update(t.params)
        self._tabulate()

    def _tabulate(self) -> None:
        """What the formulas say for each count of a unit's open cells, looked up by the searches.

        ``naked_reported[k]``: bit N set where a naked N-tuple of a unit with K
        open cells is reported as NT (its hidden complement is not cheaper);
        ``hidden_sizes[k]``: the hidden sizes reported as HT there.
        """
        formulas = self.formulas
        self.naked_reported = tuple(
            sum(1 << n for n in range(k + 1) if not hidden_is_cheaper(n, k - n, formulas)) for k in range(10)
        )
        self.hidden_sizes = tuple(tuple(m for m in HIDDEN_SIZES if hidden_is_cheaper(k - m, m, formulas))
                                  for k in range(10))


@register
class NakedTuple(_Tuples):
    """Naked N-tuples, N = 2..7, unless the complementary hidden tuple is cheaper."""

    code = "NT"
    measure = "n"
    fields = frozenset({"n", "digits", "rests", "cells", "unit", "also", "other"})
    group = "II"
    family = "II"
    sync_level = 2
    formula = "{naked_per_cell} x N cells + {naked_offset}"
    phase = Phase.THINNING
    defaults = NAKED_POINTS

    def floor(self) -> float:
        return linear_floor(self.params["naked_offset"], self.params["naked_per_cell"], 2, MAX_NAKED)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Units in scan order; of those that found nothing last time, only the changed ones (see the module)."""
        return iter(self._steps(board))

    def _steps(self, board: Board) -> list[Step]:
        changed = self.recheck.changed(board)
        again = self.recheck.again
        steps: list[Step] = []
        if not changed and not again:
            return steps
        fruitful = 0
        cands = board.cands
        geo = board.rules
        unit_mask = geo.unit_mask
        units = geo.units
        formulas = self.formulas
        naked_reported = self.naked_reported
        for unit in _units_to_search(geo.unit_ids, changed, changed & ~board.empty, again):
            unit_cells = units[unit]
            masks = _UNIT_MASKS[unit](cands)
            sets = _locked_sets(unit_cells, masks)
            if not sets:
                continue
            count = len(masks)
            k = count - masks.count(0)
            reported = naked_reported[k]
            empty = 0
            for i in range(count):
                if masks[i]:
                    empty |= 1 << i
            for cells_mask, digits, local in sets:
                n = _BIT_COUNT[local]
                if not reported >> n & 1:
                    continue  # reported once by HiddenTuple
                second = None
                if n <= 3:
                    if 18 <= unit < 27:
                        line = _line_of(cells_mask)
                        if line is not None and _empty_count(board, line) > n:
                            continue  # already reported, with this box, from its line
                    else:
                        second = _common_box(cells_mask)
                rest = empty & ~local
                elims: list[tuple[int, int]] = []
                _unit_eliminations(unit_cells, masks, digits, rest, elims)
                if second is not None:
                    elims += _eliminations(board, digits, unit_mask[second] & ~cells_mask & ~unit_mask[unit])
                if not elims:
                    continue
                fruitful |= 1 << unit
                steps.append(deferred_step(
                    Step, self.code, naked_points(n, formulas), (), tuple(sorted(elims)), _naked_finding,
                    (formulas, unit, second, n, k - n, digits, unit_cells, masks, local, rest),
                ))
        self.recheck.done_except(board, fruitful)
        return steps


@register
class HiddenTuple(_Tuples):
    """Hidden M-tuples, M = 2..3, where cheaper than the complementary naked tuple."""

    code = "HT"
    measure = "m"
    fields = frozenset({"m", "digits", "rests", "cells", "removed", "unit", "other"})
    group = "II"
    family = "II"
    sync_level = 2
    formula = "{hidden_per_digit} x M digits + {hidden_offset}"
    phase = Phase.THINNING
    defaults = HIDDEN_POINTS

    def floor(self) -> float:
        return linear_floor(self.params["hidden_offset"], self.params["hidden_per_digit"], 2, HIDDEN_SIZES[-1])

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Units in scan order; of those that found nothing last time, only those with a changed cell.

        A unit whose step was left out as one already made from another unit
        counts as one that found something.
        """
        return iter(self._steps(board))

    def _steps(self, board: Board) -> list[Step]:
        changed = self.recheck.changed(board)
        again = self.recheck.again
        steps: list[Step] = []
        if not changed and not again:
            return steps
        fruitful = 0
        cands = board.cands
        seen: set[tuple[tuple[int, int], ...]] = set()
        geo = board.rules
        units = geo.units
        formulas = self.formulas
        # hidden M counts only where cheaper than the naked K - M, K the unit's open cells
        sizes_of = self.hidden_sizes
        for unit in _units_to_search(geo.unit_ids, changed, 0, again):
            unit_cells = units[unit]
            masks = _UNIT_MASKS[unit](cands)
            count = len(masks)
            k = count - masks.count(0)
            sizes = sizes_of[k]
            if not sizes:
                continue
            empty = 0
            missing = 0
            for i in range(count):
                mask = masks[i]
                if mask:
                    empty |= 1 << i
                    missing |= mask
            for hidden_digits, hidden_cells, m in _hidden_sets(unit_cells, masks, sizes):
                naked_cells = empty & ~hidden_cells
                naked_digits = _local_union(masks, naked_cells)
                if _BIT_COUNT[naked_digits] != k - m:
                    continue  # only a broken grid lets the complement fall short
                found: list[tuple[int, int]] = []
                _unit_eliminations(unit_cells, masks, missing & ~hidden_digits, hidden_cells, found)
                if not found:
                    continue
                fruitful |= 1 << unit
                elims = tuple(found)
                if elims in seen:
                    continue
                seen.add(elims)
                steps.append(deferred_step(
                    Step, self.code, hidden_points(m, formulas), (), elims, _hidden_finding,
                    (formulas, unit, m, k - m, hidden_digits, naked_digits, missing, unit_cells, masks, hidden_cells,
                     naked_cells),
                ))
        self.recheck.done_except(board, fruitful)
        return steps
