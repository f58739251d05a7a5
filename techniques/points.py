"""Point bands of the original's direct methods, as technique parameters.

The original scores a single by how much of its unit or surroundings is
already filled: with the band parameters of :data:`MISSING_LINE`, "m numbers
still missing in the row" scores 0, 1 or 2 points.  A band table is read from
parameters ``band1_max``, ``band1_points``, ``band2_max``, ``band2_points`` ...
(the last band has no ``_max``): a count up to ``bandK_max`` scores
``bandK_points`` of the first band it fits, a larger one the last band's
points, because the counts are only clamped ranges in the source (e.g. "1-2,
3-4, 5-19").
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

Bands = tuple[tuple[float, float], ...]

#: A1/A2, C1/C2, D1/D2: missing numbers 1-2 -> 0, 3-4 -> 1, 5-19 -> 2.
MISSING_LINE: Final = {"band1_max": 2, "band1_points": 0, "band2_max": 4, "band2_points": 1, "band3_points": 2}
#: A3, C3, D3: missing numbers 1-6 -> 0, 7-19 -> 1.
MISSING_BOX: Final = {"band1_max": 6, "band1_points": 0, "band2_points": 1}
#: B0, C0, C7, D0: visible numbers 1-9 -> 2, 10-15 -> 1, 16-20 -> 0.
VISIBLE: Final = {"band1_max": 9, "band1_points": 2, "band2_max": 15, "band2_points": 1, "band3_points": 0}
#: E1-E3 and F0 ("only possibility"): 1-4 -> 0, 5-19 -> 1 (docs/decisions.md).
CANDIDATE_SINGLE: Final = {"band1_max": 4, "band1_points": 0, "band2_points": 1}

#: The formula summaries (:attr:`techniques.base.Technique.formula`) of the singles scored by a band
#: table; ``{bands}`` stands for the table with the run's values.
MISSING_FORMULA: Final = "missing numbers {bands}"
VISIBLE_FORMULA: Final = "visible numbers {bands}"


def bands_of(params: Mapping[str, Any]) -> Bands:
    """The band table of a technique's ``bandK_max`` / ``bandK_points`` parameters."""
    bands: list[tuple[float, float]] = []
    k = 1
    while f"band{k}_points" in params:
        bands.append((params.get(f"band{k}_max", math.inf), params[f"band{k}_points"]))
        k += 1
    return tuple(bands)


def band(value: int, bands: Bands) -> float:
    """Points of ``value`` in a band table."""
    for upper, points in bands:
        if value <= upper:
            return points
    return bands[-1][1]


def band_floor(bands: Bands) -> float:
    """The least points of a band table."""
    return float(min(points for _, points in bands))


def linear_floor(offset: float, slope: float, low: int, high: int | None = None) -> float:
    """The least value of ``offset + slope * n`` for ``low <= n <= high`` (no upper end: ``None``)."""
    if slope >= 0:
        return float(offset + slope * low)
    return float("-inf") if high is None else float(offset + slope * high)
