"""Symmetric variants of a puzzle for rating over its G*-orbit.

The original program offers re-runs of transformed variants and suggests the
minimum over them as the "best" rating (SPEC.md section 11); the rater asks
this module for the variants so that it never needs to know the group.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canon.canonical import canonical_form
from canon.group import Transformation, random_transformation

Grid = tuple[int, ...]


def random_variants(
    grid: Sequence[int], k: int, seed: int | None = 0, *, include_canonical: bool = True
) -> list[tuple[Grid, Transformation]]:
    """``k`` variants of ``grid`` with the transformations (from ``grid``) that make them.

    With ``include_canonical`` the first variant is the canonical form, so
    that the same puzzle given in any orientation rates the same first
    variant; the other ``k - 1`` are images under uniformly random elements of
    G*, reproducible from ``seed``.
    """
    if k < 1:
        raise ValueError(f"need at least one variant, got {k}")
    rng = random.Random(seed)
    variants: list[tuple[Grid, Transformation]] = []
    if include_canonical:
        result = canonical_form(grid)
        variants.append((result.form, result.transformation))
    while len(variants) < k:
        t = random_transformation(rng)
        variants.append((t.apply(grid), t))
    return variants
