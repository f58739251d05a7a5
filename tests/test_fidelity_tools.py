"""The tools that measure fidelity: ``rate --disable`` and the ``size`` measure of ``--json`` steps.

The metric functions of ``bench/fidelity.py`` are checked by their doctests
(``tests/test_bench_doctests.py``)."""

from __future__ import annotations

import csv
import json
import math

import pytest
from click.testing import CliRunner

from rater.bulk.resume import RunIdentity
from rater.cli import main
from rater.result import step_size
from techniques.base import REGISTRY
from techniques.catalogue import Catalogue, CatalogueError
from techniques.step import Step
from tests.conftest import FIXTURES

#: Example 60 of tests/data/examples.csv (57 givens): "Bisher ungelöst ... nach nur 3 Ausdünnschritt
#: (bis dahin 34 Punkte), mit Bowman's Bingo gelöst mit 95 Punkten" - it needs Bowman's Bingo or T&E.
BINGO = "020456709456090102709200546205060490074905260960024357590002674642579813007640925"
EASY = "14.....5.7..2........3..2.42...8.4...8..9..2...6.5...18.9..1........6..7.5.....69"


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def codes_of(output: str) -> set[str]:
    return {s["code"] for s in json.loads(output)["steps"]}


# --- --disable -------------------------------------------------------------------------------


def test_example_60_needs_bowmans_bingo_and_without_it_trial_and_error():
    """The seed's example 60 is solved with Bowman's Bingo; with it off, by trial & error instead."""
    assert (FIXTURES / "examples.csv").read_text().count(BINGO) == 1
    with_bb = invoke(BINGO, "--json")
    assert with_bb.exit_code == 0 and "BB" in codes_of(with_bb.output)
    without = invoke(BINGO, "--json", "--disable", "BB")
    assert without.exit_code == 0, without.output
    assert "BB" not in codes_of(without.output) and "TE" in codes_of(without.output)


def test_disabling_both_last_resorts_leaves_the_puzzle_stuck():
    result = invoke(BINGO, "--json", "--disable", " BB , TE ")  # blanks around the codes are fine
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["status"] == "stuck" and not codes_of(result.output) & {"BB", "TE"}


def test_disable_reaches_the_text_report_and_hint():
    report = invoke(BINGO, "--no-walk", "--disable", "BB,TE")
    assert report.exit_code == 1 and " BB " not in report.output
    assert invoke(EASY, "--hint").output.strip() == "Hidden single in a box"
    hint = invoke(EASY, "--hint", "--disable", "A1,A2,A3")
    assert hint.exit_code == 0 and "Hidden single" in hint.output and "in a box" not in hint.output


@pytest.mark.parametrize("value, message", [("XX", "cannot disable 'XX': unknown technique code"),
                                            ("BB,bb", "cannot disable 'bb'"),
                                            (",", "--disable needs technique codes")])
def test_a_bad_code_is_one_line_and_exit_2(value, message):
    result = invoke(EASY, "--disable", value)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rate: error:") and message in lines[0]


def test_a_bad_code_stops_a_bulk_run_before_it_starts(tmp_path):
    source = tmp_path / "in.txt"
    source.write_text(f"{EASY}\n")
    out = tmp_path / "out.csv"
    result = invoke("--file", str(source), "--output", str(out), "--disable", "ZZ", "-q")
    assert result.exit_code == 2 and not out.exists()


def test_catalogue_without_keeps_the_order_and_refuses_unknown_codes():
    base = Catalogue.load()
    off = base.without(["BB", "TE"])
    assert [e.code for e in off] == [e.code for e in base]
    assert {e.code for e in off if not e.enabled} == {"BB", "TE"} | {e.code for e in base if not e.enabled}
    assert all(e.enabled for e in base if e.code in ("BB", "TE"))  # the original is untouched
    with pytest.raises(CatalogueError):
        base.without(["NOPE"])


def _bulk(tmp_path, *extra: str):
    source = tmp_path / "in.txt"
    source.write_text(f"{BINGO}\n{EASY}\n")
    out = tmp_path / "out.csv"
    return source, out, invoke("--file", str(source), "--output", str(out), "-j", "1", "-q", *extra)


def test_bulk_rates_with_the_codes_off(tmp_path):
    _source, out, result = _bulk(tmp_path, "--disable", "BB")
    assert result.exit_code == 0, result.output
    records = list(csv.DictReader(out.open()))
    assert "BB" not in records[0]["techniques"] and "TE" in records[0]["techniques"]
    stored = json.loads((tmp_path / "out.csv.run.json").read_text())
    assert stored["disable"] == "BB"


def test_resume_needs_the_same_disabled_codes(tmp_path):
    source, out, result = _bulk(tmp_path, "--disable", "TE,BB")
    assert result.exit_code == 0
    before = out.read_bytes()
    base = ("--file", str(source), "--output", str(out), "-j", "1", "-q", "--resume")
    for other in ((), ("--disable", "BB")):
        refused = invoke(*base, *other)
        assert refused.exit_code == 2 and "--disable" in refused.output, refused.output
        assert out.read_bytes() == before
    same = invoke(*base, "--disable", "BB,TE")  # the order of the codes does not matter
    assert same.exit_code == 0, same.output
    assert out.read_bytes() == before


def test_run_files_without_disable_read_as_nothing_disabled():
    stored = {"input": {"kind": "stdin"}, "format": "csv", "template": None, "option": "2001", "lang": "en",
              "allow_multiple": False, "techniques": None, "reduce": False, "version": 1}
    assert RunIdentity(**stored).disable is None


# --- the size measure ----------------------------------------------------------------------------


def test_every_measure_field_is_a_declared_finding_field():
    measured = {code: cls.measure for code, cls in REGISTRY.items() if cls.measure is not None}
    assert {"A1", "B0", "PM", "NT", "SG", "CC", "BB", "TE"} <= set(measured)
    for code, field in measured.items():
        assert field in REGISTRY[code].fields, (code, field)


def test_step_size_reads_the_measure_and_nothing_else():
    assert step_size(Step("TE", 96.0, detail={"depth": 2, "tries": 7})) == 2
    assert step_size(Step("GC", 8.0, detail={"length": 5, "closed": False})) == 5
    assert step_size(Step("BB", 22.0, detail={"steps": 3})) == 3
    assert step_size(Step("BT1", 2.0, detail={"digit": 4})) is None  # fixed points: no measure
    assert step_size(Step("GC", 8.0, detail={})) is None


def test_json_steps_carry_size():
    result = invoke(BINGO, "--json")
    steps = json.loads(result.output)["steps"]
    assert all("size" in s for s in steps)
    pm = next(s for s in steps if s["code"] == "PM")
    assert pm["points"] == math.floor(pm["size"] * 0.25 + 0.5)  # 25 % of the candidates written, rounded half up
    bingo = next(s for s in steps if s["code"] == "BB")
    assert bingo["points"] == 16 + 2 * bingo["size"]  # the seed: "16 + 2 * Schrittzahl Punkte"
