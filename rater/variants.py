"""Rating a puzzle over symmetric variants (``rate PUZZLE --variants K``).

Half-synchronous scoring is meant to be the same for every symmetric variant
of a puzzle, but pseudo-synchronous and synchronous runs depend on the scan
order; the original therefore suggests re-rating transformed variants and
taking the minimum.  The variants come from :mod:`canon` (the canonical form
first, then seeded random elements of G*), so the rater never needs to know
the group itself.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from puzzles.parsing import format_line
from puzzles.rules import STANDARD, Rules
from rater.result import Rating
from rater.run.engine import Engine
from rater.views.report import fmt_points

#: Most variants one run rates: at tens of milliseconds per rating this is
#: minutes of work already, and every rating is kept for the summary.
MAX_VARIANTS = 10_000


@dataclass(frozen=True)
class VariantRating:
    """One variant: its puzzle string, the transformation from the input, and its rating."""

    puzzle: str
    transformation: str
    rating: Rating


@dataclass(frozen=True)
class VariantSummary:
    """The ratings of all variants and their min / median / max points."""

    variants: tuple[VariantRating, ...]
    seed: int

    @property
    def points(self) -> list[float]:
        return [v.rating.points for v in self.variants]

    @property
    def best(self) -> VariantRating:
        """The variant with the fewest points (the first of equals: the canonical form if it ties)."""
        return min(self.variants, key=lambda v: v.rating.points)

    def figures(self) -> tuple[float, float, float]:
        pts = self.points
        return min(pts), statistics.median(pts), max(pts)

    def to_json(self) -> dict[str, Any]:
        low, mid, high = self.figures()
        return {
            "count": len(self.variants),
            "seed": self.seed,
            "min": round(low, 2),
            "median": round(mid, 2),
            "max": round(high, 2),
            "min_variant": {"puzzle": self.best.puzzle, "transformation": self.best.transformation},
            "variants": [
                {"puzzle": v.puzzle, "transformation": v.transformation, "status": v.rating.status,
                 "points": round(v.rating.points, 2)}
                for v in self.variants
            ],
        }


def rate_variants(engine: Engine, grid: Sequence[int], k: int, seed: int, allow_multiple: bool = False,
                  rules: Rules = STANDARD) -> VariantSummary:
    """Rate the canonical form plus ``k - 1`` random symmetric variants of ``grid``.

    ``k`` is capped at :data:`MAX_VARIANTS`; the variants are made one at a
    time, so only the ratings are kept.  Under variant rules only the
    symmetries that keep the variant's units make variants of the same puzzle.
    """
    from canon.variants import iter_variants

    if not 1 <= k <= MAX_VARIANTS:
        raise ValueError(f"the number of variants must be 1 to {MAX_VARIANTS:,}, got {k}")
    rated = []
    for variant, transformation in iter_variants(grid, k, seed, rules=rules):
        rating = engine.rate(variant, allow_multiple=allow_multiple, rules=rules)
        rated.append(VariantRating(format_line(variant), str(transformation), rating))
    return VariantSummary(tuple(rated), seed)


def variants_table(summary: VariantSummary, ascii_only: bool = False) -> Any:
    """A small rich table: min / median / max and the variant giving the minimum."""
    from rich import box
    from rich.table import Table

    low, mid, high = summary.figures()
    table = Table(box=box.ASCII if ascii_only else box.ROUNDED, show_header=False,
                  title=f"{len(summary.variants)} variants (canonical form + random, seed {summary.seed})",
                  title_justify="left")
    table.add_column()
    table.add_column(overflow="fold")
    table.add_row("min / median / max", f"{fmt_points(low)} / {fmt_points(mid)} / {fmt_points(high)}")
    table.add_row("minimum variant", summary.best.puzzle)
    table.add_row("transformation", summary.best.transformation)
    return table
