"""Finned single-digit grids for sudoku-rater (the technique is in :mod:`finned_fish.technique`)."""
