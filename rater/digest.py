"""The digest of a run's *effective* technique catalogue: what records and run files name.

Two runs with the same program version and the same digest rate every puzzle
alike; ``--resume`` refuses to continue a run whose digest differs, and
every record carries it, so records of different runs can be told apart
after they are merged.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Final

from rater.levels import LevelTable
from techniques.catalogue import Catalogue
from techniques.plugins import origin

#: How many hex digits of the SHA-256 a catalogue digest keeps (64 bits: no two catalogues meet by chance).
DIGEST_LENGTH: Final = 16


def catalogue_description(catalogue: Catalogue, levels: LevelTable) -> dict[str, Any]:
    """What decides points and levels, without the words of any language.

    Every technique in search order with its switch, its parameters (defaults
    included) and its origin (``built-in`` or a plugin's distribution and
    version), the level bounds and keys, and the families of each synchronous level.
    Names and explanation texts are left out: a translation changes no rating.
    """
    return {
        "techniques": [
            {"code": e.code, "enabled": e.enabled, "params": dict(sorted(e.technique.params.items())),
             "origin": origin(e.code)}
            for e in catalogue
        ],
        "levels": [[bound, level.key] for bound, level in levels.grades]
                  + [["top", levels.top_other.key], ["top_te", levels.top_te.key]],
        "sync_levels": _sync_levels(catalogue),
    }


def _sync_levels(catalogue: Catalogue) -> dict[str, list[str]]:
    """Per synchronous level (as text, ascending), the families that declare it, in search order."""
    by_level: dict[int, list[str]] = {}
    for family, level in catalogue.family_levels().items():
        by_level.setdefault(level, []).append(family)
    return {str(level): families for level, families in sorted(by_level.items())}


def catalogue_digest(catalogue: Catalogue, levels: LevelTable) -> str:
    """A short SHA-256 of :func:`catalogue_description`: equal digests, equal technique settings.

    It covers the built-in or ``--techniques`` file (order, switches,
    parameters), ``--disable``/``--enable``, plugins with their versions and
    the level table; the program's own code is named by the version.
    """
    text = json.dumps(catalogue_description(catalogue, levels), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGEST_LENGTH]
