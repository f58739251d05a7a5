"""Shared helpers of the bench scripts: where the data is, and percentiles."""

from __future__ import annotations

import os
import statistics
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("SUDOKU_DATA", REPO.parent / "shared" / "data"))
EXAMPLES = REPO / "tests" / "data" / "examples.csv"  # the original's own examples


def load(name: str, limit: int | None = None) -> list[str]:
    """Puzzle lines (81 characters, a trailing comment dropped) of a data file, at most ``limit``."""
    path = Path(name) if os.sep in name else DATA / name
    tokens = [ln.split(maxsplit=1)[0] for ln in path.read_text().splitlines() if ln.strip()]
    lines = [token for token in tokens if len(token) == 81]
    return lines[:limit] if limit else lines


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values`` by linear interpolation."""
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[max(0, min(98, round(q * 100) - 1))]
