"""``rate --list-techniques``: every technique a run knows, as a table or as JSON.

One row per catalogue entry in search order: its code, names in every
language, the community's names (forums, Sudoku Explainer, HoDoKu) where one
corresponds, group and family, the point formula with the run's parameters, whether
the run has it on (after ``--techniques``, ``--disable`` and ``--enable``), and
where it comes from (``built-in`` or a plugin's distribution and version), so a
user sees at once whether an installed plugin takes part in a rating.

The point formulas live in the technique classes, next to the searches whose
measures they use, and so do their one-line summaries (``Technique.formula``,
built-in or plugin alike): the table fills them with the run's values, so a
tuned ``techniques.yaml`` can be checked at a glance.  ``{bands}`` stands for
the band table of the singles (``<=2: 0, <=4: 1, else 2``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from techniques.base import Technique
from techniques.catalogue import Catalogue
from techniques.points import bands_of


def technique_rows(catalogue: Catalogue) -> list[dict[str, Any]]:
    """The entries of ``catalogue`` as plain data (the ``--json`` form)."""
    return [
        {
            "code": e.code,
            "names": dict(e.names),
            "community": {lang: catalogue.community_name(e.code, lang) for lang in catalogue.languages},
            "group": e.technique.group,
            "family": e.technique.family,
            "phase": e.technique.phase.value,
            "points": formula(e.technique),
            "params": dict(e.technique.params),
            "enabled": e.enabled,
            "origin": e.origin,
        }
        for e in catalogue
    ]


def technique_table(catalogue: Catalogue, ascii_only: bool) -> Table:
    """A rich table of the entries; every cell is literal text (plugin names are never markup)."""
    langs = list(catalogue.languages)
    table = Table(title=Text(f"Techniques of {catalogue.source}"), box=box.ASCII if ascii_only else box.SIMPLE_HEAD)
    for heading in ("code", *(f"name ({lang})" for lang in langs), "community", "group/family", "points", "on",
                    "origin"):
        table.add_column(heading, overflow="fold")
    for row in technique_rows(catalogue):
        group = row["group"] if row["group"] == row["family"] else f"{row['group']}/{row['family']}"
        cells = (row["code"], *(row["names"][lang] for lang in langs),
                 " / ".join(dict.fromkeys(name for name in row["community"].values() if name)), group, row["points"],
                 "yes" if row["enabled"] else "no", row["origin"])
        table.add_row(*(Text(cell) for cell in cells))
    return table


def formula(technique: Technique) -> str:
    """The point formula of ``technique`` with its parameters' values."""
    template = technique.formula
    values: dict[str, Any] = {key: _number(value) for key, value in technique.params.items()}
    values["bands"] = _bands(technique.params)
    try:
        return template.format_map(values).replace("+ -", "- ")
    except (ValueError, KeyError, IndexError):  # a plugin's format spec meant for numbers: the bare template
        return template


def _number(value: object) -> str:
    """A parameter as the technique file writes it (``2``, ``0.25``)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _bands(params: Mapping[str, Any]) -> str:
    bands = bands_of(params)
    if not bands:
        return ""
    parts = [f"<={_number(upper)}: {_number(points)}" for upper, points in bands[:-1]]
    return ", ".join([*parts, f"else {_number(bands[-1][1])}"])
