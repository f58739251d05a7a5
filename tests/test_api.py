"""The Python interface: exports, the one error type, streaming in input order, records for a table."""

from __future__ import annotations

import importlib

import pytest
import tomllib
from click.testing import CliRunner

import rater
from rater.cli import main
from tests.conftest import REPO, read_puzzles

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
PACKAGES = ("puzzles", "techniques", "rater", "canon")


@pytest.mark.parametrize("name", PACKAGES)
def test_every_package_declares_its_interface_and_is_typed(name):
    package = importlib.import_module(name)
    assert package.__all__ and all(hasattr(package, export) for export in package.__all__)
    assert package.__version__ == rater.__version__
    assert (REPO / name / "py.typed").is_file()


def test_py_typed_and_the_schema_are_installed_package_data():
    data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in data["*"] and "record.schema.json" in data["rater"]


@pytest.mark.parametrize(("bad", "message"), [
    ((0,) * 80, "a puzzle needs 81 cells, got 80"),
    ([10] + [0] * 80, "(1:1) holds 10: a cell is 0 (empty) or a digit 1-9"),
    ("1" * 81, "digit 1 appears twice in row 1: (1:1) and (1:2)"),
    ("12", "a puzzle needs 81 cells, got 2 characters"),
    (None, "a puzzle is a string or 81 digits, not NoneType"),
])
def test_bad_input_is_one_error_type_with_the_cli_line(bad, message):
    for call in (rater.rate, rater.Engine().rate):
        with pytest.raises(rater.InputError) as caught:
            call(bad)
        assert str(caught.value) == message and isinstance(caught.value, rater.PuzzleError)
    if isinstance(bad, str):
        result = CliRunner().invoke(main, [bad])
        assert result.exit_code == 2 and result.stderr == f"rate: error: {message}\n"


def test_bad_settings_are_the_same_error_type():
    with pytest.raises(rater.InputError, match="unknown technique code"):
        rater.rate(GOOD, disable=("XX",))
    with pytest.raises(rater.InputError):
        rater.rate(GOOD, "2001", settings=rater.RunSettings())
    with pytest.raises(rater.InputError):
        rater.rate_many([GOOD], jobs=0)


@pytest.mark.parametrize("jobs", [1, 2])
def test_rate_many_streams_in_input_order(jobs):
    puzzles = read_puzzles("sample1000_every3.txt", count=5)
    stream = [puzzles[0], "garbage", *puzzles[1:], [0] * 81]
    ratings = list(rater.rate_many(iter(stream), jobs=jobs, option="2002"))
    assert [r.status for r in ratings] == ["solved", "invalid", *["solved"] * 4, "multiple_solutions"]
    single = [rater.rate(p, "2002") for p in puzzles]
    assert [r.points for r in ratings if r.status == "solved"] == [r.points for r in single]
    assert ratings[1].message == "a puzzle needs 81 cells, got 7 characters"


def test_to_record_is_the_record_of_the_outputs():
    rating = rater.rate(GOOD)
    record = rating.to_record("de")
    assert record["level"] == rating.level and record["level_text"] == rating.level_text("de")
    assert record["step_count"] == len(rating.steps) and record["points"] == rating.points
    assert all(isinstance(v, (str, int, float, bool, dict, type(None))) for v in record.values())
