"""``rate --count`` stops at ``--count-limit`` and says "at least N"; the solver's count takes the same limit."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from puzzles import solver
from puzzles.parsing import parse_line
from puzzles.solver import count_solutions
from rater.cli import main
from rater.run.count import DEFAULT_LIMIT

EMPTY = "." * 81
MANY_127 = "000000003007000009063007000000026800400000000000009200000240010180000040070100060"
#: top95's first puzzle cut to its first 10 givens: far too many solutions to count.
SPARSE = "4.....8.5.3..........7......2.....6.....8.4......1..............................."


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("puzzle", [EMPTY, SPARSE])
def test_a_count_over_the_limit_is_at_least_the_limit(puzzle: str) -> None:
    result = run(puzzle, "--count", "--count-limit", "2000", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["solutions"] == 2000 and data["exact"] is False and data["limit"] == 2000
    text = run(puzzle, "--count", "--count-limit", "2000")
    assert text.exit_code == 0 and text.stdout.startswith("at least 2,000 solutions (standard")


def test_a_count_under_the_limit_is_exact() -> None:
    data = json.loads(run(MANY_127, "--count", "--json").stdout)
    assert data["solutions"] == 127 and data["exact"] is True and data["limit"] == DEFAULT_LIMIT
    assert run(MANY_127, "--count").stdout.startswith("127 solutions (standard, counted in")


def test_count_limit_needs_count_and_a_positive_number() -> None:
    for args in (["--count-limit", "10"], ["--count", "--count-limit", "0"], ["--count", "--count-limit", "x"]):
        result = run(MANY_127, *args)
        assert result.exit_code == 2 and result.stderr.startswith("rate: error: ")


def test_the_solver_counts_to_the_limit_and_reports_progress() -> None:
    seen: list[int] = []
    assert count_solutions(parse_line(EMPTY), 3 * solver.PROGRESS_EVERY, progress=seen.append) \
        == 3 * solver.PROGRESS_EVERY
    assert seen == [solver.PROGRESS_EVERY, 2 * solver.PROGRESS_EVERY]
    assert count_solutions(parse_line(MANY_127), 100) == 100


def test_a_band_join_over_its_budget_falls_back_to_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Above BAND_JOIN_FROM the band join runs first; past its budget the search counts to the limit."""
    grid = parse_line(MANY_127)
    monkeypatch.setattr(solver, "_FEW", 50)
    monkeypatch.setattr(solver, "BAND_JOIN_FROM", 60)
    monkeypatch.setattr(solver, "BAND_BUDGET", 10**6)
    assert count_solutions(grid, 1000) == 127 and count_solutions(grid, 100) == 100
    joined: list[int | None] = []
    real = solver._count_by_bands
    monkeypatch.setattr(solver, "_count_by_bands", lambda *a, **k: joined.append(real(*a, **k)) or joined[-1])
    monkeypatch.setattr(solver, "BAND_BUDGET", 5)
    assert count_solutions(grid, 1000) == 127 and count_solutions(grid, 120) == 120
    assert joined == [None, None]  # both counts gave the band join up and searched
