"""Bulk records as lines of csv, jsonl or template text (:data:`FORMATS`), safe to show and to resume from.

Two promises shape this module:

* **One record, one physical line.**  ``--resume`` counts ``\\n``-terminated
  lines, so no record may contain a line break of any kind.  Every character
  Python does not call printable (C0/C1 controls such as ESC, tab, CR, NEL
  U+0085, form feed, vertical tab; line and paragraph separators U+2028/U+2029;
  format characters such as bidi overrides; non-space blanks; unassigned code
  points) is written escaped: ``\\x1b``, ``\\u2028``, ``\\U000e0001`` in text and
  csv, the JSON ``\\u`` form in jsonl.  A backslash itself is not doubled, so
  text and csv are for people and spreadsheets; jsonl is the exact record.
* **Nothing runs in the reader's tools.**  Escaping keeps terminal escape
  sequences out of text output; csv cells that a spreadsheet would take as a
  formula (starting with ``= + - @``, tab or CR) get a leading ``'``.

A ``--template`` is checked completely before the run starts (see
:func:`check_template`), so a bad one is one line on stderr and exit 2 instead
of a failure on the first record of some status.

With ``--reduce`` every record has :data:`REDUCE_FIELDS` after
:data:`FIELDS` (see :func:`rater.records.record_fields`): escaped, csv-protected and
template-checked like the others.  Records that were not rated carry them
empty.  ``--with-minlex`` adds :data:`MINLEX_FIELDS` after them the same way.
"""

from __future__ import annotations

import csv
import json
import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO, Any, ClassVar, Final

from puzzles.errors import InputError
from puzzles.outputs import escape_text as escape_text  # its home; the bulk modules take it from here
from rater.records import FIELDS, MINLEX_FIELDS, REDUCE_FIELDS

CSV_HEADER: Final = ",".join(FIELDS)
TEXT_TEMPLATE: Final = "{puzzle} {points} {norm2} {max} {level}"
#: Largest width or precision a template field may ask for (keeps every line bounded).
MAX_TEMPLATE_WIDTH: Final = 1000
TEMPLATE_CONVERSIONS: Final = ("s", "r")
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")


class TemplateError(InputError):
    """A ``--template`` that cannot format every record."""


# --- escaping -----------------------------------------------------------------------------


_JSON_UNSAFE = re.compile(r"[^\x20-\x7e]")
#: ``json.dumps(record, ensure_ascii=False)`` without building an encoder per record.
_JSON_ENCODE: Final = json.JSONEncoder(ensure_ascii=False).encode


def _json_escape(match: re.Match[str]) -> str:
    ch = match.group()
    return ch if ch.isprintable() else json.dumps(ch)[1:-1]


def json_line(record: dict[str, Any]) -> str:
    """The record as one JSON line: UTF-8 kept readable, non-printables as ``\\u`` escapes.

    ``json.dumps`` already escapes C0 controls but leaves U+0085, U+2028 and
    U+2029 raw, which many line readers (``str.splitlines``, JavaScript) take
    as line ends; outside strings JSON text is printable ASCII, so escaping
    every non-printable character afterwards only touches string contents.
    """
    line = _JSON_ENCODE(record)
    if line.isascii() and "\x7f" not in line:  # JSON escapes the other ASCII controls: nothing left to escape
        return line
    return _JSON_UNSAFE.sub(_json_escape, line)


def csv_cell(value: Any) -> Any:
    """A csv cell: escaped, and a would-be formula prefixed with ``'``."""
    return csv_cells((value,))[0]


def csv_cells(values: Iterable[Any]) -> list[Any]:
    """The csv cells of ``values``: None empty, text through :func:`_text_cell`, other values as they are.

    Printable text that starts no formula is its own cell: most cells of a
    record, which so cost no call.
    """
    return ["" if value is None
            else _text_cell(value) if isinstance(value, str)
            and (value[:1] in _FORMULA_CHARS or not value.isprintable())
            else value for value in values]


def _text_cell(text: str) -> str:
    """Text as a csv cell: escaped, and a would-be formula prefixed with ``'``."""
    text = escape_text(text)
    return "'" + text if text[:1] in _FORMULA_CHARS else text


_FORMULA_CHARS: Final = frozenset(FORMULA_STARTS)


def _techniques(counts: dict[str, int]) -> str:
    return " ".join(f"{k}:{v}" for k, v in counts.items())


# --- templates ----------------------------------------------------------------------------


class _Missing:
    """A value that does not exist for this record (e.g. points of an error): shown as ``-``.

    It accepts any format spec a number accepts, keeping only fill, alignment
    and width, so ``{points:.2f}`` works on every record.
    """

    def __format__(self, spec: str) -> str:
        match = _SPEC.fullmatch(spec)
        if not match:
            raise ValueError("bad format spec")
        align = match["align"] if match["align"] in ("<", ">", "^") else ">" if match["align"] else ""
        return format("-", f"{match['fill'] or ''}{align}{match['width'] or ''}")

    def __str__(self) -> str:
        return "-"

    __repr__ = __str__


MISSING: Final = _Missing()

_SPEC = re.compile(
    r"(?:(?P<fill>.)?(?P<align>[<>=^]))?(?P<sign>[-+ ])?z?#?0?(?P<width>\d+)?[,_]?(?:\.(?P<precision>\d+))?"
    r"[bcdeEfFgGnosxX%]?",
    re.DOTALL,
)

#: Values of every type a field takes over all statuses, to try a template on before the run.
_SAMPLES: Final[dict[str, tuple[Any, ...]]] = {
    "line": (1, 123456),
    "puzzle": ("..3.5", "bad text"),
    "status": ("solved", "error"),
    "points": (15, 15.5, MISSING),
    "norm2": (15, 3.25, MISSING),
    "max": (8, 7.5, MISSING),
    "level": ("very_easy", MISSING),
    "level_text": ("very easy", MISSING),
    "thinning_steps": (3, MISSING),
    "step_count": (40, MISSING),
    "techniques": ("A1:3 E1:40", ""),
    "seconds": (0.0123, MISSING),
    "message": ("", "a message"),
    "comment": ("", "a comment"),
    "rules": ("standard", MISSING),
    "option": ("2001", MISSING),
    "orientation": ("given", "canonical", MISSING),
    "uniqueness_techniques": (True, False, MISSING),
    "version": ("0.2.2",),
    "catalogue_digest": ("0123456789abcdef", MISSING),
    "reduced": ("..3.5", MISSING),
    "necessary_givens": (17, 81, MISSING),
    "already_minimal": (True, False, MISSING),
    "minlex": ("0" * 80 + "1", MISSING),
    "seed": (0, 2**63 - 1),
}


def csv_header(fields: tuple[str, ...] = FIELDS) -> str:
    return ",".join(fields)


def text_template(fields: tuple[str, ...] = FIELDS) -> str:
    """The default text line: :data:`TEXT_TEMPLATE`, then any fields beyond :data:`FIELDS`."""
    return TEXT_TEMPLATE + "".join(f" {{{name}}}" for name in fields[len(FIELDS):])


def _template_fields(template: str, known: tuple[str, ...]) -> list[tuple[str, str | None, str, str]]:
    """(field, conversion, spec, as written) of every replacement field; TemplateError for anything unsafe."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise TemplateError(f"bad --template: {exc}") from exc
    fields = []
    for _literal, name, given_spec, conversion in parsed:
        if name is None:
            continue
        spec = given_spec or ""
        shown = "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
        if name not in known:
            if name in REDUCE_FIELDS:
                raise TemplateError(f"--template field {name!r} needs --reduce")
            if name in MINLEX_FIELDS:
                raise TemplateError(f"--template field {name!r} needs --with-minlex")
            if re.fullmatch(r"\w+", name) and not name.isdigit():
                raise TemplateError(f"unknown --template field {name!r}; known: {' '.join(known)}")
            raise TemplateError(f"--template field {shown} is not allowed: use a plain field name "
                                f"({' '.join(known)}), no attributes, indexes or positions")
        if conversion is not None and conversion not in TEMPLATE_CONVERSIONS:
            raise TemplateError(f"--template field {shown}: only !s and !r conversions are allowed")
        if "{" in spec or "}" in spec:
            raise TemplateError(f"--template field {shown}: no fields inside a format spec")
        match = _SPEC.fullmatch(spec)
        if not match:
            raise TemplateError(f"--template field {shown}: bad format spec {spec!r}")
        for part in ("width", "precision"):
            if match[part] and int(match[part]) > MAX_TEMPLATE_WIDTH:
                raise TemplateError(f"--template field {shown}: {part} above {MAX_TEMPLATE_WIDTH}")
        if spec.endswith("c"):
            raise TemplateError(f"--template field {shown}: the c (character) type is not allowed")
        fields.append((name, conversion, spec, shown))
    return fields


def _convert(value: Any, conversion: str | None) -> Any:
    if conversion == "s":
        return str(value)
    if conversion == "r":
        return repr(value)
    return value


def check_template(template: str, fields: tuple[str, ...] = FIELDS) -> None:
    """Raise TemplateError unless ``template`` formats every kind of record into one safe line.

    Only plain field names are allowed (no ``{line.attr}``, ``{puzzle[0]}``,
    ``{0}``), conversions ``!s``/``!r``, no nested fields in a spec, widths and
    precisions up to :data:`MAX_TEMPLATE_WIDTH`; and every field's spec is
    tried on each type the field takes (``{points:d}`` fails on 15.5, so it is
    refused here rather than on the first stuck puzzle).  ``fields`` are the
    names the run's records have (:func:`rater.records.record_fields`).
    """
    if not template.isprintable():
        raise TemplateError("--template must be one line of printable characters (no tabs or control characters)")
    for name, conversion, spec, shown in _template_fields(template, fields):
        for value in _SAMPLES[name]:
            try:
                format(_convert(value, conversion), spec)
            except (ValueError, TypeError, OverflowError) as exc:
                raise TemplateError(f"--template field {shown} cannot show {value!r}, "
                                    f"a value {name} can take") from exc


# --- the formats --------------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    """What ``--resume`` reads back from an output line: the input line's number, the puzzle as written, the status."""

    line: str
    puzzle: str
    status: str


class RecordFormat:
    """One ``--format``: how a record is written as one line, and how ``--resume`` reads that line back.

    Every format is one entry of :data:`FORMATS`; the writer, both resumes
    (``rate --file``, ``generate``) and the ``--format`` choice read it there.
    """

    name: ClassVar[str]
    #: Whether the output starts with a header line of the field names.
    header: ClassVar[bool] = False
    #: Whether :meth:`read` gives the record back, so that a resume can check it against the input.
    readable: ClassVar[bool] = False

    def line(self, writer: RecordWriter, record: dict[str, Any]) -> str:
        """The record's line, without the line end (``record`` has every field of ``writer``)."""
        raise NotImplementedError

    def read(self, line: str) -> Written | None:
        """The record of an output line as written; None when the format cannot be read back.

        A line that is not a record of the format raises ValueError, KeyError,
        IndexError, TypeError or StopIteration.
        """
        return None

    def cell(self, puzzle: str) -> str:
        """A puzzle as this format writes it (what :meth:`read` gives back)."""
        return puzzle

    def puzzle_of(self, line: str) -> str:
        """The puzzle of an output line (``generate --resume``); ValueError when it holds none."""
        written = self.read(line)
        if written is None:
            raise ValueError("no record")
        return written.puzzle


class _Echo:
    """The file of :data:`_CSV_ROW`: its ``write`` gives the line back, which ``writerow`` returns."""

    write = staticmethod(str)


#: A list of csv cells as one line without its end: one writer for every record, no buffer per line.
_CSV_ROW: Final = csv.writer(_Echo(), lineterminator="").writerow
#: Where the technique counts stand among the fields (:data:`FIELDS` starts every record's fields).
_TECHNIQUES: Final = FIELDS.index("techniques")


class CsvFormat(RecordFormat):
    """Spreadsheet cells: every field a column, escaped and protected from formulas (:func:`csv_cell`)."""

    name = "csv"
    header = True
    readable = True

    def line(self, writer: RecordWriter, record: dict[str, Any]) -> str:
        values = [record[f] for f in writer.fields]
        values[_TECHNIQUES] = _techniques(values[_TECHNIQUES])
        line: str = _CSV_ROW(csv_cells(values))
        return line

    def read(self, line: str) -> Written:
        cells = next(csv.reader([line]))
        return Written(cells[0], cells[1], cells[2])

    def cell(self, puzzle: str) -> str:
        return str(csv_cell(puzzle))


class JsonlFormat(RecordFormat):
    """The exact record, one JSON object per line (:func:`json_line`)."""

    name = "jsonl"
    readable = True

    def line(self, writer: RecordWriter, record: dict[str, Any]) -> str:
        return json_line(record)

    def read(self, line: str) -> Written:
        record = json.loads(line)
        return Written(str(record["line"]), record["puzzle"], record["status"])


class TextFormat(RecordFormat):
    """A line for people: ``--template`` (or :data:`TEXT_TEMPLATE`) filled with the record, escaped.

    It cannot be read back as a record; ``generate --resume`` finds the
    first 81-character puzzle of each line in it.
    """

    name = "text"
    _PUZZLE: Final = re.compile(r"(?<![0-9.])[0-9.]{81}(?![0-9.])")

    def line(self, writer: RecordWriter, record: dict[str, Any]) -> str:
        values = {name: _text_value(name, record[name]) for name in writer.shown or record}
        if writer.default_template and values["level"] is MISSING:  # not rated, or stuck: no level
            values["level"] = values["status"]
        return escape_text(writer.template.format_map(values))

    def puzzle_of(self, line: str) -> str:
        match = self._PUZZLE.search(line)
        if match is None:
            raise ValueError("no puzzle")
        return match.group()


def _text_value(name: str, value: Any) -> Any:
    """A record's value as a template shows it: :data:`MISSING` for None, text escaped."""
    if value is None:
        return MISSING
    if name == "techniques":
        value = _techniques(value)
    return escape_text(value) if isinstance(value, str) else value


def _shown_fields(template: str, default: bool) -> tuple[str, ...] | None:
    """The fields ``template`` shows, so that a text line converts no others; None when it names more
    than plain fields (a line then converts every field).  The ``default`` template needs ``status``
    too, which stands in for a missing level."""
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        return None
    names = ["status"] if default else []
    for _literal, name, spec, _conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or "{" in (spec or ""):
            return None
        names.append(name)
    return tuple(dict.fromkeys(names))


#: Every ``--format``, by name.
FORMATS: Final[dict[str, RecordFormat]] = {f.name: f for f in (CsvFormat(), JsonlFormat(), TextFormat())}
DEFAULT_FORMAT: Final = CsvFormat.name
#: The format a ``--template`` writes.
TEMPLATE_FORMAT: Final = TextFormat.name


def chosen_format(name: str, template: str | None) -> str:
    """The format of a run: a ``--template`` writes text whatever ``--format`` says."""
    return TEMPLATE_FORMAT if template else name


# --- the writer ---------------------------------------------------------------------------


class RecordWriter:
    """Writes records in one of the :data:`FORMATS`; one record per physical line."""

    def __init__(self, stream: IO[str], fmt: str, template: str | None = None, header: bool = True,
                 name: str = "stdout", fields: tuple[str, ...] = FIELDS) -> None:
        self.stream = stream
        self.format = FORMATS[fmt]
        self.fields = fields
        self.added = fields[len(FIELDS):]
        self.template = template or text_template(fields)
        self.default_template = self.template == text_template(fields)
        #: The fields a text line shows (:func:`_shown_fields`).
        self.shown = _shown_fields(self.template, self.default_template)
        self.name = name
        if self.format.header and header:
            self._put(csv_header(fields) + "\n")

    def _put(self, text: str) -> None:
        try:
            self.stream.write(text)
        except OSError as exc:  # name the output: a write error carries no file name
            raise OSError(exc.errno, exc.strerror, self.name) from exc

    def line(self, record: dict[str, Any]) -> str:
        """The record's line, without the line end."""
        if self.added:  # records that were not rated (unreadable, timed out) lack the added fields
            record = {**record, **{name: None for name in self.added if name not in record}}
        return self.format.line(self, record)

    def write(self, record: dict[str, Any]) -> None:
        self._put(self.line(record) + "\n")

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError as exc:
            raise OSError(exc.errno, exc.strerror, self.name) from exc
