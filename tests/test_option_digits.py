"""Option digits 2 and 3 change what is printed, never the rating.

Digit 2 prints the alternatives of each position (1: thinning steps found but
not applied; 2: also other methods for the cells placed; 3: every placement at
the round's least points; 4: every placement found); digit 3 = 1 lists the
candidates each thinning step eliminates.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rater.cli import main
from rater.run.engine import Engine
from tests.conftest import read_puzzles

PUZZLES = read_puzzles("top1465_every24.txt", count=3) + read_puzzles("sudoku_exchange_mixed_every25.txt", count=2)


def _trace(option: str, puzzle: str) -> list[tuple[str, float, tuple, tuple]]:
    return [(s.code, s.points, s.placements, s.eliminations) for s in Engine(option).rate(puzzle).steps]


@pytest.mark.parametrize("digits", ["11", "20", "31", "41"])
@pytest.mark.parametrize("mode", ["0", "1"])
def test_digits_2_and_3_never_change_the_steps(digits: str, mode: str) -> None:
    for puzzle in PUZZLES:
        assert _trace(f"2{digits}{mode}", puzzle) == _trace(f"200{mode}", puzzle)


def test_detail_levels_print_more_alternatives_as_they_rise() -> None:
    puzzle = PUZZLES[0]
    counts = [sum(map(len, Engine(f"2{level}01").rate(puzzle).alternatives.values())) for level in range(5)]
    assert counts[0] == 0 and counts[1] > 0
    assert counts == sorted(counts)
    placements_only = Engine("2401").rate(puzzle)
    assert any(alt.placements for alts in placements_only.alternatives.values() for alt in alts)


def test_alternatives_are_not_applied_steps() -> None:
    rating = Engine("2101").rate(PUZZLES[0])
    for index, alternatives in rating.alternatives.items():
        assert all(alt is not rating.steps[index] for alt in alternatives)
        assert all(not alt.placements for alt in alternatives)


def test_digit_3_lists_the_eliminated_candidates_and_json_carries_alternatives() -> None:
    runner = CliRunner()
    listed = runner.invoke(main, [PUZZLES[0], "--option", "2011", "--no-walk"])
    plain = runner.invoke(main, [PUZZLES[0], "--option", "2001", "--no-walk"])
    assert "[eliminated: (" in listed.output and "[eliminated:" not in plain.output
    data = json.loads(runner.invoke(main, [PUZZLES[0], "--option", "2101", "--json"]).output)
    with_alternatives = [s for s in data["steps"] if "alternatives" in s]
    assert with_alternatives and {"code", "points", "text"} <= set(with_alternatives[0]["alternatives"][0])
