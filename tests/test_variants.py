"""Sudoku variants: the rules' tables, the exact solver under them, and the seed's examples 69-85.

The examples (tests/data/examples.csv, from the original program's documentation)
state solution relations between readings of one string: the same solution as a
standard, diagonal, colour and colour-diagonal Sudoku, or unique in some readings
only.  Example 73 is unique in the three variants and has 30,619 solutions as a
standard Sudoku.
"""

from __future__ import annotations

import csv
import json

import pytest
from click.testing import CliRunner

from puzzles import geometry
from puzzles.parsing import parse_puzzle
from puzzles.rules import (
    COLOUR_DIAGONAL_RULES,
    COLOUR_RULES,
    DIAGONAL_RULES,
    STANDARD,
    VARIANTS,
    RulesError,
    item_rules,
    parse_rules,
    unit_name,
)
from puzzles.solver import analyse, count_solutions, has_solution_avoiding
from rater.cli import main as rate_main
from rater.run.engine import Engine
from tests.conftest import FIXTURES

EXAMPLES = {int(row["id"]): row for row in csv.DictReader((FIXTURES / "examples.csv").open(encoding="utf-8"))}
READINGS = {"std": STANDARD, "diag": DIAGONAL_RULES, "farb": COLOUR_RULES, "farbdiag": COLOUR_DIAGONAL_RULES}


def solution(example: int, reading: str) -> tuple[int, ...] | None:
    """The unique solution of an example in one reading, None if it has none or several."""
    result = analyse(parse_puzzle(EXAMPLES[example]["puzzle"]), limit=2, rules=READINGS[reading])
    return result.solution if result.count == 1 else None


# --- the rules as data ---------------------------------------------------------------------------


def test_standard_rules_are_the_geometry_tables() -> None:
    assert STANDARD.unit_ids == tuple(range(27)) and STANDARD.standard
    assert STANDARD.peer_mask == geometry.PEER_MASK and STANDARD.cell_units == geometry.CELL_UNITS
    assert STANDARD.scan_units == geometry.UNITS and STANDARD.scan_unit_mask == geometry.UNIT_MASK


def test_extra_units_and_peers() -> None:
    assert DIAGONAL_RULES.units[27] == tuple(range(0, 81, 10)) and DIAGONAL_RULES.units[28] == tuple(range(8, 73, 8))
    assert COLOUR_RULES.units[29] == (0, 3, 6, 27, 30, 33, 54, 57, 60) and COLOUR_RULES.units[27] == ()
    assert COLOUR_DIAGONAL_RULES.unit_ids[27:] == (27, 28) + tuple(range(29, 38))
    # the centre lies on both diagonals: 20 + 2 x 6 more peers; a colour group adds 4 outside the cell's row/column
    assert len(DIAGONAL_RULES.peers[40]) == 32 and len(COLOUR_RULES.peers[40]) == 24
    for rules in VARIANTS:
        assert all(len(rules.units[u]) == 9 for u in rules.unit_ids)
        assert all(c not in rules.peers[c] and all(c in rules.peers[p] for p in rules.peers[c]) for c in range(81))
    assert unit_name(27) == "main diagonal" and unit_name(30) == "colour group 2" and unit_name(18) == "Box 1#1 (TL)"


@pytest.mark.parametrize(("text", "name"), [
    ("standard", "standard"), ("std", "standard"), ("diag", "diagonal"), ("Diagonal", "diagonal"),
    ("colour", "colour"), ("color", "colour"), ("farb", "colour"), ("colourdiag", "colour-diagonal"),
    ("farbdiag", "colour-diagonal"), ("color-diagonal", "colour-diagonal"),
])
def test_parse_rules_spellings(text: str, name: str) -> None:
    assert parse_rules(text).name == name


def test_unknown_rules_is_one_line_listing_the_choices() -> None:
    with pytest.raises(RulesError) as info:
        parse_rules("killer")
    message = str(info.value)
    assert "\n" not in message and "standard|diagonal|colour|colour-diagonal" in message


def test_rules_in_a_comment() -> None:
    assert item_rules("diag", STANDARD) is DIAGONAL_RULES
    assert item_rules("farb from the seed", STANDARD) is COLOUR_RULES
    assert item_rules("a note", COLOUR_RULES) is COLOUR_RULES and item_rules("", STANDARD) is STANDARD


# --- the exact solver under rules -----------------------------------------------------------------


def test_variant_solutions_satisfy_every_unit() -> None:
    grid = parse_puzzle(EXAMPLES[73]["puzzle"])
    for rules in VARIANTS[1:]:
        found = analyse(grid, limit=2, rules=rules)
        assert found.count == 1 and found.solution is not None
        assert all(sorted(found.solution[c] for c in rules.units[u]) == list(range(1, 10)) for u in rules.unit_ids)


def test_example_69_to_72_one_solution_in_all_four_readings() -> None:
    first = solution(69, "std")
    assert first is not None
    assert all(solution(example, reading) == first for example in range(69, 73) for reading in READINGS)


def test_example_73_unique_in_the_variants_30619_as_standard() -> None:
    diag = solution(73, "diag")
    assert diag is not None and solution(73, "farb") == diag and solution(73, "farbdiag") == diag
    assert count_solutions(parse_puzzle(EXAMPLES[73]["puzzle"]), None) == 30_619


def test_examples_76_to_81_solution_relations() -> None:
    assert solution(76, "std") is not None and solution(76, "std") == solution(77, "diag")
    assert solution(78, "std") is not None and solution(78, "std") == solution(79, "farb")
    assert solution(80, "diag") is not None and solution(80, "diag") == solution(81, "farbdiag")
    assert solution(80, "std") is None  # several solutions as a standard Sudoku


def test_examples_82_to_85_differ_between_diagonal_and_colour() -> None:
    """The text: unique as diagonal and as colour Sudoku, with different solutions."""
    for example in (82, 83, 84):
        diag, colour = solution(example, "diag"), solution(example, "farb")
        assert diag is not None and colour is not None and diag != colour


def test_count_by_search_under_rules_agrees_with_the_band_join() -> None:
    """Variants count by search; on standard rules the two methods must agree."""
    grid = list(parse_puzzle(EXAMPLES[73]["puzzle"]))
    for cell in (1, 7, 8):
        grid[cell] = 0
    assert count_solutions(grid, None, rules=DIAGONAL_RULES) == analyse(grid, None, rules=DIAGONAL_RULES).count
    assert count_solutions(grid, 5, rules=COLOUR_RULES) == min(5, analyse(grid, None, rules=COLOUR_RULES).count)


def test_has_solution_avoiding_under_rules() -> None:
    grid = list(parse_puzzle(EXAMPLES[73]["puzzle"]))
    diag = solution(73, "diag")
    assert diag is not None
    cell = next(c for c in range(81) if grid[c])
    digit = grid[cell]
    grid[cell] = 0
    unique_without = analyse(grid, 2, rules=DIAGONAL_RULES).count == 1
    assert has_solution_avoiding(grid, cell, digit, rules=DIAGONAL_RULES) is not unique_without


# --- the rater under rules ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def engine() -> Engine:
    return Engine("2001")


@pytest.mark.parametrize("example", range(69, 86))
def test_examples_rate_soundly_in_their_variant(engine: Engine, example: int) -> None:
    row = EXAMPLES[example]
    rating = engine.rate(row["puzzle"], rules=READINGS[row["variant"]], verify=True)
    assert rating.status == "solved" and rating.final_grid == rating.solution
    assert rating.rules == READINGS[row["variant"]].name


def test_stated_point_relations_of_82_to_85(engine: Engine) -> None:
    """The text: 105 (diagonal) against 1,251 (colour); 637 (diagonal) against 166 (colour)."""
    points = {e: engine.rate(EXAMPLES[e]["puzzle"], rules=READINGS[EXAMPLES[e]["variant"]]).points
              for e in range(82, 86)}
    assert points[82] < points[83] and points[84] > points[85]


def test_hidden_singles_use_the_diagonals(engine: Engine) -> None:
    rating = engine.rate(EXAMPLES[73]["puzzle"], rules=DIAGONAL_RULES)
    units = {int(s.detail["unit"]) for s in rating.steps if s.code in ("A3", "E3")}
    assert units & {27, 28}


def test_uniqueness_techniques_are_off_under_variants(engine: Engine) -> None:
    rating = engine.rate(EXAMPLES[84]["puzzle"], rules=DIAGONAL_RULES)
    assert not rating.uniqueness_techniques
    uniqueness = {e.code for e in engine.catalogue if e.technique.needs_uniqueness}
    assert uniqueness and not uniqueness & {s.code for s in rating.steps}


def test_naked_single_counts_what_the_variant_makes_visible() -> None:
    from techniques.base import Context
    from techniques.board import Board
    from techniques.direct import NakedSingle

    grid = list(parse_puzzle(EXAMPLES[70]["puzzle"]))
    for rules in (STANDARD, DIAGONAL_RULES):
        board = Board.from_grid(grid, rules)
        for step in NakedSingle().find(board, Context()):
            cell = step.placements[0][0]
            assert step.detail["visible"] == (~board.empty & rules.peer_mask[cell]).bit_count()


# --- the command line ----------------------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(rate_main, list(args))


def test_rate_refuses_example_73_as_standard_with_exit_3() -> None:
    result = run(EXAMPLES[73]["puzzle"], "--no-walk")
    assert result.exit_code == 3
    assert run(EXAMPLES[73]["puzzle"], "--rules", "diag", "--no-walk").exit_code == 0


def test_count_prints_all_solutions() -> None:
    result = run(EXAMPLES[73]["puzzle"], "--count", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert set(data) == {"puzzle", "rules", "solutions", "exact", "limit", "seconds"}
    assert data["solutions"] == 30_619 and data["rules"] == "standard" and data["exact"] is True
    result = run(EXAMPLES[73]["puzzle"], "--count", "--rules", "farbdiag")
    assert result.exit_code == 0 and result.output.startswith("1 solution (colour-diagonal")


def test_json_carries_the_rules_and_bad_rules_exit_2() -> None:
    data = json.loads(run(EXAMPLES[85]["puzzle"], "--rules", "farb", "--json").output)
    assert data["rules"] == "colour" and data["status"] == "solved"
    result = run(EXAMPLES[85]["puzzle"], "--rules", "sudokux")
    assert result.exit_code == 2 and "standard|diagonal|colour|colour-diagonal" in result.output


def test_bulk_lines_name_their_rules(tmp_path) -> None:
    puzzle = EXAMPLES[73]["puzzle"]
    source = tmp_path / "mixed.txt"
    source.write_text(f"{puzzle} # diag\n{puzzle} farb\n{puzzle}\n", encoding="utf-8")
    result = run("--file", str(source), "--format", "jsonl", "-j", "1", "-q", "--rules", "colourdiag")
    records = [json.loads(line) for line in result.output.splitlines()]
    assert [r["rules"] for r in records] == ["diagonal", "colour", "colour-diagonal"]
    assert all(r["status"] == "solved" for r in records) and result.exit_code == 0


def test_symmetric_copies_stay_in_the_variant_group() -> None:
    result = run(EXAMPLES[73]["puzzle"], "--rules", "diag", "--copies", "4", "--json")
    assert result.exit_code == 0
    copies = json.loads(result.output)["variants"]["variants"]
    assert len(copies) == 4 and all(c["status"] == "solved" for c in copies)


def test_reduce_is_standard_only() -> None:
    result = run(EXAMPLES[73]["puzzle"], "--rules", "diag", "--reduce")
    assert result.exit_code == 2 and "standard" in result.output


def test_candidate_line_is_put_under_the_rules(engine: Engine) -> None:
    """A 729-character state read without rules loses what its digits exclude under the variant."""
    from techniques.board import Board

    start = Board.from_grid(parse_puzzle(EXAMPLES[73]["puzzle"]))
    assert start.rules is STANDARD
    for option in ("2001", "2000"):
        rating = Engine(option).rate(EXAMPLES[73]["puzzle"], start=start, rules=DIAGONAL_RULES, verify=True)
        assert rating.status == "solved" and rating.solution == solution(73, "diag")


def test_resume_refuses_other_rules(tmp_path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(EXAMPLES[73]["puzzle"] + "\n", encoding="utf-8")
    output = tmp_path / "out.csv"
    assert run("--file", str(source), "--output", str(output), "-q", "-j", "1", "--rules", "diag").exit_code == 0
    result = run("--file", str(source), "--output", str(output), "-q", "-j", "1", "--rules", "colour", "--resume")
    assert result.exit_code == 2 and "--rules" in result.output
