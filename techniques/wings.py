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

from collections.abc import Iterator

from puzzles.geometry import CELL_BIT, PEER_MASK, cell_name, cells_of, digit_string
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.golden_chains import digit_eliminations, removed_text
from techniques.step import Step


def _keep_first(steps: list[tuple[tuple, Step]]) -> Iterator[Step]:
    """Steps in key order, each set of eliminations once (the first kept)."""
    seen: set[tuple] = set()
    for _, step in sorted(steps, key=lambda item: item[0]):
        if step.eliminations not in seen:
            seen.add(step.eliminations)
            yield step


@register
class XYZWing(Technique):
    """XYZ: a trivalue pivot with two bivalue wings sharing its digit z."""

    code = "XYZ"
    group = "III"
    family = "III"
    phase = Phase.THINNING
    defaults = {"points": 7}
    min_points = 7.0

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        cands = board.cands
        positions = board.positions
        bival = 0
        for c in range(81):
            if cands[c].bit_count() == 2:
                bival |= CELL_BIT[c]
        found = []
        for pivot in range(81):
            pm = cands[pivot]
            if pm.bit_count() != 3:
                continue
            wings = [w for w in cells_of(PEER_MASK[pivot] & bival) if not cands[w] & ~pm]
            for i, w1 in enumerate(wings):
                for w2 in wings[i + 1:]:
                    if cands[w1] == cands[w2]:
                        continue
                    zbit = cands[w1] & cands[w2]
                    z = zbit.bit_length()
                    elim = PEER_MASK[pivot] & PEER_MASK[w1] & PEER_MASK[w2] & positions[z]
                    if elim:
                        found.append(((pivot, w1, w2), self._step(board, pivot, w1, w2, z, elim)))
        yield from _keep_first(found)

    def _step(self, board: Board, pivot: int, w1: int, w2: int, z: int, elim: int) -> Step:
        cands = board.cands
        zbit = 1 << (z - 1)
        x = cands[w1] ^ zbit
        y = cands[w2] ^ zbit
        chain = (
            f"{cell_name(w1)}{z}{x.bit_length()} - "
            f"{cell_name(pivot)}{x.bit_length()}{y.bit_length()}{z} - "
            f"{cell_name(w2)}{y.bit_length()}{z}"
        )
        elims = digit_eliminations({z: elim})
        cells = (w1, pivot, w2)
        return Step(
            self.code,
            self.params["points"],
            eliminations=elims,
            used=tuple((c, d) for c in sorted(cells) for d in range(1, 10) if cands[c] >> (d - 1) & 1),
            detail={
                "digit": z,
                "pivot": cell_name(pivot),
                "chain": chain,
                "removed": removed_text(elims),
            },
        )


@register
class WXYZWing(Technique):
    """WXYZ: four connected cells, four digits, exactly one unrestricted digit."""

    code = "WXYZ"
    group = "III"
    family = "III"
    phase = Phase.THINNING
    defaults = {"points_standard": 10, "points_extended": 11}
    min_points = 10.0

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        cands = board.cands
        pool = 0
        for c in range(81):
            if 2 <= cands[c].bit_count() <= 4:
                pool |= CELL_BIT[c]
        found = []
        for group in _connected_quads(cands, pool):
            step = self._check(board, group)
            if step is not None:
                found.append((group, step))
        yield from _keep_first(found)

    def _check(self, board: Board, group: tuple[int, ...]) -> Step | None:
        cands = board.cands
        union = 0
        for c in group:
            union |= cands[c]
        if union.bit_count() != 4:
            return None
        loose = 0
        loose_occ = 0
        for d in range(1, 10):
            dbit = 1 << (d - 1)
            if not union & dbit:
                continue
            occ = [c for c in group if cands[c] & dbit]
            occ_mask = 0
            for c in occ:
                occ_mask |= CELL_BIT[c]
            if any(occ_mask & ~CELL_BIT[c] & ~PEER_MASK[c] for c in occ):
                if loose:
                    return None
                loose, loose_occ = d, occ_mask
        if not loose:
            return None
        elim = board.positions[loose]
        for c in cells_of(loose_occ):
            elim &= PEER_MASK[c]
        if not elim:
            return None
        standard = self._standard(cands, group, union, loose)
        elims = digit_eliminations({loose: elim})
        ordered = sorted(group, key=lambda c: (cands[c] != union, c)) if standard else sorted(group)
        return Step(
            self.code,
            self.params["points_standard" if standard else "points_extended"],
            eliminations=elims,
            used=tuple((c, d) for c in sorted(group) for d in range(1, 10) if cands[c] >> (d - 1) & 1),
            detail={
                "digit": loose,
                "digits": digit_string(union),
                "standard": standard,
                "kind": "standard" if standard else "extended",
                "kind_de": "Standard-" if standard else "erweiterter ",
                "cells": ", ".join(f"{cell_name(c)}{digit_string(cands[c])}" for c in ordered),
                "removed": removed_text(elims),
            },
        )

    @staticmethod
    def _standard(cands: list[int], group: tuple[int, ...], union: int, z: int) -> bool:
        """The narrow form: a hinge with all four digits and three bivalue wings with z."""
        zbit = 1 << (z - 1)
        hinges = [c for c in group if cands[c] == union]
        if len(hinges) != 1:
            return False
        others = {cands[c] for c in group if c != hinges[0]}
        return len(others) == 3 and all(m.bit_count() == 2 and m & zbit for m in others)


def _connected_quads(cands: list[int], pool: int) -> Iterator[tuple[int, ...]]:
    """Every connected set of four pool cells whose candidates span at most four digits.

    Each set is produced once: it grows from its smallest cell, adding only
    larger cells that see a cell already in the set (the ESU scheme), and a
    cell that would push the union past four digits is never added.
    """
    for v in cells_of(pool):
        higher = pool & ~((CELL_BIT[v] << 1) - 1)
        yield from _extend((v,), cands[v], PEER_MASK[v] & higher, PEER_MASK[v] | CELL_BIT[v], higher, cands)


def _extend(
    group: tuple[int, ...], union: int, ext: int, closed: int, higher: int, cands: list[int]
) -> Iterator[tuple[int, ...]]:
    if len(group) == 4:
        yield tuple(sorted(group))
        return
    while ext:
        low = ext & -ext
        w = low.bit_length() - 1
        ext ^= low
        nu = union | cands[w]
        if nu.bit_count() > 4:
            continue
        new_ext = ext | (PEER_MASK[w] & higher & ~closed)
        yield from _extend(group + (w,), nu, new_ext, closed | PEER_MASK[w], higher, cands)
