"""Plain-text and JSON renderings of a rating, in English or German."""

from __future__ import annotations

from typing import Any

from rater.result import Rating, rating_to_json
from techniques.catalogue import Catalogue
from techniques.step import Step
from techniques.texts import explain

STATUS_TEXT = {
    "en": {
        "solved": "solved",
        "stuck": "stuck: no technique finds a further step",
        "invalid": "invalid puzzle",
        "no_solution": "no solution",
        "multiple_solutions": "several solutions",
        "timeout": "timed out",
    },
    "de": {
        "solved": "gelöst",
        "stuck": "festgefahren: keine Methode findet einen weiteren Schritt",
        "invalid": "ungültiges Sudoku",
        "no_solution": "keine Lösung",
        "multiple_solutions": "mehrere Lösungen",
        "timeout": "Zeitlimit überschritten",
    },
}

LABELS = {
    "en": ("Step", "points", "Total", "Euclidean norm", "maximum norm", "Level", "thinning steps", "Status",
           "uniqueness-based techniques are off (several solutions allowed)"),
    "de": ("Schritt", "Punkte", "Summe", "Euklidische Norm", "Maximum-Norm", "Bewertung", "Ausdünnschritte", "Status",
           "Eindeutigkeits-Methoden sind aus (mehrere Lösungen erlaubt)"),
}


def step_text(step: Step, catalogue: Catalogue, lang: str) -> str:
    """The step's explanation in ``lang`` from its catalogue template."""
    if step.code in catalogue:
        return explain(step, catalogue.entry(step.code).texts[lang], lang)
    return step.code


def fmt_points(value: float) -> str:
    """Points as the original prints them: no decimals when whole, else up to two."""
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}".rstrip("0")


def summary_lines(rating: Rating, lang: str = "en") -> list[str]:
    """Total, norms, level and status lines."""
    step_w, _pts, total, norm2, maxn, level, thinning, status, unique_off = LABELS[lang]
    lines = [
        f"{total}: {fmt_points(rating.points)}   {norm2}: {rating.norm2:.1f}   {maxn}: {fmt_points(rating.max)}",
        f"{level}: {rating.level.get(lang, '')}   {thinning}: {rating.thinning_steps}   "
        f"{status}: {STATUS_TEXT[lang].get(rating.status, rating.status)}   ({rating.seconds:.2f} s)",
    ]
    if not rating.uniqueness_techniques:
        lines.append(unique_off)
    return lines


def text_report(rating: Rating, catalogue: Catalogue, lang: str = "en") -> str:
    """One line per step, then the summary: the default output of ``rate``."""
    step_w, pts, *_ = LABELS[lang]
    lines = [rating.puzzle]
    for i, s in enumerate(rating.steps, 1):
        name = catalogue.name(s.code, lang)
        lines.append(f"{step_w} {i:3d}  {s.code:<4} {fmt_points(s.points):>6} {pts}  {name}: {step_text(s, catalogue, lang)}")
    lines.extend(summary_lines(rating, lang))
    return "\n".join(lines)


def json_report(rating: Rating, catalogue: Catalogue, lang: str = "en") -> dict[str, Any]:
    texts = [step_text(s, catalogue, lang) for s in rating.steps]
    groups = [catalogue.entry(s.code).technique.group if s.code in catalogue else s.code for s in rating.steps]
    return rating_to_json(rating, texts, groups)
