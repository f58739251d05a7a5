"""Tests of the exact solver: unique, unsolvable and multi-solution puzzles."""

from __future__ import annotations

import pytest

from puzzles.errors import InputError
from puzzles.geometry import UNITS
from puzzles.solver import SolveResult, _count_by_bands, analyse, count_solutions, initial_state, solve
from tests.conftest import read_puzzles

EMPTY = (0,) * 81
THREE_SOLUTIONS = "000000089406009200000630000000000050000004000001720030010000008075000000032070060"
MANY_127 = "000000003007000009063007000000026800400000000000009200000240010180000040070100060"
# No digit repeats in a unit, but 1 has no place in box TL: rows 2 and 3 are
# blocked by the 1s in boxes TM and TR, columns 1 and 2 by those in ML and BL,
# and (1:3) holds a 2.
NO_PLACE_FOR_1 = "002000000" "000100000" "000000100" "100000000" + "0" * 18 + "010000000" + "0" * 18


def grid(text: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch in "123456789" else 0 for ch in text.strip())


def sample(name: str, n: int = 50) -> list[tuple[int, ...]]:
    return [grid(line) for line in read_puzzles(name, n)]


def assert_valid_solution(puzzle: tuple[int, ...], solution: tuple[int, ...] | None) -> None:
    assert solution is not None and len(solution) == 81
    for unit in UNITS:
        assert sorted(solution[c] for c in unit) == list(range(1, 10))
    assert all(g in (0, s) for g, s in zip(puzzle, solution))


@pytest.mark.parametrize("name", ["17clue_every491.txt", "top95.txt"])
def test_known_unique_puzzles(name: str) -> None:
    for puzzle in sample(name):
        result = analyse(puzzle)
        assert result.count == 1 and result.unique
        assert_valid_solution(puzzle, result.solution)
        assert solve(puzzle) == result.solution
        assert count_solutions(puzzle) == 1
        assert count_solutions(puzzle, None) == 1


def test_solved_grid_is_its_own_solution() -> None:
    puzzle = sample("top95.txt", 1)[0]
    solution = solve(puzzle)
    assert solution is not None
    assert analyse(solution) == SolveResult(1, solution, 0)


@pytest.mark.parametrize(
    "text",
    [
        "11" + "0" * 79,  # same digit twice in a row
        "5" + "0" * 8 + "5" + "0" * 71,  # twice in a column
        "7" + "0" * 9 + "7" + "0" * 70,  # twice in a box
        NO_PLACE_FOR_1,
    ],
)
def test_no_solution(text: str) -> None:
    puzzle = grid(text)
    assert count_solutions(puzzle) == 0
    assert count_solutions(puzzle, None) == 0
    assert solve(puzzle) is None
    result = analyse(puzzle)
    assert result.count == 0 and result.solution is None and not result.unique


def test_unsolvable_without_direct_conflict() -> None:
    # No digit repeats in a unit, yet (1:9) sees 1..8 in its row and 9 in its
    # column: it has no candidate.
    puzzle = grid("12345678" + "0" * 8 + "9" + "0" * 64)
    assert count_solutions(puzzle) == 0


def test_multiple_solutions() -> None:
    assert count_solutions(EMPTY) == 2
    assert count_solutions(grid(THREE_SOLUTIONS), None) == 3
    assert count_solutions(grid(THREE_SOLUTIONS), 10) == 3
    assert count_solutions(grid(MANY_127), None) == 127
    assert analyse(grid(MANY_127), None).count == 127
    result = analyse(grid(THREE_SOLUTIONS))
    assert result.count == 2 and not result.unique
    assert_valid_solution(grid(THREE_SOLUTIONS), result.solution)


@pytest.mark.parametrize("limit", [1, 2, 5, 50, 126, 127, 128])
def test_limit_caps_the_count(limit: int) -> None:
    assert count_solutions(grid(MANY_127), limit) == min(limit, 127)
    assert count_solutions(EMPTY, limit) == limit


def test_bad_input() -> None:
    with pytest.raises(InputError):
        count_solutions((0,) * 80)
    with pytest.raises(InputError):
        count_solutions((10,) + (0,) * 80)
    with pytest.raises(InputError):
        count_solutions(EMPTY, 0)
    with pytest.raises(InputError):
        count_solutions("abc")


@pytest.mark.parametrize("blank", [None, 17, 19])
def test_band_join_matches_enumeration(blank: int | None) -> None:
    # MANY_127 with one given removed: 1067 and 4862 solutions, past the
    # threshold where count_solutions(limit=None) switches to the band join.
    text = MANY_127 if blank is None else MANY_127[:blank] + "0" + MANY_127[blank + 1 :]
    puzzle = grid(text)
    state = initial_state(puzzle)
    assert state is not None
    enumerated = analyse(puzzle, None).count
    assert _count_by_bands(*state) == enumerated == count_solutions(puzzle, None)
    assert enumerated == {None: 127, 17: 1067, 19: 4862}[blank]
