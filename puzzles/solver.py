"""Exact Sudoku solver: solution counting up to a limit, first solution, search size.

Why this design
---------------
The rater asks "is the puzzle unique, and what is its solution?" for every
puzzle, and the benchmarks run this over tens of thousands of puzzles, so the
solver must be fast in pure Python.  Loops over cells and digits cost one
bytecode round trip per item; operations on one big ``int`` cost one C call
for any width.  The whole candidate grid is therefore a single 729-bit int
``S``: bit ``81*(d-1) + c`` is set while digit ``d`` is still possible in cell
``c`` (nine 81-bit *layers*, one per digit, each in the cell order of
:mod:`puzzles.geometry`).  A second int ``P`` holds the bits already placed.
Both are immutable, so a search branch copies its state for free.

Every deduction then works on all digits and all units at once:

* naked singles: a carry-save count of the nine layers gives, per cell,
  "at least one" and "at least two" candidates;
* hidden singles: the same count over the nine positions of every row,
  column and box lane (shifting ``S`` so each lane lines up on its first
  cell) gives, per digit and unit, "at least one" and "at least two" places;
* placing a digit clears its peers in its layer and its cell in the other
  layers with one precomputed mask per bit (:data:`_CLEAR`).

A state is contradictory when a cell has no candidate, a digit has no place
in a unit, or a placed bit was cleared by another placement of the same
round (a digit twice in a unit, two digits in one cell).  Contradictory
givens are caught by that last rule, so they count 0 solutions instead of
raising.

When singles stall, the search branches on a cell with the fewest candidates
(a bivalue cell whenever there is one: found bitwise, as cells counted "at
least two" but not "at least three").

Counting *all* solutions of a puzzle with millions of them does not visit
them one by one: :func:`_count_by_bands` enumerates the fillings of each band
separately and joins them on the digit sets they put into each column.

Variants (:mod:`puzzles.rules`) add units; each is one more lane (a diagonal
is anchored on its first cell with shifts 10·k or 8·k, the nine colour groups
on the cells of box 0 with the box offsets as shifts), and placing a digit
clears the variant's peers.  Their tables are built once per variant
(:func:`lane_tables`); the standard ones are the module constants, so the
standard path does exactly the work it did before.  The band join relies on
the bands being independent apart from the columns, which the extra units
break: under other rules all solutions are counted by search.

Compiled (Cython), a 729-bit int is as slow as anywhere, while a loop over
81 nine-bit masks in a C array costs a few machine instructions per cell, so
:func:`analyse` searches there on C arrays (:func:`_analyse_cells`): the same
tree in the same order as the 729-bit search the sources run.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

from puzzles.errors import InputError, whole_number
from puzzles.geometry import ALL_DIGITS_MASK, DIGIT_COUNT, LOW_DIGIT, PEER_MASK, Grid
from puzzles.parsing import Puzzle, read_cells
from puzzles.rules import ANTI_DIAGONAL, FIRST_COLOUR, MAIN_DIAGONAL, STANDARD, Rules

#: A callback of a long count: the number of solutions found so far.
Progress = Callable[[int], None]
#: Solutions between two calls of a count's ``progress`` callback.
PROGRESS_EVERY: Final = 4096

_M81: Final = (1 << 81) - 1
#: Bit 0 of every layer; ``mask * _REP`` copies an 81-bit mask into all layers.
_REP: Final = sum(1 << 81 * d for d in range(9))
_ALL: Final = _M81 * _REP
_LAYER_SHIFTS: Final = tuple(81 * d for d in range(1, 9))
#: Layers 0-3 and 0-1: the halves :func:`propagate` folds the layer count in.
_M324: Final = (1 << 324) - 1
_M162: Final = (1 << 162) - 1

# A lane is the nine cells of one unit for one digit.  Each lane is counted on
# its first cell ("anchor"): shifting S right by the offset of the k-th lane
# cell moves that cell onto the anchor.  Multiplying anchor flags by the
# spread pattern expands them back to whole lanes (no carries: the shifted
# copies never overlap).
_BOX_OFFSETS: Final = (0, 1, 2, 9, 10, 11, 18, 19, 20)
_ROW_ANCHORS: Final = sum(1 << 9 * r for r in range(9))


def _first_cells(count: int, step: int, anchors: int) -> int:
    """The first ``count`` cells of every lane (cells ``step`` apart), in all layers."""
    return _REP * sum(anchors << step * k for k in range(count))


# A row or column lane is counted by folding its first eight cells in halves
# (4+4, 2+2, 1+1: each fold a shift and a mask onto the first cells) and then
# adding the ninth; fewer operations than adding the eight shifted copies one
# by one.  Box lanes (and the variants' lanes) add their shifted copies.
_LANES: Final = (
    # (anchors in all layers, folds (shift, mask), shifts still to add, spread pattern)
    (
        _REP * _ROW_ANCHORS,
        tuple((half, _first_cells(half, 1, _ROW_ANCHORS)) for half in (4, 2, 1)),
        (8,),
        0x1FF,
    ),
    (
        _REP * 0x1FF,
        tuple((9 * half, _first_cells(half, 9, 0x1FF)) for half in (4, 2, 1)),
        (72,),
        sum(1 << 9 * k for k in range(9)),
    ),
    (
        _REP * sum(1 << 27 * i + 3 * j for i in range(3) for j in range(3)),
        (),
        _BOX_OFFSETS[1:],
        sum(1 << o for o in _BOX_OFFSETS),
    ),
)


def _clear_mask(bit: int, peer_mask: Sequence[int] = PEER_MASK) -> int:
    digit, cell = divmod(bit, 81)
    peers = peer_mask[cell] << 81 * digit
    other_digits = (_REP << cell) & ~(1 << bit)
    return peers | other_digits


#: Bits cleared by placing a bit, keyed by the single-bit int itself (a dict
#: lookup on the isolated low bit is cheaper than ``bit_length`` arithmetic).
_CLEAR: Final = {1 << b: _clear_mask(b) for b in range(729)}
#: All candidates of one cell, across the nine layers.
CELL_BITS: Final = tuple(_REP << c for c in range(81))
_BAND_CELLS: Final = tuple(((1 << 27) - 1) << 27 * b for b in range(3))

Lanes = tuple[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...], int], ...]
Clear = dict[int, int]
_COLOUR_OFFSETS: Final = (0, 3, 6, 27, 30, 33, 54, 57, 60)
#: The lane of each extra unit kind: (first unit number, lane).
_EXTRA_LANES: Final = (
    (MAIN_DIAGONAL, (_REP, (), tuple(10 * k for k in range(1, 9)), sum(1 << 10 * k for k in range(9)))),
    (ANTI_DIAGONAL, (_REP << 8, (), tuple(8 * k for k in range(1, 9)), sum(1 << 8 * k for k in range(9)))),
    (
        FIRST_COLOUR,
        (_REP * sum(1 << o for o in _BOX_OFFSETS), (), _COLOUR_OFFSETS[1:], sum(1 << o for o in _COLOUR_OFFSETS)),
    ),
)


@cache
def lane_tables(rules: Rules) -> tuple[Lanes, Clear]:
    """The lanes and clearing masks of ``rules`` (the module's own for standard)."""
    if rules is STANDARD:
        return _LANES, _CLEAR
    lanes = _LANES + tuple(lane for first, lane in _EXTRA_LANES if first in rules.unit_ids)
    return lanes, {1 << b: _clear_mask(b, rules.peer_mask) for b in range(729)}


@dataclass(frozen=True)
class SolveResult:
    """Outcome of one search.

    ``count`` is capped at the limit asked for; ``solution`` is the first
    solution found (None when there is none); ``nodes`` is the number of
    guesses tried, so 0 means naked and hidden singles alone solved it.
    """

    count: int
    solution: Grid | None
    nodes: int

    @property
    def unique(self) -> bool:
        return self.count == 1


def _check_sizes(grid: Sequence[int], allowed: Sequence[int] | None) -> None:
    """Both readers of a grid (and its candidate masks) refuse the same wrong sizes."""
    if len(grid) != 81:
        raise ValueError(f"a grid needs 81 cells, got {len(grid)}")
    if allowed is not None and len(allowed) != 81:
        raise ValueError(f"candidate masks need 81 cells, got {len(allowed)}")


def _digit_error(cell: int, digit: object) -> ValueError:
    return ValueError(f"cell {cell} holds {digit!r}, expected 0..9")


def initial_state(
    grid: Sequence[int], allowed: Sequence[int] | None = None, clear: Clear = _CLEAR
) -> tuple[int, int] | None:
    """Candidate and placed bits of the givens, or None if two givens clash.

    ``allowed`` (81 nine-bit masks, bit ``d - 1`` for digit ``d``) restricts
    the empty cells to those candidates, so that a pencil-mark state is
    solved as written and not only from its placed digits.
    """
    _check_sizes(grid, allowed)
    cleared = 0
    placed = 0
    for cell, digit in enumerate(grid):
        if digit:
            if not 1 <= digit <= 9:
                raise _digit_error(cell, digit)
            bit = 1 << 81 * (digit - 1) + cell
            cleared |= clear[bit]
            placed |= bit
        elif allowed is not None:
            for d in range(9):
                if not allowed[cell] >> d & 1:
                    cleared |= 1 << 81 * d + cell
    cand = _ALL & ~cleared
    if placed & ~cand:
        return None
    return cand, placed


def propagate(cand: int, placed: int, lanes: Lanes = _LANES, clear: Clear = _CLEAR) -> tuple[int, int] | None:
    """Apply naked and hidden singles until none is left; None on contradiction.

    Naked singles are cheaper to find, so the lanes (hidden singles) are only
    counted in rounds where no naked single turned up.
    """
    m81 = _M81
    rep = _REP
    m324 = _M324
    m162 = _M162
    while True:
        # per cell "at least one" / "at least two" candidates: fold layers 0-7
        # in halves (4+4, 2+2, 1+1), then add layer 8
        a = cand & m324
        b = (cand >> 324) & m324
        ones = a | b
        twos = a & b
        a = ones & m162
        b = ones >> 162
        ones, twos = a | b, (twos & m162) | (twos >> 162) | (a & b)
        a = ones & m81
        b = ones >> 81
        ones, twos = a | b, (twos & m81) | (twos >> 81) | (a & b)
        x = cand >> 648
        twos |= ones & x
        ones |= x
        if ones != m81:
            return None  # a cell without candidates
        new = ((ones & ~twos) * rep) & cand & ~placed
        if not new:
            for anchors, folds, shifts, spread in lanes:
                if folds:
                    ones = cand
                    twos = 0
                    for half, mask in folds:
                        a = ones & mask
                        b = (ones >> half) & mask
                        ones, twos = a | b, (twos & mask) | ((twos >> half) & mask) | (a & b)
                else:
                    ones = cand & anchors
                    twos = 0
                for shift in shifts:
                    x = (cand >> shift) & anchors
                    twos |= ones & x
                    ones |= x
                if ones != anchors:
                    return None  # a digit without a place in a unit
                new |= (ones & ~twos) * spread
            new &= cand & ~placed
            if not new:
                return cand, placed
        placed |= new
        cleared = 0
        while new:
            low = new & -new
            cleared |= clear[low]
            new ^= low
        cand &= ~cleared
        if placed & ~cand:
            return None  # two placements of one round clash


def _placed_cells(placed: int) -> int:
    """81-bit mask of the cells holding a placed digit (OR of the layers)."""
    folded = placed | placed >> 81
    folded |= folded >> 162
    folded |= folded >> 324
    folded |= placed >> 648
    return folded & _M81


def branch_cell(cand: int, placed: int, region: int = _M81) -> int:
    """An open cell of ``region`` with the fewest candidates (bivalue if any)."""
    m81 = _M81
    ones = cand & m81
    twos = threes = 0
    for shift in _LAYER_SHIFTS:
        x = (cand >> shift) & m81
        threes |= twos & x
        twos |= ones & x
        ones |= x
    open_cells = region & ~_placed_cells(placed)
    bivalue = twos & ~threes & open_cells
    if bivalue:
        return (bivalue & -bivalue).bit_length() - 1
    best_cell, best_count = -1, 10
    cell_bits = CELL_BITS
    while open_cells:
        low = open_cells & -open_cells
        cell = low.bit_length() - 1
        open_cells ^= low
        count = (cand & cell_bits[cell]).bit_count()
        if count < best_count:
            best_cell, best_count = cell, count
    return best_cell


def _children(cand: int, placed: int, cell: int, clear: Clear = _CLEAR) -> list[tuple[int, int]]:
    """States for each candidate of ``cell``, highest digit first (for a stack)."""
    options = cand & CELL_BITS[cell]
    out = []
    while options:
        low = options & -options
        out.append((cand & ~clear[low], placed | low))
        options ^= low
    out.reverse()
    return out


def grid_of(placed: int) -> Grid:
    """The 81 digits of the placed bits (0 where nothing is placed)."""
    cells = [0] * 81
    while placed:
        low = placed & -placed
        digit, cell = divmod(low.bit_length() - 1, 81)
        cells[cell] = digit + 1
        placed ^= low
    return tuple(cells)


def _check_limit(limit: object) -> None:
    if limit is not None:
        whole_number(limit, "limit (or None)", 1)


def _public_grid(grid: Puzzle, rules: object, progress: object = None) -> Grid:
    """The cells of ``grid`` (as :func:`puzzles.parsing.read_cells` reads them), after checking the other arguments.

    The door of the public functions: clashing givens are an answer (no
    solution), anything unreadable an :class:`InputError`.
    """
    if not isinstance(rules, Rules):
        raise InputError(f"rules must be a puzzles.rules.Rules (see parse_rules), not {type(rules).__name__}")
    if progress is not None and not callable(progress):
        raise InputError(f"progress must be a function of the count or None, not {type(progress).__name__}")
    return read_cells(grid)


def analyse(
    grid: Sequence[int],
    limit: int | None = 2,
    allowed: Sequence[int] | None = None,
    *,
    rules: Rules = STANDARD,
    progress: Progress | None = None,
) -> SolveResult:
    """Count solutions up to ``limit`` (None: all) and keep the first one.

    One depth-first search gives both answers the rater needs ("unique?" and
    "which solution?").  With ``limit=None`` on a puzzle with many solutions
    prefer :func:`count_solutions`, whose band join is far faster.
    ``allowed`` restricts the empty cells to given candidate masks (see
    :func:`initial_state`): the solutions of a pencil-mark state.
    ``progress`` is called with the count every :data:`PROGRESS_EVERY`
    solutions, for a display of a long count.  The search holds one path of
    the tree (at most nine states per level), never the solutions, so its
    memory stays flat however many it counts.  The compiled path searches on
    C arrays (:func:`_analyse_cells`), the sources on 729-bit ints
    (:func:`_analyse_bits`): the same tree in the same order, so the same result.
    """
    _check_limit(limit)
    if _C_ARRAYS:
        return _analyse_cells(grid, limit, allowed, rules, progress)
    lanes, clear = lane_tables(rules)
    return _analyse_bits(grid, limit, allowed, lanes, clear, progress)


def _analyse_bits(
    grid: Sequence[int], limit: int | None, allowed: Sequence[int] | None, lanes: Lanes, clear: Clear,
    progress: Progress | None,
) -> SolveResult:
    """:func:`analyse` on the 729-bit state, the fastest form in pure Python."""
    state = initial_state(grid, allowed, clear)
    if state is None:
        return SolveResult(0, None, 0)
    count = 0
    nodes = -1  # the root is not a guess
    first: Grid | None = None
    stack = [state]
    while stack:
        cand, placed = stack.pop()
        nodes += 1
        result = propagate(cand, placed, lanes, clear)
        if result is None:
            continue
        cand, placed = result
        if placed.bit_count() == 81:
            count += 1
            if first is None:
                first = grid_of(placed)
            if count == limit:
                break
            if progress is not None and not count % PROGRESS_EVERY:
                progress(count)
            continue
        stack += _children(cand, placed, branch_cell(cand, placed), clear)
    return SolveResult(count, first, nodes)


# The search of the compiled path.  A 729-bit int is a Python object there as anywhere, so
# every shift and mask of the search above allocates; compiled, a loop over 81 nine-bit masks
# in a C array costs a few machine instructions per cell instead.  The state of one level of
# the search is 81 candidate masks (a placed cell keeps its one digit); :func:`_settle` places
# naked singles from a queue, clearing the digit from the peers, and hidden singles from a
# scan of the units, until neither is left.  That reaches the same state as :func:`propagate`
# (singles only ever remove candidates, and a contradiction in one order of placements is one
# in every order), and the branch cell, the order of the digits and the count of guesses are
# those of :func:`_analyse_bits`, so both searches walk the same tree.  On the pure path these
# functions run on lists (the tests compare both searches there too); analyse does not use them.

#: This module runs compiled: its file is an extension, not the Python source.
_C_ARRAYS: Final = __file__.endswith(tuple(EXTENSION_SUFFIXES))
#: Width of a row of :attr:`_Cells.peers`: at least the most peers of a cell (32, colour-diagonal).
_PEER_ROW: Final = 40
#: Units of the largest rules (colour-diagonal: 27 + 2 + 9).
_MOST_UNITS: Final = 38
_DIGIT_COUNT: Final = DIGIT_COUNT
_LOW_DIGIT: Final = LOW_DIGIT


class _Cells:
    """Peers and units of one rules as flat tables of cell numbers, as :func:`_settle` reads them.

    ``unit_bits[c]`` has bit ``k`` set when cell ``c`` is in the ``k``-th unit of the scan order.
    """

    __slots__ = ("peers", "peer_count", "units", "unit_count", "unit_bits", "all_units")

    def __init__(self, rules: Rules) -> None:
        # the units first: a wrong ``rules`` fails on ``unit_ids`` as :func:`lane_tables` does
        scan_units = [rules.units[u] for u in rules.unit_ids]
        units = [0] * (9 * _MOST_UNITS)
        unit_bits = [0] * 81
        for k, unit in enumerate(scan_units):
            units[9 * k:9 * k + 9] = unit
            for cell in unit:
                unit_bits[cell] |= 1 << k
        peers = [0] * (81 * _PEER_ROW)
        for cell, row in enumerate(rules.peers):
            if len(row) > _PEER_ROW:
                raise ValueError(f"cell {cell} has {len(row)} peers, more than {_PEER_ROW}")
            peers[cell * _PEER_ROW:cell * _PEER_ROW + len(row)] = row
        self.peers: list[int] = peers
        self.peer_count: list[int] = [len(row) for row in rules.peers]
        self.units: list[int] = units
        self.unit_count: int = len(scan_units)
        self.unit_bits: list[int] = unit_bits
        self.all_units: int = (1 << len(scan_units)) - 1


@cache
def _cell_tables(rules: Rules) -> _Cells:
    return _Cells(rules)


def _analyse_cells(
    grid: Sequence[int], limit: int | None, allowed: Sequence[int] | None, rules: Rules,
    progress: Progress | None,
) -> SolveResult:
    """:func:`analyse` on C arrays of candidate masks, level by level of the search."""
    cells = _cell_tables(rules)
    # 82 levels: the root and at most one per branching, each of which places a cell (sizes
    # written as literals: compiled, the zeros are then a constant block to copy)
    stack = [0] * (82 * 81)  # level k's 81 masks from 81 * k on
    branch = [0] * 82  # the cell level k branches on
    todo = [0] * 82  # its digits not yet tried
    _root_masks(grid, allowed, stack)
    # 0: no limit (a count never reaches a limit beyond a C integer either)
    stop = limit if limit is not None and limit < 1 << 62 else 0
    count = 0
    nodes = 0
    first: Grid | None = None
    level = 0
    ok = _settle(stack, 0, cells, -1)
    while True:
        parent = level - 1
        if ok:
            base = level * 81
            best = -1
            fewest = 10
            for cell in range(81):
                n = _DIGIT_COUNT[stack[base + cell]]
                if 1 < n < fewest:
                    best = cell
                    fewest = n
                    if n == 2:
                        break
            if best >= 0:
                branch[level] = best
                todo[level] = stack[base + best]
                parent = level
            else:
                count += 1
                if first is None:
                    digits = [0] * 81
                    for cell in range(81):
                        digits[cell] = _LOW_DIGIT[stack[base + cell]]
                    first = tuple(digits)
                if count == stop:
                    break
                if progress is not None and not count % PROGRESS_EVERY:
                    progress(count)
        while parent >= 0 and not todo[parent]:
            parent -= 1
        if parent < 0:
            break
        bit = todo[parent] & -todo[parent]
        todo[parent] ^= bit
        level = parent + 1
        source = parent * 81
        base = level * 81
        for cell in range(81):
            stack[base + cell] = stack[source + cell]
        stack[base + branch[parent]] = bit
        nodes += 1
        ok = _settle(stack, base, cells, branch[parent])
    return SolveResult(count, first, nodes)


def _root_masks(grid: Sequence[int], allowed: Sequence[int] | None, masks: list[int]) -> None:
    """Write the root's 81 masks into ``masks``: a given's digit, else all (or the ``allowed``) digits.

    Reads and refuses exactly what :func:`initial_state` does; clashing givens are left to
    :func:`_settle`, which finds them as a cell without candidates.
    """
    _check_sizes(grid, allowed)
    full = ALL_DIGITS_MASK
    for cell, digit in enumerate(grid):
        if digit:
            if not 1 <= digit <= 9:
                raise _digit_error(cell, digit)
            if isinstance(digit, int):
                d = digit
                masks[cell] = 1 << d - 1
            else:
                masks[cell] = 1 << digit - 1  # one that is no int fails as in initial_state
        elif allowed is None:
            masks[cell] = full
        else:
            mask = allowed[cell]
            keep = 0
            for d in range(9):
                if mask >> d & 1:
                    keep |= 1 << d
            masks[cell] = keep


def _settle(masks: list[int], base: int, cells: _Cells, first: int) -> bool:
    """Place singles in the 81 masks from ``masks[base]`` until none is left; False on contradiction.

    ``first`` is the one cell just set to a digit, or -1 at the root: then every cell with one
    candidate is placed.  A cell enters the queue once, when it is left with one candidate, and
    is placed (its digit cleared from its peers) when it leaves it, so between rounds of the
    queue a cell with one candidate is a placed one.  Then one unit is scanned for hidden
    singles among its other digits, and its found ones are placed.  Only units that lost a
    candidate since their last scan (``dirty``, a bit per unit) can hold a new hidden single or
    a digit without a place, so the others are passed over; the state is settled when the
    queue is empty and no unit is dirty.
    """
    queue = [0] * 81
    head = 0
    tail = 0
    if first >= 0:
        queue[0] = first
        tail = 1
        dirty = cells.unit_bits[first]
    else:
        for cell in range(81):
            m = masks[base + cell]
            if not m:
                return False
            if not m & (m - 1):
                queue[tail] = cell
                tail += 1
        dirty = cells.all_units
    full = ALL_DIGITS_MASK
    one = 1  # compiled, as wide as ``dirty``: ``one << unit`` reaches every unit
    unit_count = cells.unit_count
    unit = 0
    while True:
        while head < tail:
            cell = queue[head]
            head += 1
            bit = masks[base + cell]
            row = cell * _PEER_ROW
            for k in range(row, row + cells.peer_count[cell]):
                peer = base + cells.peers[k]
                m = masks[peer]
                if m & bit:
                    m ^= bit
                    if not m:
                        return False  # a digit twice in a unit, or a cell without candidates
                    masks[peer] = m
                    dirty |= cells.unit_bits[peer - base]
                    if not m & (m - 1):
                        queue[tail] = peer - base
                        tail += 1
        if not dirty:
            return True
        while not dirty >> unit & 1:
            unit = unit + 1 if unit + 1 < unit_count else 0
        dirty ^= one << unit
        first_cell = 9 * unit
        ones = 0
        twos = 0
        placed = 0
        for k in range(first_cell, first_cell + 9):
            m = masks[base + cells.units[k]]
            twos |= ones & m
            ones |= m
            if not m & (m - 1):
                placed |= m
        if ones != full:
            return False  # a digit without a place in the unit
        hidden = ones & ~twos & ~placed
        while hidden:
            bit = hidden & -hidden
            hidden ^= bit
            cell = -1
            for k in range(first_cell, first_cell + 9):
                if masks[base + cells.units[k]] & bit:
                    cell = cells.units[k]
                    break
            if cell < 0:
                return False  # its one place took another hidden single of the unit
            masks[base + cell] = bit
            dirty |= cells.unit_bits[cell]
            queue[tail] = cell
            tail += 1


def solve(grid: Puzzle, *, rules: Rules = STANDARD) -> Grid | None:
    """The first solution found, or None if the puzzle has none (givens that clash included)."""
    return analyse(_public_grid(grid, rules), limit=1, rules=rules).solution


def count_solutions(
    grid: Puzzle, limit: int | None = 2, *, rules: Rules = STANDARD, progress: Progress | None = None
) -> int:
    """Number of solutions; counting stops at ``limit`` (None: count them all).

    A result below ``limit`` is exact; a result equal to it means "at least
    ``limit``".  With a limit, memory stays bounded whatever the puzzle: the
    search holds one path of the tree, never the solutions.  Above
    :data:`BAND_JOIN_FROM` solutions a search takes long, so for larger limits
    (and standard rules, see the module docstring) the band join of
    :func:`_count_by_bands`, which settles puzzles with millions of solutions
    without visiting them one by one, is tried first and given up after
    :data:`BAND_BUDGET` band fillings (its memory); the search then counts to
    the limit.  ``limit=None`` runs the band join without a bound: on a
    sparse grid (the empty one has about 6.7 * 10**21 solutions) that never
    ends.  ``progress`` is as for :func:`analyse`.  ``grid`` is any form
    :func:`puzzles.parsing.read_cells` reads; givens that clash have no solution.
    """
    _check_limit(limit)
    grid = _public_grid(grid, rules, progress)
    if rules is not STANDARD or (limit is not None and limit <= BAND_JOIN_FROM):
        return analyse(grid, limit, rules=rules, progress=progress).count
    few = analyse(grid, _FEW).count
    if few < _FEW:
        return few
    state = initial_state(grid)
    assert state is not None  # the search above found solutions
    total = _count_by_bands(*state, budget=None if limit is None else BAND_BUDGET)
    if total is not None:
        return total if limit is None else min(total, limit)
    return analyse(grid, limit, progress=progress).count


#: Solutions a plain search enumerates before the band join is used instead.
_FEW: Final = 1000
#: Limits up to which :func:`count_solutions` counts by search alone (about 30 s on the empty grid).
BAND_JOIN_FROM: Final = 1_000_000
#: Band fillings a limited band join enumerates before it gives up (about 60 MB of signatures).
BAND_BUDGET: Final = 500_000
_BAND_LAYERS: Final = tuple(band * _REP for band in _BAND_CELLS)
#: Signature bits of the three columns of one stack, in all layers.
_STACK_SIGNATURE: Final = tuple(_REP * (0b111 << 3 * s) for s in range(3))
_FULL_SIGNATURE: Final = _REP * 0x1FF


def _band_signatures(cand: int, placed: int, band: int, budget: int | None = None) -> dict[int, int] | None:
    """Fillings of one band, counted per column signature; None after ``budget`` fillings.

    The signature of a filling is the set of digits it puts in each column,
    as an int with bit ``81*(d-1) + col`` for digit d in column col; the
    other bands only see a band through it.  The search branches inside the
    band only, but propagates over the whole grid, so fillings that clash
    with givens elsewhere are pruned early (they belong to no solution).
    """
    band_cells = _BAND_CELLS[band]
    band_layers = _BAND_LAYERS[band]
    row_fold = _FULL_SIGNATURE
    signatures: dict[int, int] = {}
    stack = [(cand, placed)]
    while stack:
        result = propagate(*stack.pop())
        if result is None:
            continue
        cand, placed = result
        if _placed_cells(placed) & band_cells == band_cells:
            rows = (placed & band_layers) >> 27 * band
            key = (rows | rows >> 9 | rows >> 18) & row_fold
            signatures[key] = signatures.get(key, 0) + 1
            if budget is not None:
                budget -= 1
                if budget <= 0:
                    return None
            continue
        stack += _children(cand, placed, branch_cell(cand, placed, band_cells))
    return signatures


def _count_by_bands(cand: int, placed: int, budget: int | None = None) -> int | None:
    """Count all solutions by joining independent band fillings; None after ``budget`` fillings.

    A grid is a solution exactly when each band is a valid filling and the
    three bands put disjoint digit sets into every column, so the count is
    the sum of n0*n1*n2 over signature triples that partition every column.
    For each signature of one band, the signatures of a second band are
    walked in a trie keyed stack by stack (skipping whole subtrees that
    clash in a stack), and the third band's count is looked up as the
    complement.  The puzzle with 14.3 million solutions needs about 290,000
    fillings instead of 14.3 million leaves.
    """
    bands: list[dict[int, int]] = []
    for band in range(3):
        signatures = _band_signatures(cand, placed, band, budget)
        if signatures is None:
            return None
        bands.append(signatures)
        if budget is not None:
            budget -= sum(signatures.values())
    small, middle, large = sorted(bands, key=len)
    s0, s1, s2 = _STACK_SIGNATURE
    trie: dict[int, dict[int, dict[int, int]]] = {}
    for signature, n in small.items():
        trie.setdefault(signature & s0, {}).setdefault(signature & s1, {})[signature & s2] = n
    lookup = large.get
    full = _FULL_SIGNATURE
    total = 0
    for signature, n_middle in middle.items():
        q0, q1, q2 = signature & s0, signature & s1, signature & s2
        rest = full ^ signature
        partial = 0
        for p0, sub0 in trie.items():
            if p0 & q0:
                continue
            for p1, sub1 in sub0.items():
                if p1 & q1:
                    continue
                for p2, n_small in sub1.items():
                    if not p2 & q2:
                        partial += n_small * lookup(rest ^ p0 ^ p1 ^ p2, 0)
        total += n_middle * partial
    return total


def has_solution_avoiding(grid: Sequence[int], cell: int, digit: int, *, rules: Rules = STANDARD) -> bool:
    """Whether ``grid`` has a solution whose ``cell`` does not hold ``digit``.

    This is the cheap form of a uniqueness check when one solution is known.
    If a puzzle ``P`` has the unique solution ``S`` and ``P'`` is ``P`` with the
    given of ``cell`` taken away, every solution of ``P'`` that keeps
    ``S[cell]`` there is a solution of ``P``, hence ``S`` itself; so ``P'`` is
    unique exactly when no solution of ``P'`` avoids ``S[cell]``.  The search
    starts with that one candidate struck and stops at the first solution,
    instead of counting to two over the whole tree; most calls end in
    propagation alone.
    """
    if not 0 <= cell < 81 or not 1 <= digit <= 9:
        raise ValueError(f"cell {cell} / digit {digit} out of range")
    if grid[cell] == digit:
        return False
    lanes, clear = lane_tables(rules)
    state = initial_state(grid, clear=clear)
    if state is None:
        return False
    cand, placed = state
    return _first_solution((cand & ~(1 << 81 * (digit - 1) + cell), placed), lanes, clear) is not None


def _first_solution(state: tuple[int, int], lanes: Lanes, clear: Clear, rng: random.Random | None = None) -> int | None:
    """The placed bits of the first solution a depth-first search from ``state`` meets, or None.

    With ``rng`` the candidates of each branching cell are tried in random order.
    """
    stack = [state]
    while stack:
        result = propagate(*stack.pop(), lanes, clear)
        if result is None:
            continue
        cand, placed = result
        if placed.bit_count() == 81:
            return placed
        children = _children(cand, placed, branch_cell(cand, placed), clear)
        if rng is not None:
            rng.shuffle(children)
        stack += children
    return None


def random_solution(rng: random.Random, *, rules: Rules = STANDARD) -> Grid:
    """A complete grid of ``rules``, found by a search that tries candidates in random order.

    The generator starts every puzzle from one of these.  The search is not
    uniform over all grids (no cheap search is); the generator makes up for
    that by applying a uniformly random element of the rules' symmetry group
    to the result (:mod:`rater.generation.generator`), so every grid of an orbit is as
    likely as any other.  An empty grid always has solutions, so the search
    never comes back empty-handed.
    """
    lanes, clear = lane_tables(rules)
    state = initial_state([0] * 81, clear=clear)
    assert state is not None
    placed = _first_solution(state, lanes, clear, rng)
    assert placed is not None, "an empty grid has solutions"
    return grid_of(placed)
