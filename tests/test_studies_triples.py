"""Dreier-Mengen (seed 002, section 1.4): grid A's figures and invariance under G and G*."""

from __future__ import annotations

import random

import pytest
from studies_support import U_NORMALISED, A, U, u_prime

from canon.group import Transformation, random_transformation
from canon.studies.triples import format_multiplicities, format_partition, invariants, set_name, triples_of


def test_grid_a_partitions_and_listed_triples() -> None:
    inv = invariants(A)
    assert format_partition(inv.p) == "3+2+2+2+2+16·1"
    assert format_partition(inv.q) == "4+3+3+2+2+13·1"
    assert format_multiplicities(inv.v) == (
        "=3: 678; =2: 135 167 249 358; "
        "=1: 124 129 139 149 179 235 245 248 257 289 345 359 368 467 468 679"
    )
    # The seed lists "126" among the simple horizontal triples although it is already =2;
    # the grid gives 148 there (docs/decisions.md, canon studies).
    assert format_multiplicities(inv.w) == (
        "=4: 347; =3: 128 569; =2: 126 256; =1: 137 147 148 189 236 269 357 379 389 457 458 489 589"
    )


def test_urbeispiel_has_three_ninefold_triples_and_u_prime_the_same() -> None:
    inv = invariants(U)
    assert inv.p == inv.q == (9, 9, 9)
    # "vw(U') = vw(U)" (section 4.2) holds for the sets of each block; only their order changes.
    mine, theirs = triples_of(u_prime()), triples_of(U)
    assert [set(t) for t in mine.vertical] == [set(t) for t in theirs.vertical]
    assert mine.horizontal == theirs.horizontal
    assert (invariants(u_prime()).v, invariants(u_prime()).w) == (inv.v, inv.w)
    for superfix in U_NORMALISED:
        assert invariants(superfix).p == (9, 9, 9)


def test_set_names_and_partition_format() -> None:
    assert set_name(0b011100000) == "678"
    assert format_partition((9, 9, 9)) == "9+9+9"
    assert format_partition((3, 2) + (1,) * 22) == "3+2+22·1"


@pytest.mark.parametrize("seed", range(12))
def test_v_w_invariant_under_g_and_pq_under_mixed_group(seed: int) -> None:
    rng = random.Random(seed)
    before = invariants(A)
    t = random_transformation(rng, digits=False)
    after = invariants(t.apply(A))
    if t.transpose:
        assert (after.v, after.w) == (before.w, before.v)
    else:
        assert (after.v, after.w) == (before.v, before.w)
    mixed = random_transformation(rng, digits=True)
    assert invariants(mixed.apply(A)).unordered_pair == before.unordered_pair


def test_transposition_swaps_p_and_q() -> None:
    inv = invariants(Transformation(transpose=True).apply(A))
    assert (inv.p, inv.q) == (invariants(A).q, invariants(A).p)


@pytest.mark.parametrize("bad", [A[:80] + (0,), A[:80], (A[1],) + A[1:]])
def test_incomplete_or_invalid_grid_is_refused(bad: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        invariants(bad)
