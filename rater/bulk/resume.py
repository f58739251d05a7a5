"""What makes ``--resume`` safe: the run's identity beside the output, and the output's records.

An output file is a prefix of the final output (records come in input order,
one physical line each), so resuming means "drop a torn last line, count the
complete ones, skip that many input records".  That is only right when the
output was written by the same run, so every run with ``--output OUT`` (a
regular file: a device or pipe cannot be resumed) first writes
``OUT.run.json`` (atomically: a temporary file renamed over it) with what
decides the records:

* the input: its size and a SHA-256 of its first and last MiB (``stdin`` for
  ``--file -``, whose content cannot be known before it is read);
* ``--format``, ``--template``, ``--option``, ``--lang``, ``--allow-multiple``,
  ``--reduce`` and ``--with-minlex`` (they add fields to every record), ``--disable`` (the codes
  switched off, sorted), ``--canonical`` and the SHA-256 of the
  ``--techniques`` file (none for the built-in one);
* the program version and the digest of the effective technique catalogue
  (:func:`rater.settings.catalogue_digest`): an upgrade, or an edited built-in
  technique file, rates differently, so its records must not be mixed with
  the earlier ones.

``--jobs``, ``--timeout`` and ``--quiet`` may change between runs.  A resume
whose identity differs, or whose output has records but no identity file, is
refused with one line naming the first difference (exit 2) before the output
is touched.  For csv and jsonl (the formats that read back) every skipped input record is moreover checked
against its output record (line number and puzzle), which is what makes a
resume from stdin safe; a text output from stdin has nothing to check against,
so that resume is refused.

A ``generate`` run stores the same identity, its conditions as the input
(:mod:`rater.generation.resume`), and is refused for the same reasons.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO, Final

from puzzles.errors import InputError
from puzzles.formats import PuzzleItem, item_key
from puzzles.version import __version__
from rater.bulk.output import CSV_HEADER, FORMATS
from rater.settings import RunSettings

SIDE_SUFFIX: Final = ".run.json"
IDENTITY_VERSION: Final = 2
_HASHED_BYTES: Final = 1 << 20


class ResumeError(InputError):
    """A resume that would mix the records of two different runs."""


@dataclass(frozen=True)
class RunIdentity:
    """Everything that decides the records a run writes, as stored in ``OUT.run.json``."""

    input: dict[str, Any]
    format: str
    template: str | None
    option: str
    lang: str
    allow_multiple: bool
    #: The SHA-256 of the ``--techniques`` file's text; None for the built-in one.
    techniques: str | None
    reduce: bool = False
    #: ``--with-minlex``: every record has a ``minlex`` field.
    with_minlex: bool = False
    #: The ``--disable`` codes, sorted and comma-joined; None when none.
    disable: str | None = None
    #: The ``--rules`` default of the file.
    rules: str = "standard"
    #: ``--canonical``: True, or None for each mode's default orientation.
    canonical: bool | None = None
    #: The program version that rated (:mod:`puzzles.version`).
    version: str = __version__
    #: The digest of the effective technique catalogue (:func:`rater.settings.catalogue_digest`).
    catalogue_digest: str = ""
    #: The layout of this file.
    identity_version: int = IDENTITY_VERSION

    @classmethod
    def of(cls, fingerprint: dict[str, Any], fmt: str, template: str | None, settings: RunSettings) -> RunIdentity:
        """The identity of a run of ``settings`` over the input ``fingerprint``."""
        text = settings.techniques
        return cls(fingerprint, fmt, template, settings.option, settings.lang, settings.allow_multiple,
                   hashlib.sha256(text.encode("utf-8")).hexdigest() if text is not None else None,
                   reduce=settings.reduce, with_minlex=settings.with_minlex,
                   disable=",".join(sorted(settings.disable)) or None, rules=settings.rules,
                   canonical=settings.canonical, catalogue_digest=settings.catalogue_digest())

    def difference(self, other: RunIdentity, flags: Mapping[str, str] | None = None) -> str | None:
        """The first setting in which ``other`` (the stored run) differs, as a short reason.

        An input that is not a file (a generation run's conditions, say) is
        compared value by value and the first difference named as its flag.
        ``flags`` renames the flag of a setting (``generate`` calls
        ``--disable`` ``--exclude``).
        """
        if self.version != other.version:
            return f"the earlier run was rated by version {other.version}, this is {self.version}"
        if self.input != other.input:
            kinds = (self.input.get("kind"), other.input.get("kind"))
            if kinds == ("file", "file"):
                return "the input file differs from the one the output was written from (size or content)"
            if kinds[0] != kinds[1] or kinds[0] == "stdin":
                return f"the earlier run read {_describe(other.input)}, this one {_describe(self.input)}"
            name = next(key for key in [*self.input, *other.input] if self.input.get(key) != other.input.get(key))
            return f"the earlier run used --{name.replace('_', '-')} {_shown(other.input.get(name))}, " \
                   f"this one {_shown(self.input.get(name))}"
        for name in ("format", "template", "option", "lang", "allow_multiple", "reduce", "with_minlex", "disable", "rules",
                     "canonical", "techniques", "catalogue_digest"):
            mine, theirs = getattr(self, name), getattr(other, name)
            if mine != theirs:
                if name == "techniques":
                    return "the --techniques file differs from the earlier run's"
                if name == "catalogue_digest":
                    return (f"the technique catalogue differs from the earlier run's (digest {theirs}, now {mine}): "
                            "a changed installation rates differently")
                flag = (flags or {}).get(name, "--" + name.replace("_", "-"))
                return f"the earlier run used {flag} {_shown(theirs)}, this one {_shown(mine)}"
        return None


def _describe(identity: dict[str, Any]) -> str:
    return "stdin" if identity.get("kind") == "stdin" else "a file"


def _shown(value: Any) -> str:
    return "(none)" if value is None else json.dumps(value) if isinstance(value, str) else str(value).lower()


def file_fingerprint(path: Path) -> dict[str, Any]:
    """Size and SHA-256 of the first and last MiB: cheap on any size, and changed by edits, appends, swaps."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        digest.update(fh.read(_HASHED_BYTES))
        if size > _HASHED_BYTES:
            fh.seek(max(_HASHED_BYTES, size - _HASHED_BYTES))
            digest.update(fh.read(_HASHED_BYTES))
    return {"kind": "file", "size": size, "sha256": digest.hexdigest()}


def side_path(output: Path) -> Path:
    return output.with_name(output.name + SIDE_SUFFIX)


def write_identity(output: Path, identity: RunIdentity) -> None:
    """Store ``identity`` beside ``output``, atomically (never a half-written identity)."""
    write_side_file(output, asdict(identity))


def write_side_file(output: Path, data: dict[str, Any]) -> None:
    """Store ``data`` as ``OUT.run.json`` beside ``output``: a temporary file renamed over the old one."""
    target = side_path(output)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, sort_keys=True)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temporary, target)
    finally:
        temporary.unlink(missing_ok=True)


def read_side_file(output: Path) -> Any:
    """The parsed ``OUT.run.json``, None when there is none; ResumeError when it is not JSON."""
    path = side_path(output)
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except ValueError as exc:
        raise ResumeError(f"{path} is not a run identity of this program; cannot resume") from exc


def read_identity(output: Path) -> RunIdentity | None:
    """The stored identity, None when there is none; ResumeError when it is unreadable."""
    data = read_side_file(output)
    return None if data is None else identity_of(data, output)


def identity_of(data: Any, output: Path) -> RunIdentity:
    """The identity a run file holds; ResumeError when it is another version's or no identity at all."""
    path = side_path(output)
    if isinstance(data, dict) and data.get("identity_version") is None and "version" in data:
        raise ResumeError(f"cannot resume {output}: it was rated by a version before {__version__}, "
                          "which may rate differently")
    try:
        return RunIdentity(**data)
    except TypeError as exc:
        raise ResumeError(f"{path} is not a run identity of this program; cannot resume") from exc


def check_identity(output: Path, identity: RunIdentity) -> None:
    """Refuse (ResumeError) a resume of ``output`` by a run that is not the one that wrote it."""
    stored = read_identity(output)
    if not output.exists() or output.stat().st_size == 0:
        return
    if stored is None:
        raise ResumeError(f"cannot resume {output}: {side_path(output).name} is missing, so nothing shows "
                          "which input and settings wrote it")
    refuse_difference(output, identity, stored)


def refuse_difference(output: Path, identity: RunIdentity, stored: RunIdentity,
                      flags: Mapping[str, str] | None = None) -> None:
    """ResumeError naming the first difference of ``identity`` from ``stored``, the run that wrote ``output``."""
    reason = identity.difference(stored, flags)
    if reason:
        raise ResumeError(f"cannot resume {output}: {reason}")
    if identity.input["kind"] == "stdin" and not FORMATS[identity.format].readable:
        readable = " or ".join(name for name, known in FORMATS.items() if known.readable)
        raise ResumeError(f"cannot resume a {identity.format} output from stdin: nothing checks that the input is "
                          f"the same (use --format {readable}, or a file)")



def cut_torn_line(output: Path) -> None:
    """Drop an incomplete last line (a crash mid-write) so the file ends with a complete record."""
    with output.open("rb+") as fh:
        size = fh.seek(0, os.SEEK_END)
        position = size
        while position > 0:
            step = min(position, 1 << 16)
            fh.seek(position - step)
            chunk = fh.read(step)
            newline = chunk.rfind(b"\n")
            if newline >= 0:
                position = position - step + newline + 1
                break
            position -= step
        if position < size:
            fh.truncate(position)


def _output_lines(stream: BinaryIO, output: Path) -> Iterator[tuple[int, str]]:
    for number, raw in enumerate(stream, 1):
        try:
            yield number, raw.decode("utf-8").rstrip("\n")
        except UnicodeDecodeError as exc:
            raise ResumeError(f"cannot resume {output}: line {number} is not UTF-8, "
                              "so it was not written by this program") from exc


def skip_done(items: Iterator[PuzzleItem], output: Path, fmt: str, header: str = CSV_HEADER) -> Counter[str]:
    """Consume the input records already in ``output``; the statuses of the skipped records.

    For a format that reads back (csv, jsonl) each skipped input record must
    match its output record (line number and puzzle); a mismatch or a longer
    output is a ResumeError.  Text records have no readable status: they count
    as ``unknown``.  ``header`` is the csv header the run writes (it depends on
    ``--reduce``).
    """
    statuses: Counter[str] = Counter()
    record_format = FORMATS[fmt]
    with output.open("rb") as stream:
        lines = _output_lines(stream, output)
        if record_format.header:
            first = next(lines, None)
            if first is not None and first[1] != header:
                raise ResumeError(f"cannot resume {output}: it does not start with this program's csv header")
        for number, line in lines:
            item = next(items, None)
            if item is None:
                raise ResumeError(f"cannot resume {output}: it has more records than the input")
            try:
                written = record_format.read(line)
            except (ValueError, KeyError, IndexError, TypeError, StopIteration) as exc:
                raise ResumeError(f"cannot resume {output}: line {number} is not a {fmt} record") from exc
            if written is None:
                statuses["unknown"] += 1
                continue
            if written.line != str(item.line):
                raise ResumeError(f"cannot resume {output}: line {number} is the record of input line "
                                  f"{written.line}, but the input has line {item.line} there")
            if written.puzzle != record_format.cell(item_key(item)):
                raise ResumeError(f"cannot resume {output}: line {number} holds another puzzle than "
                                  f"input line {item.line}")
            statuses[written.status] += 1
    return statuses
