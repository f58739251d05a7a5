"""Shared fixtures: where the public puzzle collections are, and small loaders."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("SUDOKU_DATA", REPO.parent / "shared" / "data"))
SPEC = Path(os.environ.get("SUDOKU_SPEC", REPO.parent / "shared" / "spec"))


def read_puzzles(name: str, count: int | None = None, step: int = 1) -> list[str]:
    """Every ``step``-th puzzle of a data file (up to ``count``).

    Used at collection time for parametrizing, so a missing collection gives an
    empty list (pytest then reports the test as skipped) instead of an error.
    """
    path = DATA / name
    if not path.exists():
        return []
    lines = [ln.strip() for ln in path.read_text().splitlines() if len(ln.strip()) == 81]
    picked = lines[::step]
    return picked[:count] if count else picked


def examples() -> dict[str, dict[str, str]]:
    """The seed's examples (spec/examples.csv) by id; skip the test if absent."""
    path = SPEC / "examples.csv"
    if not path.exists():
        pytest.skip(f"{path} not available")
    with path.open(newline="") as fh:
        return {row["id"]: row for row in csv.DictReader(fh)}
