"""Grid geometry, puzzle parsing and formats, and the exact solver.

The bottom layer of the project: ``techniques``, ``rater`` and ``canon`` build
on it, it depends on nothing of theirs.  Bad input raises :class:`InputError`
(:class:`PuzzleError` for a puzzle that cannot be read).
"""

from puzzles.errors import InputError
from puzzles.geometry import Grid, box_name, cell_name, unit_name
from puzzles.parsing import PuzzleError, as_grid, format_grid, format_line, parse_puzzle
from puzzles.solver import count_solutions, solve
from puzzles.version import __version__

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
