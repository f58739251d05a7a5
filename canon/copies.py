"""Symmetric copies of a puzzle for rating over its G*-orbit.

The original program offers re-runs of transformed copies ("Varianten") and
suggests the minimum over them as the "best" rating; the rater asks this module
for the copies so that it never needs to know the group.  ("Variant" names the
Sudoku rule variants, diagonal and colour: :mod:`puzzles.rules`.)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from canon.canonical import canonical_form
from canon.group import Transformation, random_transformation
from canon.variant_group import random_variant_transformation, variant_canonical
from puzzles.geometry import Grid
from puzzles.rules import STANDARD, Rules


def iter_copies(
    grid: Sequence[int], k: int, seed: int | None = 0, *, include_canonical: bool = True, rules: Rules = STANDARD
) -> Iterator[tuple[Grid, Transformation]]:
    """``k`` symmetric copies of ``grid`` with the transformations (from ``grid``) that make them, one at a time.

    With ``include_canonical`` the first copy is the canonical form, so
    that the same puzzle given in any orientation rates the same first
    copy; the other ``k - 1`` are images under uniformly random elements of
    G*, reproducible from ``seed``.  Made lazily, so that a caller rating
    them one by one never holds more than one.  Under variant ``rules`` both
    come from the variant's own group (:mod:`canon.variant_group`).
    """
    if k < 1:
        raise ValueError(f"need at least one copy, got {k}")
    rng = random.Random(seed)
    made = 0
    if include_canonical:
        if rules.standard:
            result = canonical_form(grid)
            yield result.form, result.transformation
        else:
            form, ways = variant_canonical(grid, rules)
            yield form, ways[0]
        made = 1
    for _ in range(made, k):
        t = random_transformation(rng) if rules.standard else random_variant_transformation(rng, rules)
        yield t.apply(grid), t


def random_copies(
    grid: Sequence[int], k: int, seed: int | None = 0, *, include_canonical: bool = True
) -> list[tuple[Grid, Transformation]]:
    """The copies of :func:`iter_copies` as a list."""
    return list(iter_copies(grid, k, seed, include_canonical=include_canonical))
