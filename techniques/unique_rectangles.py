"""Thinning method V, part 1: unique rectangles ("Ausschluss-Rechtecke") and quasi URs.

The patterns, their types and points are in :mod:`techniques.uniqueness`; a
quasi UR re-adds eliminated main candidates (or the digit of a cell solved
earlier, no given) along a diagonal and then applies the same types.

A rectangle's types read its corners and, in its two rows, two columns and
two boxes (:attr:`~techniques.uniqueness.Rect.reads`), the places of its main
candidates and for type 3 every candidate; so both searches remember where
they last found nothing (:mod:`techniques.recheck`) and then look only at the
rectangles that read a change (:func:`~techniques.uniqueness.reads_changed`).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations

from techniques.base import Context, Phase, register
from techniques.board import Board
from techniques.recheck import Rechecking
from techniques.step import Step
from techniques.uniqueness import (
    RECT_ORDER,
    RECTANGLES,
    TYPE_POINT_DEFAULTS,
    UR_TYPES_FORMULA,
    Pattern,
    Rect,
    at_least,
    bits,
    effective_masks,
    make_step,
    quasi_floor,
    reads_changed,
    rectangle_findings,
    rectangle_may_apply,
    type_floor,
    type_points,
)

# --------------------------------------------------------------------------- techniques


@lru_cache(maxsize=4)
def _rectangles_without(givens: int) -> tuple[Rect, ...]:
    """The rectangles without a given, in scan order: the only ones a UR or quasi UR may use.

    The givens stay while a puzzle is rated, so this is made once per puzzle
    and each search visits only these (about a quarter of them in a hard puzzle).
    """
    return tuple(rect for rect in RECTANGLES if not rect.mask & givens)



@register
class UniqueRectangle(Rechecking):
    """Unique rectangles types 1-8C on the written candidates."""

    code = "UR"
    group = "V"
    family = "V"
    sync_level = 5
    formula = UR_TYPES_FORMULA
    phase = Phase.THINNING
    needs_uniqueness = True
    defaults = dict(TYPE_POINT_DEFAULTS)
    fields = frozenset({"type", "cells", "pair", "reason"})

    def floor(self) -> float:
        return type_floor(self.params)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        if not board.pencil or not ctx.unique:
            return  # candidates not written yet, or uniqueness not established
        changed = self.recheck.changed(board)
        if not changed:
            return
        places = self.recheck.changed_places(board)
        found = False
        cands = board.cands
        # every type needs all four corners with the two main candidates and one pair cell
        _, several, more = at_least(board.positions, 3)
        pair_cells = several & ~more
        not_several = ~several
        for cells, mask, reads in _rectangles_without(board.givens):
            if mask & not_several or not mask & pair_cells or not reads & changed:
                continue
            a, b, c, d = cells
            common = cands[a] & cands[b] & cands[c] & cands[d]
            if common.bit_count() < 2:
                continue
            masks = (cands[a], cands[b], cands[c], cands[d])
            # every type needs a pair cell, so the pair is some corner's whole candidate list
            pairs = sorted({tuple(bits(m)) for m in masks if m.bit_count() == 2})
            for x, y in pairs:
                if not reads_changed(mask, reads, masks, (1 << (x - 1)) | (1 << (y - 1)), changed,
                                     places[x] | places[y]):
                    continue
                pat = Pattern(cells, masks, (0, 0, 0, 0), x, y, RECT_ORDER)
                for f in rectangle_findings(board, pat):
                    found = True
                    yield make_step(self.code, type_points(self.params, f.type), pat, f, {})
        self.recheck.done(board, found)


@register
class QuasiUniqueRectangle(Rechecking):
    """Quasi URs: main candidates re-added along a diagonal, then the base types.

    A digit found in both cells of one diagonal is added for the moment to the
    cells of the other diagonal, also to a cell solved earlier that is not a
    given; N added candidates cost 1 + 2N extra points.
    """

    code = "QUR"
    measure = "added"
    group = "V"
    family = "V"
    sync_level = 5
    formula = "UR " + UR_TYPES_FORMULA + "; + {quasi_base} + {quasi_per_digit} x digits added"
    phase = Phase.THINNING
    needs_uniqueness = True
    defaults = {**TYPE_POINT_DEFAULTS, "quasi_base": 1, "quasi_per_digit": 2}
    fields = frozenset({"type", "cells", "pair", "reason", "cands", "added"})

    def floor(self) -> float:
        # each of the two pair digits re-added to at most the two cells of one diagonal
        return type_floor(self.params) + quasi_floor(self.params, 4)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        if not board.pencil or not ctx.unique:
            return  # candidates not written yet, or uniqueness not established
        changed = self.recheck.changed(board)
        if not changed:
            return
        places = self.recheck.changed_places(board)
        found = False
        eff = effective_masks(board)
        # a corner with candidates, and (for a pair cell) one with at most two effective
        # digits: any but an open cell with three candidates or more (a solved one has one)
        open_cells, _, more = at_least(board.positions, 3)
        not_more = ~more
        for cells, mask, reads in _rectangles_without(board.givens):
            if not mask & open_cells or not mask & not_more or not reads & changed:
                continue
            a, b, c, d = cells
            ea, eb, ec, ed = eff[a], eff[b], eff[c], eff[d]
            diag1, diag2 = ea & ed, eb & ec
            for x, y in combinations(bits(diag1 | diag2), 2):
                pair = (1 << (x - 1)) | (1 << (y - 1))
                if ea & ~pair and eb & ~pair and ec & ~pair and ed & ~pair:
                    continue  # no corner can become a pair cell
                added = [0, 0, 0, 0]
                e = (ea, eb, ec, ed)
                for h in (x, y):
                    hb = 1 << (h - 1)
                    targets = (1, 2) if diag1 & hb else (0, 3)
                    for i in targets:
                        added[i] |= hb & ~e[i]
                if not (added[0] or added[1] or added[2] or added[3]):
                    continue
                masks = (ea | added[0], eb | added[1], ec | added[2], ed | added[3])
                if not reads_changed(mask, reads, masks, pair, changed, places[x] | places[y]):
                    continue
                if not rectangle_may_apply(board, cells, masks, x, y):
                    continue
                pat = Pattern(cells, masks, tuple(added), x, y, RECT_ORDER)
                bonus = self.params["quasi_base"] + self.params["quasi_per_digit"] * pat.added_count
                for f in rectangle_findings(board, pat):
                    found = True
                    points = type_points(self.params, f.type) + bonus
                    yield make_step(self.code, points, pat, f, {"cands": pat.candidates(), "added": pat.added_count})
        self.recheck.done(board, found)
