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

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from puzzles.geometry import BOX_MASK, BOX_OF, CELL_BIT, COL_OF, ROW_OF, UNIT_MASK, cells_of, digits_of
from techniques.board import Board
from techniques.findings import Cells, Digit, Digits, Fragment, Unit, fragment_kind

#: How many rounds of follow-on claims are derived ("UND FOLGEND" depth).
MAX_FOLLOW_ON = 4

#: Reasons of C and D steps: a box's digit confined to a line, a line's digit
#: confined to a box, an obvious 2-tuple.
CLAIM_POINTING = fragment_kind("claim_pointing", "digit", "box", "line")
CLAIM_LINE = fragment_kind("claim_line", "digit", "box", "line")
OBVIOUS_PAIR = fragment_kind("obvious_pair", "digits", "cells", "unit")


@dataclass(frozen=True, eq=False)
class Claim:
    """Digit ``digit`` lies in ``box`` ∩ ``line``; excludes it from ``excl``.

    ``pointing`` is True when the box's places lie in one line (the digit
    leaves the rest of the line) and False when the line's places lie in one
    box (the digit leaves the rest of the box).  ``support`` holds the claims
    whose exclusions were needed to see this one (empty for a direct claim).
    """

    digit: int
    line: int
    box: int
    pointing: bool
    cells: int
    excl: int
    support: tuple[Claim, ...] = ()

    @cached_property
    def closure(self) -> frozenset[Claim]:
        """All claims this one rests on, transitively (not itself)."""
        out: set[Claim] = set()
        for s in self.support:
            out.add(s)
            out |= s.closure
        return frozenset(out)

    def finding(self) -> Fragment:
        """The claim as a reason of a step: its digit, box and line."""
        kind = CLAIM_POINTING if self.pointing else CLAIM_LINE
        return Fragment.of(kind, digit=Digit(self.digit), box=Unit(18 + self.box), line=Unit(self.line))


@dataclass(frozen=True, eq=False)
class Doppel:
    """Digits ``a``, ``b`` can only lie in cells ``p``, ``q`` of ``unit``.

    ``excl`` maps each digit to the cells it is excluded from: every other
    digit leaves ``p`` and ``q``, and ``a``, ``b`` leave the rest of a second
    unit the two cells share.
    """

    a: int
    b: int
    unit: int
    p: int
    q: int
    excl: dict[int, int] = field(default_factory=dict)

    @property
    def cells(self) -> int:
        return CELL_BIT[self.p] | CELL_BIT[self.q]

    def finding(self) -> Fragment:
        """The 2-tuple as a reason of a step: its digits, cells and unit."""
        return Fragment.of(OBVIOUS_PAIR, digits=Digits((self.a, self.b)), cells=Cells((self.p, self.q)),
                           unit=Unit(self.unit))


class ObviousAnalysis:
    """Claims and 2-tuples of one board in the direct phase, computed on demand."""

    def __init__(self, board: Board, follow_on: bool) -> None:
        self.board = board
        self.follow_on = follow_on

    @cached_property
    def claims(self) -> dict[int, list[Claim]]:
        """Claims per digit, direct ones first, follow-on ones after."""
        out: dict[int, list[Claim]] = {d: [] for d in range(1, 10)}
        for d in range(1, 10):
            pos = self.board.positions[d]
            if not pos:
                continue
            known: dict[tuple[int, int, bool], Claim] = {}
            excluded_by: list[Claim] = []
            for _round in range(MAX_FOLLOW_ON + 1 if self.follow_on else 1):
                reduced = pos
                for c in excluded_by:
                    reduced &= ~c.excl
                new = []
                for line, box, pointing, cells, excl in _claims_of(reduced):
                    key = (line, box, pointing)
                    if key in known:
                        continue
                    lost = (pos & ~reduced) & (BOX_MASK[box] | UNIT_MASK[line])
                    support = tuple(c for c in excluded_by if c.excl & lost)
                    claim = Claim(d, line, box, pointing, cells, excl, support)
                    known[key] = claim
                    new.append(claim)
                if not new:
                    break
                excluded_by.extend(new)
            out[d] = excluded_by
        return out

    @cached_property
    def doppels(self) -> list[Doppel]:
        """Obvious 2-tuples of the placed-digit candidates, by unit in scan order.

        Both kinds a pen-only solver sees: two digits that can only go into the
        same two cells of a unit, and two cells of a unit that can only take the
        same two digits (calibrated: examples 41 and 42 solve without thinning
        only with the second kind).
        """
        positions = self.board.positions
        cands = self.board.cands
        found: list[Doppel] = []
        seen: set[tuple[int, int, int, int]] = set()

        def add(a: int, b: int, u: int, p: int, q: int) -> None:
            if (p, q, a, b) not in seen:
                seen.add((p, q, a, b))
                found.append(_doppel(self.board, a, b, u, p, q))

        ones = twos = threes = 0  # cells with at least one, two, three candidates
        for d in range(1, 10):
            where = positions[d]
            threes |= twos & where
            twos |= ones & where
            ones |= where
        two_cands = twos & ~threes & self.board.empty
        geo = self.board.rules
        for u in geo.unit_ids:
            umask = geo.unit_mask[u]
            pairs: dict[int, list[int]] = {}
            for d in range(1, 10):
                where = positions[d] & umask
                if where.bit_count() == 2:
                    pairs.setdefault(where, []).append(d)
            for where, digits in pairs.items():
                if len(digits) == 2:
                    p, q = cells_of(where)
                    add(digits[0], digits[1], u, p, q)
            bivalue: dict[int, list[int]] = {}
            for c in cells_of(umask & two_cands):
                bivalue.setdefault(cands[c], []).append(c)
            for mask, cells in bivalue.items():
                if len(cells) == 2:
                    a, b = digits_of(mask)
                    add(a, b, u, cells[0], cells[1])
        return found


@lru_cache(maxsize=4096)
def _claims_of(pos: int) -> tuple[tuple[int, int, bool, int, int], ...]:
    """Direct claims of a digit with candidate positions ``pos`` that exclude something.

    Each as (line, box, pointing, cells, excluded cells): boxes first (pointing),
    then lines (claiming), in unit order.  The answer depends on ``pos`` alone,
    and a placement leaves most digits' positions as they were, so it is
    remembered across positions and puzzles.
    """
    out = []
    for b in range(9):
        bmask = BOX_MASK[b]
        where = pos & bmask
        if not where & (where - 1):
            continue
        first = where.bit_length() - 1
        for line in (ROW_OF[first], 9 + COL_OF[first]):
            lmask = UNIT_MASK[line]
            if not where & ~lmask:
                excl = pos & lmask & ~bmask
                if excl:
                    out.append((line, b, True, where, excl))
    for line in range(18):
        lmask = UNIT_MASK[line]
        where = pos & lmask
        if not where & (where - 1):
            continue
        b = BOX_OF[where.bit_length() - 1]  # the only box that can hold them all
        bmask = BOX_MASK[b]
        if not where & ~bmask:
            excl = pos & bmask & ~lmask
            if excl:
                out.append((line, b, False, where, excl))
    return tuple(out)


def _doppel(board: Board, a: int, b: int, unit: int, p: int, q: int) -> Doppel:
    cells = CELL_BIT[p] | CELL_BIT[q]
    excl: dict[int, int] = {}
    for d in range(1, 10):
        if d not in (a, b):
            hit = board.positions[d] & cells
            if hit:
                excl[d] = hit
    geo = board.rules
    # The units holding both cells, in scan order: those of p (listed in scan order) that hold q.
    shared = [u for u in geo.cell_units[p] if geo.unit_mask[u] & cells == cells]
    for u in shared:
        for d in (a, b):
            hit = board.positions[d] & geo.unit_mask[u] & ~cells
            if hit:
                excl[d] = excl.get(d, 0) | hit
    return Doppel(a, b, unit, p, q, excl)
