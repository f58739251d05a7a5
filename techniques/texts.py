"""Every word the program prints, from one YAML file per language, and the renderer.

A language file (``techniques/texts/<code>.yaml``) holds the technique names
(and the community's names beside them: ``community``) and sentence templates, the fragments nested findings are written with, the
unit and box words, and the labels of the reports and the walkthrough.  The
templates use ``str.format`` fields named after a step's finding values
(:mod:`techniques.findings`); each value is written by its kind, so the
templates carry words only.  Adding a language is adding a file, and the
file need not be complete: whatever it lacks (a technique name or template,
a label, a fragment, the box names) is taken from English, so a language
works from its first line on and is translated piece by piece.

Files are checked when loaded: a template naming a field its technique or
fragment does not declare, a missing entry, or a malformed template is a
:class:`TextError` naming the file and entry, never a broken sentence later.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

from puzzles.errors import InputError
from puzzles.rules import FIRST_COLOUR, MAIN_DIAGONAL
from techniques.findings import (
    FRAGMENT_FIELDS,
    Candidates,
    Cell,
    Cells,
    Chain,
    Digit,
    Digits,
    Fragment,
    Items,
    Node,
    Unit,
    Units,
    Value,
)
from techniques.notation import GIESE, Notation, notation
from techniques.step import Step
from techniques.yaml_files import YamlError, load_kept, safe_load

#: The packaged language files; every lookup reads this name when it runs, so it may be pointed elsewhere.
TEXTS_DIR = Path(__file__).with_name("texts")
_PACKAGED = TEXTS_DIR
#: The language that completes every other one.
FALLBACK = "en"
#: Top-level sections of a language file: each a mapping of names to strings
#: (``boxes`` a list of nine).
SECTIONS = ("names", "texts", "fragments", "words", "boxes", "community")
#: Words the renderer and the reports need in every language.
REQUIRED_WORDS = (
    "and", "row", "column", "rows", "columns", "box", "boxes", "box_name", "main_diagonal", "anti_diagonal", "colour_group",
    "known_as", "step", "point", "points", "total", "norm2", "max_norm", "level", "thinning_steps", "status", "uniqueness_off", "uniqueness_off_variant",
    "status_solved", "status_stuck", "status_invalid", "status_no_solution", "status_multiple_solutions",
    "status_timeout",
    "walk_total", "walk_technique", "walk_count", "walk_points", "walk_name", "walk_time", "walk_final",
    "walk_prompt", "walk_summary", "walk_used",
    "html_title", "html_puzzle", "html_option", "html_rules", "html_version", "html_first", "html_previous",
    "html_next", "html_last", "html_steps", "html_keys", "html_before", "html_legend", "html_given", "html_placed",
    "html_placing", "html_used", "html_used_cell", "html_removed", "html_strong", "html_weak",
)


class TextError(InputError):
    """A language file or template that cannot be used; the message names file and entry."""


def template_fields(template: str, where: str) -> set[str]:
    """The field names a ``str.format`` template uses; a malformed one is a TextError."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise TextError(f"{where}: malformed template ({exc}): {template!r}") from None
    fields = set()
    for _literal, name, _spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier():
            raise TextError(f"{where}: a field is a plain name, got {{{name}}}: {template!r}")
        if conversion:
            raise TextError(f"{where}: field {{{name}!{conversion}}}: conversions are not allowed: {template!r}")
        fields.add(name)
    return fields


def check_template(template: str, allowed: Iterable[str], where: str) -> None:
    """Fail (one line, naming ``where``) if ``template`` uses a field not in ``allowed``."""
    unknown = template_fields(template, where) - set(allowed)
    if unknown:
        names = ", ".join(sorted(allowed)) or "none"
        raise TextError(f"{where}: unknown field {{{sorted(unknown)[0]}}} (fields: {names})")


@dataclass(frozen=True)
class Language:
    """One language's words, and the writing of typed finding values in it."""

    code: str
    source: str
    names: Mapping[str, str]
    texts: Mapping[str, str]
    fragments: Mapping[str, str]
    words: Mapping[str, str]
    boxes: tuple[str, ...]
    #: The names forums, Sudoku Explainer and HoDoKu give a technique, by code, where one corresponds.
    community: Mapping[str, str] = field(default_factory=dict)
    #: How cells, candidates and chains are written; the words are the same in every notation.
    notation: Notation = GIESE

    # --- loading -----------------------------------------------------------------

    @classmethod
    def load(cls, path: Path, fallback: Language | None = None) -> Language:
        """Read and check a language file; entries it lacks are taken from ``fallback``."""
        where = str(path)
        try:
            text = path.read_text(encoding="utf-8")
            data = load_kept(path, text) if path.parent == _PACKAGED else safe_load(text)
        except OSError as exc:
            raise TextError(f"{where}: cannot read language file ({exc.strerror})") from None
        except UnicodeDecodeError as exc:
            raise TextError(f"{where}: not UTF-8 text (byte {exc.start})") from None
        except (YamlError, RecursionError) as exc:
            raise TextError(f"{where}: not valid YAML ({exc})".replace("\n", " ")) from None
        if not isinstance(data, dict):
            raise TextError(f"{where}: expected a mapping with {', '.join(SECTIONS)}")
        unknown = set(data) - set(SECTIONS)
        if unknown:
            raise TextError(f"{where}: unknown sections {sorted(unknown)}")
        sections = {}
        for key in ("names", "texts", "fragments", "words", "community"):
            value = data.get(key) or {}
            if not isinstance(value, dict) or any(not isinstance(v, str) for v in value.values()):
                raise TextError(f"{where}: '{key}' must map names to strings")
            sections[key] = {str(k): v for k, v in value.items()}
            if fallback is not None:
                sections[key] = {**getattr(fallback, key), **sections[key]}
        boxes = data.get("boxes")
        if boxes is None and fallback is not None:
            boxes = list(fallback.boxes)
        if not isinstance(boxes, list) or len(boxes) != 9 or any(not isinstance(b, str) for b in boxes):
            raise TextError(f"{where}: 'boxes' must list the nine box names")
        missing = [w for w in REQUIRED_WORDS if w not in sections["words"]]
        if missing:
            raise TextError(f"{where}: words: missing {', '.join(missing)}")
        lang = cls(path.stem, where, sections["names"], sections["texts"], sections["fragments"],
                   sections["words"], tuple(boxes), community=sections["community"])
        lang._check_fragments()
        return lang

    def _check_fragments(self) -> None:
        for kind, fields in FRAGMENT_FIELDS.items():
            if kind not in self.fragments:
                raise TextError(f"{self.source}: fragments: missing {kind}")
            check_template(self.fragments[kind], fields, f"{self.source}: fragments: {kind}")
        for kind in self.fragments:
            if kind not in FRAGMENT_FIELDS:
                raise TextError(f"{self.source}: fragments: unknown fragment {kind}")
        check_template(self.words["box_name"], ("band", "stack", "name"), f"{self.source}: words: box_name")
        check_template(self.words["known_as"], ("name", "community"), f"{self.source}: words: known_as")

    # --- writing values ----------------------------------------------------------

    def word(self, key: str) -> str:
        return self.words[key]

    def known_as(self, name: str, code: str) -> str:
        """``name`` with the community's name of technique ``code`` beside it, if it has one."""
        community = self.community.get(code)
        return self.words["known_as"].format(name=name, community=community) if community else name

    def cell(self, c: int) -> str:
        return self.notation.cell(c)

    def box(self, box: int) -> str:
        return self.words["box_name"].format(band=box // 3 + 1, stack=box % 3 + 1, name=self.boxes[box])

    def unit(self, u: int) -> str:
        if u >= MAIN_DIAGONAL:
            if u >= FIRST_COLOUR:
                return f"{self.words['colour_group']} {u - FIRST_COLOUR + 1}"
            return self.words["main_diagonal" if u == MAIN_DIAGONAL else "anti_diagonal"]
        kind, index = divmod(u, 9)
        if kind == 2:
            return self.box(index)
        return f"{self.words['row' if kind == 0 else 'column']} {index + 1}"

    def units(self, us: Units) -> str:
        kinds = {min(u // 9, 2) for u in us}
        if len(kinds) == 1 and kinds != {2}:
            plural = self.words["rows" if kinds == {0} else "columns"]
            return f"{plural} {', '.join(str(u % 9 + 1) for u in sorted(us))}"
        return ", ".join(self.unit(u) for u in us)

    def node(self, n: Node) -> str:
        return self.notation.node(n)

    def chain(self, ch: Chain) -> str:
        return self.notation.chain(ch)

    def in_notation(self, name: str) -> Language:
        """This language writing cells, candidates and chains in the notation ``name`` (``giese``, ``eureka``)."""
        chosen = notation(name)
        return self if chosen is self.notation else replace(self, notation=chosen)

    def value(self, v: Value, spec: str = "") -> str:
        """One finding value written by its kind; ``spec`` is the template's format spec."""
        if v is None:  # an optional part of a sentence that is absent
            return ""
        if isinstance(v, Cell):
            return self.cell(v)
        if isinstance(v, Unit):
            return self.unit(v)
        if isinstance(v, Digit):
            return str(int(v))
        if isinstance(v, Cells):
            if spec.startswith("bare"):  # cells in their order around a pattern, as in the line of a UR
                return self.notation.path(v, spec[4:] or ", ")
            return self.notation.cells(v, spec or ", ")
        if isinstance(v, Candidates):
            return "".join(f"({d})" if d in v.added else str(int(d)) for d in v.digits)
        if isinstance(v, Digits):
            return spec.join(str(int(d)) for d in v)
        if isinstance(v, Units):
            return self.units(v)
        if isinstance(v, Node):
            return self.node(v)
        if isinstance(v, Chain):
            return self.chain(v)
        if isinstance(v, Fragment):
            return self.render(self.fragments[v.kind], v.values)
        if isinstance(v, Items):
            sep = f" {self.words['and']} " if spec == "and" else (spec or ", ")
            return sep.join(self.value(x) for x in v)
        try:
            return format(v, spec)
        except (TypeError, ValueError):  # a spec meant for another kind (a separator): the plain value
            return str(v)

    def render(self, template: str, values: Mapping[str, object]) -> str:
        """``template`` with every field written by :meth:`value`."""
        return template.format_map(_Bound(self, values))


class _Bound(dict[str, "_Written"]):
    """A template's field lookup: each value comes wrapped with the language that writes it."""

    def __init__(self, lang: Language, found: Mapping[str, object]) -> None:
        super().__init__()
        self.lang = lang
        self.found = found

    def __missing__(self, key: str) -> _Written:
        # templates are checked against the declared fields on load; a declared
        # field a step leaves out is an absent optional part and writes as ""
        return _Written(self.lang, self.found.get(key))  # type: ignore[arg-type]


@dataclass(frozen=True)
class _Written:
    lang: Language
    value: Value

    def __format__(self, spec: str) -> str:
        return self.lang.value(self.value, spec)


def available_languages(directory: Path | None = None) -> tuple[str, ...]:
    """The language codes with a file in ``directory`` (default :data:`TEXTS_DIR`), English first."""
    codes = sorted(p.stem for p in (directory or TEXTS_DIR).glob("*.yaml"))
    return tuple(sorted(codes, key=lambda c: c != FALLBACK))


@cache
def _load(path: Path, fallback: Path | None) -> Language:
    return Language.load(path, _load(fallback, None) if fallback is not None else None)


def language(code: str, directory: Path | None = None) -> Language:
    """The language ``code`` of ``directory`` (default :data:`TEXTS_DIR`), loaded and checked once.

    Any language but English is completed from the English file beside it
    (the packaged one if there is none).
    """
    directory = directory or TEXTS_DIR
    if code == FALLBACK:
        return _load(directory / f"{code}.yaml", None)
    english = directory / f"{FALLBACK}.yaml"
    return _load(directory / f"{code}.yaml", english if english.is_file() else _PACKAGED / f"{FALLBACK}.yaml")


def languages(directory: Path | None = None) -> dict[str, Language]:
    """Every usable language of ``directory`` by code (default :data:`TEXTS_DIR`); see :func:`load_languages`."""
    return load_languages(directory)[0]


def load_languages(directory: Path | None = None) -> tuple[dict[str, Language], dict[str, str]]:
    """The usable languages of ``directory`` by code, and the error of each broken one.

    A language is a unit: a file that is not UTF-8, not YAML or incomplete
    makes its own language unusable (the error is reported when that
    language is asked for) and never the others.  English completes every
    other language, so a broken English file is a :class:`TextError` here.
    """
    directory = directory or TEXTS_DIR
    codes = available_languages(directory)
    if not codes:
        raise TextError(f"{directory}: no language files (<code>.yaml)")
    usable: dict[str, Language] = {}
    broken: dict[str, str] = {}
    for code in codes:
        try:
            usable[code] = language(code, directory)
        except TextError as exc:
            if code == FALLBACK:
                raise
            broken[code] = str(exc)
    return usable, broken


@dataclass(frozen=True)
class ExtraTexts:
    """The names and templates a technique plugin adds to one language (its ``<code>.yaml``)."""

    source: str
    names: Mapping[str, str]
    texts: Mapping[str, str]


def load_extra_texts(path: Path, fields: Mapping[str, Iterable[str]]) -> ExtraTexts:
    """A plugin's language file, checked like the packaged ones.

    It holds the sections ``names`` and ``texts`` only, each with exactly the
    codes of ``fields`` (the plugin's techniques and their finding fields), so
    a plugin can neither leave a name out nor reword a built-in technique;
    every template may only use its technique's fields.
    """
    where = str(path)
    try:
        data = safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise TextError(f"{where}: cannot read language file ({exc})") from None
    except YamlError as exc:
        raise TextError(f"{where}: not valid YAML ({exc})".replace("\n", " ")) from None
    if not isinstance(data, dict) or set(data) - {"names", "texts"}:
        raise TextError(f"{where}: expected a mapping with the sections names and texts only")
    sections: dict[str, dict[str, str]] = {}
    for key in ("names", "texts"):
        value = data.get(key) or {}
        if not isinstance(value, dict) or any(not isinstance(v, str) for v in value.values()):
            raise TextError(f"{where}: '{key}' must map technique codes to strings")
        section = {str(k): v for k, v in value.items()}
        missing = sorted(set(fields) - set(section))
        if missing:
            raise TextError(f"{where}: {key}: missing {missing[0]}")
        foreign = sorted(set(section) - set(fields))
        if foreign:
            raise TextError(f"{where}: {key}: {foreign[0]} is not a technique of this plugin")
        sections[key] = section
    for code, template in sections["texts"].items():
        check_template(template, fields[code], f"{where}: texts: {code}")
    return ExtraTexts(where, sections["names"], sections["texts"])


def with_extra_texts(langs: Mapping[str, Language], extras: Sequence[Mapping[str, ExtraTexts]]) -> dict[str, Language]:
    """``langs`` with the plugins' names and templates added; a language a plugin lacks gets its English."""
    merged = dict(langs)
    if not extras:
        return merged
    for code, lang in langs.items():
        names, texts = dict(lang.names), dict(lang.texts)
        for files in extras:
            extra = files.get(code) or files["en"]
            names.update(extra.names)
            texts.update(extra.texts)
        merged[code] = replace(lang, names=names, texts=texts)
    return merged


def explain(step: Step, template: str, lang: str = "en") -> str:
    """``template`` filled with the step's finding values in the packaged language ``lang``."""
    return language(lang).render(template, step.detail)


def written(value: Value, lang: str = "en", spec: str = "") -> str:
    """One finding value as the packaged language ``lang`` writes it."""
    return language(lang).value(value, spec)
