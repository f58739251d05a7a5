"""What a technique reports: one deduction with its points and its evidence."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

Candidate = tuple[int, int]
"""A (cell, digit) pair; cell 0..80, digit 1..9."""

#: The code of the step that writes all candidates (its bonus points count in
#: the sum but not in the norms, and applying it switches the board to pencil marks).
WRITE_CANDIDATES: Final = "PM"


@dataclass(frozen=True, eq=False)
class Step:
    """One deduction found in a board.

    ``used`` lists the candidates (or, with digit 0, whole cells) the deduction
    rests on, so that a walkthrough can highlight them.  ``detail`` is the
    finding, typed and free of words (:mod:`techniques.findings`): pattern
    cells, digits, units, chain nodes, nested fragments and the measure the
    points come from, under the field names the technique declares.  The
    explanation is written from it by one renderer and a per-language template
    (:mod:`techniques.texts`), and a symmetry of the grid maps it value by
    value (:func:`techniques.findings.transform`).
    """

    code: str
    points: float
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    used: tuple[Candidate, ...] = ()
    detail: Mapping[str, object] = field(default_factory=dict)

    @property
    def cells(self) -> frozenset[int]:
        """Cells this step changes, used to tell overlapping steps apart."""
        return frozenset(c for c, _ in self.placements) | frozenset(c for c, _ in self.eliminations)
