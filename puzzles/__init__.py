"""Grid geometry, puzzle parsing and formats, and the exact solver.

The bottom layer of the project: ``techniques``, ``rater`` and ``canon`` build
on it, it depends on nothing of theirs.
"""

from puzzles.build import honour_pure_switch

honour_pure_switch()  # before any compiled module loads: SUDOKU_RATER_PURE=1 means the sources

from puzzles.geometry import box_name, cell_name, unit_name  # noqa: E402
from puzzles.parsing import Grid, PuzzleError, format_grid, format_line, parse_puzzle  # noqa: E402

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
