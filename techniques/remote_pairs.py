"""Remote pairs ("Entfernte Doppel") and chute remote pairs, 3 points each.

``RP``: cells holding the same two candidates ``ab`` that see each other are
linked; along a chain of links the two digits alternate, so the cells of a
connected group split into two colours, one holding ``a`` and the other ``b``.
A cell that sees two cells of different colours sees both digits and loses
them.  Only the *remote* eliminations are reported: those where the two seen
cells do not see each other (their colours differ across at least three
links); the rest is the naked pair of method II, which runs first.  One step
covers a whole connected group.

``CRP`` (after Andrew Stuart's "Chute Remote Pairs", the seed's source): two
cells ``ab`` in one chute (band or stack), in different boxes and different
lines, do not see each other.  Let Z be the three cells of the chute's third
box on its third line.  If both cells held ``a``, the third box's ``a`` would
have to be in Z; so if Z can hold no ``a`` (no candidate, not placed), one of
the cells is ``b`` and ``b`` leaves every cell seeing both.  If Z can hold
neither digit, the two cells are ``a`` and ``b`` in some order, both digits
leave the cells seeing both, and the seed's "bonus" follows: a cell W of the
first cell's line and box (the same for the second) cannot hold ``a`` either,
because W = a forces the third box's ``a`` onto the second cell's line (not
W's line, not Z), so neither pair cell is ``a`` and the third box's ``b`` must
be in Z, a contradiction.  These are at most 4 cells x 2 digits, the seed's
"at most 8 extra eliminations"; cells of the third box on the two lines are
not affected (the two digits must sit there).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from puzzles.geometry import (
    BOX_MASK,
    BOX_OF,
    CELL_BIT,
    CELL_OF_BIT_MOD_83,
    COL_OF,
    DIGIT_COUNT,
    LOW_DIGIT,
    PEER_MASK,
    ROW_OF,
    UNIT_MASK,
    cells_of,
    digits_of,
)
from techniques.base import Context, Phase, register
from techniques.board import Board
from techniques.findings import Cells, Chain, Digits, Fragment, Items, Node, Unit, fragment_kind
from techniques.golden_chains import pair_cells
from techniques.recheck import EVERYWHERE, Recheck, Rechecking
from techniques.step import Candidate, Step, deferred_step

BAND, STACK = 0, 1
BAND_WORD = fragment_kind("band", transposed="stack")
STACK_WORD = fragment_kind("stack")
#: :data:`~puzzles.geometry.CELL_OF_BIT_MOD_83`, a C array on the compiled path (``remote_pairs.pxd``).
_CELL_OF_BIT_MOD_83: Final = CELL_OF_BIT_MOD_83
#: :data:`~puzzles.geometry.DIGIT_COUNT`, a C array on the compiled path (``remote_pairs.pxd``).
_DIGIT_COUNT: Final = DIGIT_COUNT
#: :data:`~puzzles.geometry.LOW_DIGIT`, a C array on the compiled path (``remote_pairs.pxd``).
_LOW_DIGIT: Final = LOW_DIGIT
#: :data:`~puzzles.geometry.CELL_BIT` and ``PEER_MASK``, C arrays on the compiled path (``remote_pairs.pxd``).
_CELL_BIT: Final = CELL_BIT
_PEER_MASK: Final = PEER_MASK


def _bivalue_groups(board: Board, pairs: int) -> dict[int, list[int]]:
    """The bivalue cells ``pairs`` by their candidate mask, in scan order; only masks with 2+ cells.

    On the compiled path (``remote_pairs.pxd``) the cells and masks are C
    integers and the bitboard a 128-bit C integer.
    """
    cell_of_bit = _CELL_OF_BIT_MOD_83
    cands = board.cands
    groups: dict[int, list[int]] = {}
    near = pairs
    while near:
        low = near & -near
        near ^= low
        c = cell_of_bit[low % 83]
        m = cands[c]
        cells = groups.get(m)
        if cells is None:
            groups[m] = [c]
        else:
            cells.append(c)
    return {m: cells for m, cells in groups.items() if len(cells) > 1}


def _groups(board: Board, ctx: Context) -> dict[int, list[int]]:
    """The bivalue groups of the position, made once for both techniques (not to be changed)."""
    return ctx.memo("bivalue_groups", lambda: _bivalue_groups(board, pair_cells(board, ctx)))


def _changed_masks(board: Board, recheck: Recheck, changed: int) -> set[int]:
    """The candidate masks the ``changed`` pair cells have, or had at the search ``recheck`` remembers.

    On the compiled path (``remote_pairs.pxd``) the masks are C integers and
    the bitboards 128-bit C integers, the digits' bitboards then copied into a
    C array once.
    """
    cell_of_bit = _CELL_OF_BIT_MOD_83
    cands = board.cands
    last = recheck.positions
    masks = set()
    near = changed
    while near:
        low = near & -near
        near ^= low
        m = cands[cell_of_bit[low % 83]]
        if _DIGIT_COUNT[m] == 2:
            masks.add(m)
    # the cells with exactly two candidates then, counted on the digits' bitboards
    once = twice = more = 0
    for d in range(1, 10):
        more |= twice & last[d]
        twice |= once & last[d]
        once |= last[d]
    near = changed & twice & ~more
    while near:
        low = near & -near
        near ^= low
        then = 0
        for d in range(1, 10):
            if last[d] & low:
                then |= 1 << (d - 1)
        masks.add(then)
    return masks


def _candidates(board: Board, cells_mask: int, digits: int) -> list[tuple[int, int]]:
    """(cell, digit) for every candidate of ``digits`` in the cells of ``cells_mask``."""
    out = []
    for c in cells_of(cells_mask):
        hit = board.cands[c] & digits
        while hit:
            low = hit & -hit
            out.append((c, low.bit_length()))
            hit ^= low
    return out


class _ThreePoints(Rechecking):
    """Shared settings: the seed rates the whole remote-pair section with 3 points.

    Both searches look again only at what a change touches (``self.recheck``).
    """

    group = "RP"
    family = "RP"
    sync_level = 3
    formula = "{points}"
    phase = Phase.THINNING
    defaults = {"points": 3}

    def floor(self) -> float:
        return float(self.params["points"])


def _components(cells: list[int]) -> list[tuple[list[int], dict[int, int]]]:
    """Connected groups of mutually seeing cells with a 2-colouring (cell -> 0/1).

    Groups that cannot be 2-coloured (only in a broken grid) are dropped.  Each
    group is walked breadth-first, a cell's peers in scan order.  The cells and
    colours are bitboards, 128-bit C integers on the compiled path
    (``remote_pairs.pxd``).
    """
    members = 0
    for c in cells:
        members |= _CELL_BIT[c]
    coloured = 0
    out = []
    for start in cells:
        if coloured >> start & 1:
            continue
        colours = [0, 0]  # the bitboards of the group's colour 0 and colour 1
        colours[0] = _CELL_BIT[start]
        coloured |= _CELL_BIT[start]
        order = [start]
        ok = True
        i = 0
        while i < len(order):
            c = order[i]
            i += 1
            here = colours[1] >> c & 1  # the colour of c
            near = _PEER_MASK[c] & members
            if near & colours[here]:
                ok = False
            fresh = near & ~coloured
            coloured |= fresh
            colours[1 - here] |= fresh
            while fresh:
                low = fresh & -fresh
                fresh ^= low
                order.append(_CELL_OF_BIT_MOD_83[low % 83])
        if ok:
            zeros = colours[0]
            out.append((order, {c: 0 if zeros >> c & 1 else 1 for c in order}))
    return out


def _chain_text(order: list[int], colour: dict[int, int], mask: int) -> Items:
    """The group in the original's chain notation, e.g. ``(1:4)13 - (1:8)31``.

    Cells are walked depth-first from an end (a cell with one link), so a
    simple chain reads as one line; a branch starts after ``, `` with the
    cell it leaves from.
    """
    a, b = digits_of(mask)
    members = set(order)
    links = {c: [p for p in cells_of(PEER_MASK[c]) if p in members] for c in order}

    def name(c: int) -> Node:
        return Node.of(c, a, b) if colour[c] == 0 else Node.of(c, b, a)

    start = min(order, key=lambda c: (len(links[c]), c))
    seen: set[int] = set()
    parts: list[list[Node]] = []
    previous = None
    stack: list[tuple[int, int | None]] = [(start, None)]
    while stack:
        c, parent = stack.pop()
        if c in seen:
            continue
        seen.add(c)
        if parent is None:
            parts.append([name(c)])
        elif parent == previous:
            parts[-1].append(name(c))
        else:
            parts.append([name(parent), name(c)])
        previous = c
        stack.extend((p, c) for p in sorted(links[c], reverse=True) if p not in seen)
    return Items(Chain.plain(branch) for branch in parts)


def _group_finding(order: list[int], colour: dict[int, int], mask: int) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    """A remote-pair group's ``used`` and ``detail``, made when first read (most steps found are not shown)."""
    used = tuple((c, d) for c in sorted(order) for d in digits_of(mask))
    return used, {"digits": Digits.of_mask(mask), "chain": _chain_text(order, colour, mask), "length": len(order)}


@register
class RemotePairs(_ThreePoints):
    """Chains of identical bivalue cells: cells seeing both colours lose both digits.

    A search of a board that last found nothing looks only at the digit pairs
    a changed cell holds or held as a pair cell: a group reads its pair cells
    (which make it) and the candidates of the cells that see it (only lost).
    """

    code = "RP"
    measure = "length"
    fields = frozenset({"digits", "chain", "length"})

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Groups in the order of their first cell; pairs of digits ascending."""
        changed = self.recheck.changed(board)
        if not changed:
            return
        masks = None if changed == EVERYWHERE else _changed_masks(board, self.recheck, changed)
        if masks is not None and not masks:
            self.recheck.done(board, False)
            return
        found = []
        for mask, cells in _groups(board, ctx).items():
            if len(cells) < 4 or masks is not None and mask not in masks:
                continue  # a remote elimination needs colours three links apart
            for order, colour in _components(cells):
                if len(order) < 4:
                    continue
                elim = self._remote_cells(board, order, colour, mask)
                if elim:
                    found.append((min(order), mask, order, colour, elim))
        self.recheck.done(board, bool(found))
        for _first, mask, order, colour, elim in sorted(found, key=lambda f: (f[0], f[1])):
            yield deferred_step(Step, self.code, self.params["points"], (), tuple(_candidates(board, elim, mask)),
                                _group_finding, (order, colour, mask))

    @staticmethod
    def _remote_cells(board: Board, order: list[int], colour: dict[int, int], mask: int) -> int:
        """Cells (bitboard) with a or b that see two non-adjacent cells of opposite colours."""
        pos = 0
        for d in digits_of(mask):
            pos |= board.positions[d]
        members = 0
        for c in order:
            members |= 1 << c
        targets = pos & ~members
        elim = 0
        zeros = [c for c in order if colour[c] == 0]
        ones = [c for c in order if colour[c] == 1]
        for u in zeros:
            for v in ones:
                if PEER_MASK[u] >> v & 1:
                    continue
                elim |= targets & PEER_MASK[u] & PEER_MASK[v]
        return elim


@register
class ChuteRemotePairs(_ThreePoints):
    """Two identical bivalue cells in one chute, judged by the third box's third line.

    A search of a board that last found nothing looks only at the pairs of
    cells of which one, or a cell of their segment, changed: a pair reads its
    two cells and its segment (which make it), and the candidates of the cells
    it removes them from (only lost).
    """

    code = "CRP"
    fields = frozenset({"digits", "cells", "chute", "segment_unit", "line_unit", "absent", "removed", "bonus"})

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Pairs of cells in scan order (first cell, then second)."""
        changed = self.recheck.changed(board)
        if not changed:
            return
        steps = []
        for mask, cells in _groups(board, ctx).items():
            for i, x in enumerate(cells):
                for y in cells[i + 1 :]:
                    chute = _CHUTES[x * 81 + y]
                    if chute is None or not (CELL_BIT[x] | CELL_BIT[y] | chute[5]) & changed:
                        continue
                    absent = _absent(board, chute[5], mask)
                    if not absent:
                        continue  # both digits may be in the segment: nothing follows
                    step = self._pair(board, mask, x, y, chute, absent)
                    if step is not None:
                        steps.append(((x, y), step))
        self.recheck.done(board, bool(steps))
        steps.sort(key=lambda s: s[0])
        for _key, step in steps:
            yield step

    def _pair(self, board: Board, mask: int, x: int, y: int, chute: _Chute, absent_mask: int) -> Step | None:
        """The step of the pair ``x``, ``y`` of the cells ``mask``, whose digits ``absent_mask`` the segment lacks."""
        _kind, _third_box, _third_line, line_x, line_y, _segment = chute
        bx, by = BOX_OF[x], BOX_OF[y]
        a, b = digits_of(mask)
        absent = digits_of(absent_mask)
        common = PEER_MASK[x] & PEER_MASK[y]
        if len(absent) == 1:
            removed = mask & ~(1 << (absent[0] - 1))
            elim = _candidates(board, common, removed)
            bonus = []
        else:
            removed = mask
            elim = _candidates(board, common, mask)
            bonus_cells = (UNIT_MASK[line_x] & BOX_MASK[bx] & ~(1 << x)) | (UNIT_MASK[line_y] & BOX_MASK[by] & ~(1 << y))
            bonus = _candidates(board, bonus_cells, mask)
        if not elim and not bonus:
            return None
        return deferred_step(Step, self.code, self.params["points"], (), tuple(sorted(elim + bonus)), _chute_finding,
                             (x, y, a, b, chute, absent, removed, len(bonus)))


def _absent(board: Board, segment: int, mask: int) -> int:
    """The digits of ``mask`` (bit d-1 for digit d) that are neither a candidate nor placed in a cell of ``segment``.

    On the compiled path (``remote_pairs.pxd``) the masks are C integers and
    the bitboards 128-bit C integers.
    """
    positions = board.positions
    absent = 0
    rest = mask
    while rest:
        low = rest & -rest
        rest ^= low
        if not positions[_LOW_DIGIT[low]] & segment:
            absent |= low
    values = board.values
    for c in cells_of(segment):
        placed = values[c]
        if placed:
            absent &= ~(1 << (placed - 1))
    return absent


def _chute_finding(x: int, y: int, a: int, b: int, chute: _Chute, absent: list[int], removed: int,
                   bonus: int) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    """A chute remote pair's ``used`` and ``detail``, made when first read (most steps found are not shown)."""
    kind, third_box, third_line, _line_x, _line_y, segment = chute
    used = tuple((c, d) for c in (x, y) for d in (a, b)) + tuple((c, 0) for c in cells_of(segment))
    return used, {
        "digits": Digits((a, b)),
        "cells": Cells((x, y)),
        "chute": Fragment.of(BAND_WORD if kind == BAND else STACK_WORD),
        "segment_unit": Unit(18 + third_box),
        "line_unit": Unit(third_line),
        "absent": Digits(absent),
        "removed": Digits.of_mask(removed),
        "bonus": bonus,
    }


#: Two cells of one chute, in different boxes and lines: (band or stack, the third box, the third
#: line, the line of each cell, the cells of the third box on the third line).
_Chute = tuple[int, int, int, int, int, int]


#: :data:`~puzzles.geometry.ROW_OF`, ``COL_OF`` and ``BOX_OF``: C arrays on the compiled path
#: (``remote_pairs.pxd``), so that the 3,240 tests of the table below run on C integers.
_ROW_OF: Final = ROW_OF
_COL_OF: Final = COL_OF
_BOX_OF: Final = BOX_OF


def _chute(x: int, y: int) -> _Chute | None:
    """The chute two cells ``x`` < ``y`` share as a chute remote pair's cells, None when they do not."""
    bx, by = _BOX_OF[x], _BOX_OF[y]
    if bx == by:
        return None
    rx, ry = _ROW_OF[x], _ROW_OF[y]
    if bx // 3 == by // 3 and rx != ry:
        third_box = 3 * (bx // 3) + 3 - bx % 3 - by % 3
        third_line = 3 * (rx // 3) + 3 - rx % 3 - ry % 3
        return BAND, third_box, third_line, rx, ry, BOX_MASK[third_box] & UNIT_MASK[third_line]
    cx, cy = _COL_OF[x], _COL_OF[y]
    if bx % 3 == by % 3 and cx != cy:
        third_box = 3 * (3 - bx // 3 - by // 3) + bx % 3
        third_line = 9 + 3 * (cx // 3) + 3 - cx % 3 - cy % 3
        return STACK, third_box, third_line, 9 + cx, 9 + cy, BOX_MASK[third_box] & UNIT_MASK[third_line]
    return None


def _chute_table() -> tuple[_Chute | None, ...]:
    """The chute of every two cells ``x`` < ``y`` at 81 x + y (None elsewhere): a search reads its
    pairs in scan order.  A plain loop on C integers on the compiled path (``remote_pairs.pxd``)."""
    table: list[_Chute | None] = [None] * (81 * 81)
    for x in range(81):
        for y in range(x + 1, 81):
            table[81 * x + y] = _chute(x, y)
    return tuple(table)


#: The chute of every two cells ``x`` < ``y``, indexed 81 x + y.
_CHUTES: Final = _chute_table()
