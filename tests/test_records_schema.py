"""One record schema: single --json, bulk jsonl and csv, and Rating.to_record() use the same names and types."""

from __future__ import annotations

import csv
import io
import json
from importlib import resources

import pytest
from click.testing import CliRunner

from rater.cli import main
from rater.records import FIELDS
from tests.conftest import read_puzzles

jsonschema = pytest.importorskip("jsonschema")

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
SEVERAL = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
#: Fields only one kind of output has: the input line and its comment (bulk), the solution and steps (--json).
BULK_ONLY, SINGLE_ONLY = {"line", "comment"}, {"solution", "steps"}


def schema() -> dict:
    """The schema as installed: package data of ``rater``."""
    return json.loads(resources.files("rater").joinpath("record.schema.json").read_text(encoding="utf-8"))


def validate(record: dict) -> None:
    jsonschema.Draft202012Validator(schema()).validate(record)


def single(puzzle: str, *args: str) -> dict:
    result = CliRunner().invoke(main, [puzzle, "--json", *args])
    assert result.exit_code in (0, 1, 3), result.output
    return json.loads(result.stdout)


def bulk(tmp_path, puzzles: list[str], fmt: str, *args: str) -> str:
    source = tmp_path / "in.txt"
    source.write_text("\n".join(puzzles) + "\nnot a puzzle\n")
    result = CliRunner().invoke(main, ["--file", str(source), "--format", fmt, "-j", "1", "-q", *args])
    assert result.exit_code in (0, 4), result.output
    return result.stdout


@pytest.mark.parametrize("args", [(), ("--lang", "de", "--option", "2002"), ("--disable", "BB,TE")])
def test_single_and_bulk_validate_and_agree_on_every_shared_field(tmp_path, args):
    puzzles = [GOOD, *read_puzzles("top1465_every24.txt", count=2), SEVERAL]
    lines = [json.loads(line) for line in bulk(tmp_path, puzzles, "jsonl", *args).splitlines()]
    assert len(lines) == len(puzzles) + 1
    for puzzle, record in zip(puzzles, lines):
        validate(record)
        report = single(puzzle, *args)
        validate(report)
        assert set(report) - set(record) == SINGLE_ONLY and set(record) - set(report) == BULK_ONLY
        shared = (set(report) & set(record)) - {"seconds"}
        assert {k: report[k] for k in shared} == {k: record[k] for k in shared}
        assert report["step_count"] in (None, len(report["steps"]))
    validate(lines[-1])  # the unreadable line's record
    assert lines[-1]["status"] == "error" and lines[-1]["level"] is None


def test_csv_has_the_record_fields_as_columns(tmp_path):
    rows = list(csv.DictReader(io.StringIO(bulk(tmp_path, [GOOD], "csv"))))
    assert tuple(rows[0]) == FIELDS
    assert rows[0]["level"] and rows[0]["level_text"] and int(rows[0]["step_count"]) > 0


def test_the_schema_names_every_record_field():
    props = set(schema()["properties"])
    assert set(FIELDS) <= props and set(schema()["required"]) == set(FIELDS) - BULK_ONLY


def test_templates_use_the_record_names(tmp_path):
    out = bulk(tmp_path, [GOOD], "text", "--template", "{level} {step_count} {version} {catalogue_digest}")
    level, steps, version, digest = out.splitlines()[0].split()
    assert level.islower() and int(steps) > 0 and version.count(".") == 2 and len(digest) == 16
