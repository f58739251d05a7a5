"""Rating in the canonical orientation, shown in the user's.

The half-synchronous mode is meant to give every symmetric copy of a
puzzle the same rating, and its choice of steps does not depend on which of
several equal steps comes first.  The searches behind the steps still do:
a chain search that stops at a budget, the cell a trial & error or Bowman's
Bingo starts from, the order in which equal chains are met.  So the mode rates
the puzzle's canonical form (:mod:`canon`), which all its symmetric copies share, and
maps every step back onto the user's grid: placements, eliminations, the
candidates it used and its typed findings (:func:`techniques.findings.transform`).
The rating is then identical for all copies by construction, and the
walkthrough still shows the user's cells and digits.

Codes that name a row or a column (``A1``/``A2``, ``C1``/``C2``, ``D1``/``D2``,
``E1``/``E2``: each technique declares its ``transposed_twin``) are renamed when
the canonical orientation is the transposed one, so that "hidden single in a
row" names the user's row.  The multiset of
points is unchanged; a row code's count may move to its column twin.

A variant (diagonal, colour) is rated in its canonical form under its own
symmetry group (:mod:`canon.variant_group`): the elements of G that keep its
extra units.  Any other element would turn it into a different puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Final

from canon.canonical import canonical_form
from canon.group import Transformation
from canon.variant_group import variant_canonical
from puzzles.rules import ALL_UNITS, STANDARD, Rules
from techniques.base import transposed_code
from techniques.board import Board
from techniques.findings import Mapping81, transform
from techniques.step import Candidate, Step

#: How many stabiliser elements are tried to canonicalise a starting candidate state
#: (a puzzle with more automorphisms than this is rare; past it the first is used).
MAX_STABILIZER: Final = 1296

_UNIT_OF_CELLS: Final = {frozenset(cells): u for u, cells in enumerate(ALL_UNITS)}


@dataclass(frozen=True)
class Orientation:
    """The way from the user's grid to its canonical form (``to_canonical``) and back (``back``)."""

    to_canonical: Transformation
    back: Mapping81

    @classmethod
    def of(cls, grid: Sequence[int], start: Board | None = None, rules: Rules = STANDARD) -> Orientation:
        """The canonical orientation of ``grid`` (its givens), fixed by ``start``'s candidates if given.

        Several transformations map a puzzle with automorphisms onto its form;
        for a plain puzzle any of them rates the same form.  A starting
        candidate state is not part of the form, so among them the one that
        maps it onto the smallest candidate list is taken: then symmetric
        copies of the same state also meet in one canonical state.
        """
        if not rules.standard:
            _form, ways = variant_canonical(grid, rules)
            way = min(ways, key=lambda x: _candidate_key(start, x)) if start is not None else ways[0]
            return cls(way, _mapping_back(way, rules))
        result = canonical_form(grid)
        t = result.transformation
        if start is not None and result.stabilizer_order > 1:
            candidates = (s.then(t) for s in islice(result.stabilizer(), MAX_STABILIZER))
            t = min(candidates, key=lambda x: _candidate_key(start, x))
        return cls(t, _mapping_back(t, rules))

    def board(self, start: Board) -> Board:
        """``start`` moved to the canonical orientation (values, givens, candidates, pencil flag)."""
        src = self.to_canonical.cell_sources.tolist()
        dmap = (0,) + self.to_canonical.digits
        grid = [0] * 81
        for i, s in enumerate(src):
            if start.is_given(s):
                grid[i] = dmap[start.values[s]]
        board = Board.from_grid(grid, start.rules)
        for i, s in enumerate(src):
            if start.values[s] and not start.is_given(s):
                board.place(i, dmap[start.values[s]])
        for i, s in enumerate(src):
            if not start.values[s]:
                for d in range(1, 10):
                    if not start.cands[s] >> (d - 1) & 1:
                        board.eliminate(i, dmap[d])
        board.pencil = start.pencil
        return board

    def grid(self, grid: Sequence[int]) -> tuple[int, ...]:
        """A grid of the user's orientation in the canonical one."""
        return self.to_canonical.apply(grid)

    def user_grid(self, canonical: Sequence[int]) -> tuple[int, ...]:
        """A grid of the canonical orientation in the user's."""
        out = [0] * 81
        for i, v in enumerate(canonical):
            out[self.back.cell[i]] = self.back.digit[v]
        return tuple(out)

    def user_step(self, step: Step) -> Step:
        """``step``, found on the canonical form, as it reads on the user's grid."""
        code = transposed_code(step.code) if self.back.transposed else step.code
        return Step(
            code,
            step.points,
            placements=self._candidates(step.placements),
            eliminations=self._candidates(step.eliminations),
            used=self._candidates(step.used),
            detail={key: transform(value, self.back) for key, value in step.detail.items()},  # type: ignore[arg-type]
        )

    def _candidates(self, pairs: Sequence[Candidate]) -> tuple[Candidate, ...]:
        cell, digit = self.back.cell, self.back.digit
        return tuple(sorted((cell[c], digit[d]) for c, d in pairs))


def _mapping_back(t: Transformation, rules: Rules = STANDARD) -> Mapping81:
    """Where each cell, digit and unit of the canonical form lies in the user's grid.

    Units the rules lack need not map onto units (a diagonal under the colour
    group); no step names them, and they map to -1.
    """
    cell = tuple(t.cell_sources.tolist())  # canonical cell i shows the user's cell cell[i]
    digit = [0] * 10
    for d, image in enumerate(t.digits, start=1):
        digit[image] = d
    unit = tuple(_UNIT_OF_CELLS.get(frozenset(cell[c] for c in cells), -1) if cells else -1
                 for cells in rules.units)
    return Mapping81(cell, tuple(digit), unit, t.transpose)


def _candidate_key(start: Board, t: Transformation) -> tuple[int, ...]:
    """The candidate masks of ``start`` as seen in the image under ``t`` (digits relabelled)."""
    images = t.digits
    out = []
    for s in t.cell_sources.tolist():
        mask = start.cands[s]
        out.append(sum(1 << (images[d - 1] - 1) for d in range(1, 10) if mask >> (d - 1) & 1))
    return tuple(out)
