"""The group G* = Z x G: its compact description, composition, inverses, spec strings."""

from __future__ import annotations

import random

import numpy as np
import pytest

from canon.group import (
    GROUP_ORDER,
    IDENTITY,
    Transformation,
    block_operations,
    from_cell_sources,
    parse_spec,
    random_transformation,
    row_group_sources,
)

RNG_GRID = random.Random(7)
GRID = tuple(RNG_GRID.randrange(10) for _ in range(81))


def test_group_order_is_two_times_six_to_the_eight() -> None:
    assert GROUP_ORDER == 2 * 6**8
    rows = row_group_sources()
    assert len({tuple(r) for r in rows.tolist()}) == 1296  # |S3 wr S3|, rows; columns alike; times transpose


def test_composition_inverse_and_action_agree() -> None:
    rng = random.Random(1)
    for _ in range(50):
        a, b, c = (random_transformation(rng) for _ in range(3))
        assert b.apply(a.apply(GRID)) == a.then(b).apply(GRID)
        assert a.then(b).then(c) == a.then(b.then(c))
        assert a.then(a.inverse()) == IDENTITY == a.inverse().then(a)


def test_spec_round_trip_and_defaults() -> None:
    rng = random.Random(2)
    for _ in range(20):
        t = random_transformation(rng)
        assert parse_spec(str(t)) == t
    assert parse_spec("") == IDENTITY
    assert parse_spec("bands=102") == Transformation(bands=(1, 0, 2))


@pytest.mark.parametrize("bad", ["bands=11", "bands=113", "rows=012/012", "digits=12345678", "spin=1", "transpose=2"])
def test_bad_specs_are_refused_with_a_message(bad: str) -> None:
    with pytest.raises(ValueError, match=r"\w"):
        parse_spec(bad)


def test_transposition_and_band_swap_move_the_right_cells() -> None:
    t = parse_spec("transpose=1")
    assert int(t.cell_sources[1]) == 9  # new (0,1) is old (1,0)
    swap = parse_spec("bands=102")
    assert int(swap.cell_sources[0]) == 27  # new row 0 shows old row 3


def test_cell_permutations_outside_g_are_rejected() -> None:
    src = np.arange(81)
    src[[0, 1]] = src[[1, 0]]  # swaps two cells only
    with pytest.raises(ValueError, match="not an element"):
        from_cell_sources(src)
    rng = random.Random(3)
    t = random_transformation(rng)
    assert from_cell_sources(t.cell_sources, t.digits) == t


def test_the_72_block_operations_are_distinct_and_move_whole_blocks() -> None:
    ops = block_operations()
    assert len(set(ops)) == 72
    for op in ops:
        image = op.cell_sources.tolist()
        for b in range(9):
            sources = {image[27 * (b // 3) + 3 * (b % 3) + 9 * i + j] for i in range(3) for j in range(3)}
            assert len({27 * (c // 27) + 3 * (c % 9 // 3) for c in sources}) == 1


def test_random_elements_are_reproducible() -> None:
    first = random_transformation(random.Random(5))
    assert first == random_transformation(random.Random(5))
    assert first != random_transformation(random.Random(6))  # the generator, not a constant, decides
    assert random_transformation(random.Random(5), digits=False).digits == tuple(range(1, 10))
