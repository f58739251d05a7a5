"""Symmetry of Sudoku grids: the group, sort keys, canonical forms, enumeration."""

from canon.dedup import dedup
from canon.minlex_search import MinlexResult, minlex, minlex_result
