"""The technique list a run uses: order, names, texts, switches and parameters.

It is read from YAML (``techniques.yaml`` beside this file by default, or a
user's file given with ``--techniques``) and validated on load, so that a typo
in a tuned file is a clear error naming the file and entry instead of a silent
change of the rating.  The order of the entries is the search order; the
``family`` of consecutive entries forms the "Stufe" of the half-synchronous
selection.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

import techniques  # noqa: F401  (imports every family so that all classes are registered)
from techniques.base import REGISTRY, Phase, Technique
from techniques.texts import TEXTS_DIR, Language, TextError, check_template, languages

DEFAULT_PATH = Path(__file__).with_name("techniques.yaml")


class CatalogueError(ValueError):
    """A technique file that cannot be used; the message names file and entry."""


@dataclass(frozen=True)
class Entry:
    """One technique as configured: the instance plus its names and texts."""

    technique: Technique
    names: dict[str, str]
    texts: dict[str, str]
    enabled: bool

    @property
    def code(self) -> str:
        return self.technique.code


class Catalogue:
    """The ordered, validated list of techniques of a run."""

    def __init__(self, entries: list[Entry], source: str, langs: dict[str, Language] | None = None) -> None:
        self.entries = entries
        self.source = source
        self.languages = langs if langs is not None else languages()
        self._by_code = {e.code: e for e in entries}

    def language(self, lang: str) -> Language:
        """The words of ``lang`` (a packaged language file)."""
        return self.languages[lang]

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def entry(self, code: str) -> Entry:
        return self._by_code[code]

    def name(self, code: str, lang: str = "en") -> str:
        entry = self._by_code.get(code)
        return entry.names[lang] if entry else code

    def enabled(self, phase: Phase | None = None) -> list[Technique]:
        """Enabled techniques in search order, optionally of one phase."""
        return [
            e.technique
            for e in self.entries
            if e.enabled and (phase is None or e.technique.phase is phase)
        ]

    @classmethod
    def load(cls, path: str | Path | None = None, texts: Path = TEXTS_DIR) -> Catalogue:
        """Read and validate a technique file (the packaged default if ``path`` is None).

        ``texts`` is the directory of language files (one ``<code>.yaml`` each).
        """
        source = Path(path) if path else DEFAULT_PATH
        try:
            data = yaml.safe_load(source.read_text(encoding="utf-8"))
        except OSError as exc:
            raise CatalogueError(f"{source}: cannot read technique file ({exc.strerror})") from exc
        except yaml.YAMLError as exc:
            raise CatalogueError(f"{source}: not valid YAML ({exc})".replace("\n", " ")) from exc
        return cls.from_data(data, str(source), texts)

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>", texts: Path = TEXTS_DIR) -> Catalogue:
        if not isinstance(data, dict) or not isinstance(data.get("techniques"), list):
            raise CatalogueError(f"{source}: expected a mapping with a 'techniques' list")
        try:
            langs = languages(texts)
        except TextError as exc:
            raise CatalogueError(str(exc)) from None
        entries: list[Entry] = []
        seen: set[str] = set()
        for index, raw in enumerate(data["techniques"], 1):
            entry = _entry(raw, f"{source}: entry {index}", langs)
            if entry.code in seen:
                raise CatalogueError(f"{source}: entry {index}: technique {entry.code} listed twice")
            seen.add(entry.code)
            entries.append(entry)
        return cls(entries, source, langs)


def _texts(raw: dict[str, Any], key: str, where: str, cls: type[Technique],
           langs: dict[str, Language]) -> dict[str, str]:
    """Names or templates of one entry per language: the entry's own, else the language file's.

    Templates are checked against the technique's declared fields here, so a
    typo is an error on load, not a broken sentence in a report.
    """
    override = raw.get(key, {})
    if not isinstance(override, dict) or any(not isinstance(v, str) for v in override.values()):
        raise CatalogueError(f"{where}: '{key}' must map languages ({', '.join(langs)}) to strings")
    unknown = set(override) - set(langs)
    if unknown:
        raise CatalogueError(f"{where}: '{key}' has unknown languages {sorted(unknown)} (known: {', '.join(langs)})")
    out: dict[str, str] = {}
    for code, lang in langs.items():
        section = lang.names if key == "name" else lang.texts
        value = override.get(code, section.get(cls.code))
        if value is None:
            raise CatalogueError(f"{lang.source}: {key}s: missing {cls.code}")
        if key == "text":
            origin = where if code in override else f"{lang.source}: texts: {cls.code}"
            try:
                check_template(value, cls.fields, origin)
            except TextError as exc:
                raise CatalogueError(str(exc)) from None
        out[code] = value
    return out


def _entry(raw: Any, where: str, langs: dict[str, Language]) -> Entry:
    if not isinstance(raw, dict):
        raise CatalogueError(f"{where}: expected a mapping")
    code = raw.get("code")
    if code not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise CatalogueError(f"{where}: unknown technique code {code!r} (known: {known})")
    where = f"{where} ({code})"
    unknown_keys = set(raw) - {"code", "name", "text", "enabled", "params"}
    if unknown_keys:
        raise CatalogueError(f"{where}: unknown keys {sorted(unknown_keys)}")
    enabled = raw.get("enabled", True)
    if not isinstance(enabled, bool):
        raise CatalogueError(f"{where}: 'enabled' must be true or false")
    cls = REGISTRY[code]
    params = raw.get("params") or {}
    if not isinstance(params, dict):
        raise CatalogueError(f"{where}: 'params' must be a mapping")
    for key, value in params.items():
        if key not in cls.defaults:
            allowed = ", ".join(cls.defaults) or "none"
            raise CatalogueError(f"{where}: unknown parameter {key!r} (allowed: {allowed})")
        default = cls.defaults[key]
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, (int, float)):
            raise CatalogueError(f"{where}: parameter {key!r} must be {type(default).__name__}, got {value!r}")
    return Entry(cls(params), _texts(raw, "name", where, cls, langs), _texts(raw, "text", where, cls, langs), enabled)
