"""Block diagonals (seed 002, sections 2.1-2.2): word coding, normalisation, N(u, v), group orders."""

from __future__ import annotations

import random

import pytest
from studies_support import U_NORMALISED, U

from canon.group import Transformation
from canon.studies.completions import CompletionJoin, count_completions
from canon.studies.diagonal import (
    DIAGONAL_CELLS,
    E_BLOCK,
    E_WORD,
    BlockDiagonal,
    block_of_word,
    equivalence_class,
    format_block,
    format_word,
    normalise,
    parse_word,
    word_of_block,
)
from canon.studies.group_orders import group_orders
from canon.studies.triples import check_full_grid


def test_e_decodes_to_the_unit_block() -> None:
    """Words are written "from low to high": ``76543210`` lists z0 ... z7 and B(e) is 123/456/789
    (docs/decisions.md, "Word coding")."""
    assert parse_word("76543210") == parse_word("e") == E_WORD
    assert format_block(block_of_word(E_WORD)) == "123/456/789"
    assert format_word(E_WORD) == "76543210"
    assert E_WORD == 0x01234567  # z0 = 7 is the lowest hexit of the number


def test_paper_words_decode_and_round_trip() -> None:
    for text in ("15320764", "74563120", "56240371", "43052671", "57643210", "43172560"):
        word = parse_word(text)
        block = block_of_word(word)
        assert block[0] == 1 and block[4] < min(block[5], block[7], block[8])
        assert word_of_block(block) == word and format_word(word) == text
    assert format_block(block_of_word(parse_word("15320764"))) == "168/924/573"


def test_e_is_the_smallest_word() -> None:
    """Section 2.3 uses e <= u for every u in W; check it on random normalised blocks."""
    rng = random.Random(1)
    for _ in range(200):
        block = tuple(rng.sample(range(1, 10), 9))
        words = normalise(BlockDiagonal((E_BLOCK, block, block)))
        assert E_WORD <= words.u


@pytest.mark.parametrize("text", ["7654321", "76543211", "76543298", "01234567", "e1"])
def test_bad_words_are_refused(text: str) -> None:
    # 01234567 breaks z4 < z0, z1, z3 (z4 = 4 > z0 = 0).
    with pytest.raises(ValueError):
        parse_word(text)


def random_diagonal(rng: random.Random) -> BlockDiagonal:
    return BlockDiagonal(tuple(tuple(rng.sample(range(1, 10), 9)) for _ in range(3)))  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_normalisation_is_an_element_of_m_with_the_same_count(seed: int) -> None:
    rng = random.Random(seed)
    diagonal = random_diagonal(rng)
    norm = normalise(diagonal)
    t = norm.transformation
    assert t.bands == t.stacks == (0, 1, 2) and t.rows[0] == t.cols[0] == (0, 1, 2)  # pi g1 g2 in M
    assert BlockDiagonal.from_grid(t.apply(diagonal.grid())) == BlockDiagonal.from_words(norm.u, norm.v)
    assert normalise(BlockDiagonal.from_words(norm.u, norm.v)).words == norm.words
    assert count_completions(diagonal) == count_completions(BlockDiagonal.from_words(norm.u, norm.v))


def test_m_orbit_has_one_representative() -> None:
    rng = random.Random(7)
    diagonal = random_diagonal(rng)
    first = normalise(diagonal).words
    for _ in range(5):
        move = Transformation(
            rows=((0, 1, 2), tuple(rng.sample(range(3), 3)), tuple(rng.sample(range(3), 3))),  # type: ignore[arg-type]
            cols=((0, 1, 2), tuple(rng.sample(range(3), 3)), tuple(rng.sample(range(3), 3))),  # type: ignore[arg-type]
            digits=tuple(rng.sample(range(1, 10), 9)),
        )
        assert normalise(BlockDiagonal.from_grid(move.apply(diagonal.grid()))).words == first


def test_urbeispiel_diagonal_normalises_to_e_e_and_u_to_u0() -> None:
    diagonal = BlockDiagonal(tuple(tuple(U[c] for c in cells) for cells in DIAGONAL_CELLS))  # type: ignore[arg-type]
    norm = normalise(diagonal)
    assert (norm.u, norm.v) == (E_WORD, E_WORD)
    assert norm.transformation.apply(U) == U_NORMALISED[0]


def test_n_e_e_and_its_neighbour() -> None:
    assert count_completions(BlockDiagonal.from_words(E_WORD, E_WORD)) == 283_576
    assert count_completions(BlockDiagonal.from_words(E_WORD, parse_word("15320764"))) == 278_740


def test_enumerated_completions_are_distinct_valid_extensions() -> None:
    diagonal = BlockDiagonal.from_words(parse_word("74563120"), parse_word("56240371"))
    join = CompletionJoin(diagonal)
    grids = set(join.grids())
    assert len(grids) == join.count() == 95_514
    given = diagonal.grid()
    for grid in list(grids)[::997]:
        check_full_grid(grid)
        assert all(g == p for g, p in zip(grid, given) if p)


def test_from_grid_refuses_non_diagonal_input() -> None:
    cells = list(BlockDiagonal.from_words(E_WORD, E_WORD).grid())
    cells[3] = 4
    with pytest.raises(ValueError, match="not block-diagonal"):
        BlockDiagonal.from_grid(cells)
    cells[3] = 0
    cells[0] = 0
    with pytest.raises(ValueError, match="diagonal block 1"):
        BlockDiagonal.from_grid(cells)


def test_group_orders_are_computed() -> None:
    orders = group_orders()
    assert orders == {"G": 3_359_232, "G0": 1_679_616, "M": 470_292_480}
    assert orders["G"] == 2 * 6**8 and orders["M"] == 362_880 * 6**4


@pytest.mark.parametrize(
    ("u", "v", "m"),
    [
        ("76543210", "76543210", 1),  # Table 2.3: m(e, e) = 1
        ("57643210", "65743210", 12),  # (u1, v1) of section 4.4
        ("43671520", "43172560", 12),  # (u2, v2)
        ("76543210", "67543210", 54),  # Table 4.4
        ("57632410", "56742301", 4),
        ("67543210", "76532410", 432),
    ],
)
def test_paper_pairs_are_class_representatives_with_their_m(u: str, v: str, m: int) -> None:
    cls = equivalence_class(parse_word(u), parse_word(v))
    assert (cls.words, cls.size) == (f"{u},{v}", m)


def test_class_is_shared_by_equivalent_pairs() -> None:
    """(u, v) ~ (v, u) by the block swap t0; both give the same representative."""
    u, v = parse_word("57643210"), parse_word("65743210")
    assert equivalence_class(v, u) == equivalence_class(u, v)
