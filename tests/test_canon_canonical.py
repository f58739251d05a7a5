"""Canonical forms: invariance over G*, stabilisers, the rater's variants API."""

from __future__ import annotations

import random
from itertools import islice

from canon.canonical import canonical_form
from canon.copies import random_copies
from canon.group import random_transformation
from puzzles.parsing import parse_line
from tests.conftest import read_puzzles


def _puzzles(count: int) -> list[tuple[int, ...]]:
    out = []
    for name in ("sample1000_every3.txt", "17clue_every491.txt", "top1465_every24.txt", "sudoku_exchange_mixed_every25.txt"):
        out += [parse_line(ln) for ln in read_puzzles(name, count // 4)]
    return out


def test_canonical_form_is_invariant_under_random_elements_of_g_star() -> None:
    rng = random.Random(2024)
    for grid in _puzzles(200):
        form = canonical_form(grid).form
        for _ in range(5):
            image = random_transformation(rng).apply(grid)
            assert canonical_form(image).form == form


def test_transformation_reaches_the_form_and_form_is_a_fixed_point() -> None:
    for grid in _puzzles(40):
        result = canonical_form(grid)
        assert result.transformation.apply(grid) == result.form
        assert canonical_form(result.form).form == result.form


def test_pattern_mode_ignores_digits() -> None:
    rng = random.Random(3)
    for grid in _puzzles(20):
        form = canonical_form(grid, pattern=True).form
        assert set(form) <= {0, 1}
        image = random_transformation(rng).apply(grid)
        assert canonical_form(image, pattern=True).form == form


def test_stabilizer_elements_fix_the_input() -> None:
    # a puzzle with a 180-degree-turn symmetry plus digit relabelling
    grid = parse_line(_turned_puzzle())
    result = canonical_form(grid)
    elements = list(result.stabilizer())
    assert len(elements) == result.stabilizer_order >= 2
    assert len(set(elements)) == len(elements)
    for element in elements:
        assert element.apply(grid) == grid


def _turned_puzzle() -> str:
    """Build a puzzle invariant under the half turn with digits swapped 1<->2, 3<->4, ..."""
    swap = {0: 0, 1: 2, 2: 1, 3: 4, 4: 3, 5: 6, 6: 5, 7: 8, 8: 7, 9: 9}
    cells = [0] * 81
    cells[0], cells[80] = 1, 2
    cells[10], cells[70] = 3, 4
    cells[31], cells[49] = 5, 6
    cells[40] = 9
    assert all(cells[80 - c] == swap[cells[c]] for c in range(81))
    return "".join(str(d) if d else "." for d in cells)


def test_big_stabilizers_of_tiny_inputs() -> None:
    empty = canonical_form((0,) * 81)
    assert empty.stabilizer_order == 3_359_232
    single = canonical_form((5,) + (0,) * 80)
    assert single.form == (1,) + (0,) * 80
    assert single.stabilizer_order == 41472  # (2*2*6*6)^2 * 2
    first = list(islice(single.stabilizer(), 300))
    assert len(set(first)) == 300
    assert all(element.apply((5,) + (0,) * 80) == (5,) + (0,) * 80 for element in first)


def test_random_copies_for_the_rater() -> None:
    grid = _puzzles(4)[0]
    copies = random_copies(grid, 4, seed=9)
    assert len(copies) == 4
    assert copies[0][0] == canonical_form(grid).form
    for copy, transformation in copies:
        assert transformation.apply(grid) == copy
        assert canonical_form(copy).form == copies[0][0]
    assert random_copies(grid, 4, seed=9) == copies
    assert random_copies(grid, 2, seed=9, include_canonical=False)[0][0] != copies[0][0]
