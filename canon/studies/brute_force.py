"""The stabiliser of a full grid in G by trying every one of its 3,359,232 elements.

An independent check of theorem 4.3 (:mod:`canon.studies.fix`): no triples,
no lemma 4.2, and G rebuilt from its definition (section 1.2) rather than
taken from :mod:`canon.group`.  An element is a transposition flag, a row
map and a column map, each map keeping bands (stacks) together: 1,296 maps
each, so 2 x 1,296 x 1,296 elements.  For one flag and one row map, all
1,296 column maps are tried in one numpy comparison, so a grid takes a few
seconds (bench material, not a unit test).

:func:`stabiliser_forced` is the fast sound restriction for tests: g(A) = A
forces the column map once the row map is chosen (row 0 of the image must
read like row 0 of A), so only 2 x 1,296 candidates remain.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product

import numpy as np


@lru_cache(maxsize=1)
def line_maps() -> np.ndarray:
    """The 1,296 maps of 9 lines that keep the three groups of three together, listing form (1296, 9).

    Row ``m`` of the image shows line ``maps[k][m]`` of the input.
    """
    perms3 = list(permutations(range(3)))
    return np.array(
        [[3 * outer[k] + inner[k][m] for k in range(3) for m in range(3)] for outer in perms3 for inner in product(perms3, repeat=3)],
        dtype=np.intp,
    )


@dataclass(frozen=True)
class Element:
    """One element of G: transpose first (if set), then show row rows[m] at m and column cols[n] at n."""

    transpose: bool
    rows: tuple[int, ...]
    cols: tuple[int, ...]

    @property
    def band_rotation(self) -> tuple[int, int, int]:
        """Which old band each new band shows (listing form)."""
        return tuple(self.rows[3 * k] // 3 for k in range(3))  # type: ignore[return-value]

    @property
    def stack_rotation(self) -> tuple[int, int, int]:
        """Which old stack each new stack shows (listing form)."""
        return tuple(self.cols[3 * l] // 3 for l in range(3))  # type: ignore[return-value]

    def apply(self, grid: Sequence[int]) -> tuple[int, ...]:
        """The moved grid."""
        a = np.array(grid).reshape(9, 9)
        source = a.T if self.transpose else a
        return tuple(int(x) for x in source[np.ix_(self.rows, self.cols)].reshape(81))


def stabiliser(grid: Sequence[int]) -> list[Element]:
    """Every g in G with g(A) = A (the identity included), by exhaustion."""
    a = np.array(grid).reshape(9, 9)
    maps = line_maps()
    found = []
    for transpose in (False, True):
        source = a.T if transpose else a
        for rows in maps:
            moved = source[rows]  # (9, 9): rows rearranged
            images = moved[:, maps]  # (9, 1296, 9): every column map
            hits = np.flatnonzero((images == a[:, None, :]).all(axis=(0, 2)))
            found += [Element(transpose, tuple(rows.tolist()), tuple(maps[h].tolist())) for h in hits]
    return found


def stabiliser_forced(grid: Sequence[int]) -> list[Element]:
    """The same set as :func:`stabiliser`, trying only the one column map each row map allows."""
    a = np.array(grid).reshape(9, 9)
    maps = line_maps()
    codes = maps @ (9 ** np.arange(9))
    found = []
    for transpose in (False, True):
        source = a.T if transpose else a
        moved = source[maps]  # (1296, 9, 9)
        where = np.argsort(moved[:, 0, :], axis=1)  # where[k][d - 1]: column of digit d in row 0
        cols = where[:, a[0] - 1]  # the forced column map of each row map
        keeps_stacks = np.isin(cols @ (9 ** np.arange(9)), codes)
        images = np.take_along_axis(moved, np.broadcast_to(cols[:, None, :], moved.shape), axis=2)
        hits = np.flatnonzero(keeps_stacks & (images == a[None]).all(axis=(1, 2)))
        found += [Element(transpose, tuple(maps[h].tolist()), tuple(cols[h].tolist())) for h in hits]
    return found


def rotation_type(element: Element) -> str:
    """``id``, ``R``, ``S``, ``RS``, ``RSS`` (up to squaring) or ``other`` for the element's rotation part.

    Same names as theorem 4.3: R rotates the bands, S the stacks; RS both
    the same way, RSS opposite ways.  ``other`` covers transposing elements
    and non-rotations, which lemma 4.2 says never fix a grid.
    """
    if element.transpose:
        return "other"
    cycles = {(0, 1, 2): 0, (2, 0, 1): 1, (1, 2, 0): 2}
    bands, stacks = cycles.get(element.band_rotation), cycles.get(element.stack_rotation)
    if bands is None or stacks is None:
        return "other"
    if bands == 0:
        return "id" if stacks == 0 else "S"
    if stacks == 0:
        return "R"
    return "RS" if bands == stacks else "RSS"
