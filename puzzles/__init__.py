"""Grid geometry, puzzle parsing and formats, and the exact solver.

The bottom layer of the project: ``techniques``, ``rater`` and ``canon`` build
on it, it depends on nothing of theirs.
"""

from puzzles.geometry import box_name, cell_name, unit_name
from puzzles.parsing import Grid, PuzzleError, format_grid, format_line, parse_puzzle

__all__ = [
    "Grid",
    "PuzzleError",
    "box_name",
    "cell_name",
    "format_grid",
    "format_line",
    "parse_puzzle",
    "unit_name",
]
