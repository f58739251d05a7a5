"""Rating a puzzle over symmetric copies (``rate PUZZLE --copies K``, also ``--variants K``).

Half-synchronous scoring is meant to be the same for every symmetric copy
of a puzzle, but pseudo-synchronous and synchronous runs depend on the scan
order; the original therefore suggests re-rating transformed copies and
taking the minimum.  The copies come from :mod:`canon` (the canonical form
first, then seeded random elements of G*), so the rater never needs to know
the group itself.  The JSON keys keep the older word ("variants",
"min_variant"): they are a contract (docs/decisions.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.parsing import format_line
from puzzles.rules import STANDARD, Rules
from rater.result import Rating
from rater.run.engine import Engine
from rater.views.report import fmt_points

#: Most copies one run rates: at tens of milliseconds per rating this is
#: minutes of work already, and every rating is kept for the summary.
MAX_COPIES = 10_000


@dataclass(frozen=True)
class CopyRating:
    """One copy: its puzzle string, the transformation from the input, and its rating."""

    puzzle: str
    transformation: str
    rating: Rating


@dataclass(frozen=True)
class CopiesSummary:
    """The ratings of all copies and their min / median / max points."""

    copies: tuple[CopyRating, ...]
    seed: int

    @property
    def points(self) -> list[float]:
        return [c.rating.points for c in self.copies]

    @property
    def best(self) -> CopyRating:
        """The copy with the fewest points (the first of equals: the canonical form if it ties)."""
        return min(self.copies, key=lambda c: c.rating.points)

    def figures(self) -> tuple[float, float, float]:
        import statistics  # with fractions and decimal: only --copies needs it

        pts = self.points
        return min(pts), statistics.median(pts), max(pts)

    def to_json(self) -> dict[str, Any]:
        low, mid, high = self.figures()
        return {
            "count": len(self.copies),
            "seed": self.seed,
            "min": round(low, 2),
            "median": round(mid, 2),
            "max": round(high, 2),
            "min_variant": {"puzzle": self.best.puzzle, "transformation": self.best.transformation},
            "variants": [
                {"puzzle": c.puzzle, "transformation": c.transformation, "status": c.rating.status,
                 "points": round(c.rating.points, 2)}
                for c in self.copies
            ],
        }


def rate_copies(engine: Engine, grid: Sequence[int], k: int, seed: int, allow_multiple: bool = False,
                rules: Rules = STANDARD) -> CopiesSummary:
    """Rate the canonical form plus ``k - 1`` random symmetric copies of ``grid``.

    ``k`` is capped at :data:`MAX_COPIES`; the copies are made one at a
    time, so only the ratings are kept.  Under variant rules only the
    symmetries that keep the variant's units make copies of the same puzzle.
    """
    from canon.copies import iter_copies

    if not 1 <= k <= MAX_COPIES:
        raise ValueError(f"the number of copies must be 1 to {MAX_COPIES:,}, got {k}")
    rated = []
    for copy, transformation in iter_copies(grid, k, seed, rules=rules):
        rating = engine.rate(copy, allow_multiple=allow_multiple, rules=rules)
        rated.append(CopyRating(format_line(copy), str(transformation), rating))
    return CopiesSummary(tuple(rated), seed)


def copies_table(summary: CopiesSummary, ascii_only: bool = False) -> Any:
    """A small rich table: min / median / max and the copy giving the minimum."""
    from rich import box
    from rich.table import Table

    low, mid, high = summary.figures()
    table = Table(box=box.ASCII if ascii_only else box.ROUNDED, show_header=False,
                  title=f"{len(summary.copies)} symmetric copies (canonical form + random, seed {summary.seed})",
                  title_justify="left")
    table.add_column()
    table.add_column(overflow="fold")
    table.add_row("min / median / max", f"{fmt_points(low)} / {fmt_points(mid)} / {fmt_points(high)}")
    table.add_row("minimum copy", summary.best.puzzle)
    table.add_row("transformation", summary.best.transformation)
    return table
