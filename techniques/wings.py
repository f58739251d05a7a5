"""III XYZ-wing and WXYZ-wing: golden-chain relatives with a bend ("Knick").

XYZ-wing (7 points): a pivot with three candidates xyz sees two bivalue wings
xz and yz.  Whatever the pivot holds, one of the three cells holds z, so z goes
from every cell that sees all three.  Written like a golden chain around the
pivot: ``(1:4)92 - (1:1)289 - (2:3)89`` (the pivot's link digits, then z).

WXYZ-wing: four cells holding exactly four digits between them.  A digit is
*restricted* when all its occurrences in the four cells see each other (it can
be placed there at most once).  With exactly one unrestricted digit z the four
cells cannot all be filled from the three restricted digits, so one of them
holds z, and z goes from every cell that sees all z-occurrences of the wing.

* standard (10 points): the narrow form, a hinge holding all four digits and
  three bivalue cells wz, xz, yz;
* extended (11 points): every other arrangement with exactly one unrestricted
  digit (the seed's "erweiterte Form").

The four cells must form one connected group (each seen from another one):
the seed describes the wing as a bent quadruple, not as scattered cells.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Final

from puzzles.geometry import CELL_BIT, CELL_OF_BIT_MOD_83, DIGIT_COUNT, HIGH_DIGIT, PEER_MASK, digits_of
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.chain_notation import digit_eliminations
from techniques.findings import Cell, Chain, Digit, Digits, Fragment, Items, Node, fragment_kind, negations
from techniques.golden_chains import pair_cells
from techniques.recheck import EVERYWHERE, Recheck
from techniques.step import Step

#: A wing found: (its key: its cells in the order steps are sorted by, their bitboard, the digit z,
#: z's eliminations, its step once made).
_Wing = tuple[tuple[int, ...], int, int, int, "Step | None"]


class _Memory:
    """The wings the last search of a board found, for the next search of the same board.

    A wing reads the candidates of its own cells (which make it a wing and
    decide z) and z's candidates where it removes them.  Since the last
    search, a wing none of whose cells changed is still a wing, with the
    eliminations left of the ones it had (candidates are only lost); a wing
    that was not one then, or had nothing to remove, has a changed cell.  So
    the next search looks only for wings with a changed cell, and adds those
    it carries over.
    """

    __slots__ = ("recheck", "wings")

    def __init__(self) -> None:
        self.recheck = Recheck()
        self.wings: list[_Wing] = []

    def carried(self, board: Board) -> tuple[int, list[_Wing]]:
        """The cells changed since the last search (:data:`EVERYWHERE`: search all), and its wings none of
        whose cells changed, with the eliminations left (those left without any dropped)."""
        changed = self.recheck.changed(board)
        if changed == EVERYWHERE:
            return changed, []
        positions = board.positions
        out = []
        for wing in self.wings:
            key, cells, z, elim, step = wing
            if not cells & changed:
                left = elim & positions[z]
                if left == elim:
                    out.append(wing)
                elif left:
                    out.append((key, cells, z, left, None))
        return changed, out

    def steps(self, board: Board, wings: list[_Wing], make: Callable[[_Wing], Step]) -> list[Step]:
        """The steps in key order, each set of eliminations once (the first kept); the wings are
        remembered for the next search of ``board``, with the steps made."""
        wings.sort(key=lambda wing: wing[0])
        seen: set[tuple[int, int]] = set()
        out = []
        for i, wing in enumerate(wings):
            key, cells, z, elim, step = wing
            if (z, elim) in seen:
                continue
            seen.add((z, elim))
            if step is None:
                step = make(wing)
                wings[i] = (key, cells, z, elim, step)
            out.append(step)
        self.recheck.seen(board)
        self.wings = wings
        return out


WXYZ_STANDARD = fragment_kind("wxyz_standard")
WXYZ_EXTENDED = fragment_kind("wxyz_extended")

@register
class XYZWing(Technique):
    """XYZ: a trivalue pivot with two bivalue wings sharing its digit z."""

    code = "XYZ"
    group = "III"
    family = "III"
    sync_level = 3
    formula = "{points}"
    phase = Phase.THINNING
    defaults = {"points": 7}
    fields = frozenset({"digit", "pivot", "chain", "removed"})

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        self._memory = _Memory()

    def floor(self) -> float:
        return float(self.params["points"])

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Wings keyed (pivot, wing, wing); those with a changed cell searched (:class:`_Memory`)."""
        changed, found = self._memory.carried(board)
        found += _xyz_wings(board.cands, board.positions, board.rules.peer_mask, pair_cells(board, ctx), board.empty,
                            changed)
        yield from self._memory.steps(board, found, lambda wing: self._step(board, wing[0][0], wing[0][1], wing[0][2],
                                                                            wing[2], wing[3]))

    def _step(self, board: Board, pivot: int, w1: int, w2: int, z: int, elim: int) -> Step:
        """The wing's step; its finding is written when first read (from the candidates of now)."""
        elims = digit_eliminations({z: elim})
        return Step.deferred(self.code, self.params["points"], (), _xyz_finding,
                             board.cands[:], pivot, w1, w2, z, elims, eliminations=elims)


@register
class WXYZWing(Technique):
    """WXYZ: four connected cells, four digits, exactly one unrestricted digit."""

    code = "WXYZ"
    group = "III"
    family = "III"
    sync_level = 3
    formula = "{points_standard} standard, {points_extended} extended"
    phase = Phase.THINNING
    defaults = {"points_standard": 10, "points_extended": 11}
    fields = frozenset({"digit", "digits", "standard", "kind", "cells", "removed"})

    def points(self, standard: bool) -> float:
        """The standard or the extended form's points."""
        points: float = self.params["points_standard" if standard else "points_extended"]
        return points

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        self._memory = _Memory()

    def floor(self) -> float:
        return float(min(self.points(True), self.points(False)))

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Wings keyed by their cells ascending; those with a changed cell searched (:class:`_Memory`)."""
        cands = board.cands
        positions = board.positions
        changed, found = self._memory.carried(board)
        # the cells with two to four candidates, counted on the digits' bitboards
        one = two = three = four = five = 0
        for d in range(1, 10):
            cells = positions[d]
            five |= four & cells
            four |= three & cells
            three |= two & cells
            two |= one & cells
            one |= cells
        pool = two & ~five
        for group, _, z, elim in _wings(cands, positions, pool, changed):
            found.append((group, CELL_BIT[group[0]] | CELL_BIT[group[1]] | CELL_BIT[group[2]] | CELL_BIT[group[3]],
                          z, elim, None))
        yield from self._memory.steps(board, found, lambda wing: self._step(board, wing[0], _union(cands, wing[0]),
                                                                            wing[2], wing[3]))

    def _step(self, board: Board, group: tuple[int, ...], union: int, z: int, elim: int) -> Step:
        """The wing's step; its finding is written when first read (from the candidates of now)."""
        cands = board.cands
        standard = _standard(cands, group, union, z)
        elims = digit_eliminations({z: elim})
        return Step.deferred(self.code, self.points(standard), (), _wxyz_finding,
                             cands[:], group, union, z, standard, elims, eliminations=elims)


def _used(cands: list[int], cells: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Every candidate of the cells, cell by cell ascending."""
    return tuple((c, d) for c in sorted(cells) for d in range(1, 10) if cands[c] >> (d - 1) & 1)


def _xyz_finding(cands: list[int], pivot: int, w1: int, w2: int, z: int,
                 elims: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], dict[str, object]]:
    """An XYZ-wing's candidates and finding: the chain through the pivot."""
    zbit = 1 << (z - 1)
    x = cands[w1] ^ zbit
    y = cands[w2] ^ zbit
    chain = Chain.plain((
        Node.of(w1, z, x.bit_length()),
        Node.of(pivot, x.bit_length(), y.bit_length(), z),
        Node.of(w2, y.bit_length(), z),
    ))
    return _used(cands, (w1, pivot, w2)), {
        "digit": Digit(z),
        "pivot": Cell(pivot),
        "chain": chain,
        "removed": negations(elims),
    }


def _wxyz_finding(cands: list[int], group: tuple[int, ...], union: int, z: int, standard: bool,
                  elims: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], dict[str, object]]:
    """A WXYZ-wing's candidates and finding: the standard form written hinge first."""
    ordered = sorted(group, key=lambda c: (cands[c] != union, c)) if standard else sorted(group)
    return _used(cands, group), {
        "digit": Digit(z),
        "digits": Digits.of_mask(union),
        "standard": standard,
        "kind": Fragment.of(WXYZ_STANDARD if standard else WXYZ_EXTENDED),
        "cells": Items(Node.of(c, *digits_of(cands[c])) for c in ordered),
        "removed": negations(elims),
    }


def _standard(cands: list[int], group: tuple[int, ...], union: int, z: int) -> bool:
    """The narrow form: a hinge with all four digits and three bivalue wings with z."""
    zbit = 1 << (z - 1)
    hinges = [c for c in group if cands[c] == union]
    if len(hinges) != 1:
        return False
    others = {cands[c] for c in group if c != hinges[0]}
    return len(others) == 3 and all(m.bit_count() == 2 and m & zbit for m in others)


def _union(cands: list[int], cells: tuple[int, ...]) -> int:
    """The digits of some cells."""
    union = 0
    for c in cells:
        union |= cands[c]
    return union


#: :data:`~puzzles.geometry.DIGIT_COUNT` and :data:`~puzzles.geometry.HIGH_DIGIT` (of a single
#: digit's bit: that digit), C arrays on the compiled path (``wings.pxd``).
_DIGIT_COUNT: Final = DIGIT_COUNT
_DIGIT_OF_BIT: Final = HIGH_DIGIT
#: :data:`~puzzles.geometry.CELL_OF_BIT_MOD_83`, a C array on the compiled path (``wings.pxd``).
_CELL_OF_BIT_MOD_83: Final = CELL_OF_BIT_MOD_83
#: :data:`~puzzles.geometry.PEER_MASK`, a C array of 128-bit integers on the compiled path.
_PEERS: Final = PEER_MASK


def _xyz_wings(cands: list[int], positions: list[int], peer_mask: tuple[int, ...], bival: int, empty: int,
               changed: int) -> list[_Wing]:
    """Every XYZ-wing with a ``changed`` cell (pair cells ``bival``), pivot by pivot ascending and its
    wings ascending.

    On the compiled path (``wings.pxd``) cells and masks are C integers and the
    bitboards 128-bit C integers (no value kept is negative: a complement only
    ever masks another bitboard), each wing's peers read once per pivot and the
    digits' bitboards once per search.
    """
    cell_of_bit = _CELL_OF_BIT_MOD_83
    digit_of_bit = _DIGIT_OF_BIT
    places = positions
    out: list[_Wing] = []
    wings = [0] * 81  # the pivot's wing cells (the first ``n``)
    held = [0] * 81  # their candidates
    seen = [0] * 81  # their peers
    # the pivots a new wing can have: changed cells and the peers of changed pair cells
    zone = changed
    if (changed & empty) != empty:  # else every empty cell is one already
        near = changed & bival
        while near:
            low = near & -near
            near ^= low
            around = peer_mask[cell_of_bit[low % 83]]
            zone |= around
    zone &= empty
    while zone:
        low = zone & -zone
        zone ^= low
        pivot = cell_of_bit[low % 83]
        pm = cands[pivot]
        if pm.bit_count() != 3:
            continue
        pp = peer_mask[pivot]
        moved = changed & low  # else a new wing needs a changed wing cell
        if not moved and not pp & bival & changed:
            continue
        n = 0
        reach = pp & bival
        while reach:
            low1 = reach & -reach
            reach ^= low1
            w = cell_of_bit[low1 % 83]
            cw = cands[w]
            if not cw & ~pm:
                wings[n] = w
                held[n] = cw
                seen[n] = peer_mask[w]
                n += 1
        for i in range(n):
            w1 = wings[i]
            c1 = held[i]
            for j in range(i + 1, n):
                w2 = wings[j]
                c2 = held[j]
                if c1 == c2 or not (moved or (changed >> w1 | changed >> w2) & 1):
                    continue
                z = digit_of_bit[c1 & c2]
                elim = pp & seen[i] & seen[j] & places[z]
                if elim:
                    out.append(((pivot, w1, w2), CELL_BIT[pivot] | CELL_BIT[w1] | CELL_BIT[w2], z, elim, None))
    return out


def _wings(cands: list[int], positions: list[int], pool: int,
           changed: int = EVERYWHERE) -> list[tuple[tuple[int, ...], int, int, int]]:
    """Every wing of the pool with a ``changed`` cell: (cells ascending, their digits, the unrestricted
    digit z, z's eliminations).

    A wing is a connected set of four pool cells with four digits between them,
    exactly one of them unrestricted (its occurrences do not all see each
    other), whose z-occurrences are all seen from some other z-candidate.
    Each connected set is produced once: it grows from its smallest cell,
    adding only larger cells that see a cell already in the set (the ESU
    scheme, as three nested loops over bitboards).  A cell that would push the
    union past four digits is never added, and a set of three is not grown
    when it already has two unrestricted digits or its one unrestricted digit
    has no cell left to remove it from: more cells only add occurrences, which
    can never make a digit restricted again.  For the fourth cell only what it
    adds is checked: a restricted digit stays restricted when the new cell
    lacks it or sees all its occurrences.  Once three cells (or two) hold four
    digits, the next cell is taken only from the pool cells holding none other
    (one bitboard per four digits, made on first use) instead of testing each.

    Only sets with a changed cell are wanted: the cells are ordered changed
    ones first, so that such a set grows from its smallest changed cell and
    only changed cells are roots.

    On the compiled path (``wings.pxd``) the cells, masks and counts are C
    integers and the bitboards 128-bit C integers (no value kept is negative:
    a complement only ever masks another bitboard); the candidates and the
    digits' bitboards are copied into C arrays first.
    """
    cell_of_bit = _CELL_OF_BIT_MOD_83
    digit_count = _DIGIT_COUNT
    digit_of_bit = _DIGIT_OF_BIT
    peers = _PEERS
    cc = cands
    places = positions
    out = []
    inside = [0] * 512  # four digits -> the pool cells holding no other digit (0: not made yet)
    unchanged = pool & ~changed
    roots = pool & changed
    while roots:
        low0 = roots & -roots
        roots ^= low0
        v = cell_of_bit[low0 % 83]
        higher = pool & changed & ~((low0 << 1) - 1) | unchanged
        cv = cc[v]
        pv = peers[v]
        closed1 = pv | low0
        ext1 = pv & higher
        while ext1:
            low1 = ext1 & -ext1
            ext1 ^= low1
            w = cell_of_bit[low1 % 83]
            cw = cc[w]
            u2 = cv | cw
            n2 = digit_count[u2]
            if n2 > 4:
                continue
            pw = peers[w]
            closed2 = closed1 | pw
            ext2 = ext1 | (pw & higher & ~closed1)
            # with four digits already, only cells holding none other can come next; the
            # cells passed over stay in the extension of the later ones (those above them)
            options2 = ext2
            if n2 == 4:
                only = inside[u2]
                if not only:
                    only = inside[u2] = _only(pool, places, u2)
                options2 &= only
            while options2:
                low2 = options2 & -options2
                options2 ^= low2
                x = cell_of_bit[low2 % 83]
                cx = cc[x]
                u3 = u2 | cx
                n3 = digit_count[u3]
                if n3 > 4:
                    continue
                # v and w see each other, so a digit is unrestricted when x holds it
                # together with v or w that x does not see
                loose = (0 if pv & low2 else cv & cx) | (0 if pw & low2 else cw & cx)
                if loose & (loose - 1):
                    continue
                px = peers[x]
                z = 0
                elim3 = 0
                if loose:
                    z = digit_of_bit[loose]
                    elim3 = _seen_from_all(places[z], loose, cv, pv, cw, pw, cx, px)
                    if not elim3:
                        continue
                ext3 = ext2 & ~((low2 << 1) - 1) | (px & higher & ~closed2)
                if n3 == 4:
                    only = inside[u3]
                    if not only:
                        only = inside[u3] = _only(pool, places, u3)
                    ext3 &= only
                while ext3:
                    low3 = ext3 & -ext3
                    ext3 ^= low3
                    y = cell_of_bit[low3 % 83]
                    cy = cc[y]
                    u4 = u3 | cy
                    if digit_count[u4] != 4:
                        continue
                    # the restricted digits y holds without seeing all their occurrences
                    py = peers[y]
                    unseen = (0 if py & low0 else cv) | (0 if py & low1 else cw) | (0 if py & low2 else cx)
                    broken = cy & unseen & ~loose
                    if loose:
                        if broken:
                            continue
                        elim = elim3 & py if cy & loose else elim3
                    else:
                        if not broken or broken & (broken - 1):
                            continue
                        z = digit_of_bit[broken]
                        elim = _seen_from_all(places[z] & py, broken, cv, pv, cw, pw, cx, px)
                    if elim:
                        out.append((tuple(sorted((v, w, x, y))), u4, z, elim))
    return out


def _seen_from_all(cells: int, digit: int, cv: int, pv: int, cw: int, pw: int, cx: int, px: int) -> int:
    """The ``cells`` that see each of three cells (candidates ``c``, peers ``p``) holding ``digit``."""
    if cv & digit:
        cells &= pv
    if cw & digit:
        cells &= pw
    if cx & digit:
        cells &= px
    return cells


def _only(pool: int, positions: list[int], digits: int) -> int:
    """The pool cells whose candidates are among the four ``digits`` (never none: made for the
    digits of some pool cells)."""
    cells = pool
    for d in range(1, 10):
        if not digits >> (d - 1) & 1:
            cells &= ~positions[d]
    return cells
