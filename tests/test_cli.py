"""The ``rate`` command: one clear stderr line and the documented exit code per error kind."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rater.cli import main
from rater.levels import load_levels
from rater.records import FIELDS
from techniques.board import Board

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
NO_SOLUTION = "12345678." + "........9" + "." * 63
SEVERAL = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."


def run(*args: str, **kwargs):
    return CliRunner().invoke(main, list(args), **kwargs)


def one_error_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("rate: error: ")
    return lines[0]


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        ((GOOD[:-1],), 2, "81 cells, got 80"),
        ((GOOD + "1",), 2, "81 cells, got 82"),
        (("11" + GOOD[2:],), 2, "digit 1 appears twice in row 1"),
        ((GOOD, "--option", "2009"), 2, "fourth digit"),
        ((GOOD, "--option", "20x1"), 2, "4 digits"),
        ((NO_SOLUTION,), 3, "no solution"),
        ((SEVERAL,), 3, "more than one solution"),
        ((), 2, "missing PUZZLE"),
        ((GOOD, "--file", "x.txt"), 2, "not both"),
    ],
)
def test_bad_input_gives_one_line_and_its_exit_code(args, code, words):
    result = run(*args)
    assert result.exit_code == code
    assert words in one_error_line(result)
    assert result.stdout == ""


def test_bad_technique_file(tmp_path):
    bad = tmp_path / "t.yaml"
    bad.write_text("techniques:\n  - {code: NOPE, name: {en: a, de: b}, text: {en: a, de: b}}\n")
    result = run(GOOD, "--techniques", str(bad))
    assert result.exit_code == 2
    assert "unknown technique code 'NOPE'" in one_error_line(result)
    broken = tmp_path / "b.yaml"
    broken.write_text("techniques: [ {code: A1\n")
    result = run(GOOD, "--techniques", str(broken))
    assert result.exit_code == 2 and "not valid YAML" in one_error_line(result)


def test_ok_and_several_solutions_allowed():
    assert run(GOOD).exit_code == 0
    result = run(SEVERAL, "--allow-multiple", "--json")
    assert result.exit_code in (0, 1)
    assert json.loads(result.stdout)["uniqueness_techniques"] is False


def test_json_object_keys():
    data = json.loads(run(GOOD, "--json").stdout)
    assert set(data) == set(FIELDS) - {"line", "comment"} | {"solution", "steps"}
    assert set(data["steps"][0]) == {"index", "code", "group", "points", "size", "placements", "eliminations", "text"}
    assert data["status"] == "solved" and data["level"] in {level.key for level in load_levels().levels()}


def test_json_for_several_solutions_exits_3():
    result = run(SEVERAL, "--json")
    assert result.exit_code == 3 and json.loads(result.stdout)["status"] == "multiple_solutions"


def test_candidate_line_is_rated_from_its_candidates():
    from puzzles.parsing import parse_line

    board = Board.from_grid(parse_line(GOOD))
    line = "".join("".join(str(d) if board.values[c] == d or board.has(c, d) else "." for d in range(1, 10))
                   for c in range(81))
    data = json.loads(run(line, "--json").stdout)
    assert data["status"] == "solved"
    assert all(s["code"] != "PM" for s in data["steps"])  # the candidates are already written


def test_grid_file_argument(tmp_path):
    grid = tmp_path / "p.sdk"
    grid.write_text("\n".join(GOOD[9 * r : 9 * r + 9] for r in range(9)) + "\n")
    assert json.loads(run(str(grid), "--json").stdout)["puzzle"] == GOOD


def test_copies_table_and_json():
    pytest.importorskip("canon.copies")
    data = json.loads(run(GOOD, "--json", "--copies", "3", "--seed", "7").stdout)["variants"]  # the JSON key stays
    assert data["count"] == 3 and data["seed"] == 7
    assert data["min"] <= data["median"] <= data["max"]
    assert len(data["min_variant"]["puzzle"]) == 81 and "transpose=" in data["min_variant"]["transformation"]
    text = run(GOOD, "--copies", "3", "--no-walk").stdout
    assert "min / median / max" in text and "transformation" in text and "3 symmetric copies" in text
    # --variants, the option's older name, still works the same
    assert json.loads(run(GOOD, "--json", "--variants", "3", "--seed", "7").stdout)["variants"] == data


def test_help_lists_options_in_sections() -> None:
    """Thirty options read only in groups: every option sits in a named section, none left over."""
    from click.testing import CliRunner

    from rater.cli import main as rate_main

    result = CliRunner().invoke(rate_main, ["--help"])
    assert result.exit_code == 0
    headings = ["Rating:", "Output of one puzzle:", "Symmetric copies and reduction:", "Rating files (--file):"]
    positions = [result.output.index(h) for h in headings]
    assert positions == sorted(positions)
    assert result.output.split("Other options:")[1].split() == ["--version", "Print", "the", "program's", "version", "and",
                                                                 "exit.", "-h,", "--help", "Show", "this", "message",
                                                                 "and", "exit."]
    assert result.output.index("--cluster") > positions[-1] and result.output.index("--disable") < positions[1]
