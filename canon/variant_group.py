"""The symmetry group of a Sudoku variant, and canonical forms under it.

A transformation of G (row and column permutations inside bands and stacks,
band and stack permutations, transposition) turns a standard puzzle into an
equivalent one.  A diagonal or colour puzzle stays the same puzzle only under
the elements that also map each of its extra units (:mod:`puzzles.rules`)
onto one of its extra units: they form a subgroup H of G, and with the digit
relabellings H* = Z x H.

The subgroup is *computed*, not written down: every one of the 2 x 1296 x
1296 geometric elements of G is tested.  Testing them one by one in Python
would take minutes, so the test is split: the image of an extra unit is
hashed as a weighted sum over its cells, and the part of that sum a row map
contributes is precomputed for all 1296 column maps at once; a row map then
costs nine array additions.  Every element whose hashes all match an extra
unit is then checked exactly (the image sets themselves), so a hash
collision could only add work, never an element.

The canonical form under H* is the lexicographically smallest image of the
puzzle over H, digits relabelled in order of first appearance: all images of
a puzzle under H* share it, which is what the half-synchronous rating of a
variant needs (:mod:`rater.run.orientation`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from math import factorial

import numpy as np

from canon.group import Transformation, from_cell_sources, row_group_sources
from puzzles.geometry import Grid
from puzzles.rules import Rules

#: Geometric elements of G: transposition x row maps x column maps.
G_GEOMETRIC_ORDER = 2 * 1296 * 1296


def _sources(transpose: bool, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Gather array of one element, as :class:`canon.group.Transformation` builds it."""
    if transpose:
        result: np.ndarray = (9 * cols[None, :] + rows[:, None]).reshape(81)
        return result
    result = (9 * rows[:, None] + cols[None, :]).reshape(81)
    return result


@cache
def symmetry_sources(rules: Rules) -> np.ndarray:
    """Gather arrays (n, 81) of the geometric elements of G that keep ``rules``' extra units.

    For standard rules that is all of G, which is not listed (3.4 million
    elements): a ValueError.
    """
    if rules.standard:
        raise ValueError("standard rules keep all of G; its elements are not listed")
    extra = [rules.units[u] for u in rules.extra_units]
    targets = {frozenset(cells) for cells in extra}
    maps = row_group_sources()  # (1296, 9)
    rng = np.random.default_rng(2026)
    weights = rng.integers(1, 1 << 40, size=(9, 9), dtype=np.int64)
    unit_mats = np.zeros((len(extra), 9, 9), dtype=np.int64)
    for k, cells in enumerate(extra):
        for c in cells:
            unit_mats[k, c // 9, c % 9] = 1
    target_hashes = np.array(sorted({int((m * weights).sum()) for m in unit_mats}), dtype=np.int64)
    found = []
    for transpose in (False, True):
        mats = unit_mats.transpose(0, 2, 1) if transpose else unit_mats
        # part[k, r, n, i]: hash share of new row i when it shows source row r, under column map n
        gathered = mats[:, :, maps]  # (K, 9 source rows, 1296 column maps, 9 new columns)
        part = np.einsum("krnj,ij->krni", gathered, weights)
        for row_index, rows in enumerate(maps):
            hashes = part[:, rows[0], :, 0].copy()
            for i in range(1, 9):
                hashes += part[:, rows[i], :, i]
            ok = np.isin(hashes, target_hashes).all(axis=0)
            for col_index in np.flatnonzero(ok).tolist():
                src = _sources(transpose, rows, maps[col_index])
                position = np.empty(81, dtype=np.intp)
                position[src] = np.arange(81)
                if all(frozenset(position[list(cells)].tolist()) in targets for cells in extra):
                    found.append(src)
    out = np.array(found, dtype=np.intp)
    out.setflags(write=False)
    return out


def group_order(rules: Rules, *, digits: bool = True) -> int:
    """Order of the variant's group H* (with ``digits``) or of its geometric part H."""
    geometric = G_GEOMETRIC_ORDER if rules.standard else len(symmetry_sources(rules))
    return geometric * factorial(9) if digits else geometric


def _relabelled(images: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each image's digits renamed 1, 2, ... in order of first appearance, and the maps used.

    ``maps[n, d]`` is the new name of digit ``d`` in image ``n`` (``maps[:, 0] == 0``);
    digits a puzzle lacks follow the present ones in ascending order.
    """
    n = len(images)
    cells = np.arange(81)
    first = np.full((n, 10), 81 + np.arange(10), dtype=np.intp)
    for d in range(1, 10):
        hit = images == d
        first[:, d] = np.where(hit.any(axis=1), np.where(hit, cells, 81).min(axis=1), 81 + d)
    order = np.argsort(first[:, 1:], axis=1, kind="stable") + 1  # digits by first appearance
    maps = np.zeros((n, 10), dtype=np.intp)
    np.put_along_axis(maps, order, np.arange(1, 10)[None, :].repeat(n, axis=0), axis=1)
    return np.take_along_axis(maps, images, axis=1), maps


def variant_canonical(grid: Sequence[int], rules: Rules) -> tuple[Grid, list[Transformation]]:
    """The canonical form of ``grid`` under the variant's H*, and every element mapping it there."""
    src = symmetry_sources(rules)
    images = np.asarray(grid, dtype=np.intp)[src]
    labelled, maps = _relabelled(images)
    best = labelled[np.lexsort(labelled.T[::-1])[0]]
    winners = np.flatnonzero((labelled == best).all(axis=1)).tolist()
    ways = [from_cell_sources(src[w], tuple(maps[w, 1:].tolist())) for w in winners]
    return tuple(best.tolist()), ways


def random_variant_transformation(rng: random.Random, rules: Rules) -> Transformation:
    """A uniformly random element of the variant's H* (digits relabelled at random)."""
    src = symmetry_sources(rules)
    return from_cell_sources(src[rng.randrange(len(src))], tuple(rng.sample(range(1, 10), 9)))
