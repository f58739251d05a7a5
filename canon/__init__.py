"""Symmetry of Sudoku grids: the group, sort keys, canonical forms, enumeration.

``canonical_form(grid)`` gives a puzzle's form under the symmetry group G*
(and the transformation onto it), ``sort_key(grid)`` the key of a puzzle as
given; grids are 81 ints (:func:`puzzles.parse_puzzle` reads text).
"""

from canon.canonical import CanonResult, canonical_form
from canon.group import Transformation, random_transformation
from canon.key import SortId, sort_key
from puzzles.version import __version__

__all__ = [
    "CanonResult",
    "SortId",
    "Transformation",
    "__version__",
    "canonical_form",
    "random_transformation",
    "sort_key",
]
