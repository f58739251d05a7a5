"""Symmetry of Sudoku grids: the group, sort keys, canonical forms, minlex forms, enumeration.

``canonical_form(grid)`` gives a puzzle's form under the symmetry group G*
(and the transformation onto it) in the order of seed 000, ``minlex(grid)`` the
form the field exchanges (the smallest string over G*), ``sort_key(grid)`` the
key of a puzzle as given.  Each takes a puzzle as 81 ints or as text (the
forms of :func:`puzzles.parsing.read_cells`) and raises
:class:`puzzles.InputError` for anything else.
"""

import puzzles  # noqa: F401  first: SUDOKU_RATER_PURE=1 must act before a compiled module loads
from canon.canonical import CanonResult, canonical_form
from canon.dedup import dedup
from canon.group import Transformation, random_transformation
from canon.key import SortId, sort_key
from canon.minlex_search import MinlexResult, minlex, minlex_result
from puzzles.version import __version__

__all__ = [
    "CanonResult",
    "MinlexResult",
    "SortId",
    "Transformation",
    "__version__",
    "canonical_form",
    "dedup",
    "minlex",
    "minlex_result",
    "random_transformation",
    "sort_key",
]
