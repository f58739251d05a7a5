"""Fix-sudoku test (seed 002, sections 4.2-4.3) against a brute-force stabiliser in G."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

import pytest
from studies_support import U_NORMALISED, A, U, transpose, u_prime, u_prime_readings

from canon.group import Transformation, random_transformation
from canon.studies.brute_force import rotation_type, stabiliser_forced
from canon.studies.completions import classify
from canon.studies.diagonal import E_WORD, BlockDiagonal, parse_word
from canon.studies.fix import fix_test
from canon.studies.triples import check_full_grid

Grid = tuple[int, ...]


def brute_stabilizer_order(grid: Grid) -> int:
    """|{g in G : g(A) = A}| without theorem 4.3 (every row map, column map forced by row 0)."""
    return len(stabiliser_forced(grid))


@lru_cache(maxsize=1)
def ee_classification():  # type: ignore[no-untyped-def]
    return classify(BlockDiagonal.from_words(E_WORD, E_WORD))


def test_grid_a_is_neutral() -> None:
    result = fix_test(A)
    assert not result.is_fixed and result.stabilizer_order == 1 == brute_stabilizer_order(A)
    assert not result.mod3


@pytest.mark.parametrize("grid", (U,) + U_NORMALISED, ids=["U", "U0", "U1", "U2", "U3"])
def test_urbeispiel_and_normalised_superfixes(grid: Grid) -> None:
    result = fix_test(grid)
    assert result.is_superfix and result.types == ("R", "S", "RS", "RSS")
    assert result.stabilizer_order == 9 == brute_stabilizer_order(grid)
    assert len(set(result.elements)) == 8
    assert all(f.apply(grid) == grid for f in result.elements)


def test_urbeispiel_fixers_are_the_papers_f1_and_f2() -> None:
    fixers = fix_test(U).fixers
    # Cycle 0120 moves 0 to 1, so in listing form (new position shows old) it is (2, 0, 1).
    # f2 = s s' s'' . R: bands rotated, the same column cycle in every stack, rows untouched.
    assert fixers["R"] == Transformation(bands=(2, 0, 1), cols=((2, 0, 1),) * 3)
    # f1 = r r' r'' . SS (stack columns 1, 2, 0) has rotation S^2: the square of the S-element found.
    f1 = Transformation(stacks=(1, 2, 0), rows=((2, 0, 1),) * 3)
    assert f1.apply(U) == U and f1 in fix_test(U).elements


def test_u_prime_is_simple_fix() -> None:
    """U' as written (columns 6-8) keeps only the band rotation; its transpose keeps only S.

    The seed calls U' type [S] "under f1"; f1 moves stack 2, so that cannot hold for a swap made
    inside stack 2 (docs/decisions.md, canon studies).
    """
    literal = fix_test(u_prime())
    assert literal.types == ("R",) and literal.stabilizer_order == 3
    mirrored = fix_test(transpose(u_prime()))
    assert mirrored.types == ("S",) and mirrored.stabilizer_order == 3
    assert all(f.apply(u_prime()) == u_prime() for f in literal.elements)


def test_u_prime_stabiliser_by_brute_force() -> None:
    """Without theorem 4.3: U' has exactly the identity and two elements rotating the bands only."""
    elements = stabiliser_forced(u_prime())
    assert sorted(rotation_type(e) for e in elements) == ["R", "R", "id"]
    assert all(e.stack_rotation == (0, 1, 2) and not e.transpose for e in elements)
    assert sorted(rotation_type(e) for e in stabiliser_forced(transpose(u_prime()))) == ["S", "S", "id"]


def test_u_prime_keeps_the_fixers_of_u_that_keep_stack_2() -> None:
    """The swap is a relabelling inside stack 2: U's fixers mapping stack 2 onto itself survive, the rest do not."""
    for e in stabiliser_forced(U):
        keeps_stack_2 = e.stack_rotation[2] == 2
        assert (e.apply(u_prime()) == u_prime()) == keeps_stack_2, rotation_type(e)


def test_only_one_reading_of_the_u_prime_construction_is_a_sudoku() -> None:
    valid = []
    for name, grid in u_prime_readings().items():
        try:
            check_full_grid(grid)
        except ValueError:
            continue
        valid.append(name)
    assert len(u_prime_readings()) == 24 and valid == ["columns 6-8, 147 <-> 369"]
    assert u_prime_readings()[valid[0]] == u_prime()


@pytest.mark.parametrize("seed", range(4))
def test_fixness_is_a_g_star_invariant(seed: int) -> None:
    """Lemma 4.1: B = pi g(A) is fixed when A is; the stabiliser is conjugate (same order)."""
    t = random_transformation(random.Random(seed))
    for grid, order in ((u_prime(), 3), (U, 9), (A, 1)):
        image = t.apply(grid)
        assert fix_test(image).stabilizer_order == order == brute_stabilizer_order(image)


def test_the_64_fix_sudokus_of_e_e_by_type() -> None:
    result = ee_classification()
    assert result.total == 283_576 and result.fixed_count == 64
    assert +result.categories == {"neutral": 283_512, "R": 12, "S": 12, "RS": 36, "superfix": 4}
    assert sorted(g for g, r in result.fixed if r.is_superfix) == sorted(U_NORMALISED)
    for grid, fix in result.fixed:
        assert all(f.apply(grid) == grid for f in fix.elements)


def test_u2_v2_holds_the_single_rss_only_fix_sudoku() -> None:
    """Section 4.4: N_f(u2, v2) = 17 with one fix-sudoku of type [RSS] only."""
    result = classify(BlockDiagonal.from_words(parse_word("43671520"), parse_word("43172560")))
    assert result.fixed_count == 17
    assert +result.categories - Counter({"neutral": result.categories["neutral"]}) == {"R": 8, "S": 8, "RSS": 1}
    (rss,) = [grid for grid, fix in result.fixed if fix.category == "RSS"]
    assert brute_stabilizer_order(rss) == 3


def test_one_of_each_type_agrees_with_brute_force() -> None:
    seen: dict[str, Grid] = {}
    for grid, fix in ee_classification().fixed:
        seen.setdefault(fix.category, grid)
    for category, grid in seen.items():
        assert brute_stabilizer_order(grid) == (9 if category == "superfix" else 3), category


def test_refuses_incomplete_grid() -> None:
    with pytest.raises(ValueError, match="permutation"):
        fix_test((0,) + U[1:])
