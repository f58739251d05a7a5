"""``rate --list-techniques``: every technique a run knows, as a table or as JSON.

One row per catalogue entry in search order: its code, names in every
language, group and family, the point formula with the run's parameters, whether
the run has it on (after ``--techniques``, ``--disable`` and ``--enable``), and
where it comes from (``built-in`` or a plugin's distribution and version), so a
user sees at once whether an installed plugin takes part in a rating.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from techniques.catalogue import Catalogue
from techniques.formulas import formula


def technique_rows(catalogue: Catalogue) -> list[dict[str, Any]]:
    """The entries of ``catalogue`` as plain data (the ``--json`` form)."""
    return [
        {
            "code": e.code,
            "names": dict(e.names),
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
    for heading in ("code", *(f"name ({lang})" for lang in langs), "group/family", "points", "on", "origin"):
        table.add_column(heading, overflow="fold")
    for row in technique_rows(catalogue):
        group = row["group"] if row["group"] == row["family"] else f"{row['group']}/{row['family']}"
        cells = (row["code"], *(row["names"][lang] for lang in langs), group, row["points"],
                 "yes" if row["enabled"] else "no", row["origin"])
        table.add_row(*(Text(cell) for cell in cells))
    return table
