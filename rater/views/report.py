"""Plain-text and JSON renderings of a rating, in any packaged language.

Every word comes from the language file (:mod:`techniques.texts`); a step's
explanation is its technique's template filled with the step's finding values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from puzzles.parsing import format_line
from rater.result import Rating, number, rating_to_json, rcd, step_size
from techniques.catalogue import Catalogue
from techniques.step import Step
from techniques.texts import Language


def step_text(step: Step, catalogue: Catalogue, lang: str) -> str:
    """The step's explanation in ``lang`` from its catalogue template."""
    if step.code in catalogue:
        return catalogue.language(lang).render(catalogue.entry(step.code).texts[lang], step.detail)
    return step.code


def status_text(words: Language, status: str) -> str:
    """A rating status in words (the status itself if the language has no word for it)."""
    return words.words.get(f"status_{status}", status)


def fmt_points(value: float) -> str:
    """Points as the original prints them: no decimals when whole, else up to two."""
    return f"{value:.0f}" if value == int(value) else f"{value:.2f}".rstrip("0")


def points_word(value: float, words: Mapping[str, str]) -> str:
    """"point" for exactly one point, else "points", in the language of ``words``."""
    return words["point"] if value == 1 else words["points"]


def fmt_points_with_word(value: float, words: Mapping[str, str]) -> str:
    """``1 point``, ``0 points``, ``2.5 points``."""
    return f"{fmt_points(value)} {points_word(value, words)}"


def fmt_norm(value: float) -> str:
    """The Euclidean norm as every output rounds it: to 2 decimals as the records (``7.42``, ``7.4``, ``8``)."""
    return str(number(value))


def summary_lines(rating: Rating, catalogue: Catalogue, lang: str = "en") -> list[str]:
    """Total, norms, level and status lines."""
    w = catalogue.language(lang).words
    lines = [
        f"{w['total']}: {fmt_points(rating.points)}   {w['norm2']}: {fmt_norm(rating.norm2)}   "
        f"{w['max_norm']}: {fmt_points(rating.max)}",
        f"{w['level']}: {rating.level_text(lang) or ''}   {w['thinning_steps']}: {rating.thinning_steps}   "
        f"{w['status']}: {status_text(catalogue.language(lang), rating.status)}   ({rating.seconds:.2f} s)",
    ]
    if not rating.uniqueness_techniques:
        lines.append(uniqueness_note(rating, w))
    return lines


def uniqueness_note(rating: Rating, words: Mapping[str, str]) -> str:
    """Why the uniqueness-based techniques were off: a variant, or several solutions allowed."""
    if rating.rules != "standard":
        return words["uniqueness_off_variant"].format(rules=rating.rules)
    return words["uniqueness_off"]


def text_report(rating: Rating, catalogue: Catalogue, lang: str = "en") -> str:
    """One line per step, then the summary: the default output of ``rate``."""
    words = catalogue.language(lang)
    w = words.words
    listing = rating.option.thinning_output == 1
    lines = [format_line(rating.puzzle)]
    for i, s in enumerate(rating.steps, 1):
        name = catalogue.name(s.code, lang)
        line = (f"{w['step']} {i:3d}  {s.code:<4} {fmt_points(s.points):>6} {_padded(s.points, w)}  "
                f"{name}: {step_text(s, catalogue, lang)}")
        if listing and s.eliminations and not s.placements:
            line += f"   [{w['eliminated']}: {' '.join(words.notation.eliminated(c, d) for c, d in s.eliminations)}]"
        lines.append(line)
        for alt in rating.alternatives.get(i - 1, ()):
            lines.append(f"{'':>{len(w['step']) + 5}}{w['alternative']} {alt.code:<4} {fmt_points(alt.points):>6} "
                         f"{_padded(alt.points, w)}  {catalogue.name(alt.code, lang)}: {step_text(alt, catalogue, lang)}")
    lines.extend(summary_lines(rating, catalogue, lang))
    return "\n".join(lines)


def _padded(value: float, words: Mapping[str, str]) -> str:
    """The word for ``value`` points, padded to the plural's width so that the names stay in one column."""
    return f"{points_word(value, words):<{len(words['points'])}}"


def json_report(rating: Rating, catalogue: Catalogue, lang: str = "en") -> dict[str, Any]:
    """The ``--json`` object of a rating: its record, the solution and every step with its alternatives."""
    texts = [step_text(s, catalogue, lang) for s in rating.steps]
    groups = [catalogue.entry(s.code).technique.group if s.code in catalogue else s.code for s in rating.steps]
    data = rating_to_json(rating, texts, groups, lang)
    for index, alternatives in rating.alternatives.items():  # option digit 2
        data["steps"][index]["alternatives"] = [
            {"code": a.code, "points": a.points, "size": step_size(a), "placements": rcd(a.placements),
             "eliminations": rcd(a.eliminations), "text": step_text(a, catalogue, lang)}
            for a in alternatives
        ]
    return data


def json_document(rating: Rating, catalogue: Catalogue, lang: str = "en", *, hint: bool = False,
                  variants: dict[str, Any] | None = None, verified: bool = False) -> dict[str, Any]:
    """What ``rate --json`` prints: :func:`json_report`, or with ``hint`` only the next step and the status;
    with ``variants`` the symmetric copies' figures (``--variants``), with ``verified`` the mark of ``--verify``.
    """
    data = json_report(rating, catalogue, lang)
    if hint:
        data = {"hint": data["steps"][0] if data["steps"] else None, "status": data["status"]}
    if variants is not None:
        data["variants"] = variants
    if verified:
        data["verified"] = True
    return data
