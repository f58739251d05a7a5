"""The textual difficulty grades, from ``levels.yaml``.

(The synchronous levels, option digit 4, are declared by the techniques themselves:
:attr:`techniques.base.Technique.sync_level`.)

Each grade is named in English and German, and in any other language a
``<code>: name`` adds; a language without its own name shows the English one
(:meth:`rater.result.Rating.level_text`), so a new language file works before anyone translates
the grades.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from puzzles.errors import InputError
from techniques.yaml_files import YamlError, load_kept, safe_load

LEVELS_PATH = Path(__file__).with_name("levels.yaml")
_KEY = re.compile(r"[a-z][a-z0-9_]*")


class LevelTableError(InputError):
    """A levels file that cannot be used."""


@dataclass(frozen=True)
class Level:
    """One difficulty level: its stable ``key`` (records) and its name per language (reports)."""

    key: str
    names: dict[str, str]


@dataclass(frozen=True)
class LevelTable:
    grades: tuple[tuple[float, Level], ...]
    top_te: Level
    top_other: Level

    def grade(self, points: float, synchronous: bool, trial_and_error: bool) -> Level:
        """The level of a total; one grade lower for synchronous runs."""
        index = next((i for i, (bound, _) in enumerate(self.grades) if points <= bound), len(self.grades))
        if synchronous:
            index = max(index - 1, 0)
        if index < len(self.grades):
            return self.grades[index][1]
        return self.top_te if trial_and_error else self.top_other

    def levels(self) -> tuple[Level, ...]:
        """Every level, easiest first (the two top levels last)."""
        return tuple(level for _bound, level in self.grades) + (self.top_other, self.top_te)


def level_name(names: Mapping[str, str], lang: str) -> str:
    """A level's name in ``lang``, else in English; "" for no level (a stuck rating)."""
    if not isinstance(lang, str):
        raise InputError(f"a language is a code like 'de', not {type(lang).__name__}")
    return names.get(lang) or names.get("en", "")


def _level(raw: Any, where: str) -> Level:
    """A level: its stable 'key', and names by language ('en' and 'de' required, others optional)."""
    if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("en", "de")):
        raise LevelTableError(f"{where}: needs 'en' and 'de' names")
    key = raw.get("key")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        raise LevelTableError(f"{where}: needs a 'key' of lower-case letters, digits and _")
    names = {lang: name for lang, name in raw.items() if lang not in ("up_to", "key")}
    if not all(isinstance(lang, str) and isinstance(name, str) for lang, name in names.items()):
        raise LevelTableError(f"{where}: names map language codes to text")
    return Level(key, names)


@lru_cache(maxsize=4)
def load_levels(path: Path = LEVELS_PATH) -> LevelTable:
    """Read and validate a levels file (bounds must increase, keys differ)."""
    text = path.read_text(encoding="utf-8")
    try:
        data = load_kept(path, text) if path == LEVELS_PATH else safe_load(text)
    except YamlError as exc:
        raise LevelTableError(f"{path}: not valid YAML ({exc})".replace("\n", " ")) from None
    if not isinstance(data, dict):
        raise LevelTableError(f"{path}: expected a mapping with 'grades' and 'top'")
    grades = []
    previous = float("-inf")
    for i, raw in enumerate(data.get("grades") or [], 1):
        bound = raw.get("up_to") if isinstance(raw, dict) else None
        if not isinstance(bound, (int, float)) or bound <= previous:
            raise LevelTableError(f"{path}: grade {i}: 'up_to' must be a number above the previous bound")
        previous = bound
        grades.append((float(bound), _level(raw, f"{path}: grade {i}")))
    top = data.get("top") or {}
    if not grades:
        raise LevelTableError(f"{path}: needs grades")
    table = LevelTable(
        tuple(grades),
        _level(top.get("with_trial_and_error"), f"{path}: top"),
        _level(top.get("otherwise"), f"{path}: top"),
    )
    keys = [level.key for level in table.levels()]
    if len(set(keys)) != len(keys):
        raise LevelTableError(f"{path}: two levels share one key")
    return table
