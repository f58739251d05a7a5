"""What a technique reports: one deduction with its points and its evidence."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

Candidate = tuple[int, int]
"""A (cell, digit) pair; cell 0..80, digit 1..9."""


@dataclass(frozen=True, eq=False)
class Step:
    """One deduction found in a board.

    ``used`` lists the candidates (or, with digit 0, whole cells) the deduction
    rests on, so that a walkthrough can highlight them.  ``detail`` carries the
    values of the explanation text, which is written from a per-technique
    template in English or German (see :mod:`techniques.texts`): values under
    keys ending in ``unit`` are unit numbers 0..26 and are named in the
    reader's language, all other values are printed as they are.
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
