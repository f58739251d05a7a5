"""Symmetry of Sudoku grids: the group, sort keys, canonical forms, enumeration."""

import puzzles  # noqa: F401  first: SUDOKU_RATER_PURE=1 must act before a compiled module loads
