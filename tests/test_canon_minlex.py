"""Minlex forms (canon.minlex_search): published forms, the brute force over all of G, invariance, variants."""

from __future__ import annotations

import json
import random

import pytest

import canon
from canon.canonical import canonical_form
from canon.group import random_transformation
from canon.minlex_search import minlex, minlex_form, minlex_result
from canon.variant_group import random_variant_transformation, variant_canonical
from puzzles.parsing import format_line, parse_line
from puzzles.rules import parse_rules
from puzzles.solver import solve
from tests.conftest import FIXTURES, read_puzzles
from tests.oracles.minlex_brute import brute_minlex

Grid = tuple[int, ...]


def cells(text: str) -> Grid:
    return tuple(int(ch) for ch in text)


# --- forms published elsewhere ---------------------------------------------------------
#: sudoku.coach's minlexer, as its author showed it on reddit r/sudoku ("Added Sudoku minlexer to sudoku.coach").
COACH_PUZZLE = "001000090030604001809030042095000104740901020128706935900010063312860450576023810"
COACH_MINLEX = "000001002003042056670300010000208160120690005790514283001020037047135608305987401"
#: SudokuWiki's "Sudoku Min-Lex" page (sudokuwiki.org/Sudoku_Min_Lex): its "tough" example, the solution
#: grid's minlex form, and the puzzle written in that grid's minlex frame.
WIKI_PUZZLE = "3.9...4..2..7.9....87......75..6.23.6..9.4..8.28.5..41......59....1.6..7..6...1.4"
WIKI_GRID_MINLEX = "123456789457189236698273541261947853745831692839625417384792165512368974976514328"
WIKI_PUZZLE_IN_GRID_FRAME = "...45.7.9..7.89.3......3.412..9..8..7..8..6.........17.8.....65.12.6...49.6...32."
#: The first two and the last two grids of the minlex grid catalogue, posted by dobrichev on the
#: New Sudoku Players' Forum (forum.enjoysudoku.com, "MinLex Puzzles", 25 Jan 2021): minlex already.
CATALOGUE_GRIDS = (
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
    "123456789456789123789123456214365897365897214897214365531642978648971532972538641",
    "123456789457389621896217354268741593745893162931625847382164975574938216619572438",
    "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
)


def test_published_puzzle_minlex() -> None:
    assert minlex(COACH_PUZZLE) == COACH_MINLEX


def test_published_grid_minlex_and_the_puzzle_in_its_frame() -> None:
    grid = solve(parse_line(WIKI_PUZZLE))
    assert grid is not None
    result = minlex_result(grid)
    assert result.text() == WIKI_GRID_MINLEX
    # the page writes the puzzle with the transformation that minlexes its solution (automorphism-free)
    assert result.automorphisms == 1
    assert format_line(result.transformation.apply(parse_line(WIKI_PUZZLE))) == WIKI_PUZZLE_IN_GRID_FRAME


def test_catalogue_grids_are_fixed_points() -> None:
    for grid in CATALOGUE_GRIDS:
        assert minlex(grid) == grid


#: Lines of 17clue.txt in the fixture excerpt that the list does not give in minlex form (the stored
#: brute force, tests/data/minlex_brute.json, confirms that a smaller form exists).
NOT_MINLEX_IN_17CLUE_EXCERPT = {45173, 48610}


def test_17clue_list_is_mostly_published_in_minlex_form() -> None:
    for index, line in enumerate(read_puzzles("17clue_every491.txt")):
        form = minlex(line)
        published = line.replace(".", "0")
        if 1 + 491 * index in NOT_MINLEX_IN_17CLUE_EXCERPT:
            assert form < published
        else:
            assert form == published


@pytest.mark.collections
def test_17clue_list_every_10th() -> None:
    """The list is sorted and nearly all minlex: 47,653 of its 49,158 lines are (docs/decisions.md)."""
    lines = read_puzzles("17clue.txt", step=10)
    fixed = 0
    for line in lines:
        form = minlex(line)
        published = line.replace(".", "0")
        assert form <= published and minlex(form) == form
        fixed += form == published
    assert fixed >= 0.95 * len(lines)


# --- the brute force over all of G -------------------------------------------------------
def _brute_cases() -> list[dict[str, object]]:
    return json.loads((FIXTURES / "minlex_brute.json").read_text())["cases"]  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", _brute_cases(), ids=lambda c: f"{c['kind']}:{c['source']}")
def test_matches_stored_brute_force(case: dict[str, object]) -> None:
    grid = cells(str(case["input"]))
    result = minlex_result(grid, pattern=case["kind"] == "pattern")
    assert result.text() == case["minlex"]
    assert result.automorphisms == case["automorphisms"]
    source = tuple(1 if v else 0 for v in grid) if case["kind"] == "pattern" else grid
    assert result.transformation.apply(source) == result.form


def test_matches_live_brute_force() -> None:
    """One puzzle and one grid through the oracle itself, so a changed oracle is noticed too."""
    rng = random.Random(3)
    puzzle = random_transformation(rng).apply(parse_line(read_puzzles("top95.txt")[7]))
    grid = solve(puzzle)
    assert grid is not None
    for item in (puzzle, grid):
        form, count = brute_minlex(item)
        result = minlex_result(item)
        assert (result.form, result.automorphisms) == (form, count)


def _sample(names: tuple[str, ...], count: int, rng: random.Random) -> list[Grid]:
    lines = [line for name in names for line in read_puzzles(name)]
    return [parse_line(line) for line in rng.sample(lines, count)]


@pytest.mark.collections
def test_brute_force_on_50_puzzles_and_50_grids() -> None:
    """Every element of G for 100 inputs of the shared collections (about 2 minutes; the suite stays
    within its 10 minutes, and the stored brute-force forms of tests/data cover more)."""
    rng = random.Random(2029)
    names = ("17clue.txt", "top1465.txt", "forum_hardest_1905_11plus.txt", "sudoku_exchange_mixed.txt")
    puzzles = _sample(names, 50, rng)
    grids = [solve(p) for p in _sample(names, 50, rng)]
    for item in puzzles + [g for g in grids if g is not None]:
        moved = random_transformation(rng).apply(item)
        form, count = brute_minlex(moved)
        result = minlex_result(moved)
        assert (result.form, result.automorphisms) == (form, count), format_line(moved)


# --- invariance and agreement with the canonical form --------------------------------------
def _invariance(inputs: list[Grid], images: int, rng: random.Random, pattern: bool = False) -> None:
    for grid in inputs:
        form = minlex_form(grid, pattern=pattern)
        for _ in range(images):
            moved = random_transformation(rng, digits=not pattern).apply(grid)
            assert minlex_form(moved, pattern=pattern) == form, format_line(grid)


def test_invariance_fast_subset() -> None:
    rng = random.Random(11)
    puzzles = [parse_line(line) for line in read_puzzles("sample1000_every3.txt")[:60]]
    grids = [g for g in (solve(p) for p in puzzles[:20]) if g is not None]
    _invariance(puzzles + grids, 2, rng)
    _invariance(puzzles[:20], 2, rng, pattern=True)


@pytest.mark.collections
def test_invariance_1000_inputs_x5() -> None:
    rng = random.Random(12)
    names = ("17clue.txt", "top1465.txt", "forum_hardest_1905_11plus.txt", "sudoku_exchange_mixed.txt")
    puzzles = _sample(names, 700, rng)
    grids = [g for g in (solve(p) for p in _sample(names, 300, rng)) if g is not None]
    _invariance(puzzles + grids, 5, rng)


def test_automorphisms_agree_with_the_canonical_stabiliser() -> None:
    data = json.loads((FIXTURES / "canon_dense_puzzles.json").read_text())["puzzles"]
    for entry in data[:6]:
        grid = parse_line(entry["puzzle"])
        assert minlex_result(grid).automorphisms == entry["stabilizer_order"]
    for text in read_puzzles("hard_symmetry.txt"):
        grid = parse_line(text)
        for pattern in (False, True):
            assert minlex_result(grid, pattern=pattern).automorphisms == canonical_form(grid, pattern=pattern).stabilizer_order


def test_sparse_inputs() -> None:
    empty = minlex_result((0,) * 81)
    assert empty.text() == "0" * 81 and empty.automorphisms == 3_359_232
    one = minlex_result(tuple(7 if c == 40 else 0 for c in range(81)))
    assert one.text() == "0" * 80 + "1" and one.automorphisms == 41_472


def test_minlex_form_ordering_rules() -> None:
    """Empty is 0 and smallest: a puzzle's form opens with its longest possible run of empty cells."""
    form = minlex(COACH_PUZZLE)
    assert form.startswith("00000") and set(form) <= set("0123456789")
    assert minlex(WIKI_GRID_MINLEX).startswith("123456789")
    pattern = minlex(COACH_PUZZLE, pattern=True)
    assert set(pattern) == {"0", "1"} and pattern.count("1") == 81 - COACH_PUZZLE.count("0")
    # the puzzle's own pattern is one pattern of the orbit, so never smaller than the pattern's minlex
    assert pattern <= "".join("1" if ch != "0" else "0" for ch in form)


# --- variants and the package API -----------------------------------------------------------
def test_variant_minlex_uses_the_variant_group() -> None:
    rules = parse_rules("diagonal")
    rng = random.Random(4)
    line = (FIXTURES / "variant_diagonal_200.txt").read_text().splitlines()[0].split()[0]
    grid = parse_line(line)
    result = minlex_result(grid, rules=rules)
    assert result.form == variant_canonical(grid, rules)[0]
    assert result.transformation.apply(grid) == result.form
    for _ in range(3):
        moved = random_variant_transformation(rng, rules).apply(grid)
        assert minlex(moved, rules=rules) == result.text()
    # the standard form may be smaller: G is larger than the diagonal group
    assert minlex(grid) <= result.text()


def test_package_exports() -> None:
    assert canon.minlex(COACH_PUZZLE) == COACH_MINLEX
    assert canon.minlex_result(parse_line(COACH_PUZZLE)).text() == COACH_MINLEX
    firsts = list(canon.dedup([parse_line(COACH_PUZZLE), parse_line(COACH_MINLEX)]))
    assert [index for index, _grid in firsts] == [0]


def test_full_grid_breaking_the_rules_takes_the_general_search() -> None:
    """The grid search assumes a valid grid; a full grid with clashing digits is minlexed all the same."""
    values = list(cells(CATALOGUE_GRIDS[2]))
    values[0], values[1] = values[1], values[0]  # two digits twice in their columns
    clashing = tuple(values)
    form, count = brute_minlex(clashing)
    result = minlex_result(clashing)
    assert (result.form, result.automorphisms) == (form, count)
    assert minlex(clashing) == result.text()
