"""Puzzles on a fixed pattern of givens, and the seed a run draws when none is given.

Every puzzle is checked from scratch: its solution count by the exact
solver, its givens' cells against the pattern.  The patterns come from known
puzzles of tests/data with 23-26 givens.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result

from canon.pattern_symmetry import parse_symmetry
from puzzles.geometry import Grid
from puzzles.parsing import format_line, parse_puzzle
from puzzles.solver import analyse
from rater import generate
from rater.generation import generator, pattern
from rater.generation.cli import main as generate_main
from rater.generation.generator import GenerateError
from rater.generation.pattern import PatternError, pattern_text, read_pattern
from tests.conftest import read_puzzles


def run(args: list[str], main: click.Command = generate_main) -> Result:
    return CliRunner().invoke(main, args, catch_exceptions=False)


def known_puzzle(low: int = 23, high: int = 26) -> str:
    """The first puzzle of sample1000 with ``low``..``high`` givens."""
    return next(p for p in read_puzzles("sample1000_every3.txt")
                if low <= sum(c not in ".0" for c in p) <= high)


def cells_of(puzzle: str) -> tuple[int, ...]:
    return tuple(cell for cell, digit in enumerate(parse_puzzle(puzzle)) if digit)


def assert_on_pattern(puzzle: Grid, cells: tuple[int, ...]) -> None:
    assert cells_of(format_line(puzzle)) == cells, f"{format_line(puzzle)} has givens off the pattern"
    assert analyse(puzzle, limit=2).count == 1, f"{format_line(puzzle)} is not unique"


def test_the_api_gives_unique_puzzles_exactly_on_a_known_puzzles_pattern() -> None:
    known = known_puzzle()
    cells = cells_of(known)
    ratings = list(generate(3, pattern=known, seed=1))
    assert len({r.puzzle for r in ratings}) == 3
    for rating in ratings:
        assert_on_pattern(rating.puzzle, cells)
        assert rating.status == "solved" and rating.seed == 1
    assert [r.puzzle for r in generate(3, pattern=cells, seed=1)] == [r.puzzle for r in ratings]


def test_the_command_takes_a_pattern_file_with_conditions(tmp_path: Path) -> None:
    cells = cells_of(known_puzzle())
    (tmp_path / "pattern.txt").write_text(pattern_text(cells).replace(".", "0") + "  a comment\n")
    out = tmp_path / "p.jsonl"
    result = run(["-q", "-n", "2", "--pattern", str(tmp_path / "pattern.txt"), "--points", "..60", "--format",
                  "jsonl", "--seed", "7", "--output", str(out)])
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 2
    for record in records:
        assert_on_pattern(parse_puzzle(record["puzzle"]), cells)
        assert record["points"] <= 60 and record["seed"] == 7
    stored = json.loads((tmp_path / "p.jsonl.run.json").read_text())
    assert stored["input"]["pattern"] == pattern_text(cells)


def test_a_symmetric_pattern_gives_symmetric_puzzles() -> None:
    central = parse_symmetry("central")
    known = next(p for p in read_puzzles("sample1000_every3.txt")
                 if all(len({bool(p[c] not in ".0") for c in orbit}) == 1 for orbit in central.orbits)
                 and sum(c not in ".0" for c in p) <= 30)
    for rating in generate(2, pattern=known, symmetry="central", seed=2):
        assert_on_pattern(rating.puzzle, cells_of(known))
        assert all(len({rating.puzzle[c] == 0 for c in orbit}) == 1 for orbit in central.orbits)


def test_the_pattern_is_recorded_and_a_resume_on_another_is_refused(tmp_path: Path) -> None:
    known = known_puzzle()
    out = tmp_path / "p.csv"
    assert run(["-q", "-n", "1", "--pattern", known, "--seed", "3", "--output", str(out)]).exit_code == 0
    other = known_puzzle(24, 26) if cells_of(known_puzzle(24, 26)) != cells_of(known) else known_puzzle(25, 26)
    refused = run(["-q", "-n", "2", "--pattern", other, "--seed", "3", "--output", str(out), "--resume"])
    assert refused.exit_code == 2 and "pattern" in refused.output and refused.output.count("\n") == 1
    resumed = run(["-q", "-n", "2", "--pattern", known, "--seed", "3", "--output", str(out), "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert len(out.read_text().splitlines()) == 3


@pytest.mark.parametrize(("text", "message"), [
    ("x" * 16 + "." * 65, "16 givens"),
    ("x" * 80, "81 characters"),
    ("x" * 30 + "y" + "." * 50, "'y'"),
    ("." * 18 + "x" * 63, "rows 1 and 2"),
    ("".join(".x"[c % 9 != 4 and c % 9 != 5] for c in range(81)), "columns 5 and 6"),
])
def test_a_pattern_without_unique_puzzles_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(PatternError, match=re.escape(message)):
        list(generate(1, pattern=text, seed=0))
    result = run(["-q", "--pattern", text])
    assert result.exit_code == 2 and result.output.startswith("generate: error: ")
    assert result.output.count("\n") == 1 and message in result.output


def test_a_pattern_off_the_symmetry_or_the_clue_range_is_refused() -> None:
    known = known_puzzle()
    with pytest.raises(PatternError, match="not rotation-symmetric"):
        list(generate(1, pattern=known, symmetry="rotation", seed=0))
    with pytest.raises(PatternError, match="outside --clues 27..30"):
        list(generate(1, pattern=known, clues=(27, 30), seed=0))


def test_a_pattern_whose_first_attempts_find_no_unique_puzzle_is_given_up(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pattern, "START_STEPS", 0)
    monkeypatch.setattr(generator, "GIVE_UP_AFTER", 3)
    with pytest.raises(GenerateError, match="first 3 attempts"):
        list(generate(1, pattern=known_puzzle(), seed=0))
    result = run(["-q", "--pattern", known_puzzle(), "--seed", "0"])
    assert result.exit_code == 2 and result.output.startswith("generate: error: no unique puzzle found on the pattern")


def test_read_pattern_takes_digits_x_and_a_grid_file(tmp_path: Path) -> None:
    known = known_puzzle()
    assert read_pattern(known) == cells_of(known) == read_pattern(pattern_text(cells_of(known)))
    grid = tmp_path / "grid.txt"
    grid.write_text("\n".join(" ".join(known[row * 9:row * 9 + 9]) for row in range(9)) + "\n")
    assert read_pattern(str(grid)) == cells_of(known)


# --- the seed -------------------------------------------------------------------------


def seed_line(result: Result) -> int:
    found = re.fullmatch(r"generate: seed (\d+)", result.stderr.splitlines()[0])
    assert found, result.stderr
    return int(found.group(1))


def test_runs_without_a_seed_differ_and_the_recorded_seed_reproduces_one() -> None:
    args = ["-n", "2", "--format", "jsonl", "--ascii"]
    first, second = run(args), run(args)
    assert first.exit_code == second.exit_code == 0
    seeds = seed_line(first), seed_line(second)
    assert seeds[0] != seeds[1] and first.stdout != second.stdout
    records = [json.loads(line) for line in first.stdout.splitlines()]
    assert {r["seed"] for r in records} == {seeds[0]}
    again = run(["-q", *args, "--seed", str(records[0]["seed"])])
    assert [json.loads(line)["puzzle"] for line in again.stdout.splitlines()] == [r["puzzle"] for r in records]
    assert again.stderr == ""


def test_the_api_draws_a_seed_and_its_ratings_carry_it() -> None:
    drawn = list(generate(2))
    seed = drawn[0].seed
    assert isinstance(seed, int) and {r.seed for r in drawn} == {seed}
    assert drawn[0].to_record()["seed"] == seed
    assert [r.puzzle for r in generate(2, seed=seed)] == [r.puzzle for r in drawn]


def test_a_resume_without_seed_continues_with_the_run_files_seed(tmp_path: Path) -> None:
    out = tmp_path / "p.csv"
    assert run(["-q", "-n", "1", "--output", str(out)]).exit_code == 0
    seed = json.loads((tmp_path / "p.csv.run.json").read_text())["input"]["seed"]
    assert run(["-q", "-n", "2", "--output", str(out), "--resume"]).exit_code == 0
    straight = run(["-q", "-n", "2", "--seed", str(seed)])
    rows = [line.split(",") for line in out.read_text().splitlines()]
    assert rows[0][-1] == "seed" and [row[-1] for row in rows[1:]] == [str(seed)] * 2
    assert [row[1] for row in rows] == [line.split(",")[1] for line in straight.stdout.splitlines()]
