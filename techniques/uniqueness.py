"""The uniqueness patterns shared by unique rectangles, unique loops and D8.

A unique rectangle is four non-given cells in two rows, two columns and
exactly two boxes.  If the (unique) solution held only the two main candidates
x and y ("HK") in them, swapping x and y inside the rectangle would give a
second solution; so in the solution at least one of the four cells holds
something else.  Every type below is a consequence of that one fact, combined
with the pair cells (cells holding only x and y) and with "x occurs in this
unit only inside the rectangle" (a strong link).

The fact does not depend on the candidates, only on the cells: that is why a
*quasi* UR may re-add eliminated main candidates (and even the digit of a cell
solved earlier, as long as it is no given) — reasoning with a superset of the
true candidates stays sound.  The type functions therefore work on the
"effective" masks of a :class:`Pattern`, and only candidates still present on
the board are ever eliminated.

Types (seed 004), by the position of the pair cells:

* three pair cells: 1;
* two adjacent pair cells: 2, 3A-3F, 4A, 4B;
* two diagonal pair cells: 5A, 4C, 6, 7C;
* one pair cell: 5B, 7A, 7B, 8A, 8B, 8C (8C is proven by contradiction).

Types 1, 2/5 and 3 are written for any number of cells and reused by the
unique loops (:mod:`techniques.unique_loops`); type 1's corner logic also
serves D8 (:mod:`techniques.obvious_singles`).  The techniques themselves are
in :mod:`techniques.unique_rectangles` and :mod:`techniques.unique_loops`;
the point formulas of the types (their parameters) are here, used by all four.

Variants (diagonal, colour Sudoku): the engine switches all four techniques
off (``Context.unique`` is False under any rules but standard).  The deadly
pattern argument needs the swapped grid to be a solution too.  Swapping x and
y in the corners keeps every row, column and box valid, because each of them
meets the corners in none or in two cells holding x and y.  An extra unit may
meet just one corner: a diagonal through a corner holding x there, with y in
one of its cells off the rectangle, holds y twice after the swap.  The swap is
then no solution, the pattern is not deadly, and it may well stand in the
unique solution: a UR elimination could remove a solution digit.  A rectangle
(or loop) is deadly under variant rules only when every extra unit meets its
cells in none or in pairs that swap within the unit; deciding that per
pattern is left out (nothing in the original's documentation says it does
so).  Switching the techniques off is sound; the variant tests check that no
uniqueness technique appears in a variant rating.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import Final, NamedTuple

from puzzles.geometry import (
    BOX_OF,
    CELL_BIT,
    CELL_UNITS,
    COL_OF,
    DIGITS_OF_MASK,
    PEER_MASK,
    ROW_OF,
    UNIT_MASK,
    UNITS,
)
from techniques.board import Board
from techniques.findings import Candidates, Cell, Cells, Digit, Digits, Fragment, Items, Unit, fragment_kind
from techniques.points import linear_floor
from techniques.step import Candidate, Step

# --------------------------------------------------------------------------- geometry


class Rect(NamedTuple):
    """A 2-box rectangle; cells in the order A (r1,c1), B (r1,c2), C (r2,c1), D (r2,c2).

    With this order ``i ^ 1`` is the row mate, ``i ^ 2`` the column mate and
    ``i ^ 3`` the opposite corner of cell index ``i``.
    """

    cells: tuple[int, int, int, int]
    mask: int
    #: The cells of its two rows, two columns and two boxes: every type reads only
    #: these (its corners, the strong links of its units, a type 3's quasi tuple).
    reads: int


def _rectangles() -> tuple[Rect, ...]:
    """The two-box rectangles, made when the module loads: on the compiled path (``uniqueness.pxd``)
    a loop on C integers, the bitboards 128-bit C integers."""
    out = []
    for r1 in range(9):
        for c1 in range(9):
            for r2 in range(r1 + 1, 9):
                for c2 in range(c1 + 1, 9):
                    # one band and two stacks, or two bands and one stack: exactly two boxes
                    if (r1 // 3 == r2 // 3) == (c1 // 3 == c2 // 3):
                        continue
                    a, b, c, d = 9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2
                    mask = _CELL_BIT[a] | _CELL_BIT[b] | _CELL_BIT[c] | _CELL_BIT[d]
                    # the cells' units: two rows, two columns and the two boxes of a and d
                    reads = (_UNIT_MASK[r1] | _UNIT_MASK[r2] | _UNIT_MASK[9 + c1] | _UNIT_MASK[9 + c2]
                             | _UNIT_MASK[18 + _BOX_OF[a]] | _UNIT_MASK[18 + _BOX_OF[d]])
                    out.append(Rect((a, b, c, d), mask, reads))
    return tuple(out)


#: :data:`~puzzles.geometry.CELL_BIT`, ``UNIT_MASK`` and ``BOX_OF``: C arrays on the compiled path
#: (``uniqueness.pxd``), so that the rectangles are made on C integers.
_CELL_BIT: Final = CELL_BIT
_UNIT_MASK: Final = UNIT_MASK
_BOX_OF: Final = BOX_OF
#: :data:`~puzzles.geometry.ROW_OF` and ``COL_OF``: C arrays on the compiled path (``uniqueness.pxd``).
_ROW_OF: Final = ROW_OF
_COL_OF: Final = COL_OF


#: All 486 two-box rectangles, by top-left cell row-major, then bottom-right cell.
RECTANGLES: tuple[Rect, ...] = _rectangles()
#: Display order of a rectangle's cells: around it, as the original prints (A - B - D - C).
RECT_ORDER = (0, 1, 3, 2)


# --------------------------------------------------------------------------- patterns


@dataclass(frozen=True)
class Pattern:
    """A UR or loop under test: cells, effective candidate masks and main candidates.

    ``masks`` may contain re-added ("pseudo") candidates, listed in ``added``;
    ``order`` is the display order of ``cells`` (around the rectangle/loop).
    """

    cells: tuple[int, ...]
    masks: tuple[int, ...]
    added: tuple[int, ...]
    x: int
    y: int
    order: tuple[int, ...]

    @cached_property
    def pair(self) -> int:
        return (1 << (self.x - 1)) | (1 << (self.y - 1))

    @cached_property
    def bitboard(self) -> int:
        return sum(1 << c for c in self.cells)

    def extras(self, i: int) -> int:
        return self.masks[i] & ~self.pair

    def is_pair(self, i: int) -> bool:
        return self.masks[i] == self.pair

    @property
    def added_count(self) -> int:
        return sum(m.bit_count() for m in self.added)

    def ordered_cells(self) -> Cells:
        """The cells in display order (around the rectangle or loop)."""
        return Cells(self.cells[i] for i in self.order)

    def candidates(self) -> Items:
        """Candidate lists in display order, re-added candidates marked (written ``1(5)7``)."""
        return Items(Candidates(Digits.of_mask(self.masks[i]), Digits.of_mask(self.added[i])) for i in self.order)


@dataclass(frozen=True)
class Finding:
    """One type applied to a pattern: its type label, eliminations and reasons."""

    type: str
    eliminations: tuple[Candidate, ...]
    reason: Fragment
    extra_used: tuple[Candidate, ...] = ()


#: Reasons of the types: 1, 2/5 and 3 by their pattern; 4, 6, 7 and 8 by strong
#: links ("candidate 4 alone in column 8") and what they remove.
TYPE1 = fragment_kind("ur_type1", "cell", "x", "y")
TYPE2 = fragment_kind("ur_type2", "digit", "cells")
TYPE3 = fragment_kind("ur_type3", "extras", "cell1", "cell2", "cells", "size", "digits", "unit")
BECAUSE = fragment_kind("ur_because", "links", "what")
ALONE = fragment_kind("alone_in_unit", "digit", "unit")
REMOVE_OTHER_EXTRA = fragment_kind("ur_remove_other_extra_cell", "digit", "cell")
REMOVE_BOTH_EXTRA = fragment_kind("ur_remove_both_extra_cells", "digit")
REMOVE_NOT_CONSIDERED = fragment_kind("ur_remove_not_considered_cell", "digit", "cell")
REMOVE_PAIR_CELL = fragment_kind("ur_remove_pair_cell", "digit", "cell")
REMOVE_OPPOSITE = fragment_kind("ur_remove_opposite_cell", "digit", "cell")
REMOVE_BESIDE = fragment_kind("ur_remove_beside_cell", "digit", "cell")
REMOVE_EXTRAS_OPPOSITE = fragment_kind("ur_remove_extras_opposite_cell", "cell")
REMOVE_DIGIT_FROM = fragment_kind("ul_remove_digit", "digit", "cells")
REMOVE_EXTRAS_FROM = fragment_kind("ul_remove_extras", "cells")


def _real(board: Board, pairs: Sequence[Candidate]) -> tuple[Candidate, ...]:
    """Keep the eliminations that remove a candidate still on the board, in scan order."""
    return tuple(sorted({(c, d) for c, d in pairs if board.cands[c] >> (d - 1) & 1}))


def _alone(board: Board, digit: int, unit: int, pattern_mask: int) -> bool:
    """True if ``digit`` is a candidate of ``unit`` only inside the pattern (a strong link)."""
    return not board.positions[digit] & UNIT_MASK[unit] & ~pattern_mask


def _shared_units(a: int, b: int) -> list[int]:
    """Units holding both cells, in scan order (row, column, box)."""
    return [u for u in CELL_UNITS[a] if u in CELL_UNITS[b]]


# --------------------------------------------------------------------------- type 1 (shared with D8)


def type1_corner(masks: Sequence[int], pair: int) -> int:
    """Index of the one corner that is not a pair cell when the other three are, else -1.

    This is the whole of type 1 and of the direct method D8: if three corners
    can only hold the pair, the fourth must not take either pair digit.
    """
    odd = -1
    for i, m in enumerate(masks):
        if m != pair:
            if odd >= 0:
                return -1
            odd = i
    return odd


class UrCorner(NamedTuple):
    """A type-1 corner: the rectangle, the corner cell, the pair and what is left for it."""

    cells: tuple[int, int, int, int]
    corner: int
    pair: int
    remaining: int


def ur_corner_candidates(pair_of: Sequence[int], cands: Sequence[int]) -> Iterator[UrCorner]:
    """Yield every "obvious UR corner" (type 1 / D8), rectangles in scan order.

    ``pair_of[c]`` is the 2-digit mask cell ``c`` is known to be confined to
    (0 if none): in the thinning phase its candidates when it has two, in the
    direct phase the pair of the obvious 2-tuple the cell belongs to.
    ``cands[c]`` is the corner's current candidate mask (0 for a filled cell).
    A corner is reported when three corners share the same pair, the fourth is
    empty and holds at least one pair digit; ``remaining`` is its candidates
    without the pair digits (a single bit means D8 can place it).
    """
    for rect in RECTANGLES:
        a, b, c, d = rect.cells
        # three corners share the pair, so corner a or (if a is the odd one) corner d has it
        pair = pair_of[a] if pair_of[a] in (pair_of[b], pair_of[c]) else pair_of[d]
        if not pair:
            continue
        masks = tuple(pair_of[x] if pair_of[x] == pair else cands[x] for x in rect.cells)
        i = type1_corner(masks, pair)
        if i < 0:
            continue
        corner = rect.cells[i]
        if cands[corner] & pair:
            yield UrCorner(rect.cells, corner, pair, cands[corner] & ~pair)


def type_1(board: Board, pat: Pattern) -> Iterator[Finding]:
    """Three (or all but one) pair cells: the other cell cannot take either main candidate."""
    i = type1_corner(pat.masks, pat.pair)
    if i < 0:
        return
    c = pat.cells[i]
    elims = _real(board, [(c, pat.x), (c, pat.y)])
    if elims:
        yield Finding("1", elims, Fragment.of(TYPE1, cell=Cell(c), x=Digit(pat.x), y=Digit(pat.y)))


# --------------------------------------------------------------------------- types 2 and 5


def type_2_5(board: Board, pat: Pattern) -> Iterator[Finding]:
    """Every non-pair cell has the same single extra z: one of them is z.

    Two cells sharing a unit give type 2, two that do not give 5A, three to
    six cells 5B-5E; z goes from every cell that sees all of them.
    """
    extra_idx = [i for i in range(len(pat.cells)) if not pat.is_pair(i)]
    if len(extra_idx) < 2:
        return
    z_mask = pat.extras(extra_idx[0])
    if z_mask.bit_count() != 1 or any(pat.extras(i) != z_mask for i in extra_idx):
        return
    z = z_mask.bit_length()
    cells = [pat.cells[i] for i in extra_idx]
    seen = ~pat.bitboard
    for c in cells:
        seen &= PEER_MASK[c]
    targets = board.positions[z] & seen
    if not targets:
        return
    elims = _real(board, [(t, z) for t in range(81) if targets >> t & 1])
    n = len(cells)
    if n == 2:
        label = "2" if _shared_units(cells[0], cells[1]) else "5A"
    else:
        label = "5" + "ABCDE"[min(n, 6) - 2]
    yield Finding(label, elims, Fragment.of(TYPE2, digit=Digit(z), cells=Cells(cells)))


# --------------------------------------------------------------------------- type 3


def type_3(board: Board, pat: Pattern) -> Iterator[Finding]:
    """Two extra cells sharing a unit act as one cell with their extras: a quasi N-tuple.

    One of the two holds an extra digit, so together with N-1 other cells of
    a shared unit whose candidates lie in the N digits T, they fill T; T goes
    from the rest of that unit.  N = 2..7 gives 3A..3F.
    """
    extra_idx = [i for i in range(len(pat.cells)) if not pat.is_pair(i)]
    if len(extra_idx) != 2:
        return
    e1, e2 = (pat.cells[i] for i in extra_idx)
    union = pat.extras(extra_idx[0]) | pat.extras(extra_idx[1])
    if union.bit_count() < 2:
        return
    cands = board.cands
    for unit in _shared_units(e1, e2):
        others = [c for c in UNITS[unit] if c not in (e1, e2) and cands[c]]
        pool = [c for c in others if (cands[c] | union).bit_count() <= 7]
        done = 0  # eliminations already reported for this unit
        for k in range(1, 7):
            if union.bit_count() > k + 1:
                continue
            for group in combinations(pool, k):
                tup = union
                for c in group:
                    tup |= cands[c]
                if tup.bit_count() != k + 1:
                    continue
                rest = [c for c in others if c not in group]
                elims = _real(board, [(c, d) for c in rest for d in range(1, 10) if tup >> (d - 1) & 1])
                key = sum(1 << (9 * c + d) for c, d in elims)
                if not elims or key & ~done == 0:
                    continue
                done |= key
                size = k + 1
                reason = Fragment.of(TYPE3, extras=Digits.of_mask(union), cell1=Cell(e1), cell2=Cell(e2),
                                     cells=Cells(group), size=size, digits=Digits.of_mask(tup), unit=Unit(unit))
                yield Finding("3" + "ABCDEF"[size - 2], elims, reason, tuple((c, 0) for c in group))


# --------------------------------------------------------------------------- rectangle types 4, 6, 7, 8


def _row_unit(pat: Pattern, i: int) -> int:
    return ROW_OF[pat.cells[i]]


def _col_unit(pat: Pattern, i: int) -> int:
    return 9 + COL_OF[pat.cells[i]]


def _line_unit(pat: Pattern, i: int, j: int) -> int:
    """The row (i ^ j == 1) or column (i ^ j == 2) through corners i and j."""
    return _row_unit(pat, i) if i ^ j == 1 else _col_unit(pat, i)


def _other(pat: Pattern, h: int) -> int:
    return pat.y if h == pat.x else pat.x


def because(links: Sequence[tuple[int, int]], what: Fragment) -> Fragment:
    """The reason of a link type: each strong link (digit alone in a unit), then what it removes."""
    return Fragment.of(BECAUSE, links=Items(Fragment.of(ALONE, digit=Digit(d), unit=Unit(u)) for d, u in links),
                       what=what)


def _finding(
    board: Board,
    label: str,
    elims: Sequence[Candidate],
    links: Sequence[tuple[int, int]],
    what: Fragment,
) -> Iterator[Finding]:
    real = _real(board, elims)
    if real:
        yield Finding(label, real, because(links, what))


def type_4a(board: Board, pat: Pattern, p: int, m: int) -> Iterator[Finding]:
    """Pair cells p, p^m adjacent; h alone in a line through a pair and an extra cell.

    The other main candidate leaves the other extra cell.
    """
    mask = pat.bitboard
    for i in (p, p ^ m):
        unit = _line_unit(pat, i, i ^ (3 - m))
        target = pat.cells[i ^ 3]
        for h in (pat.x, pat.y):
            if _alone(board, h, unit, mask):
                o = _other(pat, h)
                yield from _finding(
                    board, "4A", [(target, o)], [(h, unit)],
                    Fragment.of(REMOVE_OTHER_EXTRA, digit=Digit(o), cell=Cell(target)),
                )


def type_4b(board: Board, pat: Pattern, p: int, m: int) -> Iterator[Finding]:
    """Pair cells adjacent; h alone in the line (or box) of the two extra cells: the other HK leaves both."""
    e1, e2 = p ^ (3 - m), p ^ m ^ (3 - m)
    c1, c2 = pat.cells[e1], pat.cells[e2]
    mask = pat.bitboard
    for unit in _shared_units(c1, c2):
        for h in (pat.x, pat.y):
            if _alone(board, h, unit, mask):
                o = _other(pat, h)
                yield from _finding(
                    board, "4B", [(c1, o), (c2, o)], [(h, unit)], Fragment.of(REMOVE_BOTH_EXTRA, digit=Digit(o)),
                )


def type_4c(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """Pair cells diagonal; h alone in a line through a pair and an extra cell: h leaves the other extra cell."""
    mask = pat.bitboard
    for i, j in ((p, p ^ 1), (p ^ 3, p ^ 2), (p, p ^ 2), (p ^ 3, p ^ 1)):
        unit = _line_unit(pat, i, j)
        target = pat.cells[j ^ 3]
        for h in (pat.x, pat.y):
            if _alone(board, h, unit, mask):
                yield from _finding(
                    board, "4C", [(target, h)], [(h, unit)],
                    Fragment.of(REMOVE_NOT_CONSIDERED, digit=Digit(h), cell=Cell(target)),
                )


def type_6(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """Pair cells diagonal; h alone in both rows (or both columns): h leaves both extra cells (4C twice)."""
    mask = pat.bitboard
    targets = [pat.cells[p ^ 1], pat.cells[p ^ 2]]
    for units in ((_row_unit(pat, 0), _row_unit(pat, 2)), (_col_unit(pat, 0), _col_unit(pat, 1))):
        for h in (pat.x, pat.y):
            if all(_alone(board, h, u, mask) for u in units):
                yield from _finding(
                    board, "6", [(t, h) for t in targets], [(h, u) for u in units],
                    Fragment.of(REMOVE_BOTH_EXTRA, digit=Digit(h)),
                )


def type_7c(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """Pair cells diagonal; h alone in the row and the column of one pair cell: the other HK leaves that pair cell."""
    mask = pat.bitboard
    for i in (p, p ^ 3):
        units = (_row_unit(pat, i), _col_unit(pat, i))
        target = pat.cells[i]
        for h in (pat.x, pat.y):
            if all(_alone(board, h, u, mask) for u in units):
                o = _other(pat, h)
                yield from _finding(
                    board, "7C", [(target, o)], [(h, u) for u in units],
                    Fragment.of(REMOVE_PAIR_CELL, digit=Digit(o), cell=Cell(target)),
                )


def type_7a(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """One pair cell p; h alone in the row and the column of the opposite cell: the other HK leaves that cell."""
    o_idx = p ^ 3
    units = (_row_unit(pat, o_idx), _col_unit(pat, o_idx))
    target = pat.cells[o_idx]
    for h in (pat.x, pat.y):
        if all(_alone(board, h, u, pat.bitboard) for u in units):
            o = _other(pat, h)
            yield from _finding(
                board, "7A", [(target, o)], [(h, u) for u in units],
                Fragment.of(REMOVE_OPPOSITE, digit=Digit(o), cell=Cell(target)),
            )


def type_7b(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """One pair cell p; h alone in both rows (or both columns): the other HK leaves the opposite cell."""
    target = pat.cells[p ^ 3]
    for units in ((_row_unit(pat, 0), _row_unit(pat, 2)), (_col_unit(pat, 0), _col_unit(pat, 1))):
        for h in (pat.x, pat.y):
            if all(_alone(board, h, u, pat.bitboard) for u in units):
                o = _other(pat, h)
                yield from _finding(
                    board, "7B", [(target, o)], [(h, u) for u in units],
                    Fragment.of(REMOVE_OPPOSITE, digit=Digit(o), cell=Cell(target)),
                )


def _hk_orders(pat: Pattern) -> tuple[tuple[int, int], tuple[int, int]]:
    return (pat.x, pat.y), (pat.y, pat.x)


def type_8a(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """One pair cell p; h1 alone in p's line, h2 alone in the parallel line: h1 leaves the cell beside p."""
    mask = pat.bitboard
    for near, far, beside in (
        (_row_unit(pat, p), _row_unit(pat, p ^ 3), p ^ 2),
        (_col_unit(pat, p), _col_unit(pat, p ^ 3), p ^ 1),
    ):
        target = pat.cells[beside]
        for h1, h2 in _hk_orders(pat):
            if _alone(board, h1, near, mask) and _alone(board, h2, far, mask):
                yield from _finding(
                    board, "8A", [(target, h1)], [(h1, near), (h2, far)],
                    Fragment.of(REMOVE_BESIDE, digit=Digit(h1), cell=Cell(target)),
                )


def type_8b(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """One pair cell p; h1 alone in the line through p and extra cell q, h2 alone in the crossing line through q.

    h1 leaves the third ("not considered") extra cell.
    """
    mask = pat.bitboard
    for q, cross_kind in ((p ^ 2, 1), (p ^ 1, 2)):
        near = _line_unit(pat, p, q)
        cross = _line_unit(pat, q, q ^ cross_kind)
        target = pat.cells[q ^ 3]
        for h1, h2 in _hk_orders(pat):
            if _alone(board, h1, near, mask) and _alone(board, h2, cross, mask):
                yield from _finding(
                    board, "8B", [(target, h1)], [(h1, near), (h2, cross)],
                    Fragment.of(REMOVE_NOT_CONSIDERED, digit=Digit(h1), cell=Cell(target)),
                )


def type_8c(board: Board, pat: Pattern, p: int) -> Iterator[Finding]:
    """One pair cell p; h1 alone in the row, h2 alone in the column of the opposite cell: its extras go.

    Proof by contradiction, not by uniqueness: were the opposite cell an
    extra digit, h1 and h2 would be forced into the pair cell's row and
    column mates, leaving the pair cell without a candidate.
    """
    o_idx = p ^ 3
    target = pat.cells[o_idx]
    row, col = _row_unit(pat, o_idx), _col_unit(pat, o_idx)
    extras = pat.extras(o_idx)
    for h1, h2 in _hk_orders(pat):
        if _alone(board, h1, row, pat.bitboard) and _alone(board, h2, col, pat.bitboard):
            yield from _finding(
                board, "8C", [(target, d) for d in range(1, 10) if extras >> (d - 1) & 1],
                [(h1, row), (h2, col)],
                Fragment.of(REMOVE_EXTRAS_OPPOSITE, cell=Cell(target)),
            )


def _line_linked(board: Board, cells: Sequence[int], bitboard: int, x: int, y: int) -> bool:
    """Whether x or y is alone (inside the rectangle) in one of its rows or columns.

    Types 4A, 4C, 6, 7 and 8 rest on such a strong link: without one they
    find nothing, and most rectangles have none.
    """
    a = cells[0]
    d = cells[3]
    outside = ~bitboard
    positions = board.positions
    for h in (x, y):
        here = positions[h]  # read into a name: converted once on the compiled path
        here &= outside  # the digit's places off the rectangle
        if (not here & _UNIT_MASK[_ROW_OF[a]] or not here & _UNIT_MASK[_ROW_OF[d]]
                or not here & _UNIT_MASK[9 + _COL_OF[a]] or not here & _UNIT_MASK[9 + _COL_OF[d]]):
            return True
    return False


def rectangle_may_apply(board: Board, cells: Sequence[int], masks: Sequence[int], x: int, y: int) -> bool:
    """False when :func:`rectangle_findings` cannot find anything in this rectangle.

    A cheap necessary test, so that most rectangles make no :class:`Pattern`:
    every type needs one to three pair cells; with one pair cell only type 5B
    (every other corner with the same single extra digit) works without a
    main candidate alone in a row or column.
    """
    pair = (1 << (x - 1)) | (1 << (y - 1))
    pairs = 0
    for m in masks:
        if m == pair:
            pairs += 1
    if pairs != 1:
        return pairs == 2 or pairs == 3
    # the three other corners: type 5B needs one extra digit, the same in all three
    extra = -1
    for m in masks:
        if m != pair:
            if extra < 0:
                extra = m & ~pair
            elif m & ~pair != extra:
                extra = 0
                break
    if extra > 0 and not extra & (extra - 1):
        return True
    bitboard = 0
    for c in cells:
        bitboard |= _CELL_BIT[c]
    return _line_linked(board, cells, bitboard, x, y)


def rectangle_findings(board: Board, pat: Pattern) -> Iterator[Finding]:
    """Every type that applies to a rectangle pattern, in the order of the type table."""
    pairs = [i for i in range(4) if pat.is_pair(i)]
    if len(pairs) == 3:
        yield from type_1(board, pat)
        return
    linked = _line_linked(board, pat.cells, pat.bitboard, pat.x, pat.y)
    if len(pairs) == 2:
        p, q = pairs
        m = p ^ q
        if m != 3:  # adjacent pair cells
            yield from type_2_5(board, pat)
            yield from type_3(board, pat)
            if linked:
                yield from type_4a(board, pat, p, m)
            yield from type_4b(board, pat, p, m)
        else:  # diagonal pair cells
            if linked:
                yield from type_4c(board, pat, p)
            yield from type_2_5(board, pat)  # 5A
            if linked:
                yield from type_6(board, pat, p)
                yield from type_7c(board, pat, p)
    elif len(pairs) == 1:
        p = pairs[0]
        yield from type_2_5(board, pat)  # 5B
        if linked:
            yield from type_7a(board, pat, p)
            yield from type_7b(board, pat, p)
            yield from type_8a(board, pat, p)
            yield from type_8b(board, pat, p)
            yield from type_8c(board, pat, p)


def generic_findings(board: Board, pat: Pattern) -> Iterator[Finding]:
    """Types 1, 2/5 and 3, which hold for rectangles and loops alike."""
    yield from type_1(board, pat)
    yield from type_2_5(board, pat)
    yield from type_3(board, pat)


# --------------------------------------------------------------------------- points

#: The formula summary of the base types (:attr:`techniques.base.Technique.formula`), over
#: :data:`TYPE_POINT_DEFAULTS`; the quasi forms and the loops add their own parts.
UR_TYPES_FORMULA: Final = ("type 1 {type1}, 2 {type2}, 3 {type3_per_digit} x digits + {type3_offset}, 4 {type4}, "
                   "5 {type5}, 6-8 {type6}/{type7}/{type8}")
#: Point parameters of the base types (seed 004: 4 for 1, 2, 5; 3N-1 for 3; 7 for 4; 8 for 6-8).
TYPE_POINT_DEFAULTS: dict[str, float] = {
    "type1": 4,
    "type2": 4,
    "type3_per_digit": 3,
    "type3_offset": -1,
    "type4": 7,
    "type5": 4,
    "type6": 8,
    "type7": 8,
    "type8": 8,
}


def type_points(params: dict[str, float], label: str) -> float:
    """Points of a base type label (``1``, ``3B``, ``4C`` ...) from the parameters."""
    if label[0] == "3":
        size = "ABCDEF".index(label[1]) + 2
        return params["type3_per_digit"] * size + params["type3_offset"]
    return params["type" + label[0]]


def type_floor(params: dict[str, float]) -> float:
    """The least points of any base type (type 3 covers 2 to 7 digits, labels A-F)."""
    fixed = min(params["type" + t] for t in "1245678")
    return float(min(fixed, linear_floor(params["type3_offset"], params["type3_per_digit"], 2, 7)))


def quasi_floor(params: dict[str, float], most_added: int) -> float:
    """The least bonus of a quasi pattern with 1 to ``most_added`` re-added candidates."""
    return linear_floor(params["quasi_base"], params["quasi_per_digit"], 1, most_added)


def bits(mask: int) -> tuple[int, ...]:
    """Digits of a 9-bit mask, ascending."""
    return DIGITS_OF_MASK[mask]


def make_step(code: str, points: float, pat: Pattern, f: Finding, extra_detail: dict[str, object]) -> Step:
    """A step with the pattern's cells and main candidates as the highlighted evidence."""
    used = tuple((c, d) for c in pat.cells for d in (pat.x, pat.y)) + f.extra_used
    detail: dict[str, object] = {
        "type": f.type,
        "cells": pat.ordered_cells(),
        "pair": Digits((pat.x, pat.y)),
        "reason": f.reason,
    }
    detail.update(extra_detail)
    return Step(code, points, eliminations=f.eliminations, used=used, detail=detail)


def at_least(holders: Sequence[int], most: int) -> list[int]:
    """``at_least(holders, k)[i]``: the cells that are in ``i + 1`` or more of ``holders[1..9]``.

    With the board's places of the digits: the cells with more than i
    candidates, for every i below ``most`` in nine steps (not one per cell).
    """
    out = [0] * most
    for d in range(1, 10):
        h = holders[d]
        for i in range(most - 1, 0, -1):
            out[i] |= out[i - 1] & h
        out[0] |= h
    return out


def reads_changed(cells: int, reads: int, masks: Sequence[int], pair: int, changed: int, xy_changed: int) -> bool:
    """Whether a rectangle or loop may find something new since its search last found nothing.

    ``cells`` are its cells, ``reads`` the cells of the units through them,
    ``masks`` its cells' (effective) masks and ``pair`` its main candidates;
    ``changed`` the changed cells and ``xy_changed`` those that lost x or y.
    Besides its own cells a pattern reads, in its units, the places of x and y
    (its strong links) and, only for type 3 (exactly two cells other than pair
    cells), every candidate of the units those two share.  Type 2/5 removes
    from cells outside too, but those only ever lose candidates.
    """
    if cells & changed or reads & xy_changed:
        return True
    return bool(reads & changed) and sum(1 for m in masks if m != pair) == 2


def effective_masks(board: Board) -> list[int]:
    """Candidates, or for a cell solved earlier (not a given) the bit of its digit; 0 for givens."""
    out = list(board.cands)
    for c in range(81):
        if board.values[c] and not board.givens >> c & 1:
            out[c] = 1 << (board.values[c] - 1)
    return out
