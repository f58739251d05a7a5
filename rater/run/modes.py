"""Which of the steps found in one state are applied and scored.

The original's modes (option digit 4), as docs/decisions.md sets them out:

* half-synchronous: of the placements, every distinct cell at the minimum point
  value; of the thinning steps of the first Stufe (a complexity level's
  families, :func:`rater.run.engine._stufen`) that finds any,
  those at its minimum points (a window of POINT_WINDOW points), of those the
  ones with the most eliminations; all of them, in scan order.
* pseudo-synchronous: the same choice, but only its first step.
* synchronous: everything found in the state, up to the methods of the level.

Half-synchronous scoring is what makes a puzzle and all its symmetric copies
score alike: it never depends on which of several equal steps comes first.
"""

from __future__ import annotations

from collections.abc import Sequence

from rater.options import Mode
from techniques.step import Step

#: A thinning step may cost this much more than the family's cheapest step and
#: still be chosen for eliminating more.  0: "Im nicht-synchronen Fall wird nur
#: der gefundene Ausdünnschritt mit der kleinsten Punktzahl gewertet" (only the
#: cheapest step found is scored); the seed's "3 points" describe what the
#: half-synchronous listing shows, not what is scored (docs/decisions.md).
POINT_WINDOW = 0.0


def choose_placements(found: Sequence[Step], mode: Mode) -> list[Step]:
    """The placement steps of one round to apply, in method and scan order."""
    if len(found) < 2:
        return list(found)  # most rounds of the non-synchronous modes: the one cheapest step
    if mode is Mode.SYNC:
        return _distinct_cells(found, cheapest=True)
    best = min(s.points for s in found)
    at_min = [s for s in found if s.points == best]
    if mode is Mode.PSEUDO_SYNC:
        return at_min[:1]
    return _distinct_cells(at_min, cheapest=False)


def _distinct_cells(steps: Sequence[Step], cheapest: bool) -> list[Step]:
    """One step per placed cell: the first, or with ``cheapest`` the cheapest."""
    chosen: dict[int, Step] = {}
    for s in steps:
        cell = s.placements[0][0]
        if cell not in chosen or (cheapest and s.points < chosen[cell].points):
            chosen[cell] = s
    return list(chosen.values())


def settled(step: Step) -> int:
    """How many candidates a step settles: its eliminations and placements (the tie-break of equal points)."""
    return len(step.eliminations) + len(step.placements)


def choose_thinning(found: Sequence[Step], mode: Mode) -> list[Step]:
    """The steps of one Stufe to apply (docs/decisions.md)."""
    if not found:
        return []
    if mode is Mode.SYNC:
        return list(found)
    pmin = min(s.points for s in found)
    eligible = [s for s in found if s.points <= pmin + POINT_WINDOW]
    most = max(settled(s) for s in eligible)
    best = [s for s in eligible if settled(s) == most]
    cheapest = min(s.points for s in best)
    chosen = [s for s in best if s.points == cheapest]
    return chosen[:1] if mode is Mode.PSEUDO_SYNC else chosen
