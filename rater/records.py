"""The record: its fields, and how a rating or an unrated line becomes one.

One schema for every output (``docs/records.md``, ``rater/record.schema.json``):
a bulk line (local worker processes, a Dask cluster, a resumed run), the
``--json`` report of one puzzle and the API's :meth:`rater.result.Rating.to_record`
give the same fact the same name and type.  The writers in
:mod:`rater.bulk.output` and the resume checks only ever see records made here.
"""

from __future__ import annotations

from typing import Any, Final

from puzzles.formats import PuzzleItem, item_key
from puzzles.rules import Rules
from puzzles.version import __version__
from rater.result import RATED as RATED
from rater.result import Rating, record_of

#: Fields of a bulk record, in csv column order; also the names a ``--template`` may use.
FIELDS: Final = (
    "line", "puzzle", "status", "points", "norm2", "max", "level", "level_text", "thinning_steps", "step_count",
    "techniques", "seconds", "message", "comment", "rules", "option", "orientation", "uniqueness_techniques",
    "version", "catalogue_digest",
)
#: Fields a record gains with ``--reduce``, after :data:`FIELDS` (filled by :mod:`rater.reduction`).
REDUCE_FIELDS: Final = ("reduced", "necessary_givens", "already_minimal")
#: The field every record of ``generate`` has after :data:`FIELDS`: the run's seed (:attr:`Rating.seed`).
GENERATE_FIELDS: Final = ("seed",)
#: The field a record gains with ``--with-minlex``, after the others (filled by :func:`minlex_field`).
MINLEX_FIELDS: Final = ("minlex",)


def record_fields(reduce: bool = False, with_minlex: bool = False) -> tuple[str, ...]:
    """The fields of every record of a run, in csv column order."""
    return FIELDS + (REDUCE_FIELDS if reduce else ()) + (MINLEX_FIELDS if with_minlex else ())


def minlex_field(item: PuzzleItem, rules: Rules) -> dict[str, Any]:
    """The ``minlex`` field of a rated record: the class of its puzzle under the group of ``rules``.

    The minlex form names the puzzle up to symmetry, so records of different
    collections can be joined on it.  A candidate line's givens are not its
    puzzle (the eliminations are part of it), so it gets null, as do records
    made without a rating (:func:`error_record`).
    """
    if item.cands or item.grid is None:
        return {"minlex": None}
    from canon import minlex

    return {"minlex": minlex(item.grid, rules=rules)}


def _one_line(text: str) -> str:
    return " ".join(text.split())


def error_record(item: PuzzleItem, status: str, message: str) -> dict[str, Any]:
    """A record for a line that was not rated (unreadable, invalid, timed out, crashed).

    It names no option, orientation or catalogue: nothing was rated.
    """
    return {
        "line": item.line, "puzzle": item_key(item), "status": status, "points": None, "norm2": None,
        "max": None, "level": None, "level_text": None, "thinning_steps": None, "step_count": None,
        "techniques": {}, "seconds": None, "message": _one_line(message), "comment": item.comment, "rules": None,
        "option": None, "orientation": None, "uniqueness_techniques": None, "version": __version__,
        "catalogue_digest": None,
    }


def _default_message(status: str, timeout: float | None) -> str:
    """The engine stops at its deadline without a message; a record should say why."""
    return f"rating took longer than {timeout:g} s" if status == "timeout" and timeout else ""


def rating_record(item: PuzzleItem, rating: Rating, lang: str, timeout: float | None = None) -> dict[str, Any]:
    """The bulk record of a rating: :meth:`Rating.to_record` with the input line's number and comment."""
    record = {"line": item.line, **record_of(rating, lang, item_key(item)), "comment": item.comment}
    if not record["message"]:
        record["message"] = _default_message(rating.status, timeout)
    return record
