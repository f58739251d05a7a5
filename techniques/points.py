"""Point bands of the original's direct methods.

The original scores a single by how much of its unit or surroundings is
already filled: ``band(m, MISSING_LINE)`` turns "m numbers still missing in the
row" into 0, 1 or 2 points.  A band table is a tuple of (upper bound, points)
pairs; a count below the first bound scores like the first band and one above
the last like the last band, because the counts are only clamped ranges in the
source (e.g. "1-2, 3-4, 5-19").
"""

from __future__ import annotations

from typing import Final

Bands = tuple[tuple[int, int], ...]

#: A1/A2, C1/C2, D1/D2: missing numbers 1-2 -> 0, 3-4 -> 1, 5-19 -> 2.
MISSING_LINE: Final[Bands] = ((2, 0), (4, 1), (19, 2))
#: A3, C3, D3: missing numbers 1-6 -> 0, 7-19 -> 1.
MISSING_BOX: Final[Bands] = ((6, 0), (19, 1))
#: B0, C0, C7, D0: visible numbers 1-9 -> 2, 10-15 -> 1, 16-20 -> 0.
VISIBLE: Final[Bands] = ((9, 2), (15, 1), (20, 0))
#: E1-E3 and F0 ("only possibility"): 1-4 -> 0, 5-19 -> 1 (DECISIONS.md #8).
CANDIDATE_SINGLE: Final[Bands] = ((4, 0), (19, 1))


def band(value: int, bands: Bands) -> int:
    """Points of ``value`` in a band table."""
    for upper, points in bands:
        if value <= upper:
            return points
    return bands[-1][1]
