"""Seed 000's sort key, including its (corrected) worked example."""

from __future__ import annotations

import random

from canon.canonical import canonical_form
from canon.group import random_transformation
from canon.key import relabel, sort_key
from puzzles.parsing import parse_line

# Seed 000's example: rows 1-2 of band 1 and row 1 of band 2, columns 1-5 (rest empty).
EXAMPLE = parse_line(".9.86...." + "4........" + "." * 9 + "..6......" + "." * 45)
FIRST_TOP95 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SWAPPED = parse_line(".9.68...." + "4........" + "." * 9 + "..6......" + "." * 45)


def test_seed_example_corrected() -> None:
    # 3 occupied blocks (the seed's "4" is a typo); the example as printed ends in 43211.
    assert str(sort_key(EXAMPLE)) == "3 110100000 221 010100000110000000001000000 43211"


def test_seed_column_swap_gives_43212_and_comes_first() -> None:
    key = sort_key(SWAPPED)
    assert str(key) == "3 110100000 221 010100000110000000001000000 43212"
    assert key < sort_key(EXAMPLE)


def test_components_five_and_six() -> None:
    assert relabel((9, 4, 8, 6, 6)) == (1, 2, 3, 4, 4)
    key = sort_key(EXAMPLE)
    assert key.values == (9, 4, 8, 6, 6)
    assert key.full().endswith(" 94866")


def test_order_prefers_more_blocks_then_bigger_matrix() -> None:
    one_block = parse_line("12" + "." * 79)
    two_blocks = parse_line("1..2" + "." * 77)
    assert sort_key(two_blocks) < sort_key(one_block)
    ell = parse_line("1..2" + "." * 23 + "3" + "." * 53)
    row = parse_line("1..2..3" + "." * 74)
    assert sort_key(row) < sort_key(ell)  # 111000000 > 110100000


def test_long_relabelled_sequences_are_comma_separated() -> None:
    grid = canonical_form(parse_line(FIRST_TOP95)).form
    text = str(sort_key(grid))
    assert "," in text.split()[-1]


def test_canonical_form_key_is_first_among_random_images() -> None:
    grid = parse_line(FIRST_TOP95)
    best = sort_key(canonical_form(grid).form)
    rng = random.Random(11)
    for _ in range(200):
        assert best <= sort_key(random_transformation(rng).apply(grid))
