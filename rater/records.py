"""The bulk record: its fields, and how a rating or an unrated line becomes one.

One schema for every way a file is rated (local worker processes, a Dask
cluster, a resumed run): the writers in :mod:`rater.bulk_output` and the
resume checks only ever see records made here.
"""

from __future__ import annotations

from typing import Any, Final

from puzzles.formats import PuzzleItem, item_key
from rater.levels import level_name
from rater.result import Rating

#: Statuses that are a rating; every other one is reported as not rated.
RATED: Final = ("solved", "stuck")
#: Fields of a record, in CSV column order; also the names a ``--template`` may use.
FIELDS: Final = (
    "line", "puzzle", "status", "points", "norm2", "max", "level", "thinning_steps", "steps",
    "techniques", "seconds", "message", "comment", "rules",
)
#: Fields a record gains with ``--reduce``, after :data:`FIELDS` (filled by :mod:`rater.reduction`).
REDUCE_FIELDS: Final = ("reduced", "necessary_givens", "already_minimal")


def record_fields(reduce: bool = False) -> tuple[str, ...]:
    """The fields of every record of a run, in csv column order."""
    return FIELDS + REDUCE_FIELDS if reduce else FIELDS


def _number(value: float) -> float | int:
    """Rounded to 2 decimals, whole numbers as ints (so text and JSON print ``15``, not ``15.0``)."""
    value = round(float(value), 2)
    return int(value) if value.is_integer() else value


def _one_line(text: str) -> str:
    return " ".join(text.split())


def error_record(item: PuzzleItem, status: str, message: str) -> dict[str, Any]:
    """A record for a line that was not rated (unreadable, timed out, crashed)."""
    return {
        "line": item.line, "puzzle": item_key(item), "status": status, "points": None, "norm2": None,
        "max": None, "level": None, "thinning_steps": None, "steps": None, "techniques": {},
        "seconds": None, "message": _one_line(message), "comment": item.comment, "rules": None,
    }


def _default_message(status: str, timeout: float | None) -> str:
    """The engine stops at its deadline without a message; a record should say why."""
    return f"rating took longer than {timeout:g} s" if status == "timeout" and timeout else ""


def rating_record(item: PuzzleItem, rating: Rating, lang: str, timeout: float | None = None) -> dict[str, Any]:
    """The record of a rating: figures rounded as the reports print them."""
    rated = rating.status in RATED or (rating.status == "timeout" and rating.steps)
    return {
        "line": item.line,
        "puzzle": item_key(item),
        "status": rating.status,
        "points": _number(rating.points) if rated else None,
        "norm2": _number(rating.norm2) if rated else None,
        "max": _number(rating.max) if rated else None,
        "level": level_name(rating.level, lang) or None,
        "thinning_steps": rating.thinning_steps if rated else None,
        "steps": len(rating.steps) if rated else None,
        "techniques": rating.technique_counts(),
        "seconds": round(rating.seconds, 4),
        "message": _one_line(rating.message) or _default_message(rating.status, timeout),
        "comment": item.comment,
        "rules": rating.rules,
    }
