"""The rating engine, its modes and scoring, reports, the CLI and bulk rating."""

import puzzles  # noqa: F401  first: SUDOKU_RATER_PURE=1 must act before a compiled module loads
