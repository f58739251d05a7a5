"""Symmetries of a givens pattern, as subgroups of the Sudoku group G.

Setters ask for puzzles whose givens form a symmetric picture: the same
under a half turn (*central*), a reflection in a diagonal, a left-right
mirror, a quarter turn, or all eight symmetries of the square.  Each of these
geometric maps is an element of G (a transposition and reversals of the
bands, stacks, rows and columns), so a symmetry is named here by generators
in G's own notation (:class:`canon.group.Transformation`) and everything else
is computed from them: the subgroup they generate, the orbits of the cells
(the sets of cells that are given or empty together), the clue counts the
orbits can add up to, and whether a variant's rules survive the symmetry.

Why through G and not as pictures of the square: the generator then asks
the same question of every rule set, "is each element in the variant's
symmetry group?" (:func:`canon.variant_group.symmetry_sources`), instead of
a table of which picture suits which variant written by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Final

import numpy as np

from canon.group import Transformation, from_cell_sources
from canon.variant_group import symmetry_sources
from puzzles.errors import InputError
from puzzles.rules import Rules

_REVERSED: Final = (2, 1, 0)
_REVERSED_LINES: Final = (_REVERSED, _REVERSED, _REVERSED)
#: Row order 8..0: upside down.
FLIP_ROWS: Final = Transformation(bands=_REVERSED, rows=_REVERSED_LINES)
#: Column order 8..0: the left-right mirror image.
FLIP_COLUMNS: Final = Transformation(stacks=_REVERSED, cols=_REVERSED_LINES)
#: Reflection in the main diagonal.
TRANSPOSE: Final = Transformation(transpose=True)
#: The half turn: rows and columns both reversed.
HALF_TURN: Final = FLIP_ROWS.then(FLIP_COLUMNS)
#: Reflection in the anti-diagonal: the main-diagonal reflection after a half turn.
ANTI_TRANSPOSE: Final = TRANSPOSE.then(HALF_TURN)
#: The quarter turn clockwise: cell (r, c) goes to (c, 8 - r).
QUARTER_TURN: Final = TRANSPOSE.then(FLIP_COLUMNS)


@dataclass(frozen=True)
class PatternSymmetry:
    """A named symmetry: its generators, the subgroup they generate and its cell orbits."""

    name: str
    aliases: tuple[str, ...]
    description: str
    generators: tuple[Transformation, ...]
    #: Gather arrays (see :attr:`Transformation.cell_sources`) of every element, identity first.
    elements: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    #: The orbits of the 81 cells, each sorted, in order of their smallest cell.
    orbits: tuple[tuple[int, ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        elements = _closure(self.generators)
        object.__setattr__(self, "elements", elements)
        object.__setattr__(self, "orbits", _orbits(elements))

    @property
    def order(self) -> int:
        return len(self.elements)

    def keeps(self, pattern: int | tuple[int, ...]) -> bool:
        """Whether a pattern (81 cells, non-zero = given) looks the same under every element."""
        cells = pattern if isinstance(pattern, tuple) else tuple((pattern >> c) & 1 for c in range(81))
        filled = [bool(x) for x in cells]
        return all(filled[source] == filled[cell] for element in self.elements for cell, source in enumerate(element))

    def clashing_element(self, rules: Rules) -> Transformation | None:
        """An element that maps some extra unit of ``rules`` onto no unit of them, or None.

        A symmetric pattern under such an element is still a pattern, but the
        element is no symmetry of the puzzle's rules: decided by membership in
        the variant's group, so the answer is the group's and not a table's.
        Standard rules keep every element of G.
        """
        if rules.standard:
            return None
        allowed = {tuple(row) for row in symmetry_sources(rules).tolist()}
        for element in self.elements:
            if element not in allowed:
                return from_cell_sources(element)
        return None

    def clue_counts(self) -> frozenset[int]:
        """Every number of givens a union of orbits can have (0..81)."""
        reachable = 1  # bit n set: n givens reachable
        for orbit in self.orbits:
            reachable |= reachable << len(orbit)
        return frozenset(n for n in range(82) if reachable >> n & 1)


def _closure(generators: tuple[Transformation, ...]) -> tuple[tuple[int, ...], ...]:
    """Every element of the subgroup the generators make, identity first (breadth first)."""
    identity = tuple(range(81))
    gens = [np.asarray(g.cell_sources) for g in generators]
    seen = {identity: None}
    frontier = [identity]
    while frontier:
        following = []
        for element in frontier:
            array = np.asarray(element)
            for g in gens:
                image = tuple(array[g].tolist())
                if image not in seen:
                    seen[image] = None
                    following.append(image)
        frontier = following
    return tuple(seen)


def _orbits(elements: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The orbits of the cells under ``elements`` (a group, so images of a cell are its orbit)."""
    orbit_of: dict[int, tuple[int, ...]] = {}
    for cell in range(81):
        if cell not in orbit_of:
            orbit = tuple(sorted({element[cell] for element in elements}))
            for member in orbit:
                orbit_of[member] = orbit
    return tuple(sorted(set(orbit_of.values())))


SYMMETRIES: Final = (
    PatternSymmetry("none", ("no",), "no symmetry", ()),
    PatternSymmetry("central", ("180", "half-turn", "rotational"), "the same after a half turn (180°)",
                    (HALF_TURN,)),
    PatternSymmetry("diagonal", ("main-diagonal",), "mirrored in the main diagonal", (TRANSPOSE,)),
    PatternSymmetry("anti-diagonal", ("antidiagonal",), "mirrored in the anti-diagonal", (ANTI_TRANSPOSE,)),
    PatternSymmetry("mirror", ("left-right",), "mirrored left to right", (FLIP_COLUMNS,)),
    PatternSymmetry("rotation", ("90", "quarter-turn"), "the same after a quarter turn (90°)", (QUARTER_TURN,)),
    PatternSymmetry("dihedral", ("full", "all"), "all eight symmetries of the square", (QUARTER_TURN, FLIP_COLUMNS)),
)
_BY_NAME: Final = {alias: s for s in SYMMETRIES for alias in (s.name, *s.aliases)}
#: The accepted names, for help texts and errors.
SYMMETRY_CHOICES: Final = "|".join(s.name for s in SYMMETRIES)


class SymmetryError(InputError):
    """An unknown symmetry name; the message is one line listing the choices."""


@cache
def parse_symmetry(text: str) -> PatternSymmetry:
    """The symmetry named ``text`` (case-insensitive, any listed spelling)."""
    symmetry = _BY_NAME.get(text.strip().lower().replace("°", "").replace("_", "-"))
    if symmetry is None:
        raise SymmetryError(f"unknown symmetry {text!r}: choose {SYMMETRY_CHOICES}")
    return symmetry
