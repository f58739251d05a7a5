"""``rate --reduce`` / ``--reduce-all`` and the reduction fields of bulk records.

The reduction itself is :mod:`puzzles.reduction`; this module rates the
minimal puzzle, renders the reports (text, JSON) and keeps the statistics of
a bulk run: the distribution of necessary givens, the table the original's
author published for his collection, here for the user's own.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from puzzles.geometry import COL_OF, ROW_OF
from puzzles.parsing import format_grid, format_line
from puzzles.reduction import (
    STANDARD,
    MinimalPuzzles,
    NotUniqueError,
    Reduction,
    UniquenessChecks,
    all_minimal_puzzles,
    count_givens,
    reduce_puzzle,
)
from rater.records import REDUCE_FIELDS
from rater.result import Rating
from rater.run.engine import Engine
from rater.settings import RunSettings
from rater.views.report import fmt_points, json_report, summary_lines
from techniques.catalogue import Catalogue
from techniques.texts import language


def _words(lang: str) -> dict[str, str]:
    """The ``reduce_*`` words of the language file, without their prefix."""
    return {key[len("reduce_"):]: value for key, value in language(lang).words.items() if key.startswith("reduce_")}


# --- one puzzle ----------------------------------------------------------------------------


def removed_rcd(reduction: Reduction) -> list[list[int]]:
    """The removed givens as ``[row, column, digit]``, 1-based, in removal order."""
    return [[ROW_OF[c] + 1, COL_OF[c] + 1, d] for c, d in reduction.removed]


def reduction_json(reduction: Reduction, rating: Rating) -> dict[str, Any]:
    """The ``reduced`` object of ``--json``: the minimal puzzle and its rating."""
    return {
        "puzzle": format_line(reduction.reduced, "0"),
        "givens": reduction.necessary,
        "removed": removed_rcd(reduction),
        "minimal": True,
        "already_minimal": reduction.already_minimal,
        "rating": {
            "status": rating.status,
            "points": round(rating.points, 2),
            "norm2": round(rating.norm2, 2),
            "max": round(rating.max, 2),
            "level": rating.level or None,
            "thinning_steps": rating.thinning_steps,
        },
    }


def reduction_text(reduction: Reduction, reduced_rating: Rating, rating: Rating, catalogue: Catalogue,
                   lang: str) -> str:
    t = _words(lang)
    lines = [
        f"{t['puzzle']:<8} {format_line(reduction.puzzle, '0')}  ({reduction.givens} {t['givens']})",
        f"{t['minimal']:<8} {format_line(reduction.reduced, '0')}  ({reduction.necessary} {t['necessary']})",
    ]
    if reduction.already_minimal:
        lines.append(t["already"])
    else:
        lines.append(t["removed"].format(n=len(reduction.removed)))
        cell = catalogue.language(lang).cell  # in the run's notation: (2:1)=9 or r2c1=9
        lines.append("  " + " ".join(f"{cell(c)}={d}" for c, d in reduction.removed))
    lines += ["", format_grid(reduction.reduced), "", t["rating_min"].format(option=reduced_rating.option.code)]
    lines += ["  " + line for line in summary_lines(reduced_rating, catalogue, lang)]
    lines.append(t["rating_in"].format(points=fmt_points(rating.points), level=rating.level_text(lang) or ""))
    return "\n".join(lines)


def minimal_puzzles_json(found: MinimalPuzzles) -> dict[str, Any]:
    low, high = found.necessary_range()
    return {
        "limit": found.limit,
        "complete": found.complete,
        "count": len(found.puzzles),
        "necessary_min": low,
        "necessary_max": high,
        "checks": found.checks,
        "puzzles": [{"puzzle": format_line(p, "0"), "givens": count_givens(p)} for p in found.puzzles],
    }


def minimal_puzzles_text(found: MinimalPuzzles, lang: str) -> str:
    t = _words(lang)
    low, high = found.necessary_range()
    lines = [
        t["found"].format(n=len(found.puzzles), how=t["all"] if found.complete else t["limited"]),
        t["range"].format(lo=low, hi=high),
    ]
    for puzzle in sorted(found.puzzles, key=lambda p: (count_givens(p), p)):
        lines.append(f"  {format_line(puzzle, '0')}  {count_givens(puzzle)}")
    return "\n".join(lines)


def reduce_command(
    engine: Engine,
    grid: Sequence[int],
    rating: Rating,
    settings: RunSettings,
    *,
    reduce: bool,
    reduce_all: int | None,
    as_json: bool,
    ascii_only: bool,
    rules: UniquenessChecks = STANDARD,
) -> bool:
    """Print the ``--reduce`` / ``--reduce-all`` report of a rated puzzle.

    False (after an error line, or the JSON with ``"reduced": null``) when the
    puzzle has no solution or several: such a puzzle has no necessary givens.
    """
    lang = settings.lang
    t = _words(lang)
    try:
        reduction = reduce_puzzle(grid, rules=rules) if reduce else None
        found = all_minimal_puzzles(grid, limit=reduce_all, rules=rules) if reduce_all is not None else None
    except NotUniqueError as exc:
        if as_json:
            data = json_report(rating, engine.catalogue, lang)
            data["reduced"] = None
            click.echo(json.dumps(data, ensure_ascii=False))
        else:
            click.echo(f"rate: error: {t['not_unique'].format(why=exc)}", err=True)
        return False
    reduced_rating = None
    if reduction is not None:
        reduced_rating = engine.rate(reduction.reduced, allow_multiple=settings.allow_multiple)
    if as_json:
        data = json_report(rating, engine.catalogue, lang)
        if reduction is not None and reduced_rating is not None:
            data["reduced"] = reduction_json(reduction, reduced_rating)
        if found is not None:
            data["minimal_puzzles"] = minimal_puzzles_json(found)
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        parts = []
        if reduction is not None and reduced_rating is not None:
            parts.append(reduction_text(reduction, reduced_rating, rating, engine.catalogue, lang))
        if found is not None:
            parts.append(minimal_puzzles_text(found, lang))
        click.echo("\n\n".join(parts))
        if found is not None:
            from rich.console import Console

            histogram = NecessaryHistogram()
            for puzzle in found.puzzles:
                histogram.add_count(count_givens(puzzle), irreducible=False)
            Console(highlight=False, safe_box=ascii_only).print(histogram.table(ascii_only, shares=False, lang=lang))
    return True


# --- bulk ----------------------------------------------------------------------------------


def reduction_fields(grid: Sequence[int] | None, rules: UniquenessChecks = STANDARD) -> dict[str, Any]:
    """The ``--reduce`` fields of one bulk record; None values when ``grid`` is None or not unique."""
    if grid is not None:
        try:
            reduction = reduce_puzzle(grid, rules=rules)
        except NotUniqueError:
            pass
        else:
            return {
                "reduced": format_line(reduction.reduced),
                "necessary_givens": reduction.necessary,
                "already_minimal": reduction.already_minimal,
            }
    return dict.fromkeys(REDUCE_FIELDS)


@dataclass
class NecessaryHistogram:
    """Counts of necessary givens over a run, and how many puzzles were already minimal."""

    counts: Counter[int] = field(default_factory=Counter)
    irreducible: int = 0

    def add(self, record: dict[str, Any]) -> None:
        """Count a bulk record (records without reduction fields are skipped)."""
        necessary = record.get("necessary_givens")
        if necessary is not None:
            self.add_count(necessary, bool(record.get("already_minimal")))

    def add_count(self, necessary: int, irreducible: bool) -> None:
        self.counts[necessary] += 1
        self.irreducible += irreducible

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def mean(self) -> float:
        return sum(k * n for k, n in self.counts.items()) / self.total if self.total else float("nan")

    def table(self, ascii_box: bool, ascii_bars: bool | None = None, shares: bool = True, width: int = 40,
              lang: str = "en") -> Any:
        """A rich table with one bar per number of necessary givens.

        ``ascii_box`` frames it in ASCII; the bars are ``#`` when
        ``ascii_bars`` (default: as the frame), blocks otherwise.  ``lang``
        is the language of its labels, as for the bulk summary's other tables.
        """
        from rich import box
        from rich.table import Table

        t = _words(lang)
        caption = t["h_mean"].format(mean=f"{self.mean():.2f}")
        if shares and self.total:
            caption += ", " + t["h_already"].format(n=self.irreducible,
                                                   share=f"{100 * self.irreducible / self.total:.1f}")
        table = Table(t["h_givens"], t["h_puzzles"], t["h_share"], "", box=box.ASCII if ascii_box else box.ROUNDED,
                      title=t["histogram"], title_justify="left", caption=caption, caption_justify="left")
        table.columns[1].justify = table.columns[2].justify = "right"
        peak = max(self.counts.values(), default=1)
        mark = "#" if (ascii_box if ascii_bars is None else ascii_bars) else "█"
        for givens in range(min(self.counts, default=0), max(self.counts, default=-1) + 1):
            n = self.counts.get(givens, 0)
            table.add_row(str(givens), str(n), f"{100 * n / self.total:.1f} %", mark * round(width * n / peak))
        return table
