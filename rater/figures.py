"""The figures of a rating's steps: total, norms, thinning steps and steps per technique, in one pass.

Every record (a bulk run makes millions) and every report reads all of them from the same steps,
so one loop over the steps gives them together; compiled (``figures.pxd``) it reads the steps'
fields as C fields. The sums are Python's ``sum`` over the same values in the same order as
summing each figure on its own, so a figure is the same number whichever way it is asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from techniques.step import WRITE_CANDIDATES, Step


class Figures:
    """What a rating's steps add up to (see :class:`rater.result.Rating`).

    A plain class with slots rather than a named tuple: one is made per record, and compiled
    it is an extension type made without a Python call.
    """

    __slots__ = ("points", "solving", "norm2", "max", "thinning_steps", "counts")

    #: The sum of all points, the candidate-writing bonus (``PM``) included.
    points: float
    #: The points of the solving steps (every step but ``PM``), in order: what the norms describe.
    solving: list[float]
    #: The Euclidean norm of ``solving``.
    norm2: float
    #: The largest of ``solving``, 0 without solving steps.
    max: float
    #: Steps that only eliminate (no placement, at least one elimination).
    thinning_steps: int
    #: Steps per technique code, in the order of each code's first step.
    counts: dict[str, int]


def total(steps: Sequence[Step]) -> float:
    """The sum of the steps' points (what :func:`figures` gives as ``points``, without the rest)."""
    return sum([step.points for step in steps])


def figures(steps: Sequence[Step]) -> Figures:
    """The figures of ``steps``, read in one pass."""
    points = []
    solving = []
    squares = []
    counts: dict[str, int] = {}
    thinning = 0
    for step in steps:
        code = step.code
        counts[code] = counts.get(code, 0) + 1
        p = step.points
        points.append(p)
        if code != WRITE_CANDIDATES:
            solving.append(p)
            squares.append(p * p)
        if not step.placements and step.eliminations:
            thinning += 1
    made = Figures()
    made.points = sum(points)
    made.solving = solving
    made.norm2 = math.sqrt(sum(squares))
    made.max = max(solving, default=0.0)
    made.thinning_steps = thinning
    made.counts = counts
    return made
