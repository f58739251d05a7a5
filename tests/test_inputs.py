"""How ``rate`` and ``canon`` read a puzzle: an argument (text or file name) or a file of puzzles.

One reader serves ``rate PUZZLE``, ``rate --file`` and every ``canon``
command (:mod:`puzzles.inputs`); a missing file says so; a puzzle that
starts with ``-`` is an argument, not an option.
"""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from canon.cli import main as canon_main
from puzzles.cli_common import dash_puzzles_last
from puzzles.inputs import looks_like_puzzle
from rater.cli import main as rate_main

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
DASHED = GOOD.replace(".", "-")
#: An .sdk file as puzzle sites export it: metadata lines and a section header around the grid.
SDK = "[Puzzle]\n#A Someone\n#D a test puzzle\n" + "\n".join(GOOD[9 * r : 9 * r + 9] for r in range(9)) + "\n"


def rate(*args: str):
    return CliRunner().invoke(rate_main, list(args))


def canon(*args: str):
    return CliRunner().invoke(canon_main, list(args))


def error_line(result, prefix: str = "rate: error: ") -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix), result.stderr
    return lines[0]


# -- a path that does not exist ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["top95.txt", "data/p", "puzzle", "p.sdk", "..\\p"])
def test_a_missing_file_says_so(name: str) -> None:
    result = rate(name)
    assert result.exit_code == 2 and error_line(result) == f"rate: error: no such file: {name}"
    result = canon("form", name)
    assert result.exit_code == 2 and error_line(result, "error: ") == f"error: no such file: {name}"
    result = rate("--file", name)
    assert result.exit_code == 2 and error_line(result) == f"rate: error: no such file: {name}"
    result = canon("key", "--file", name)
    assert result.exit_code == 2 and error_line(result, "error: ") == f"error: no such file: {name}"


@pytest.mark.parametrize(("text", "length"), [(GOOD[:-1], 80), ("12..3", 5), ("0" * 82, 82)])
def test_a_puzzle_of_the_wrong_length_says_that(text: str, length: int) -> None:
    result = rate(text)
    assert result.exit_code == 2 and f"81 cells, got {length} characters" in error_line(result)


def test_a_directory_is_no_puzzle_file(tmp_path: Path) -> None:
    result = rate(str(tmp_path))
    assert result.exit_code == 2 and "is a directory" in error_line(result)


def test_what_looks_like_a_puzzle() -> None:
    assert looks_like_puzzle("12..3-0*_?x") and looks_like_puzzle("")
    assert not looks_like_puzzle("top95.txt") and not looks_like_puzzle("a/b") and not looks_like_puzzle("1 2")


# -- one reader for every command -----------------------------------------------------------------


def test_an_sdk_file_with_metadata_is_read_by_every_command(tmp_path: Path) -> None:
    path = tmp_path / "p.sdk"
    path.write_text(SDK)
    single = rate(str(path), "--json")
    assert single.exit_code == 0 and json.loads(single.stdout)["puzzle"] == GOOD
    bulk = rate("--file", str(path), "--format", "jsonl", "-j", "1", "-q")
    assert bulk.exit_code == 0 and json.loads(bulk.stdout)["puzzle"] == GOOD
    form = canon("form", GOOD).stdout
    assert canon("form", str(path)).stdout == form
    assert canon("form", "--file", str(path)).stdout == form
    assert canon("key", "--file", str(path)).stdout == canon("key", GOOD).stdout


def test_canon_reads_framed_grids_and_names_bad_records_by_line(tmp_path: Path) -> None:
    rows = [" ".join(GOOD[9 * r : 9 * r + 9]) for r in range(9)]
    framed = [*rows[:3], "------+-------+------", *rows[3:6], "------+-------+------", *rows[6:]]
    path = tmp_path / "grids.txt"
    path.write_text("\n".join(framed) + "\n\n" + GOOD[:-1] + "\n" + DASHED + "\n")
    out = canon("form", "--file", str(path)).stdout.splitlines()
    form = canon("form", GOOD).stdout.strip()
    assert out == [form, "line 13: error: a puzzle needs 81 cells, got 80 characters", form]


def test_a_file_of_several_puzzles_as_puzzle_points_to_file(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(f"{GOOD}\n{GOOD}\n")
    result = rate(str(path))
    assert result.exit_code == 2 and "more than one puzzle; give it with --file" in error_line(result)
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing\n")
    assert "no puzzle in it" in error_line(rate(str(empty)))


def test_canon_refuses_a_candidate_line_with_one_line() -> None:
    line = "".join("123456789" for _ in range(81))
    result = canon("form", line)
    assert result.exit_code == 2 and "candidate line" in error_line(result, "error: ")


# -- a puzzle that starts with '-' ---------------------------------------------------------------------


def test_a_puzzle_starting_with_a_dash_is_an_argument() -> None:
    assert DASHED.startswith("-")
    expected = json.loads(rate(GOOD, "--json").stdout)["points"]
    for args in ([DASHED, "--json"], ["--json", DASHED], ["--option", "2001", DASHED, "--json", "--no-walk"],
                 ["--json", "--", DASHED]):
        result = rate(*args)
        assert result.exit_code == 0, (args, result.output)
        assert json.loads(result.stdout)["points"] == expected
    assert canon("form", DASHED).stdout == canon("form", GOOD).stdout
    assert canon("transform", DASHED, "--spec", "transpose=1").exit_code == 0


def test_an_option_value_of_81_dashes_stays_the_options_value() -> None:
    command = click.Command("t", params=[click.Option(["--template"]), click.Option(["--json"], is_flag=True),
                                         click.Argument(["puzzle"])])
    args = ["--template", DASHED, "--json", DASHED]
    assert dash_puzzles_last(command, args) == ["--template", DASHED, "--json", "--", DASHED]
    assert dash_puzzles_last(command, ["--json", GOOD]) == ["--json", GOOD]
    assert dash_puzzles_last(command, ["--", DASHED]) == ["--", DASHED]
    assert dash_puzzles_last(command, [DASHED, "--", "x"]) == ["--", DASHED, "x"]


def test_an_unknown_option_is_still_an_error() -> None:
    result = rate("--jsn", GOOD)
    assert result.exit_code == 2 and "No such option" in error_line(result)
