"""Thinning method V, part 2: unique loops ("Ausschluss-Ketten") of 6, 8 and 10 cells.

A unique loop is 2N non-given cells in N rows, N columns and N boxes, each
of those units holding exactly two of them, connected and two-colourable (the
two cells of every unit get different colours).  If the solution held only
the main candidates x and y there, every unit would hold one x and one y in
those cells and swapping them would give a second solution.  So, as for the
rectangle, some loop cell takes another digit.

Types 1, 2/5 and 3 are the rectangle's functions applied to the loop.  The
types built on strong links (4, 6, 7, 8) are found by one sound propagation
(:func:`refutes`): assume a candidate, follow pair cells and the strong links
of x and y inside the loop's units, and drop the candidate if that puts every
loop cell on x or y (the deadly pattern) or leaves a cell without a value.
The fewest links that refute it name the type, as in the rectangle table:
one link is a type 4 (A: the other main candidate goes elsewhere, B: from the
two cells of the link unit, C: the link's own digit goes), two links of one
digit type 6 or 7, two links of both digits type 8.

Quasi loops are searched for 6 cells only, like the original; a digit found
in all cells of one colour is re-added to the other colour's cells.

A loop's types read its cells and, in the units through them, the places of x
and y (the strong links) and for type 3 every candidate; type 2/5 also
removes from cells outside, but those can only lose candidates.  So both
searches remember where they last found nothing (:mod:`techniques.recheck`)
and then look only at the loops that read a change
(:func:`~techniques.uniqueness.reads_changed`): a digit pair only where its
cells are near a change (:func:`near`), a loop only if it reads one.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, permutations
from typing import Final, NamedTuple

from puzzles.geometry import ALL_CELLS, CELL_BIT, CELL_UNITS, COL_OF, PEER_MASK, ROW_OF, UNIT_MASK, cells_of
from techniques.base import Context, Phase, register
from techniques.board import Board
from techniques.findings import Cells, Digit, Fragment
from techniques.points import linear_floor
from techniques.recheck import EVERYWHERE, Recheck, Rechecking
from techniques.step import Candidate, Step
from techniques.uniqueness import (
    REMOVE_DIGIT_FROM,
    REMOVE_EXTRAS_FROM,
    TYPE_POINT_DEFAULTS,
    UR_TYPES_FORMULA,
    Finding,
    Pattern,
    at_least,
    because,
    bits,
    effective_masks,
    generic_findings,
    make_step,
    quasi_floor,
    reads_changed,
    type_floor,
    type_points,
)

__all__ = ["find_loops", "loop_findings", "refutes", "UniqueLoop", "QuasiUniqueLoop"]

_X, _Y, _O = 1, 2, 4  # possible values of a loop cell: x, y, another digit


# --------------------------------------------------------------------------- search


def find_loops(
    allowed: int, ex: int, ey: int, max_size: int, extras: Sequence[int]
) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(cells, colours) of every useful loop of 6..max_size cells inside ``allowed``.

    Each set is built from its lowest cell by repeatedly completing the first
    unit that holds only one of its cells, so every set is produced once.
    ``ex``/``ey`` are the cells with x/y: a digit must fill one colour class
    (for plain loops every allowed cell holds both, so this never prunes).
    ``extras[c]`` is the mask of c's digits other than x and y: a loop with
    more than three cells with extras can only be used by type 2/5 (one
    common extra digit), since an assumption plus at most two strong links
    force at most three cells; other such loops are cut off early.
    """
    search = _LoopSearch(ex, ey, max_size, extras)
    rest = allowed
    while rest:
        low = rest & -rest
        rest ^= low
        start = low.bit_length() - 1
        search.add(start, 0)
        search.grow(rest)
        search.remove()
    return search.found


class _LoopSearch:
    """The state of one :func:`find_loops` search: the cells of the set so far, their colours, per
    unit how many of them it holds and the colour its partner needs, and the loops found.

    An object rather than closures: a closure that calls itself (``grow``) is a reference
    cycle, left for the garbage collector after every search.  On the compiled path an
    extension type (``unique_loops.pxd``).
    """

    __slots__ = ("cells", "colours", "count", "ex", "ey", "extras", "found", "max_size", "occupant_colour")

    def __init__(self, ex: int, ey: int, max_size: int, extras: Sequence[int]) -> None:
        self.ex = ex
        self.ey = ey
        self.max_size = max_size
        self.extras = extras
        self.count = [0] * 27
        self.occupant_colour = [0] * 27
        self.cells: list[int] = []
        self.colours: list[int] = []
        self.found: list[tuple[tuple[int, ...], tuple[int, ...]]] = []

    def add(self, c: int, col: int) -> None:
        self.cells.append(c)
        self.colours.append(col)
        count, occupant_colour = self.count, self.occupant_colour
        for u in CELL_UNITS[c]:
            count[u] += 1
            occupant_colour[u] = col

    def remove(self) -> None:
        c = self.cells.pop()
        col = self.colours.pop()
        count, occupant_colour = self.count, self.occupant_colour
        for u in CELL_UNITS[c]:
            count[u] -= 1
            if count[u] == 1:
                occupant_colour[u] = 1 - col

    def useful(self) -> bool:
        """The usefulness rule (module docstring of :func:`find_loops`) for the set so far."""
        ex, ey, extras, cells, colours = self.ex, self.ey, self.extras, self.cells, self.colours
        fx0 = fx1 = fy0 = fy1 = True
        with_extras = 0
        common = 0x1FF
        for i in range(len(cells)):
            c = cells[i]
            if colours[i]:
                fx1 = fx1 and bool(ex >> c & 1)
                fy1 = fy1 and bool(ey >> c & 1)
            else:
                fx0 = fx0 and bool(ex >> c & 1)
                fy0 = fy0 and bool(ey >> c & 1)
            extra = extras[c]
            if extra:
                with_extras += 1
                common &= extra
        if with_extras > 3:
            if not common or common & (common - 1):
                return False  # no single digit common to the cells with extras
            for c in cells:
                if extras[c] not in (0, common):
                    return False
        return (fx0 or fx1) and (fy0 or fy1)

    def grow(self, above: int) -> None:
        """Add to :attr:`found` the loops that complete the set so far with cells of ``above``."""
        cells, colours, count, occupant_colour = self.cells, self.colours, self.count, self.occupant_colour
        max_size = self.max_size
        # the units holding one cell of the set: how many, and the first (by cell, then row, column, box)
        open_count = 0
        unit = col = -1
        for i in range(len(cells)):
            for u in CELL_UNITS[cells[i]]:
                if count[u] == 1:
                    if not open_count:
                        unit, col = u, colours[i]
                    open_count += 1
        if not open_count:
            if len(cells) >= 6:
                self.found.append((tuple(cells), tuple(colours)))
            return
        if len(cells) >= max_size or open_count > 3 * (max_size - len(cells)):
            return
        new_col = 1 - col
        options = UNIT_MASK[unit] & above
        while options:
            low = options & -options
            options ^= low
            n = low.bit_length() - 1
            if n in cells:
                continue
            blocked = False
            for v in CELL_UNITS[n]:
                if count[v] >= 2 or (count[v] == 1 and occupant_colour[v] == new_col):
                    blocked = True
                    break
            if blocked:
                continue
            self.add(n, new_col)
            if self.useful():
                self.grow(above)
            self.remove()


@lru_cache(maxsize=256)
def _loops_in(region: int, max_size: int, extras: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The cells of the loops :func:`find_loops` finds in ``region``, a part of the cells
    holding both digits, whose cells have the other digits ``extras`` (in scan order).

    That is all the search reads, and a step changes the candidates of few
    regions, so the loops are made once and kept while the engine searches
    again after each step.
    """
    by_cell = [0] * 81
    for c, extra in zip(cells_of(region), extras):
        by_cell[c] = extra
    return tuple([cells for cells, _ in find_loops(region, region, region, max_size, by_cell)])


#: :data:`~puzzles.geometry.CELL_BIT`, a C array on the compiled path (``unique_loops.pxd``).
_CELL_BIT: Final = CELL_BIT


class _SixCellShapes(NamedTuple):
    """The six-cell loops, the bitboard of each, per loop its index with the three cells of each
    colour class (what :func:`_matching_shapes` reads of a shape), and per cell the loops holding
    it (bit k for loop k)."""

    loops: list[tuple[tuple[int, ...], tuple[int, ...]]]
    masks: list[int]
    classes: list[tuple[int, int, int, int, int, int, int]]
    holding: list[int]


@lru_cache(maxsize=1)
def _six_cell_shapes() -> _SixCellShapes:
    """All 6804 six-cell loop shapes with their colour classes, built once, on first use.

    Quasi loops may use cells without x or y, so the candidate-driven search
    of plain loops would branch widely; testing every shape by the candidates
    of its two colour classes is faster.
    """
    loops = _six_cell_loops()
    return _SixCellShapes(loops, *_shape_table(loops))


def _shape_table(
    loops: list[tuple[tuple[int, ...], tuple[int, ...]]],
) -> tuple[list[int], list[tuple[int, int, int, int, int, int, int]], list[int]]:
    """The masks, classes and holding of :class:`_SixCellShapes` for these loops."""
    masks = []
    classes = []
    holding = [bytearray((len(loops) + 7) // 8) for _ in range(81)]
    by_colours: dict[tuple[int, ...], tuple[int, ...]] = {}  # the places of each class, per colouring
    for k in range(len(loops)):
        cells, colours = loops[k]
        where = by_colours.get(colours)
        if where is None:
            where = by_colours[colours] = tuple(sorted(range(6), key=colours.__getitem__))
        i0, i1, i2, i3, i4, i5 = where
        c0, c1, c2, c3, c4, c5 = cells[i0], cells[i1], cells[i2], cells[i3], cells[i4], cells[i5]
        masks.append(_CELL_BIT[c0] | _CELL_BIT[c1] | _CELL_BIT[c2] | _CELL_BIT[c3] | _CELL_BIT[c4] | _CELL_BIT[c5])
        classes.append((k, c0, c1, c2, c3, c4, c5))
        byte, bit = k >> 3, 1 << (k & 7)
        for c in cells:
            row = holding[c]
            row[byte] |= bit
    return masks, classes, [int.from_bytes(row, "little") for row in holding]


def _six_cell_loops() -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every six-cell loop as :func:`find_loops` yields it (cells in growing order, colours), sorted.

    Six cells two to a row and two to a column fill three rows and three
    columns, and miss one cell of each row and column: the loops are the
    3 x 3 row-column crossings without a permutation's cells, kept when the
    six cells lie two to a box in three boxes.  Which of those pass, and in
    which order :func:`find_loops` grows and colours them, depends only on
    which of the three rows share a band, which of the three columns share a
    stack (four kinds each: three rows in growing order share a band as
    all, none, the first two or the last two) and the permutation, so it is
    worked out once per such pattern (96), and only the rows and columns of
    the patterns that pass are combined.  The order of :func:`find_loops` is
    that of its cell tuples (it tries smaller cells first), hence the sort,
    by one number per loop: its cells as digits of base 81, then its index.
    """
    rows_by_kind: dict[tuple[bool, bool], list[tuple[int, ...]]] = {}
    for three in combinations(range(9), 3):
        rows_by_kind.setdefault((three[0] // 3 == three[1] // 3, three[1] // 3 == three[2] // 3), []).append(three)
    grown: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    keys = []
    for some_rows in rows_by_kind.values():
        for some_cols in rows_by_kind.values():  # a column's stack is its index // 3, as a row's band
            first_rows, first_cols = some_rows[0], some_cols[0]
            for miss in permutations(range(3)):
                crossings = [(i, j) for i in range(3) for j in range(3) if j != miss[i]]
                order = _grown_order([9 * first_rows[i] + first_cols[j] for i, j in crossings])
                if order is None:
                    continue
                colours = order[1]
                (i0, j0), (i1, j1), (i2, j2), (i3, j3), (i4, j4), (i5, j5) = [crossings[k] for k in order[0]]
                for rows in some_rows:
                    row_at = rows  # read into a name: a C array on the compiled path
                    r0, r1, r2 = 9 * row_at[i0], 9 * row_at[i1], 9 * row_at[i2]
                    r3, r4, r5 = 9 * row_at[i3], 9 * row_at[i4], 9 * row_at[i5]
                    for cols in some_cols:
                        col_at = cols
                        c0, c1, c2 = r0 + col_at[j0], r1 + col_at[j1], r2 + col_at[j2]
                        c3, c4, c5 = r3 + col_at[j3], r4 + col_at[j4], r5 + col_at[j5]
                        key = (((((c0 * 81 + c1) * 81 + c2) * 81 + c3) * 81 + c4) * 81 + c5) << 13 | len(grown)
                        keys.append(key)
                        grown.append(((c0, c1, c2, c3, c4, c5), colours))
    keys.sort()
    return [grown[key & 8191] for key in keys]


def _grown_order(cells: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """How :func:`find_loops` grows and colours a six-cell set (indices into ``cells``), None if no loop.

    From the lowest cell it completes the first unit holding one cell of the
    set, giving the partner the other colour; a loop holds two cells of
    different colours in every unit it touches.
    """
    units = [CELL_UNITS[c] for c in cells]
    count: dict[int, int] = {}
    for us in units:
        for u in us:
            count[u] = count.get(u, 0) + 1
    if any(n != 2 for n in count.values()):
        return None
    order, colours = [0], [0]
    placed = {0}
    while len(order) < 6:
        k, col = next((k, col) for k, col in zip(order, colours) for u in units[k]
                      if sum(1 for j in placed if u in units[j]) == 1)
        u = next(u for u in units[k] if sum(1 for j in placed if u in units[j]) == 1)
        partner = next(j for j in range(6) if j not in placed and u in units[j])
        order.append(partner)
        colours.append(1 - col)
        placed.add(partner)
    colour_of = dict(zip(order, colours))
    if any(colour_of[i] == colour_of[j] for i in range(6) for j in range(i + 1, 6) if set(units[i]) & set(units[j])):
        return None
    return tuple(order), tuple(colours)


@lru_cache(maxsize=4)
def _shapes_off(givens: int) -> tuple[tuple[int, int, int, int, int, int, int], ...]:
    """The shapes a puzzle with these givens can use (no loop holds a given), made once per puzzle:
    their entries of :attr:`_SixCellShapes.classes`.

    About an eighth of the 6804 shapes avoid the givens of a hard puzzle, so the
    tests of :func:`_matching_shapes` run over that many.  Found as the zeros of
    the loops holding a given, one bit per loop.
    """
    shapes = _six_cell_shapes()
    holding = shapes.holding
    some_given = 0
    for c in cells_of(givens):
        some_given |= holding[c]
    classes = shapes.classes
    return tuple([classes[k] for k in _zeros(some_given, len(classes))])


def _zeros(bitboard: int, size: int) -> list[int]:
    """The places of the zero bits among the ``size`` lowest of ``bitboard``, ascending."""
    text = format(bitboard, "b").zfill(size)  # bit k is character size - 1 - k
    out = []
    for k in range(size):
        if text[size - 1 - k] == "0":
            out.append(k)
    return out


def _matching_shapes(
    off: Sequence[tuple[int, int, int, int, int, int, int]], regions: Sequence[int], pairs: Sequence[int],
    eff: Sequence[int], open_cells: int, touching: int = ALL_CELLS,
) -> list[tuple[int, int]]:
    """(region index, shape index) of the shapes that may form a quasi loop, by region, then shape.

    A shape qualifies for region ``regions[j]`` of the digit pair ``pairs[j]``
    (a 9-bit mask) when it lies inside the region, holds an open cell, and
    each digit of the pair fills a colour class (is in the effective masks
    ``eff`` of all three cells of that class).  The regions hold no given, so
    only the shapes of ``off`` (those of :func:`_shapes_off`, or the part of them
    that :func:`_filling_partners` keeps) can lie inside them.  Only the shapes with a
    cell in ``touching`` are kept.  The digits filling a class come first,
    from the masks of the shape's six cells: few shapes have two, and only
    those are tested further, against the regions of those digits.
    """
    regions_of: dict[int, list[int]] = {}
    for j in range(len(pairs)):
        regions_of.setdefault(pairs[j], []).append(j)
    masks = _six_cell_shapes().masks
    e = eff
    out = []
    for k, a0, a1, a2, b0, b1, b2 in off:
        filled = e[a0] & e[a1] & e[a2] | e[b0] & e[b1] & e[b2]
        if not filled & (filled - 1):
            continue  # fewer than two digits fill a class
        mask = masks[k]
        if not mask & open_cells or not mask & touching:
            continue
        for x, y in combinations(bits(filled), 2):
            for j in regions_of.get((1 << (x - 1)) | (1 << (y - 1)), ()):
                if not mask & ~regions[j]:
                    out.append((j, k))
    out.sort()
    return out


def _filling_partners(
    off: tuple[tuple[int, int, int, int, int, int, int], ...], eff: Sequence[int],
) -> tuple[list[int], list[tuple[int, int, int, int, int, int, int]]]:
    """Per digit x, the mask of the digits y such that some shape of ``off`` has x and y each
    filling a colour class in the effective masks ``eff``; and those shapes.

    :func:`_matching_shapes` keeps a shape for a pair only then, so the regions of the other
    pairs need not be made (most pairs of a hard puzzle's position have none), and it need
    test only those shapes.
    """
    e = eff
    out = [0] * 10
    shapes = []
    for shape in off:
        _, a0, a1, a2, b0, b1, b2 = shape
        filled = e[a0] & e[a1] & e[a2] | e[b0] & e[b1] & e[b2]
        if filled & (filled - 1):
            shapes.append(shape)
            for d in range(1, 10):
                if filled >> (d - 1) & 1:
                    out[d] |= filled
    return out, shapes


def _few_extras(extras: Sequence[int]) -> bool:
    """The usefulness rule of :func:`find_loops` for a finished cell set."""
    cells = [m for m in extras if m]
    if len(cells) <= 3:
        return True
    return cells[0].bit_count() == 1 and all(m == cells[0] for m in cells)


def useful_regions(allowed: int, holders: Sequence[int], pair: int, extras: tuple[int, int] | None = None) -> list[int]:
    """Parts of ``allowed`` that can hold a useful loop (see :func:`find_loops`).

    ``holders[d]`` is the bitboard of the cells with digit d, ``pair`` the
    mask of x and y; a cell's extras are its digits other than those.  A loop
    of six or more cells with at most three extra cells has three pair cells;
    without three pair cells only type 2/5 is left, whose extra cells all hold
    the same single extra z.  Early in a hard puzzle there are few pair cells,
    and this cut keeps the loop search small.  Counted on bitboards: the cells
    with one extra digit and with two or more (``extras``, see :func:`_with_extras`).
    """
    one, several = extras or _with_extras(holders, pair, at_least(holders, 4))
    pair_cells = allowed & ~one
    if pair_cells.bit_count() >= 3:
        return [allowed]
    single = allowed & one & ~several
    regions = []
    for d in range(1, 10):
        if pair >> (d - 1) & 1:
            continue
        here = single & holders[d]
        if here:
            region = pair_cells | here
            if region.bit_count() >= 6:
                regions.append(region)
    return regions


def _with_extras(holders: Sequence[int], pair: int, counts: Sequence[int]) -> tuple[int, int]:
    """The cells with one digit or more besides the ``pair`` of x and y, and with two or more.

    ``counts``: the cells in at least one to four of the holders
    (:func:`~techniques.uniqueness.at_least`), which the caller makes once for
    all pairs; a cell holding h of x and y and in n holders has n - h other digits.
    """
    in1, in2, in3, in4 = counts
    hx = holders[(pair & -pair).bit_length()]
    hy = holders[pair.bit_length()]
    both = hx & hy
    one_of = hx ^ hy
    neither = ~(hx | hy)
    return neither & in1 | one_of & in2 | both & in3, neither & in2 | one_of & in3 | both & in4


class _Changes(NamedTuple):
    """What changed since a loop search last found nothing: the cells, per digit the cells
    that lost it, and the cells near (:func:`near`) each of these and near any change."""

    cells: int
    places: list[int]
    near_places: list[int]
    near_cells: int


def _changes(recheck: Recheck, board: Board) -> _Changes | None:
    """The changes since ``recheck``'s search last found nothing on ``board``; None when there are none."""
    changed = recheck.changed(board)
    if not changed:
        return None
    places = recheck.changed_places(board)
    return _Changes(changed, places, [near(p) for p in places], near(changed))


def _touching(cells: int, one: int, since: _Changes, x: int, y: int) -> int:
    """Where a loop inside ``cells`` of the digits x and y needs a cell to read a change
    (:func:`~techniques.uniqueness.reads_changed`): a changed cell, a cell near a change of x
    or y, and, when ``cells`` hold the four pair cells a type 3 needs (``one``: the cells with
    another digit), near any change."""
    touching = since.cells | since.near_places[x] | since.near_places[y]
    if (cells & ~one).bit_count() >= 4:
        touching |= since.near_cells
    return touching


def _reads(cells: Sequence[int]) -> int:
    """The cells of the units through ``cells`` (a loop's: its cells are among them)."""
    out = 0
    for c in cells:
        out |= PEER_MASK[c]
    return out


def display_order(cells: tuple[int, ...]) -> tuple[int, ...]:
    """Indices around the loop: from the first cell, alternately to its row and column partner."""
    index = {c: i for i, c in enumerate(cells)}
    order: list[int] = []
    seen: set[int] = set()
    for s in cells:
        cur, by_row = s, True
        while cur not in seen:
            seen.add(cur)
            order.append(index[cur])
            key = ROW_OF if by_row else COL_OF
            cur = next(c for c in cells if c != cur and key[c] == key[cur])
            by_row = not by_row
    return tuple(order)


# --------------------------------------------------------------------------- strong-link types


Link = tuple[int, int, int, int]  # digit, cell index i, cell index j, unit


def _links(board: Board, pat: Pattern) -> list[Link]:
    """Strong links of x and y in the loop's units: the digit lies there only in the two loop cells."""
    mask = pat.bitboard
    out: list[Link] = []
    units: dict[int, list[int]] = {}
    for i, c in enumerate(pat.cells):
        for u in CELL_UNITS[c]:
            units.setdefault(u, []).append(i)
    for u in sorted(units):
        i, j = units[u]
        for h in (pat.x, pat.y):
            if not board.positions[h] & UNIT_MASK[u] & ~mask:
                out.append((h, i, j, u))
    return out


def refutes(pat: Pattern, nbrs: list[list[int]], links: list[Link], cell: int, value: int) -> bool:
    """True if assuming ``value`` (_X, _Y or _O) for loop cell ``cell`` is impossible.

    Sound for any superset of the true candidates: a cell that is x keeps x
    out of the loop cells it sees, a pair cell without x is y, a strong link
    without one end is the other end; impossible when a cell is left without a
    value or when no cell can take another digit any more (deadly pattern).
    """
    n = len(pat.cells)
    neighbours = [sum(1 << j for j in nbrs[i]) for i in range(n)]
    extra_cells = sum(1 << i for i in range(n) if pat.extras(i))
    return _refuted(n, neighbours, extra_cells, _link_bits(pat, links), cell, value)


#: A strong link as the propagation uses it, once per direction: (the link's digit is x,
#: the bit of the loop cell that lacks it, the bit of the cell that must then take it).
_LinkBits = tuple[bool, int, int]


def _link_bits(pat: Pattern, links: Sequence[Link]) -> list[_LinkBits]:
    """The links of :func:`_refuted`, both directions of each."""
    out = []
    for h, i, j, _ in links:
        out.append((h == pat.x, 1 << i, 1 << j))
        out.append((h == pat.x, 1 << j, 1 << i))
    return out


def _refuted(n: int, neighbours: Sequence[int], extra_cells: int, links: Sequence[_LinkBits], cell: int, value: int) -> bool:
    """:func:`refutes` on bitboards of the loop's cell indices: which cells may still be x, y, other.

    The propagation only removes possibilities, and each rule, once it
    applies, keeps applying as the sets shrink (a cell that may only be x,
    or that lacks a link's digit, stays so unless it is left with nothing,
    and a cell left with nothing decides the answer anyway).  So every order
    of applying the rules ends in the same state, and all cells that may
    only be x clear x from their neighbours in one go.
    """
    full = (1 << n) - 1
    bit = 1 << cell
    may_x = full if value == _X else full & ~bit
    may_y = full if value == _Y else full & ~bit
    may_o = extra_cells if value == _O else extra_cells & ~bit
    while True:
        if may_x | may_y | may_o != full:
            return True  # a cell without a value
        before = (may_x, may_y, may_o)
        others = may_y | may_o
        only = may_x & ~others
        while only:
            low = only & -only
            only ^= low
            may_x &= ~neighbours[low.bit_length() - 1]
        only = may_y & ~(may_x | may_o)
        while only:
            low = only & -only
            only ^= low
            may_y &= ~neighbours[low.bit_length() - 1]
        for is_x, lacking, forced in links:
            if is_x:
                if not may_x & lacking and (may_y | may_o) & forced:
                    may_y &= ~forced
                    may_o &= ~forced
            elif not may_y & lacking and (may_x | may_o) & forced:
                may_x &= ~forced
                may_o &= ~forced
        if (may_x, may_y, may_o) == before:
            return not may_o


def _classify(pat: Pattern, used: tuple[Link, ...], cell: int, digit: int) -> str:
    """Type label of a refutation with the given links (digit 0: the extras of ``cell``)."""
    if digit == 0:
        return "8C"
    if len(used) == 1:
        h, i, j, _ = used[0]
        if digit == h:
            return "4C"
        return "4B" if cell in (i, j) else "4A"
    (h1, i1, j1, u1), (h2, i2, j2, u2) = used
    if h1 != h2:
        return "8A" if u1 // 9 == u2 // 9 else "8B"
    if digit == h1:
        return "6"
    if pat.is_pair(cell):
        return "7C"
    return "7A" if cell in (i1, j1) and cell in (i2, j2) else "7B"


def link_findings(board: Board, pat: Pattern) -> Iterator[Finding]:
    """Types 4, 6, 7 and 8 of a loop: each target refuted with the fewest strong links (one or two)."""
    if sum(1 for i in range(len(pat.cells)) if not pat.is_pair(i)) < 2:
        return  # one extra cell is type 1; none is a broken pattern
    links = _links(board, pat)
    if not links:
        return
    n = len(pat.cells)
    units = [set(CELL_UNITS[c]) for c in pat.cells]
    neighbours = [sum(1 << j for j in range(n) if j != i and units[i] & units[j]) for i in range(n)]
    extra_cells = sum(1 << i for i in range(n) if pat.extras(i))
    # two links in one unit are a hidden pair, not a loop argument
    subsets: list[tuple[Link, ...]] = [(lk,) for lk in links]
    subsets += [(a, b) for a, b in combinations(links, 2) if a[3] != b[3]]
    propagated = [(used, _link_bits(pat, used)) for used in subsets]
    # More links only remove more, so what all links together cannot refute, no subset refutes.
    every_link = _link_bits(pat, links)
    groups: dict[tuple[tuple[Link, ...], str, int], list[Candidate]] = {}
    for i, c in enumerate(pat.cells):
        cand = board.cands[c]
        targets = [(h, _X if h == pat.x else _Y) for h in (pat.x, pat.y) if cand >> (h - 1) & 1]
        if cand & pat.extras(i):
            targets.append((0, _O))
        for digit, value in targets:
            if not _refuted(n, neighbours, extra_cells, every_link, i, value):
                continue
            for used, link_bits in propagated:
                if _refuted(n, neighbours, extra_cells, link_bits, i, value):
                    label = _classify(pat, used, i, digit)
                    elims = [(c, digit)] if digit else [(c, d) for d in bits(cand & pat.extras(i))]
                    groups.setdefault((used, label, digit), []).extend(elims)
                    break
    for (used, label, digit), elims in groups.items():
        where = Cells(sorted({c for c, _ in elims}))
        if digit:
            what = Fragment.of(REMOVE_DIGIT_FROM, digit=Digit(digit), cells=where)
        else:
            what = Fragment.of(REMOVE_EXTRAS_FROM, cells=where)
        yield Finding(label, tuple(sorted(elims)), because([(h, u) for h, _, _, u in used], what))


def loop_findings(board: Board, pat: Pattern) -> Iterator[Finding]:
    """Every type that applies to a loop pattern."""
    yield from generic_findings(board, pat)
    yield from link_findings(board, pat)


# --------------------------------------------------------------------------- techniques


def near(changed: int) -> int:
    """The changed cells and every cell sharing a unit with one: a loop none of whose
    cells is here reads no changed cell.  Everything for :data:`EVERYWHERE`."""
    if changed == EVERYWHERE:
        return ALL_CELLS
    out = changed
    for c in cells_of(changed):
        out |= PEER_MASK[c]
    return out



def _loop_bonus(params: dict[str, float], size: int) -> float:
    return params["loop_per_pair"] * (size // 2 - 2)


@register
class UniqueLoop(Rechecking):
    """Unique loops of 6, 8 and 10 cells: rectangle type points + 3 per extra cell pair."""

    code = "UL"
    measure = "size"
    fields = frozenset({"type", "cells", "pair", "reason", "size"})
    group = "V"
    family = "V"
    sync_level = 5
    formula = "UR " + UR_TYPES_FORMULA + "; + {loop_per_pair} x pairs past 4 cells (up to {max_cells})"
    phase = Phase.THINNING
    needs_uniqueness = True
    defaults = {**TYPE_POINT_DEFAULTS, "loop_per_pair": 3, "max_cells": 10}

    def floor(self) -> float:
        pairs = max(1, int(self.params["max_cells"]) // 2 - 2)
        return type_floor(self.params) + linear_floor(0, self.params["loop_per_pair"], 1, pairs)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        if not board.pencil or not ctx.unique:
            return  # candidates not written yet, or uniqueness not established
        since = _changes(self.recheck, board)
        if since is None:
            return
        found = []
        pos = board.positions
        counts = at_least(pos, 4)
        for x, y in combinations(range(1, 10), 2):
            both = pos[x] & pos[y]
            if both.bit_count() < 6:
                continue
            pair = (1 << (x - 1)) | (1 << (y - 1))
            with_extras = _with_extras(pos, pair, counts)
            touching = _touching(both, with_extras[0], since, x, y)
            if not both & touching:
                continue
            regions = useful_regions(both, pos, pair, with_extras)
            if not regions:
                continue
            for region in regions:
                extras = tuple(board.cands[c] & ~pair for c in cells_of(region))
                for cells in _loops_in(region, int(self.params["max_cells"]), extras):
                    masks = tuple(board.cands[c] for c in cells)
                    loop = 0
                    for c in cells:
                        loop |= CELL_BIT[c]
                    if not reads_changed(loop, _reads(cells), masks, pair, since.cells, since.places[x] | since.places[y]):
                        continue
                    pat = Pattern(cells, masks, (0,) * len(cells), x, y, display_order(cells))
                    found.append((sorted(cells), x, y, pat))
        found.sort(key=lambda item: item[:3])
        stepped = False
        for _, _, _, pat in found:
            bonus = _loop_bonus(self.params, len(pat.cells))
            for f in loop_findings(board, pat):
                stepped = True
                points = type_points(self.params, f.type) + bonus
                yield make_step(self.code, points, pat, f, {"size": len(pat.cells)})
        self.recheck.done(board, stepped)


@register
class QuasiUniqueLoop(Rechecking):
    """Quasi unique loops of 6 cells: 6-loop points + (1 + 2N) for N re-added candidates."""

    code = "QUL"
    measure = "size"
    fields = frozenset({"type", "cells", "pair", "reason", "size", "cands", "added"})
    group = "V"
    family = "V"
    sync_level = 5
    formula = ("UR " + UR_TYPES_FORMULA + "; + {loop_per_pair} x pairs past 4 cells, + {quasi_base} + {quasi_per_digit} "
               "x digits added")
    phase = Phase.THINNING
    needs_uniqueness = True
    defaults = {**TYPE_POINT_DEFAULTS, "loop_per_pair": 3, "quasi_base": 1, "quasi_per_digit": 2}

    def floor(self) -> float:
        # each of the two pair digits re-added to at most the three cells of one colour
        return type_floor(self.params) + _loop_bonus(self.params, 6) + quasi_floor(self.params, 6)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        if not board.pencil or not ctx.unique:
            return  # candidates not written yet, or uniqueness not established
        since = _changes(self.recheck, board)
        if since is None:
            return
        eff = effective_masks(board)
        # the cells of each digit in the effective masks: candidates, and cells solved earlier
        holders = list(board.positions)
        for c in cells_of(ALL_CELLS & ~board.empty & ~board.givens):
            holders[board.values[c]] |= 1 << c
        counts = at_least(holders, 4)
        shapes = _six_cell_shapes()
        off = _shapes_off(board.givens)
        partners, filling = _filling_partners(off, eff)
        # the useful regions of every digit pair, then the shapes inside them in one test
        pairs: list[tuple[int, int]] = []
        pair_masks: list[int] = []
        regions: list[int] = []
        touching = 0
        for x, y in combinations(range(1, 10), 2):
            if not partners[x] >> (y - 1) & 1:
                continue  # no shape has both digits filling a class: no region of the pair matches one
            allowed = (holders[x] | holders[y]) & ~board.givens
            pair = (1 << (x - 1)) | (1 << (y - 1))
            with_extras = _with_extras(holders, pair, counts)
            touch = _touching(allowed, with_extras[0], since, x, y)
            if not allowed & touch:
                continue
            for region in useful_regions(allowed, holders, pair, with_extras):
                if region & touch:
                    pairs.append((x, y))
                    pair_masks.append(pair)
                    regions.append(region)
                    touching |= touch
        found = []
        if regions:
            for j, k in _matching_shapes(filling, regions, pair_masks, eff, board.empty, touching):
                x, y = pairs[j]
                cells, colours = shapes.loops[k]
                if not _few_extras([eff[c] & ~pair_masks[j] for c in cells]):
                    continue
                e = [eff[c] for c in cells]
                added = [0] * 6
                for h in (x, y):
                    hb = 1 << (h - 1)
                    full = [all(e[i] & hb for i in range(6) if colours[i] == k) for k in (0, 1)]
                    if full[0] and full[1]:
                        continue
                    fill = 1 if full[0] else 0
                    for i in range(6):
                        if colours[i] == fill:
                            added[i] |= hb & ~e[i]
                if not any(added):
                    continue
                masks = tuple(e[i] | added[i] for i in range(6))
                shape = 0
                for c in cells:
                    shape |= CELL_BIT[c]
                if not reads_changed(shape, _reads(cells), masks, pair_masks[j], since.cells, since.places[x] | since.places[y]):
                    continue
                pat = Pattern(cells, masks, tuple(added), x, y, display_order(cells))
                found.append((sorted(cells), x, y, pat))
        found.sort(key=lambda item: item[:3])
        stepped = False
        for _, _, _, pat in found:
            bonus = (
                _loop_bonus(self.params, 6)
                + self.params["quasi_base"]
                + self.params["quasi_per_digit"] * pat.added_count
            )
            for f in loop_findings(board, pat):
                stepped = True
                points = type_points(self.params, f.type) + bonus
                yield make_step(
                    self.code, points, pat, f, {"size": 6, "cands": pat.candidates(), "added": pat.added_count}
                )
        self.recheck.done(board, stepped)
