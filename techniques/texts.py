"""Writing a step's explanation in English or German from its template.

Templates live in ``techniques.yaml`` (``text: {en: ..., de: ...}``) and use
``str.format`` fields named after the keys of :attr:`Step.detail`.  Values
under keys ending in ``unit`` are unit numbers and are named in the reader's
language; everything else is printed as given.
"""

from __future__ import annotations

from collections.abc import Mapping

from puzzles.geometry import unit_name
from techniques.step import Step


def localized(detail: Mapping[str, object], lang: str) -> dict[str, object]:
    """``detail`` with unit numbers replaced by their names in ``lang``."""
    out: dict[str, object] = {}
    for key, value in detail.items():
        if key.endswith("unit") and isinstance(value, int):
            out[key] = unit_name(value, lang)
        else:
            out[key] = value
    return out


def explain(step: Step, template: str, lang: str = "en") -> str:
    """Fill ``template`` with the step's details; a missing field is shown, not raised."""
    values = localized(step.detail, lang)
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError) as exc:
        return f"{template} [{exc}]"
