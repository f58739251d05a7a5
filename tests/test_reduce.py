"""Reduction to minimal puzzles: the core, ``rate --reduce``/``--reduce-all`` and the bulk fields.

Every minimal puzzle the reduction reports is checked here *independently*
of the reduction code, with the plain solution counter: it keeps only givens
of the puzzle, it is unique with the same solution, and taking away any one
of its givens leaves several solutions.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from puzzles.geometry import cell_name
from puzzles.parsing import format_line, parse_line
from puzzles.reduction import (
    STANDARD,
    NotUniqueError,
    UniquenessChecks,
    all_minimal_puzzles,
    count_givens,
    reduce_puzzle,
)
from puzzles.solver import analyse, has_solution_avoiding
from rater.cli import main
from rater.reduction import REDUCE_FIELDS, NecessaryHistogram
from tests.conftest import read_puzzles

#: Examples 1 and 5 of the original's reduction study (the author's page, as listed in the
#: project's example table): 30 and 40 necessary givens, every given necessary.  The second
#: is one of the two known standard puzzles with 40 necessary givens (Mladen Dobrichev).
SEED_30 = "000002030200007500400360071078000005004000100100080090000821600002700004017046300"
SEED_40 = "000000000012034567034506182001058206008600001020007050003705028080060700207083615"
#: 17 givens, 14,297,616 solutions (the original's example of a puzzle that is not a Sudoku).
SEVERAL = "050070090400000008000020000003010800000000000009060100000080000200000009060050000"
NO_SOLUTION = "12345678." + "........9" + "." * 63


#: 40 puzzles of sudoku_exchange_mixed (every 50th line from line 1: 10 each of easy, medium, hard,
#: diabolical) and 6 of 17clue (every 9,820th line); tests/data/README.md names the sources.
EXCHANGE = read_puzzles("sudoku_exchange_mixed_every25.txt", step=2)
SEVENTEEN = read_puzzles("17clue_every491.txt", step=20)


def check_minimal(puzzle: str | tuple[int, ...], minimal: tuple[int, ...]) -> None:
    """The independent check: subset of the givens, same unique solution, every given needed."""
    grid = parse_line(puzzle) if isinstance(puzzle, str) else puzzle
    assert all(d in (0, grid[c]) for c, d in enumerate(minimal)), "not a subset of the givens"
    original = analyse(grid, limit=2)
    reduced = analyse(minimal, limit=2)
    assert reduced.count == 1 and reduced.solution == original.solution
    for cell, digit in enumerate(minimal):
        if digit:
            without = list(minimal)
            without[cell] = 0
            assert analyse(without, limit=2).count == 2, f"the given of cell {cell} is not necessary"


def test_data_files_hold_what_their_names_say():
    assert len(EXCHANGE) == 40 and len(SEVENTEEN) == 6
    assert all(count_givens(parse_line(p)) == 17 for p in SEVENTEEN)


@pytest.mark.parametrize(("puzzle", "givens"), [(SEED_30, 30), (SEED_40, 40)])
def test_seed_examples_have_every_given_necessary(puzzle, givens):
    grid = parse_line(puzzle)
    reduction = reduce_puzzle(grid)
    assert reduction.already_minimal and reduction.reduced == grid
    assert reduction.necessary == givens == reduction.checks
    check_minimal(grid, reduction.reduced)
    found = all_minimal_puzzles(grid)
    assert found.complete and found.puzzles == [grid]


@pytest.mark.parametrize("puzzle", SEVENTEEN)
def test_17_clue_puzzles_are_minimal(puzzle):
    reduction = reduce_puzzle(parse_line(puzzle))
    assert reduction.already_minimal and reduction.necessary == 17


@pytest.mark.parametrize("puzzle", SEVENTEEN[:2])
def test_17_clue_puzzles_are_minimal_by_the_plain_solver(puzzle):
    check_minimal(puzzle, parse_line(puzzle))


@pytest.mark.parametrize("puzzle", EXCHANGE)
def test_exchange_puzzles_reduce_to_minimal_subpuzzles(puzzle):
    reduction = reduce_puzzle(parse_line(puzzle))
    check_minimal(puzzle, reduction.reduced)
    assert reduction.givens - reduction.necessary == len(reduction.removed)
    assert reduction.checks == reduction.givens  # each given tested once


def test_exchange_distribution_is_near_the_seed_figures():
    """The seed: necessary givens 17..31, mean 23.9; 23-25 the most frequent."""
    necessary = [reduce_puzzle(parse_line(p)).necessary for p in EXCHANGE]
    assert 17 <= min(necessary) and max(necessary) <= 31
    assert 22.5 < sum(necessary) / len(necessary) < 25.5


def test_the_default_path_is_first_removable_given_repeatedly():
    """One pass in cell order equals "remove the lowest removable given, start again"."""
    for puzzle in EXCHANGE[::8]:
        current = list(parse_line(puzzle))
        while True:
            for cell, digit in enumerate(current):
                if digit:
                    current[cell] = 0
                    if analyse(current, limit=2).count == 1:
                        break
                    current[cell] = digit
            else:
                break
        assert tuple(current) == reduce_puzzle(parse_line(puzzle)).reduced


def test_other_orders_give_other_minimal_puzzles():
    grid = parse_line(EXCHANGE[0])
    forward = reduce_puzzle(grid)
    backward = reduce_puzzle(grid, order=range(80, -1, -1))
    check_minimal(grid, backward.reduced)
    assert forward.reduced != backward.reduced
    assert backward.removed[0][0] > forward.removed[0][0]


@pytest.mark.parametrize("order", [[0, 0, 1], [81], [0, 1, 2]])
def test_bad_orders_are_refused(order):
    with pytest.raises(ValueError):
        reduce_puzzle(parse_line(EXCHANGE[0]), order=order)


@pytest.mark.parametrize(("puzzle", "count"), [(SEVERAL, 2), (NO_SOLUTION, 0)])
def test_puzzles_without_a_unique_solution_cannot_be_reduced(puzzle, count):
    grid = tuple(int(ch) if ch.isdigit() else 0 for ch in puzzle)
    with pytest.raises(NotUniqueError) as info:
        reduce_puzzle(grid)
    assert info.value.count == count
    with pytest.raises(NotUniqueError):
        all_minimal_puzzles(grid)


def test_avoiding_search_agrees_with_counting():
    """Removing a given keeps uniqueness exactly when no solution avoids its digit."""
    for puzzle in EXCHANGE[::5]:
        grid = parse_line(puzzle)
        for cell, digit in enumerate(grid):
            if digit:
                without = list(grid)
                without[cell] = 0
                assert has_solution_avoiding(without, cell, digit) == (analyse(without, limit=2).count == 2)
    assert not has_solution_avoiding(parse_line(SEED_30), 5, 2)  # the given itself


def test_counting_rules_give_the_same_reduction():
    rules = UniquenessChecks.counting("standard by counting", STANDARD.analyse)
    for puzzle in EXCHANGE[:3]:
        grid = parse_line(puzzle)
        assert reduce_puzzle(grid, rules=rules) == reduce_puzzle(grid)


def test_all_minimal_puzzles_are_distinct_minimal_and_start_with_the_default_path():
    grid = parse_line(EXCHANGE[0])
    found = all_minimal_puzzles(grid, limit=1000)
    assert found.complete and len(found.puzzles) == len(set(found.puzzles)) > 1
    assert found.puzzles[0] == reduce_puzzle(grid).reduced
    for minimal in found.puzzles[:8]:
        check_minimal(grid, minimal)
    low, high = found.necessary_range()
    assert low <= reduce_puzzle(grid).necessary <= high and low < high


def test_all_minimal_puzzles_stop_at_the_limits():
    grid = parse_line(EXCHANGE[0])
    assert len(all_minimal_puzzles(grid, limit=3).puzzles) == 3
    stopped = all_minimal_puzzles(grid, limit=1000, max_checks=40)
    assert not stopped.complete and stopped.checks == 40


# --- rate --reduce / --reduce-all ---------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_cli_reports_an_already_minimal_puzzle():
    result = run(SEED_30, "--reduce")
    assert result.exit_code == 0
    assert "Already minimal" in result.stdout and "(30 necessary givens)" in result.stdout


def test_cli_reduce_speaks_german():
    result = run(SEED_40, "--reduce", "--lang", "de")
    assert result.exit_code == 0 and "Bereits minimal" in result.stdout
    assert "(40 notwendige Ausgangszahlen)" in result.stdout


def test_cli_reduce_refuses_a_candidate_line():
    blocks = ["123456789" if g == 0 else "".join(str(d) if d == g else "." for d in range(1, 10))
              for g in parse_line(SEED_30)]
    result = run("".join(blocks), "--reduce")
    assert result.exit_code == 2 and "candidate line" in result.stderr


def test_cli_reduce_text_names_the_removed_cells():
    reduction = reduce_puzzle(parse_line(EXCHANGE[0]))
    result = run(EXCHANGE[0], "--reduce")
    assert result.exit_code == 0
    assert f"Removed {len(reduction.removed)} givens" in result.stdout
    assert " ".join(f"{cell_name(c)}={d}" for c, d in reduction.removed) in result.stdout
    assert format_line(reduction.reduced, "0") in result.stdout
    assert "Rating of the minimal puzzle (option 2001)" in result.stdout


def test_cli_reduce_json():
    result = run(EXCHANGE[0], "--reduce", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    reduced = data["reduced"]
    minimal = tuple(int(ch) for ch in reduced["puzzle"])
    check_minimal(EXCHANGE[0], minimal)
    assert reduced["givens"] == count_givens(minimal) and reduced["minimal"] is True
    assert reduced["already_minimal"] is False
    grid = parse_line(EXCHANGE[0])
    for r, c, d in reduced["removed"]:
        assert grid[9 * (r - 1) + c - 1] == d and minimal[9 * (r - 1) + c - 1] == 0
    assert len(reduced["removed"]) == count_givens(grid) - reduced["givens"]
    assert reduced["rating"]["status"] == "solved" and data["status"] == "solved"


def test_cli_reduce_all():
    result = run(EXCHANGE[0], "--reduce-all", "5", "--json")
    assert result.exit_code == 0
    found = json.loads(result.stdout)["minimal_puzzles"]
    assert found["count"] == 5 and not found["complete"] and found["limit"] == 5
    assert found["necessary_min"] == min(p["givens"] for p in found["puzzles"])
    text = run(SEED_40, "--reduce-all", "--ascii")
    assert text.exit_code == 0 and "Distinct minimal puzzles: 1 (all there are)" in text.stdout
    assert "Necessary givens: 40..40" in text.stdout


def test_cli_reduce_all_histogram_speaks_german():
    text = run(SEED_40, "--reduce-all", "--ascii", "--lang", "de")
    assert text.exit_code == 0 and "Notwendige Ausgangszahlen: 40..40" in text.stdout
    assert "Mittelwert 40.00" in text.stdout and "Anteil" in text.stdout
    assert "Necessary givens" not in text.stdout and "mean" not in text.stdout


@pytest.mark.parametrize("extra", [(), ("--json",)])
def test_cli_reduce_of_a_puzzle_with_several_solutions_exits_3(extra):
    result = run(SEVERAL, "--reduce", *extra)
    assert result.exit_code == 3
    if extra:
        assert json.loads(result.stdout)["reduced"] is None
    else:
        assert result.stderr.startswith("rate: error: ")


@pytest.mark.parametrize("flag", [("--reduce",), ("--reduce-all", "3")])
@pytest.mark.parametrize("other", [("--hint",), ("--hint", "--full"), ("--copies", "2"), ("--walk",), ("--step",),
                                   ("--from", "2"), ("--to", "3")])
def test_cli_reduce_refuses_the_options_of_other_reports(flag, other, monkeypatch):
    import rater.cli

    def no_copies(*_args: object) -> None:
        raise AssertionError("copies computed although the run is refused")

    monkeypatch.setattr(rater.cli, "_copies", no_copies)
    result = run(SEED_30, *flag, *other)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"rate: error: {flag[0]} ")
    assert all(option in result.stderr for option in other if option.startswith("--"))


def test_cli_reduce_all_is_for_one_puzzle(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(SEED_30 + "\n")
    result = run("--file", str(path), "--reduce-all", "3")
    assert result.exit_code == 2 and "--reduce-all" in result.stderr


# --- bulk -----------------------------------------------------------------------------------


def test_bulk_reduce_fields_and_histogram(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("\n".join([SEED_30, EXCHANGE[0], SEVERAL, "xx"]) + "\n")
    result = run("--file", str(path), "--reduce", "-j", "1", "--ascii")
    assert result.exit_code == 4
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert all(f in rows[0] for f in REDUCE_FIELDS)
    assert rows[0]["necessary_givens"] == "30" and rows[0]["already_minimal"] == "True"
    check_minimal(EXCHANGE[0], parse_line(rows[1]["reduced"]))
    assert rows[1]["already_minimal"] == "False"
    assert rows[2]["reduced"] == rows[3]["reduced"] == ""
    jsonl = run("--file", str(path), "--reduce", "--format", "jsonl", "-j", "1", "-q")
    records = [json.loads(line) for line in jsonl.stdout.splitlines()]
    assert [r["status"] for r in records[2:]] == ["multiple_solutions", "error"]
    assert all(r[f] is None for r in records[2:] for f in REDUCE_FIELDS)
    assert "Necessary givens" in result.stderr and "already minimal 1 (50.0 %)" in result.stderr


def test_bulk_histogram_is_labelled_like_the_rest_of_the_summary(tmp_path):
    """The histogram speaks the language of --lang, like the other tables of the bulk summary."""
    path = tmp_path / "p.txt"
    path.write_text(SEED_30 + "\n")
    result = run("--file", str(path), "--reduce", "--lang", "de", "-j", "1", "--ascii")
    assert result.exit_code == 0
    assert "Nach Status" in result.stderr and "Notwendige Ausgangszahlen" in result.stderr
    assert "bereits minimal 1 (100.0 %)" in result.stderr


def test_bulk_reduce_jsonl_and_text(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(SEED_40 + "\n")
    jsonl = run("--file", str(path), "--reduce", "--format", "jsonl", "-j", "1", "-q")
    record = json.loads(jsonl.stdout)
    assert record["necessary_givens"] == 40 and record["already_minimal"] is True
    text = run("--file", str(path), "--reduce", "--format", "text", "-j", "1", "-q")
    assert text.stdout.split()[-2:] == ["40", "True"]
    plain = run("--file", str(path), "--format", "jsonl", "-j", "1", "-q")
    assert "necessary_givens" not in json.loads(plain.stdout)


def test_histogram_counts_mean_and_share():
    histogram = NecessaryHistogram()
    for necessary, minimal in [(22, False), (24, True), (24, False), (26, False)]:
        histogram.add({"necessary_givens": necessary, "already_minimal": minimal})
    histogram.add({"necessary_givens": None, "already_minimal": None})
    assert histogram.total == 4 and histogram.irreducible == 1 and histogram.mean() == 24
    from rich.console import Console

    console = Console(file=io.StringIO(), width=100)
    console.print(histogram.table(ascii_box=True))
    text = console.file.getvalue()
    assert "| 23     |       0 |  0.0 % |" in text  # gaps are shown
    assert "#" * 40 in text and "already minimal 1 (25.0 %)" in text


def test_bulk_template_knows_the_reduction_fields_and_their_kinds(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("\n".join([SEED_30, "xx"]) + "\n")
    template = "{line} {necessary_givens:>3d} {already_minimal!s:>5} {reduced:.9}"
    result = run("--file", str(path), "--reduce", "--template", template, "-j", "1", "-q")
    assert result.exit_code == 4
    assert result.stdout.splitlines() == [f"1  30  True {format_line(parse_line(SEED_30))[:9]}", "2   -     - -"]
    refused = {
        "{necessary_givens}": (False, "needs --reduce"),
        "{reduced:d}": (True, "cannot show"),
        "{necessary_givens:s}": (True, "cannot show"),
        "{already_minimal:s}": (True, "cannot show"),
    }
    for bad, (reduce, reason) in refused.items():
        result = run("--file", str(path), *(["--reduce"] if reduce else []), "--template", bad, "-q")
        assert result.exit_code == 2 and reason in result.stderr and result.stdout == "", bad


def test_bulk_reduce_resumes_and_a_resume_with_another_reduce_is_refused(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("\n".join([SEED_30, EXCHANGE[0], SEED_40, "xx"]) + "\n")
    out = tmp_path / "out.csv"
    args = ["--file", str(path), "--output", str(out), "-j", "1", "-q"]
    assert run(*args, "--reduce").exit_code == 4
    full = out.read_bytes()
    assert full.split(b"\n")[0].endswith(b",reduced,necessary_givens,already_minimal")
    lines = full.split(b"\n")
    out.write_bytes(b"\n".join(lines[:3]) + b"\n" + lines[3][:20])  # header, two records, a torn third
    refused = run(*args, "--resume")
    assert refused.exit_code == 2 and "--reduce" in refused.stderr
    assert refused.stderr.count("\n") == 1
    assert run(*args, "--reduce", "--resume").exit_code == 4

    def without_seconds(data: bytes) -> list[dict[str, str]]:
        return [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(io.StringIO(data.decode()))]

    assert without_seconds(out.read_bytes()) == without_seconds(full)
    assert out.read_bytes().split(b"\n")[:3] == lines[:3]
    plain = tmp_path / "plain.csv"
    assert run("--file", str(path), "--output", str(plain), "-j", "1", "-q").exit_code == 4
    again = run("--file", str(path), "--output", str(plain), "-j", "1", "-q", "--reduce", "--resume")
    assert again.exit_code == 2 and "--reduce" in again.stderr
