"""``rate --file --with-minlex``: records carry the puzzle's minlex form, so rated lists join other lists.

The field must be what ``canon minlex`` prints for the same puzzle (the
field's exchange format), equal for isomorphic copies, null where no puzzle
was rated, and part of the run's identity like ``--reduce``.  Its parity
over ``--jobs 1``, ``--jobs 2`` and a cluster is a case of
``tests/test_settings_parity.py``.
"""

from __future__ import annotations

import csv
import io
import json
import random

import pytest
from click.testing import CliRunner

from canon.cli import main as canon_main
from canon.group import random_transformation
from puzzles.parsing import format_line, parse_line
from rater.cli import main
from tests.conftest import read_puzzles

EASY = read_puzzles("sample1000_every3.txt", count=2)
#: A diagonal puzzle of tests/data/variant_diagonal_200.txt (whose lines carry a ``# diagonal`` comment).
DIAGONAL = ".8.9.........75..8...6..1..1......4.3.9..4.2.8...52.........6.......1...........4"


def canon_minlex(puzzle: str, *args: str) -> str:
    result = CliRunner().invoke(canon_main, ["minlex", puzzle, *args])
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def candidate_line(puzzle: str) -> str:
    """The 729-character candidate line of ``puzzle`` with every empty cell open to all digits."""
    return "".join("123456789" if ch in ".0" else "." * (int(ch) - 1) + ch + "." * (9 - int(ch)) for ch in puzzle)


def run(tmp_path, lines: list[str], *args: str, name: str = "in.txt"):
    source = tmp_path / name
    source.write_text("\n".join(lines) + "\n")
    return CliRunner().invoke(main, ["--file", str(source), "-j", "1", "-q", *args])


def test_jsonl_and_csv_records_carry_what_canon_minlex_prints(tmp_path):
    copy = format_line(random_transformation(random.Random(7)).apply(parse_line(EASY[0])))
    clash = "11" + "." * 79
    lines = [*EASY, copy, "not a puzzle", candidate_line(EASY[0]), clash]
    result = run(tmp_path, lines, "--format", "jsonl", "--with-minlex")
    assert result.exit_code == 4, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    expected = [canon_minlex(p) for p in EASY]
    assert [r["minlex"] for r in records] == [*expected, expected[0], None, None, None]
    assert [r["status"] for r in records[3:]] == ["error", "solved", "invalid"]
    assert all(len(m) == 81 for m in expected)
    rows = list(csv.DictReader(io.StringIO(run(tmp_path, lines, "--with-minlex").stdout)))
    assert list(rows[0])[-1] == "minlex"
    assert [row["minlex"] for row in rows] == [*expected, expected[0], "", "", ""]
    assert "minlex" not in json.loads(run(tmp_path, EASY[:1], "--format", "jsonl").stdout)


def test_variant_rules_use_the_variant_group(tmp_path):
    result = run(tmp_path, [DIAGONAL], "--format", "jsonl", "--with-minlex", "--rules", "diagonal")
    assert result.exit_code == 0, result.output
    form = json.loads(result.stdout)["minlex"]
    assert form == canon_minlex(DIAGONAL, "--rules", "diagonal") != canon_minlex(DIAGONAL)


def test_records_validate_against_the_schema(tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    from tests.test_records_schema import schema

    result = run(tmp_path, [*EASY, "not a puzzle"], "--format", "jsonl", "--with-minlex")
    for line in result.stdout.splitlines():
        jsonschema.Draft202012Validator(schema()).validate(json.loads(line))


def test_template_and_one_puzzle(tmp_path):
    shown = run(tmp_path, EASY[:1], "--format", "text", "--template", "{line} {minlex}", "--with-minlex")
    assert shown.stdout == f"1 {canon_minlex(EASY[0])}\n"
    refused = run(tmp_path, EASY[:1], "--format", "text", "--template", "{minlex}")
    assert refused.exit_code == 2 and "needs --with-minlex" in refused.stderr
    single = CliRunner().invoke(main, [EASY[0], "--with-minlex"])
    assert single.exit_code == 2 and "canon minlex" in single.stderr


def test_a_resume_must_use_with_minlex_exactly_when_the_earlier_run_did(tmp_path):
    out = tmp_path / "out.csv"
    args = ["--output", str(out)]
    assert run(tmp_path, EASY, *args, "--with-minlex").exit_code == 0
    full = out.read_bytes()
    out.write_bytes(b"\n".join(full.split(b"\n")[:2]) + b"\n")  # the header and the first record
    refused = run(tmp_path, EASY, *args, "--resume")
    assert refused.exit_code == 2 and "--with-minlex" in refused.stderr and refused.stderr.count("\n") == 1
    assert run(tmp_path, EASY, *args, "--with-minlex", "--resume").exit_code == 0
    assert [r["minlex"] for r in csv.DictReader(io.StringIO(out.read_text()))] == [canon_minlex(p) for p in EASY]
    plain = ["--output", str(tmp_path / "plain.csv")]
    assert run(tmp_path, EASY, *plain).exit_code == 0
    again = run(tmp_path, EASY, *plain, "--with-minlex", "--resume")
    assert again.exit_code == 2 and "--with-minlex" in again.stderr
