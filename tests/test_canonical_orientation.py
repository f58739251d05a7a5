"""The half-synchronous mode (option 2000) rates every symmetric copy of a puzzle alike.

It rates the canonical form and maps the steps back onto the user's grid
(:mod:`rater.run.orientation`); these tests check both halves on hard puzzles
(``tests/data/hard_symmetry.txt``): the same total and the same (code, points)
multiset for random copies, and mapped steps that replay correctly on the
copy the user gave.
"""

from __future__ import annotations

import io
import random
from collections import Counter

import pytest
from rich.console import Console

from canon.group import Transformation, random_transformation
from puzzles.parsing import format_line, parse_puzzle
from rater.result import Rating
from rater.run.engine import Engine
from rater.views.report import text_report
from rater.views.walkthrough import WalkOptions, Walkthrough
from techniques.base import transposed_code
from techniques.board import Board
from tests.conftest import read_puzzles

PUZZLES = read_puzzles("hard_symmetry.txt")
ENGINE = Engine("2000")


def copies(puzzle: str, k: int, seed: int) -> list[tuple[Transformation, str]]:
    rng = random.Random(seed)
    grid = parse_puzzle(puzzle)
    return [(t, format_line(t.apply(grid))) for t in (random_transformation(rng) for _ in range(k))]


def signature(rating: Rating) -> Counter:
    """(code, points) of every step, a row code and its column twin counted as one."""
    return Counter((min(s.code, transposed_code(s.code)), s.points) for s in rating.steps)


def replays_to_solution(rating: Rating, start: Board | None = None) -> bool:
    """Every placement is the solution's digit, no elimination removes it, and the grid gets solved."""
    solution = rating.solution or ()
    board = start.copy() if start else Board.from_grid(rating.puzzle)
    for step in rating.steps:
        for c, d in step.placements:
            assert solution[c] == d, (step.code, c, d)
            if not board.values[c]:
                board.place(c, d)
        for c, d in step.eliminations:
            assert solution[c] != d, (step.code, c, d)
            board.eliminate(c, d)
    return board.grid() == solution


def test_the_data_file_has_ten_hard_puzzles() -> None:
    assert len(PUZZLES) == 10 and all(len(p) == 81 for p in PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_random_copies_rate_alike_and_replay(puzzle: str) -> None:
    base = ENGINE.rate(puzzle)
    assert base.status == "solved" and replays_to_solution(base)
    for t, copy in copies(puzzle, 3, seed=len(puzzle) + PUZZLES.index(puzzle)):
        rating = ENGINE.rate(copy)
        assert format_line(rating.puzzle) == copy and rating.status == "solved"
        assert rating.points == base.points and signature(rating) == signature(base), str(t)
        assert rating.solution == tuple(t.apply(base.solution or ()))
        assert replays_to_solution(rating)
        assert "[" not in "".join(text_report(rating, ENGINE.catalogue, "de").splitlines()[1:2])  # no error marks


def test_texts_name_the_users_cells() -> None:
    """A hidden single in the user's copy names the user's cell, unit and digit."""
    puzzle = PUZZLES[5]
    t, copy = copies(puzzle, 1, seed=7)[0]
    base, rating = ENGINE.rate(puzzle), ENGINE.rate(copy)
    first = base.steps[0]
    (cell, digit), = first.placements
    moved = [s for s in rating.steps[: len(base.steps)] if s.placements and
             s.placements[0] == (int(t.inverse().cell_sources[cell]), t.digits[digit - 1])]
    assert moved, "the copy places the same digit in the image cell"
    text = text_report(rating, ENGINE.catalogue, "en")
    row, col = divmod(moved[0].placements[0][0], 9)
    assert f"({row + 1}:{col + 1})" in text


def test_the_walkthrough_of_a_copy_ends_in_its_solution() -> None:
    """The walkthrough replays the mapped steps on the copy and shows its solution as the final grid."""
    _t, copy = copies(PUZZLES[6], 1, seed=11)[0]
    rating = ENGINE.rate(copy)
    out = io.StringIO()
    console = Console(file=out, no_color=True, color_system=None, width=200, highlight=False)
    Walkthrough(ENGINE.catalogue, console, WalkOptions("de", False, True)).show(rating)
    text = out.getvalue()
    final = text[text.index("Endstand"):]
    rows = [line for line in final.splitlines() if line.startswith(" ") and line.strip()[:1].isdigit()][1:10]
    digits = ["".join(ch for ch in line[3:] if ch.isdigit()) for line in rows]
    assert "".join(digits) == format_line(rating.solution or ())


def test_a_candidate_start_is_moved_too() -> None:
    """A 729-character start (candidates already written, some removed) rates alike in every copy."""
    puzzle = PUZZLES[0]
    grid = parse_puzzle(puzzle)
    start = Board.from_grid(grid)
    start.pencil = True
    for c in range(81):
        if not grid[c] and start.cands[c].bit_count() > 3:
            start.eliminate(c, start.cands[c].bit_length())  # a state a solver might have reached
            break
    base = ENGINE.rate(puzzle, start=start)
    for t, copy in copies(puzzle, 2, seed=3):
        src = t.cell_sources.tolist()
        moved = Board.from_grid(parse_puzzle(copy))
        moved.pencil = True
        for i, s in enumerate(src):
            for d in range(1, 10):
                if not grid[s] and not start.cands[s] >> (d - 1) & 1:
                    moved.eliminate(i, t.digits[d - 1])
        rating = ENGINE.rate(copy, start=moved)
        assert rating.points == base.points and signature(rating) == signature(base)
        assert replays_to_solution(rating, moved)
