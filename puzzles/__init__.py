"""Grid geometry, puzzle parsing and formats, and the exact solver.

The bottom layer of the project: ``techniques``, ``rater`` and ``canon`` build
on it, it depends on nothing of theirs.  Bad input raises :class:`InputError`
(:class:`PuzzleError` for a puzzle that cannot be read).
"""

from puzzles.build import honour_pure_switch

honour_pure_switch()  # before any compiled module loads: SUDOKU_RATER_PURE=1 means the sources

from puzzles.errors import InputError  # noqa: E402
from puzzles.geometry import Grid, box_name, cell_name, unit_name  # noqa: E402
from puzzles.parsing import PuzzleError, as_grid, format_grid, format_line, parse_puzzle  # noqa: E402
from puzzles.solver import count_solutions, solve  # noqa: E402
from puzzles.version import __version__  # noqa: E402

__all__ = [
    "Grid",
    "InputError",
    "PuzzleError",
    "__version__",
    "as_grid",
    "box_name",
    "cell_name",
    "count_solutions",
    "format_grid",
    "format_line",
    "parse_puzzle",
    "solve",
    "unit_name",
]
