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

import puzzles  # noqa: F401  first: SUDOKU_RATER_PURE=1 must act before a compiled module loads
from puzzles.errors import InputError
from puzzles.geometry import Grid
from puzzles.parsing import Puzzle, PuzzleError
from puzzles.version import __version__
from rater.api import rate, rate_many
from rater.generation.generator import generate
from rater.result import Rating, Status
from rater.run.engine import Engine
from rater.settings import RunSettings
from rater.views import render as _render  # noqa: F401  a rating draws itself with these views
from techniques.step import Step

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
