"""The textual difficulty grade and the synchronous level sets, from ``levels.yaml``.

Each grade is named in English and German, and in any other language a
``<code>: name`` adds; a language without its own name shows the English one
(:func:`level_name`), so a new language file works before anyone translates
the grades.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

LEVELS_PATH = Path(__file__).with_name("levels.yaml")


class LevelTableError(ValueError):
    """A levels file that cannot be used."""


@dataclass(frozen=True)
class LevelTable:
    grades: tuple[tuple[float, dict[str, str]], ...]
    top_te: dict[str, str]
    top_other: dict[str, str]
    sync_levels: dict[int, tuple[str, ...]]

    def grade(self, points: float, synchronous: bool, trial_and_error: bool) -> dict[str, str]:
        """The grade names (by language) of a total; one grade lower for synchronous runs."""
        index = next((i for i, (bound, _) in enumerate(self.grades) if points <= bound), len(self.grades))
        if synchronous:
            index = max(index - 1, 0)
        if index < len(self.grades):
            return dict(self.grades[index][1])
        return dict(self.top_te if trial_and_error else self.top_other)

    def sync_families(self, level: int) -> frozenset[str]:
        """Thinning families used synchronously at ``level`` (cumulative)."""
        return frozenset(f for lv, fams in self.sync_levels.items() if lv <= level for f in fams)


def level_name(level: Mapping[str, str], lang: str) -> str:
    """The name of a level in ``lang``, else in English; "" for no level (a stuck rating)."""
    return level.get(lang) or level.get("en", "")


def _names(raw: Any, where: str) -> dict[str, str]:
    """A grade's names by language: 'en' and 'de' required, other languages optional."""
    if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("en", "de")):
        raise LevelTableError(f"{where}: needs 'en' and 'de' names")
    names = {key: value for key, value in raw.items() if key != "up_to"}
    if not all(isinstance(key, str) and isinstance(value, str) for key, value in names.items()):
        raise LevelTableError(f"{where}: names map language codes to text")
    return names


@lru_cache(maxsize=4)
def load_levels(path: Path = LEVELS_PATH) -> LevelTable:
    """Read and validate a levels file (bounds must increase)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    grades = []
    previous = float("-inf")
    for i, raw in enumerate(data.get("grades") or [], 1):
        bound = raw.get("up_to") if isinstance(raw, dict) else None
        if not isinstance(bound, (int, float)) or bound <= previous:
            raise LevelTableError(f"{path}: grade {i}: 'up_to' must be a number above the previous bound")
        previous = bound
        grades.append((float(bound), _names(raw, f"{path}: grade {i}")))
    top = data.get("top") or {}
    sync = {int(k): tuple(v) for k, v in (data.get("sync_levels") or {}).items()}
    if not grades or set(sync) - set(range(2, 8)):
        raise LevelTableError(f"{path}: needs grades and sync_levels keyed 2..7")
    return LevelTable(
        tuple(grades),
        _names(top.get("with_trial_and_error"), f"{path}: top"),
        _names(top.get("otherwise"), f"{path}: top"),
        sync,
    )
