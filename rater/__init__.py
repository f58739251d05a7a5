"""The rating engine, its modes and scoring, reports, the CLI and bulk rating.

The Python interface (docs/api.md)::

    import rater
    r = rater.rate("..3.5...", "2001")        # a Rating: points, norm2, max, level, status, steps
    for r in rater.rate_many(lines, jobs=4):  # in input order, on the CLI's worker pool
        ...
    rater.RunSettings(option="2001", disable=("BB",)).engine()   # the only way an Engine is made
    for r in rater.generate(10, level="hard", symmetry="central", seed=1):  # puzzles to order
        ...

Bad input raises :class:`InputError` (:class:`PuzzleError` for a puzzle)
with the one line the command line prints.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import puzzles  # noqa: F401  first: SUDOKU_RATER_PURE=1 must act before a compiled module loads
from puzzles.errors import InputError
from puzzles.geometry import Grid
from puzzles.parsing import Puzzle, PuzzleError
from puzzles.version import __version__

if TYPE_CHECKING:
    from rater.api import rate, rate_many
    from rater.generation.generator import generate
    from rater.result import Rating, Status
    from rater.run.engine import Engine
    from rater.settings import RunSettings
    from techniques.step import Step

#: Where each name of the interface lives.  They load on first use (:func:`__getattr__`), so that
#: ``import rater`` and the commands, which import only the modules they need, start quickly.
_LAZY = {
    "Engine": "rater.run.engine",
    "Rating": "rater.result",
    "RunSettings": "rater.settings",
    "Status": "rater.result",
    "Step": "techniques.step",
    "generate": "rater.generation.generator",
    "rate": "rater.api",
    "rate_many": "rater.api",
}


def __getattr__(name: str) -> Any:
    """A name of the interface, its module imported on first use, with the views that draw a rating
    (:mod:`rater.views.render`), so that every rating made through the interface can draw itself."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'rater' has no attribute {name!r}")
    importlib.import_module("rater.views.render")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The loaded names and those of the interface not loaded yet."""
    return sorted({*globals(), *_LAZY})


__all__ = [
    "Engine",
    "Grid",
    "InputError",
    "Puzzle",
    "PuzzleError",
    "Rating",
    "RunSettings",
    "Status",
    "Step",
    "__version__",
    "generate",
    "rate",
    "rate_many",
]
