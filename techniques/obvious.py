"""What a pen-only solver sees without writing candidates: obvious tests and 2-tuples.

Methods C and D of the original place digits with the help of deductions a
person makes "in the head" before writing pencil marks:

* an *obvious row/column test* (a :class:`Claim`): in a box a digit can only
  lie in one row or column (pointing), or in a row/column it can only lie in
  one box (claiming).  The digit's exact cell is unknown, but it excludes the
  digit from the rest of the line (or box).  Claims found only after other
  claims' exclusions are "UND FOLGEND" cases and carry their support.
* an *obvious 2-tuple* (a :class:`Doppel`): in a unit two digits can only lie
  in the same two cells.  Those cells hold nothing else, and if they share a
  second unit the two digits leave the rest of it.

This module only derives these facts from the placed digits; the technique
classes in :mod:`techniques.obvious_singles` turn them into placements and
points.  Everything is computed on copies of ``board.positions``, never on the
board, because nothing here is written down by the solver being modelled.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from puzzles.geometry import BOX_MASK, CELL_BIT, CELL_OF_BIT_MOD_83, UNIT_MASK
from techniques.board import Board
from techniques.direct import unit_bytes
from techniques.findings import Cells, Digit, Digits, Fragment, Unit, fragment_kind

#: How many rounds of follow-on claims are derived ("UND FOLGEND" depth).
MAX_FOLLOW_ON = 4

#: Reasons of C and D steps: a box's digit confined to a line, a line's digit
#: confined to a box, an obvious 2-tuple.
CLAIM_POINTING = fragment_kind("claim_pointing", "digit", "box", "line")
CLAIM_LINE = fragment_kind("claim_line", "digit", "box", "line")
OBVIOUS_PAIR = fragment_kind("obvious_pair", "digits", "cells", "unit")


class Claim:
    """Digit ``digit`` lies in ``box`` ∩ ``line``; excludes it from ``excl``.

    ``pointing`` is True when the box's places lie in one line (the digit
    leaves the rest of the line) and False when the line's places lie in one
    box (the digit leaves the rest of the box).  ``support`` holds the claims
    whose exclusions were needed to see this one (empty for a direct claim).

    Not changed once made, and equal only to itself.  A plain class with
    slots rather than a frozen dataclass: the analysis makes hundreds per
    position, and a dataclass's generated ``__init__`` stays interpreted
    Python on the compiled path, where the class is an extension type
    (``obvious.pxd``) whose fields the analysis reads as C fields.
    """

    __slots__ = ("digit", "line", "box", "pointing", "cells", "excl", "support", "_closure")

    def __init__(self, digit: int, line: int, box: int, pointing: bool, cells: int, excl: int,
                 support: tuple[Claim, ...] = ()) -> None:
        self.digit = digit
        self.line = line
        self.box = box
        self.pointing = pointing
        self.cells = cells
        self.excl = excl
        self.support = support
        self._closure: frozenset[Claim] | None = None

    def __repr__(self) -> str:
        return (f"Claim(digit={self.digit}, line={self.line}, box={self.box}, pointing={self.pointing}, "
                f"cells={self.cells}, excl={self.excl}, support={self.support!r})")

    @property
    def closure(self) -> frozenset[Claim]:
        """All claims this one rests on, transitively (not itself); computed on first reading."""
        if self._closure is None:
            out: set[Claim] = set()
            for s in self.support:
                out.add(s)
                out |= s.closure
            self._closure = frozenset(out)
        return self._closure

    def finding(self) -> Fragment:
        """The claim as a reason of a step: its digit, box and line."""
        kind = CLAIM_POINTING if self.pointing else CLAIM_LINE
        return Fragment.of(kind, digit=Digit(self.digit), box=Unit(18 + self.box), line=Unit(self.line))


class Doppel:
    """Digits ``a``, ``b`` can only lie in cells ``p``, ``q`` of ``unit``.

    ``excl`` maps each digit to the cells it is excluded from: every other
    digit leaves ``p`` and ``q``, and ``a``, ``b`` leave the rest of a second
    unit the two cells share.  ``cells`` is the bitboard of ``p`` and ``q``.

    Not changed once made, and equal only to itself.  A plain class with
    slots rather than a frozen dataclass, as :class:`Claim`.
    """

    __slots__ = ("a", "b", "unit", "p", "q", "excl", "cells")

    def __init__(self, a: int, b: int, unit: int, p: int, q: int, excl: dict[int, int] | None = None) -> None:
        self.a = a
        self.b = b
        self.unit = unit
        self.p = p
        self.q = q
        self.excl: dict[int, int] = {} if excl is None else excl
        self.cells: int = CELL_BIT[p] | CELL_BIT[q]

    def __repr__(self) -> str:
        return f"Doppel(a={self.a}, b={self.b}, unit={self.unit}, p={self.p}, q={self.q}, excl={self.excl!r})"

    def finding(self) -> Fragment:
        """The 2-tuple as a reason of a step: its digits, cells and unit."""
        return Fragment.of(OBVIOUS_PAIR, digits=Digits((self.a, self.b)), cells=Cells((self.p, self.q)),
                           unit=Unit(self.unit))


class Exclusions:
    """Per digit (index 0 unused), each claim or 2-tuple with the cells it excludes the digit from,
    in the analysis's order, and the union of those cells (``reach``).

    What every C (claims) or D (2-tuples) search of one board reads: made once per board state
    rather than once per technique and digit.
    """

    __slots__ = ("pairs", "reach")

    def __init__(self, pairs: Sequence[Sequence[tuple[int, Claim | Doppel]]], reach: list[int]) -> None:
        self.pairs = pairs
        self.reach = reach


class ObviousAnalysis:
    """Claims and 2-tuples of one board in the direct phase, each worked out on first reading.

    Plain properties over slots rather than ``functools.cached_property``, whose first reading
    runs interpreted Python under a lock: the analysis is made once per board state and each
    fact read by several techniques (on the compiled path an extension type, ``obvious.pxd``).
    """

    __slots__ = ("board", "follow_on", "_facts", "_claims", "_doppels", "_claim_exclusions", "_doppel_exclusions")

    def __init__(self, board: Board, follow_on: bool) -> None:
        self.board = board
        self.follow_on = follow_on
        self._facts: list[ClaimFacts] | None = None
        self._claims: dict[int, tuple[Claim, ...]] | None = None
        self._doppels: list[Doppel] | None = None
        self._claim_exclusions: Exclusions | None = None
        self._doppel_exclusions: Exclusions | None = None

    def _claim_facts(self) -> list[ClaimFacts]:
        """Per digit (index 0 unused) its claims with the cells they exclude, read once per board."""
        if self._facts is None:
            positions = self.board.positions
            follow_on = self.follow_on
            self._facts = [NO_CLAIMS] + [digit_claims(d, positions[d], follow_on) for d in range(1, 10)]
        return self._facts

    @property
    def claims(self) -> dict[int, tuple[Claim, ...]]:
        """Claims per digit, direct ones first, follow-on ones after."""
        if self._claims is None:
            facts = self._claim_facts()
            self._claims = {d: facts[d][0] for d in range(1, 10)}
        return self._claims

    @property
    def doppels(self) -> list[Doppel]:
        """Obvious 2-tuples of the placed-digit candidates, by unit in scan order.

        Both kinds a pen-only solver sees: two digits that can only go into the
        same two cells of a unit, and two cells of a unit that can only take the
        same two digits (calibrated: examples 41 and 42 solve without thinning
        only with the second kind).
        """
        if self._doppels is None:
            self._doppels = board_doppels(self.board)
        return self._doppels

    @property
    def claim_exclusions(self) -> Exclusions:
        """The cells each claim excludes its digit from, per digit."""
        if self._claim_exclusions is None:
            facts = self._claim_facts()
            self._claim_exclusions = Exclusions([f[1] for f in facts], [f[2] for f in facts])
        return self._claim_exclusions

    @property
    def doppel_exclusions(self) -> Exclusions:
        """The cells each 2-tuple excludes a digit from, per digit (2-tuples in their order)."""
        if self._doppel_exclusions is None:
            pairs: list[list[tuple[int, Claim | Doppel]]] = [[] for _ in range(10)]
            reach = [0] * 10
            for t in self.doppels:
                for d, cells in t.excl.items():
                    pairs[d].append((cells, t))
                    reach[d] |= cells
            self._doppel_exclusions = Exclusions(pairs, reach)
        return self._doppel_exclusions


#: A digit's claims, each with the cells it excludes the digit from, and the union of those cells.
ClaimFacts = tuple[tuple[Claim, ...], tuple[tuple[int, Claim], ...], int]

#: The facts of a digit without claims.
NO_CLAIMS: ClaimFacts = ((), (), 0)


@lru_cache(maxsize=4096)
def digit_claims(d: int, pos: int, follow_on: bool) -> ClaimFacts:
    """The claims of digit ``d`` with candidate positions ``pos``: the direct claims, then up to
    :data:`MAX_FOLLOW_ON` rounds of claims seen only once the earlier ones' exclusions are applied;
    with each claim's excluded cells and their union, as the C searches read them.

    They depend on the digit's places alone (the follow-on rounds exclude
    only the digit's own places), and a placement leaves about half the
    digits' places as they were, so they are remembered across positions
    (claims are never changed once made).
    """
    return _find_claims(d, pos, follow_on)


def _find_claims(d: int, pos: int, follow_on: bool) -> ClaimFacts:
    """:func:`digit_claims` worked out (on the compiled path on a claim's C fields, ``obvious.pxd``)."""
    if not pos:
        return NO_CLAIMS
    found = _claims_of(pos)  # the direct claims
    if not found:
        return NO_CLAIMS  # nothing excluded: no follow-on claims either
    known: set[int] = set()  # the claims found, each as line, box and kind in one number
    excluded_by: list[Claim] = []
    pairs: list[tuple[int, Claim]] = []  # each claim with the cells it excludes, as excluded_by
    gone = 0  # the places the claims found exclude
    for round_ in range(MAX_FOLLOW_ON + 1 if follow_on else 1):
        if round_:
            found = _claims_of(pos & ~gone)
        new = []
        for line, box, pointing, cells, excl in found:
            key = (line * 9 + box) * 2 + pointing
            if key in known:
                continue
            # the places of the box and line the earlier claims excluded (gone holds places only)
            lost = gone & (BOX_MASK[box] | UNIT_MASK[line]) if gone else 0
            support = tuple([c for c in excluded_by if c.excl & lost]) if lost else ()
            claim = Claim(d, line, box, pointing, cells, excl, support)
            known.add(key)
            new.append(claim)
        if not new:
            break
        for c in new:
            gone |= c.excl
            pairs.append((c.excl, c))
        excluded_by.extend(new)
    return tuple(excluded_by), tuple(pairs), gone  # gone: the union of every claim's exclusions


#: The cell of a bitboard's single bit by its remainder modulo 83 (a C array on the compiled path).
_CELL_OF_BIT_MOD_83: Final = CELL_OF_BIT_MOD_83

#: The low 64 bits of a bitboard (the rest is read as a second word: C integers, ``obvious.pxd``).
LOW_64 = (1 << 64) - 1

#: The bitboard of every row, column and box (:data:`~puzzles.geometry.UNIT_MASK`; a C array of
#: 128-bit integers on the compiled path, ``obvious.pxd``).
_UNIT_MASK: Final = UNIT_MASK


def _claims_of(pos: int) -> list[tuple[int, int, bool, int, int]]:
    """Direct claims of a digit with candidate positions ``pos`` that exclude something.

    Each as (line, box, pointing, cells, excluded cells): boxes first (pointing),
    then lines (claiming), in unit order.  The tests run on 9-bit masks of the
    digit's places per row, and per band on the columns holding one place or
    more and two or more (small integers: C integers on the compiled path,
    ``obvious.pxd``); only a claim found is written as bitboards (cut from
    ``pos`` as a 128-bit C integer there).
    """
    low = pos & LOW_64
    high = pos >> 64
    rows = [0] * 9
    for r in range(9):
        rows[r] = (low >> 9 * r if r < 7 else low >> 63 | high << 1 if r == 7 else high >> 8) & 511
    across = [0, 0, 0]  # per band, the columns with a place in the band
    twice = [0, 0, 0]  # per band, the columns with two places or more in the band
    for t in range(3):
        r0 = rows[3 * t]
        r1 = rows[3 * t + 1]
        r2 = rows[3 * t + 2]
        across[t] = r0 | r1 | r2
        twice[t] = r0 & r1 | r0 & r2 | r1 & r2
    out = []
    for b in range(9):
        t = b // 3
        top = 3 * t
        shift = b % 3 * 3
        p0 = rows[top] >> shift & 7
        p1 = rows[top + 1] >> shift & 7
        p2 = rows[top + 2] >> shift & 7
        box = p0 | p1 << 3 | p2 << 6
        if not box & (box - 1):
            continue  # at most one place: a single, no claim
        line = -1
        if not p1 and not p2:
            line = top
        elif not p0 and not p2:
            line = top + 1
        elif not p0 and not p1:
            line = top + 2
        if line >= 0:  # the box's places lie in one row
            if rows[line] & ~(7 << shift):
                bmask = _UNIT_MASK[18 + b]
                out.append((line, b, True, pos & bmask, pos & _UNIT_MASK[line] & ~bmask))
            continue
        cols = p0 | p1 | p2
        if cols & (cols - 1):
            continue  # the places lie in two or three columns
        col = shift + (0 if cols == 1 else 1 if cols == 2 else 2)
        if (across[(t + 1) % 3] | across[(t + 2) % 3]) >> col & 1:  # the column has places in other bands
            bmask = _UNIT_MASK[18 + b]
            out.append((9 + col, b, True, pos & bmask, pos & _UNIT_MASK[9 + col] & ~bmask))
    for line in range(9):
        places = rows[line]
        if not places & (places - 1):
            continue
        if places < 8:
            shift = 0
        elif not places & 7 and places < 64:
            shift = 3
        elif not places & 63:
            shift = 6
        else:
            continue  # the places lie in two or three boxes
        top = line // 3 * 3
        rest = 0
        for r in range(top, top + 3):
            if r != line:
                rest |= rows[r]
        if rest >> shift & 7:
            b = top + shift // 3
            lmask = _UNIT_MASK[line]
            out.append((line, b, False, pos & lmask, pos & _UNIT_MASK[18 + b] & ~lmask))
    lone = 0  # the columns with two places or more, all in one band
    for t in range(3):
        lone |= twice[t] & ~(across[(t + 1) % 3] | across[(t + 2) % 3])
    col = 0
    while lone:
        if lone & 1:
            t = 0 if across[0] >> col & 1 else 1 if across[1] >> col & 1 else 2
            first = col // 3 * 3
            if across[t] >> first & 7 & ~(1 << (col - first)):
                b = 3 * t + col // 3
                lmask = _UNIT_MASK[9 + col]
                out.append((9 + col, b, False, pos & lmask, pos & _UNIT_MASK[18 + b] & ~lmask))
        lone >>= 1
        col += 1
    return out


def board_doppels(board: Board) -> list[Doppel]:
    """The obvious 2-tuples of ``board`` (:attr:`ObviousAnalysis.doppels`), by unit in scan order,
    each once."""
    positions = board.positions
    found: list[Doppel] = []
    seen: set[int] = set()  # the 2-tuples found, packed as unit_doppels packs them
    ones = twos = threes = 0  # cells with at least one, two, three candidates
    for d in range(1, 10):
        where = positions[d]
        threes |= twos & where
        twos |= ones & where
        ones |= where
    two_cands = twos & ~threes & board.empty
    geo = board.rules
    unit_cells = unit_bytes(geo)
    unit_mask = geo.unit_mask
    unit_ids = geo.unit_ids
    for k in range(len(unit_ids)):
        u = unit_ids[k]
        umask = unit_mask[u]
        for t in unit_doppels(board, unit_cells[u], positions, umask, bool(umask & two_cands)):
            if t not in seen:
                seen.add(t)
                found.append(_doppel(board, t >> 8 & 255, t & 255, u, t >> 24, t >> 16 & 255))
    return found


def unit_doppels(board: Board, cells: bytes, positions: list[int], umask: int,
                 bivalue: bool) -> list[int]:
    """The obvious 2-tuples of one unit (its cells ascending, as bytes), digits ``a < b`` and cells ``p < q``,
    each packed into one integer ``p << 24 | q << 16 | a << 8 | b`` (no tuple per 2-tuple: also its key).

    First the two digits that are candidates of the same two cells and of no
    other, in the order of the first digit; then, when ``bivalue`` (the unit
    has a cell with two candidates), the two cells whose only candidates are
    the same two digits, in the order of the first cell.  Read off the cells'
    9-bit masks (the board's C array on the compiled path, ``obvious.pxd``): the digits
    with exactly two places are folded over the unit at once, and only their
    places are read off the bitboards ``positions`` (the unit's: ``umask``; 128-bit C
    integers on the compiled path, each cell named by a table lookup).
    """
    masks = board.masks
    ones = twos = threes = 0
    for c in cells:
        m = masks[c]
        threes |= twos & m
        twos |= ones & m
        ones |= m
    out = []
    pair = twos & ~threes  # the digits with exactly two places in the unit
    if pair & (pair - 1):  # two such digits or more
        digits = [0] * 9
        places = [0] * 9  # of each such digit, its two cells as a bitboard
        count = 0
        d = 1
        while pair:
            if pair & 1:
                where = positions[d]
                digits[count] = d
                places[count] = where & umask
                count += 1
            pair >>= 1
            d += 1
        cell_of_bit = _CELL_OF_BIT_MOD_83
        for k in range(count):
            partner = -1
            first = True
            for j in range(count):
                if j != k and places[j] == places[k]:
                    if j < k or partner >= 0:
                        first = False  # listed at the first digit, or three digits share the cells
                    partner = j
            if first and partner >= 0:
                where = places[k]
                low = where & -where
                out.append(cell_of_bit[low % 83] << 24 | cell_of_bit[(where ^ low) % 83] << 16
                           | digits[k] << 8 | digits[partner])
    if bivalue:
        for i in range(len(cells)):
            m = masks[cells[i]]
            rest = m & (m - 1)
            if not rest or rest & (rest - 1):
                continue  # not two candidates
            other = -1
            first = True
            for j in range(len(cells)):
                if j != i and masks[cells[j]] == m:
                    if j < i or other >= 0:
                        first = False
                    other = j
            if first and other >= 0:
                out.append(cells[i] << 24 | cells[other] << 16 | (m & -m).bit_length() << 8 | rest.bit_length())
    return out


def _doppel(board: Board, a: int, b: int, unit: int, p: int, q: int) -> Doppel:
    cells = CELL_BIT[p] | CELL_BIT[q]
    excl: dict[int, int] = {}
    positions = board.positions
    # the other digits of the two cells, ascending: each leaves the cells
    others = (board.masks[p] | board.masks[q]) & ~(1 << (a - 1) | 1 << (b - 1))
    d = 1
    while others:
        if others & 1:
            excl[d] = positions[d] & cells
        others >>= 1
        d += 1
    geo = board.rules
    unit_mask = geo.unit_mask
    # The units holding both cells, in scan order: those of p (listed in scan order) that hold q.
    both = cells
    for u in geo.cell_units[p]:
        umask = unit_mask[u]
        if umask >> q & 1:
            rest = umask & ~both  # the unit's other cells
            for d in (a, b):
                where = positions[d]
                hit = where & rest
                if hit:
                    excl[d] = excl.get(d, 0) | hit
    return Doppel(a, b, unit, p, q, excl)
