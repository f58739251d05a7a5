"""Symmetry of Sudoku grids: the group, sort keys, canonical forms, enumeration."""
