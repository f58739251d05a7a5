"""Puzzle text: accepted forms and one-line errors that name the problem."""

import pytest

from puzzles.geometry import BOXES, PEERS, UNITS, box_name, cell_name, unit_name
from puzzles.parsing import PuzzleError, format_grid, format_line, parse_puzzle

PUZZLE = "800000003009000000040706090005904100000000000003002700090108070002000400700000005"


def test_geometry_tables():
    assert all(len(p) == 20 for p in PEERS)
    assert len(UNITS) == 27 and all(len(u) == 9 for u in UNITS)
    assert BOXES[4] == (30, 31, 32, 39, 40, 41, 48, 49, 50)
    assert cell_name(0) == "(1:1)" and cell_name(80) == "(9:9)"
    assert box_name(7) == "Box 3#2 (BM)" and unit_name(11) == "column 3" and unit_name(20) == "Box 1#3 (TR)"


def test_81_chars_any_non_digit_is_empty():
    grid = parse_puzzle(PUZZLE.replace("0", "."))
    assert grid == parse_puzzle(PUZZLE) == parse_puzzle(PUZZLE.replace("0", "x"))
    assert format_line(grid, "0") == PUZZLE


def test_grid_with_frames_round_trips():
    grid = parse_puzzle(PUZZLE)
    assert parse_puzzle(format_grid(grid)) == grid
    plain = "\n".join(PUZZLE[i : i + 9] for i in range(0, 81, 9))
    assert parse_puzzle(plain) == grid


@pytest.mark.parametrize(
    ("text", "kind", "fragment"),
    [
        (PUZZLE[:80], "length", "got 80 characters"),
        (PUZZLE + "1", "length", "got 82"),
        ("88" + "0" * 79, "duplicate", "digit 8 appears twice in row 1: (1:1) and (1:2)"),
        ("8" + "0" * 8 + "8" + "0" * 71, "duplicate", "digit 8 appears twice in column 1: (1:1) and (2:1)"),
        ("8" + "0" * 9 + "8" + "0" * 70, "duplicate", "digit 8 appears twice in Box 1#1 (TL): (1:1) and (2:2)"),
        ("123\n456\n789", "grid", "grid row 1 has 3 cells"),
        ("\n".join(["123456789"] * 8), "grid", "needs 9 rows"),
        (PUZZLE[:40] + "\x07" + PUZZLE[41:], "character", "illegal character"),
    ],
)
def test_errors_are_one_clear_line(text, kind, fragment):
    with pytest.raises(PuzzleError) as info:
        parse_puzzle(text)
    assert info.value.kind == kind
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)
