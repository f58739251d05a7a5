"""The technique list a run uses: order, names, texts, switches and parameters.

It is read from YAML (``techniques.yaml`` beside this file by default, or a
user's file given with ``--techniques``) and validated on load, so that a typo
in a tuned file is a clear error naming the file and entry instead of a silent
change of the rating.  The order of the entries is the search order; the
``family`` of consecutive entries, with the neighbouring families of its
complexity level, forms the "Stufe" of the half-synchronous selection.

Plugin techniques (:mod:`techniques.plugins`) are loaded before the first file
is read and join every catalogue: where the file lists them, as configured;
otherwise after the last entry of their family (else of their phase),
switched off, so that installing a plugin never changes a rating by itself.
"""

from __future__ import annotations

import math
import os
import reprlib
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from puzzles.errors import InputError
from techniques.base import REGISTRY, Phase, Technique
from techniques.plugins import PluginError, load_plugins, origin, plugin_codes, plugin_texts
from techniques.texts import FALLBACK, Language, TextError, check_template, languages, load_languages, with_extra_texts
from techniques.yaml_files import load_kept, safe_loader

if TYPE_CHECKING:
    import yaml

DEFAULT_PATH = Path(__file__).with_name("techniques.yaml")
#: Largest technique file read (the packaged one is about 20 KiB).
MAX_FILE_BYTES = 1 << 20
#: Most YAML nodes a file may expand to once its aliases are followed: the
#: packaged file has a few thousand; an alias bomb ("billion laughs") has
#: billions and must be refused before anything walks or prints it.
MAX_EXPANDED_NODES = 100_000
#: Point parameters (and any other number not in :data:`_BOUNDS`) lie within this magnitude.
MAX_POINTS = 10_000
#: Inclusive bounds of parameters by name suffix; the first matching suffix counts.
_BOUNDS: tuple[tuple[str, int, int], ...] = (
    ("_cands_first", 1, 9), ("_cands_second", 1, 9), ("_min_cands", 1, 9), ("_max_cands", 1, 9),
    ("budget", 0, 10_000_000),
    ("_length", 0, 729), ("_cells", 0, 81), ("_steps", 0, 729),
    ("_nodes_first", 0, 729), ("_nodes_second", 0, 729),
    ("share", 0, 1),
)
#: Parameter pairs (low, high) of one technique where low may not exceed high.
_ORDERED = (("min_length", "max_length"), ("first_min_cands", "first_max_cands"),
            ("second_min_cands", "second_max_cands"), ("band1_max", "band2_max"))


class CatalogueError(InputError):
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

    @property
    def origin(self) -> str:
        """``built-in``, or the plugin's distribution and version."""
        return origin(self.code)


class Catalogue:
    """The ordered, validated list of techniques of a run."""

    def __init__(self, entries: list[Entry], source: str, langs: dict[str, Language] | None = None,
                 broken: dict[str, str] | None = None) -> None:
        self.entries = entries
        self.source = source
        self.languages = langs if langs is not None else languages()
        #: The languages whose files cannot be used, with the error each gives when asked for.
        self.broken = broken or {}
        self._by_code = {e.code: e for e in entries}
        self._family_levels = _family_levels(entries, source)
        for e in entries:
            e.technique.bind([other.technique for other in entries])

    def language(self, lang: str) -> Language:
        """The words of ``lang`` (a language file, completed from English); CatalogueError for a broken file."""
        if lang in self.broken:
            raise CatalogueError(self.broken[lang])
        return self.languages[lang]

    def in_notation(self, name: str) -> Catalogue:
        """This catalogue writing its texts in the notation ``name`` (``giese``, ``eureka``; ``rate --notation``).

        Only the writing of cells, candidates and chains changes: the
        techniques and their order are the same objects, so a rating is too.
        """
        langs = {code: lang.in_notation(name) for code, lang in self.languages.items()}
        if all(langs[code] is lang for code, lang in self.languages.items()):
            return self
        return Catalogue(self.entries, self.source, langs)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __contains__(self, code: object) -> bool:
        return code in self._by_code

    def entry(self, code: str) -> Entry:
        return self._by_code[code]

    def name(self, code: str, lang: str = "en") -> str:
        entry = self._by_code.get(code)
        return entry.names[lang] if entry else code

    def community_name(self, code: str, lang: str = "en") -> str | None:
        """The name forums, Sudoku Explainer and HoDoKu give technique ``code``, None where none corresponds."""
        return self.languages[lang].community.get(code)

    def full_name(self, code: str, lang: str = "en") -> str:
        """The technique's name with the community's beside it (``..., known as XY-Chain``)."""
        return self.languages[lang].known_as(self.name(code, lang), code)

    def without(self, codes: Iterable[str]) -> Catalogue:
        """This catalogue with the techniques ``codes`` switched off (``rate --disable``).

        The original was published in versions with and without some methods
        (its examples "ohne Bowman's Bingo"); switching a code off keeps the
        order and parameters of all others.  A code the catalogue does not
        list is a :class:`CatalogueError`, as in a technique file.
        """
        return self._switched(codes, on=False)

    def with_enabled(self, codes: Iterable[str]) -> Catalogue:
        """This catalogue with the techniques ``codes`` switched on (``rate --enable``).

        The way to try a plugin technique, which is off unless a technique
        file lists it, at its place in the order and with its parameters; an
        unknown code is a :class:`CatalogueError`, as for :meth:`without`.
        """
        return self._switched(codes, on=True)

    def _switched(self, codes: Iterable[str], on: bool) -> Catalogue:
        chosen = set(codes)
        unknown = sorted(chosen - set(self._by_code))
        if unknown:
            raise CatalogueError(f"cannot {'enable' if on else 'disable'} {brief(unknown[0])}: unknown technique "
                                 f"code (known: {', '.join(e.code for e in self.entries)})")
        entries = [replace(e, enabled=on if e.code in chosen else e.enabled) for e in self.entries]
        return Catalogue(entries, self.source, self.languages, self.broken)

    def family_levels(self) -> dict[str, int]:
        """The synchronous level of each family that declares one, in search order (``Technique.sync_level``)."""
        return dict(self._family_levels)

    def enabled(self, phase: Phase | None = None) -> list[Technique]:
        """Enabled techniques in search order, optionally of one phase."""
        return [
            e.technique
            for e in self.entries
            if e.enabled and (phase is None or e.technique.phase is phase)
        ]

    @classmethod
    def load(cls, path: str | Path | None = None, texts: Path | None = None) -> Catalogue:
        """Read and validate a technique file (the packaged default if ``path`` is None).

        ``texts`` is the directory of language files (one ``<code>.yaml`` each;
        default :data:`techniques.texts.TEXTS_DIR`).
        Only a regular file of at most :data:`MAX_FILE_BYTES` is read, so that
        ``/dev/zero``, a FIFO or a huge file is a clear error and not a hang.
        """
        source = Path(path) if path else DEFAULT_PATH
        return cls.from_text(read_technique_file(source), str(source), texts)

    @classmethod
    def from_text(cls, text: str, source: str, texts: Path | None = None) -> Catalogue:
        """Validate the text of a technique file read before (``source`` names it in messages).

        A run reads its file once (:func:`read_technique_file`) and sends the
        text to every worker, local or on a cluster, which need not see the file.
        """
        _load_plugins()
        path = Path(source)
        parse = partial(_load_yaml, source=path)
        data = load_kept(path, text, parse) if path == DEFAULT_PATH else parse(text)
        return cls.from_data(data, source, texts)

    @classmethod
    def from_data(cls, data: Any, source: str = "<data>", texts: Path | None = None) -> Catalogue:
        if not isinstance(data, dict) or not isinstance(data.get("techniques"), list):
            raise CatalogueError(f"{source}: expected a mapping with a 'techniques' list")
        _load_plugins()
        try:
            usable, broken = load_languages(texts)
            langs = with_extra_texts(usable, plugin_texts())
        except TextError as exc:
            raise CatalogueError(str(exc)) from None
        while True:  # a language whose file lacks a technique's name or text is broken, the others stay
            try:
                return cls(_entries(data, source, langs), source, langs, broken)
            except LanguageFileError as exc:
                if exc.lang == FALLBACK:
                    raise CatalogueError(str(exc)) from None
                broken[exc.lang] = str(exc)
                del langs[exc.lang]


class LanguageFileError(CatalogueError):
    """A language file that lacks or breaks a technique's name or text: that language is unusable."""

    def __init__(self, message: str, lang: str) -> None:
        super().__init__(message)
        self.lang = lang


def _entries(data: dict[str, Any], source: str, langs: dict[str, Language]) -> list[Entry]:
    """The entries of a technique file's data, with the plugin techniques it does not list (switched off)."""
    entries: list[Entry] = []
    seen: set[str] = set()
    for index, raw in enumerate(data["techniques"], 1):
        entry = _entry(raw, f"{source}: entry {index}", langs)
        if entry.code in seen:
            raise CatalogueError(f"{source}: entry {index}: technique {entry.code} listed twice")
        seen.add(entry.code)
        entries.append(entry)
    for code in plugin_codes():
        if code not in seen:
            entries.insert(_place(entries, REGISTRY[code]), _entry({"code": code, "enabled": False},
                                                                 f"plugin technique {code}", langs))
    return entries


def _family_levels(entries: Sequence[Entry], source: str) -> dict[str, int]:
    """Family -> synchronous level, in search order, from the techniques that declare one (they must agree)."""
    declared: dict[str, tuple[int, str]] = {}
    for e in entries:
        family, level = e.technique.family, e.technique.sync_level
        if level is None:
            continue
        first = declared.setdefault(family, (level, e.code))
        if first[0] != level:
            raise CatalogueError(f"{source}: family {family}: {first[1]} is searched synchronously from level "
                                 f"{first[0]}, {e.code} from level {level}; a family has one level")
    order = {e.technique.family: i for i, e in reversed(list(enumerate(entries)))}  # a family's first entry
    return {family: level for family, (level, _code) in sorted(declared.items(), key=lambda item: order[item[0]])}


def _load_plugins() -> None:
    """Register the installed plugin techniques (once); an unusable plugin is a CatalogueError."""
    try:
        load_plugins()
    except PluginError as exc:
        raise CatalogueError(str(exc)) from None


_PHASE_ORDER = tuple(Phase)


def _place(entries: list[Entry], cls: type[Technique]) -> int:
    """Where a plugin technique the file does not list goes: after its family, else after its phase."""
    family = [i for i, e in enumerate(entries) if e.technique.family == cls.family]
    if family:
        return family[-1] + 1
    rank = _PHASE_ORDER.index(cls.phase)
    return next((i for i, e in enumerate(entries) if _PHASE_ORDER.index(e.technique.phase) > rank), len(entries))


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
            raise LanguageFileError(f"{lang.source}: {key}s: missing {cls.code}", code)
        if key == "text":
            origin = where if code in override else f"{lang.source}: texts: {cls.code}"
            try:
                check_template(value, cls.fields, origin)
            except TextError as exc:
                if code in override:  # the technique file's own text
                    raise CatalogueError(str(exc)) from None
                raise LanguageFileError(str(exc), code) from None
        out[code] = value
    return out


def brief(value: object, width: int = 40) -> str:
    """A short repr of user input for an error message: bounded in depth, items and length.

    ``reprlib`` stops at a few levels and items, so even a structure built by
    YAML aliases with billions of leaves costs nothing to describe.
    """
    return _cut(repr(value[:width]) if isinstance(value, str) else _REPR.repr(value), width)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxlist, _REPR.maxdict, _REPR.maxstring, _REPR.maxother = 2, 4, 4, 30, 30


def read_technique_file(source: str | Path) -> str:
    """The text of a regular technique file of at most MAX_FILE_BYTES, as UTF-8 (a BOM is allowed)."""
    if not isinstance(source, (str, os.PathLike)):
        raise CatalogueError(f"a technique file is named by a path, not {type(source).__name__}")
    source = Path(source)
    try:
        regular = stat.S_ISREG(source.stat().st_mode)
        if regular:
            with source.open("rb") as handle:
                raw = handle.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        raise CatalogueError(f"{source}: cannot read technique file ({getattr(exc, 'strerror', None) or exc})") \
            from exc
    if not regular:
        raise CatalogueError(f"{source}: not a regular file")
    if len(raw) > MAX_FILE_BYTES:
        raise CatalogueError(f"{source}: technique file larger than {MAX_FILE_BYTES // 1024} KiB")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CatalogueError(f"{source}: not UTF-8 text (byte {exc.start})") from exc


def _load_yaml(text: str, source: Path) -> Any:
    """Parse one YAML document safely, refusing alias bombs and recursive aliases.

    The document is composed to a node graph first (aliases are shared
    nodes there, so this is cheap), its expanded size is counted, and only
    then is it turned into Python objects.
    """
    import yaml

    try:
        loader = safe_loader()(text)  # checks the characters already
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            _check_expansion(node, source)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        raise CatalogueError(f"{source}: not valid YAML ({_yaml_problem(exc)})") from exc
    except RecursionError as exc:
        raise CatalogueError(f"{source}: YAML nested too deeply") from exc


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """The problem and position of a YAML error, without the snippet of input it quotes."""
    import yaml

    if isinstance(exc, yaml.MarkedYAMLError):
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        return _cut(f"{where}{exc.problem or exc.context or 'syntax error'}", 120)
    return _cut(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 120)


def _check_expansion(root: yaml.Node, source: Path) -> None:
    """Refuse a node graph that expands to more than MAX_EXPANDED_NODES nodes or contains a cycle."""
    import yaml

    sizes: dict[int, int] = {}
    active: set[int] = set()

    def size(node: yaml.Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in active:
            raise CatalogueError(f"{source}: recursive YAML alias")
        active.add(key)
        total = 1
        if isinstance(node, yaml.SequenceNode):
            total += sum(size(item) for item in node.value)
        elif isinstance(node, yaml.MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        active.discard(key)
        sizes[key] = total = min(total, MAX_EXPANDED_NODES + 1)
        return total

    if size(root) > MAX_EXPANDED_NODES:
        raise CatalogueError(f"{source}: YAML aliases expand to more than {MAX_EXPANDED_NODES:,} nodes")


def _entry(raw: Any, where: str, langs: dict[str, Language]) -> Entry:
    if not isinstance(raw, dict):
        raise CatalogueError(f"{where}: expected a mapping, got {brief(raw)}")
    code = raw.get("code")
    if not isinstance(code, str) or code not in REGISTRY:
        known = ", ".join(sorted(REGISTRY))
        raise CatalogueError(f"{where}: unknown technique code {brief(code)} (known: {known})")
    where = f"{where} ({code})"
    unknown_keys = set(raw) - {"code", "name", "text", "enabled", "params"}
    if unknown_keys:
        raise CatalogueError(f"{where}: unknown keys {brief(sorted(map(str, unknown_keys)), 80)}")
    enabled = raw.get("enabled", True)
    if not isinstance(enabled, bool):
        raise CatalogueError(f"{where}: 'enabled' must be true or false")
    cls = REGISTRY[code]
    params = raw.get("params") or {}
    if not isinstance(params, dict):
        raise CatalogueError(f"{where}: 'params' must be a mapping, got {brief(params)}")
    for key, value in params.items():
        if key not in cls.defaults:
            allowed = ", ".join(cls.defaults) or "none"
            raise CatalogueError(f"{where}: unknown parameter {brief(key)} (allowed: {allowed})")
        _check_param(key, value, cls.defaults[key], where)
    merged = {**cls.defaults, **params}
    for low, high in _ORDERED:
        if low in merged and high in merged and merged[low] > merged[high]:
            raise CatalogueError(f"{where}: parameter {low!r} ({merged[low]}) exceeds {high!r} ({merged[high]})")
    return Entry(cls(params), _texts(raw, "name", where, cls, langs), _texts(raw, "text", where, cls, langs), enabled)


def _check_param(key: str, value: Any, default: float | int | bool, where: str) -> None:
    """One parameter: the default's type (an int where the default is one, never a bool for a
    number), finite, and within the bounds its meaning allows."""
    kind = type(default).__name__
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise CatalogueError(f"{where}: parameter {key!r} must be bool, got {brief(value)}")
        return
    wanted = int if isinstance(default, int) else (int, float)
    if isinstance(value, bool) or not isinstance(value, wanted):
        raise CatalogueError(f"{where}: parameter {key!r} must be {kind}, got {brief(value)}")
    if not math.isfinite(value):
        raise CatalogueError(f"{where}: parameter {key!r} must be a finite number, got {value}")
    low, high = next(((lo, hi) for suffix, lo, hi in _BOUNDS if key.endswith(suffix)), (-MAX_POINTS, MAX_POINTS))
    if not low <= value <= high:
        raise CatalogueError(f"{where}: parameter {key!r} must be within {low}..{high}, got {brief(value)}")
