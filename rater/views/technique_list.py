"""``rate --list-techniques``: every technique a run knows, as a table or as JSON.

One row per catalogue entry in search order: its code, names in every
language, the community's names (forums, Sudoku Explainer, HoDoKu) where one
corresponds, group and family, the point formula with the run's parameters, whether
the run has it on (after ``--techniques``, ``--disable`` and ``--enable``), and
where it comes from (``built-in`` or a plugin's distribution and version), so a
user sees at once whether an installed plugin takes part in a rating.

The point formulas live in the technique classes, next to the searches whose
measures they use; the one-line summaries here say what the parameters of
``techniques.yaml`` mean, filled with the run's values, so a tuned file can be
checked at a glance.  A plugin class declares its own (``Technique.formula``).
``{bands}`` stands for the band table of the singles (``<=2: 0, <=4: 1, else 2``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

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


_MISSING: Final = "missing numbers {bands}"
_VISIBLE: Final = "visible numbers {bands}"
_JUSTIFIED: Final = ", +{per_justification} per justification, at most {cap}"
_UR_TYPES: Final = ("type 1 {type1}, 2 {type2}, 3 {type3_per_digit} x digits + {type3_offset}, 4 {type4}, "
                    "5 {type5}, 6-8 {type6}/{type7}/{type8}")
_CHAIN: Final = "{points_offset} + N assertions ({points_offset_negation} + N with a negation)"

BUILT_IN_FORMULAS: Final[Mapping[str, str]] = {
    **dict.fromkeys(("A1", "A2", "A3", "E1", "E2", "E3"), _MISSING),
    "B0": _VISIBLE,
    **dict.fromkeys(("C1", "C2", "C3", "D1", "D2", "D3"), _MISSING + _JUSTIFIED),
    **dict.fromkeys(("C0", "C7", "D0"), _VISIBLE + _JUSTIFIED),
    **dict.fromkeys(("D7", "D8", "BT1", "BT2", "RP", "CRP", "XYZ"), "{points}"),
    "PM": "{share} x candidates written",
    "F0": "last possibility {last_points}, else empty peers {bands}",
    "NT": "{naked_per_cell} x N cells + {naked_offset}",
    "HT": "{hidden_per_digit} x M digits + {hidden_offset}",
    "GC": "N + {points_offset} (length N {min_length}-{max_length})",
    "WXYZ": "{points_standard} standard, {points_extended} extended",
    "SG": "{points_per_line} x N (N x N grid)",
    "SC": "N + {points_offset} (length N up to {max_length})",
    "SCC": "N + {points_offset} (length N up to {max_length})",
    "UR": _UR_TYPES,
    "QUR": "UR " + _UR_TYPES + "; + {quasi_base} + {quasi_per_digit} x digits added",
    "UL": "UR " + _UR_TYPES + "; + {loop_per_pair} x pairs past 4 cells (up to {max_cells})",
    "QUL": "UR " + _UR_TYPES + "; + {loop_per_pair} x pairs past 4 cells, + {quasi_base} + {quasi_per_digit} "
                               "x digits added",
    **dict.fromkeys(("CC", "CCS", "ICC"), _CHAIN),
    **dict.fromkeys(("ACS", "ACR"), "{points_offset} + N assertions"),
    "BB": "{points_offset} + {points_per_step} x steps (at most {max_steps})",
    "TE": "{points_per_level} x depth",
}


def formula(technique: Technique) -> str:
    """The point formula of ``technique`` with its parameters' values."""
    template = BUILT_IN_FORMULAS.get(technique.code, technique.formula)
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
