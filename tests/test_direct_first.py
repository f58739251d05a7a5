"""Puzzles are counted only when the direct phase does not solve them (``Engine._rate_direct_first``).

A grid the direct methods fill is the puzzle's only solution, so the exact
solver is not asked; every other puzzle is counted before the rating goes on,
and one without exactly one solution gets its status and no steps, as when it
was counted first.
"""

import pytest

import rater.run.engine as engine_module
from puzzles.parsing import parse_puzzle
from puzzles.rules import STANDARD
from puzzles.solver import analyse
from rater.run.engine import Engine, _is_solution, default_catalogue
from tests.conftest import read_puzzles

#: The first 17-clue puzzle of the fixture is solved by the direct methods alone.
DIRECT = read_puzzles("17clue_every491.txt", 1, 1)[0]
HARD = read_puzzles("top1465_every24.txt", 1, 1)[0]


@pytest.fixture()
def counted(monkeypatch):
    calls = []

    def counting(*args, **kwargs):
        calls.append(args[0])
        return analyse(*args, **kwargs)

    monkeypatch.setattr(engine_module, "analyse", counting)
    return calls


def test_a_puzzle_the_direct_phase_solves_is_not_counted(counted):
    rating = Engine("2001").rate(DIRECT)
    assert rating.status == "solved"
    assert all(s.code[0] in "ABCD" for s in rating.steps)
    assert counted == []
    assert rating.solution == analyse(parse_puzzle(DIRECT)).solution


def test_a_puzzle_that_needs_candidates_is_counted_once(counted):
    rating = Engine("2001").rate(HARD)
    assert rating.status == "solved"
    assert len(counted) == 1
    assert rating.solution == rating.final_grid


def _steps(rating):
    return [(s.code, s.points, s.placements, s.eliminations) for s in rating.steps]


@pytest.mark.parametrize("option", ["2001", "2000", "2002", "0001"])
def test_ratings_equal_those_of_a_counted_start(option):
    """``verify`` counts first (it needs the solution); its steps are the same."""
    engine = Engine(option)
    for puzzle in read_puzzles("17clue_every491.txt", 12, 3) + [HARD]:
        lazy, counted_first = engine.rate(puzzle), engine.rate(puzzle, verify=True)
        assert _steps(lazy) == _steps(counted_first)
        assert (lazy.status, lazy.solution, lazy.points, lazy.level) == \
               (counted_first.status, counted_first.solution, counted_first.points, counted_first.level)


def _two_solution_puzzle() -> str:
    """A solution grid with the four cells of a swappable rectangle and three other cells emptied.

    The three other cells are singles the direct phase places before it is stuck.
    """
    grid = list(analyse(parse_puzzle(DIRECT)).solution)
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            if r1 // 3 != r2 // 3:
                continue
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    a, b = grid[9 * r1 + c1], grid[9 * r1 + c2]
                    if c1 // 3 != c2 // 3 and grid[9 * r2 + c1] == b and grid[9 * r2 + c2] == a:
                        corners = {9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2}
                        others = [c for c in range(72, 81) if c not in corners and c % 9 not in (c1, c2)][:3]
                        return "".join("." if i in corners or i in others else str(d) for i, d in enumerate(grid))
    raise AssertionError("no swappable rectangle")


def test_several_solutions_give_that_status_and_no_steps(counted):
    for puzzle in ("." * 81, _two_solution_puzzle()):
        rating = Engine("2001").rate(puzzle)
        assert rating.status == "multiple_solutions"
        assert rating.steps == [] and rating.solution is None and rating.level is None
        assert rating.message.startswith("the puzzle has more than one solution")
    assert len(counted) == 2


def test_no_solution_shown_by_a_dead_cell_gives_that_status_and_no_steps():
    # Row 1 holds 1-8 and r2c9 a 9: r1c9 has no digit left.
    puzzle = "12345678." + "........9" + "." * 63
    rating = Engine("2001").rate(puzzle)
    assert rating.status == "no_solution"
    assert rating.steps == [] and rating.message == "the puzzle has no solution"


def test_a_filled_grid_is_a_solution_only_with_every_digit_once_per_unit():
    """A grid the direct phase filled is taken as the solution only then (else the puzzle is counted)."""
    solution = list(analyse(parse_puzzle(DIRECT)).solution)
    assert _is_solution(solution, STANDARD)
    solution[0], solution[1] = solution[1], solution[0]
    assert not _is_solution(solution, STANDARD)


def test_without_the_candidate_step_the_ratings_equal_those_of_a_counted_start():
    """With PM disabled the direct phase ends by switching to candidates: that round is not applied."""
    engine = Engine("2001", catalogue=default_catalogue().without(["PM"]))
    for puzzle in (HARD, DIRECT):
        lazy, counted_first = engine.rate(puzzle), engine.rate(puzzle, verify=True)
        assert _steps(lazy) == _steps(counted_first)
        assert lazy.status == counted_first.status == "solved"
