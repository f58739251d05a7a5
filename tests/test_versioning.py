"""One version for every package and program; results name it and the catalogue; --resume refuses a different rater."""

from __future__ import annotations

import dataclasses
import json
import os
import platform
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest
import tomllib
import yaml
from click.testing import CliRunner

import canon
import puzzles
import rater
import techniques
from canon.cli import main as canon_main
from puzzles.build import status
from rater import digest as digest_module
from rater import settings as settings_module
from rater.cli import main
from rater.levels import load_levels
from rater.run.engine import Engine
from techniques import catalogue as catalogue_module
from tests.conftest import REPO

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_one_version_everywhere():
    assert rater.__version__ == puzzles.__version__ == techniques.__version__ == canon.__version__ == "0.3.4"
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "puzzles.version.__version__"}


@pytest.mark.parametrize(("command", "name"), [(main, "rate"), (canon_main, "canon")])
def test_version_option(command, name):
    result = CliRunner().invoke(command, ["--version"])
    assert result.exit_code == 0
    assert result.stdout == f"{name} {rater.__version__} (Python {platform.python_version()}; {status()})\n"


def test_version_names_the_path_in_use():
    """``--version`` says whether the compiled modules or the Python sources rate (puzzles.build)."""
    env = {**os.environ, "SUDOKU_RATER_PURE": "1"}
    done = subprocess.run([sys.executable, "-m", "rater.cli", "--version"], cwd=REPO, env=env,
                          capture_output=True, text=True, check=True)
    assert done.stdout.endswith("; pure Python, SUDOKU_RATER_PURE=1)\n")


def test_json_report_and_rating_name_version_and_digest():
    data = json.loads(CliRunner().invoke(main, [GOOD, "--json"]).stdout)
    rating = rater.rate(GOOD)
    assert data["version"] == rating.version == rater.__version__
    assert data["catalogue_digest"] == rating.catalogue_digest == rater.RunSettings().catalogue_digest()


def test_the_digest_follows_the_effective_catalogue_not_the_language():
    base = rater.RunSettings()
    assert rater.RunSettings(lang="de").catalogue_digest() == base.catalogue_digest()
    assert rater.RunSettings(disable=("BB",)).catalogue_digest() != base.catalogue_digest()
    edited = catalogue_module.DEFAULT_PATH.read_text().replace("enabled: true", "enabled: false", 1)
    assert rater.RunSettings(techniques=edited).catalogue_digest() != base.catalogue_digest()


def _forget_catalogues(monkeypatch):
    """The built-in catalogue is cached per process and thread: start from the file again."""
    monkeypatch.setattr("rater.run.engine._DEFAULT", None)
    monkeypatch.setattr(settings_module, "_LOCAL", threading.local())


def test_run_file_names_version_and_digest_and_resume_refuses_another_catalogue(tmp_path, monkeypatch):
    source, out = tmp_path / "in.txt", tmp_path / "out.jsonl"
    source.write_text(f"{GOOD}\n{EASY}\n")
    args = ["--file", str(source), "--output", str(out), "--format", "jsonl", "-j", "1", "-q"]
    assert CliRunner().invoke(main, args).exit_code == 0
    identity = json.loads((tmp_path / "out.jsonl.run.json").read_text())
    assert identity["version"] == rater.__version__
    assert identity["catalogue_digest"] == rater.RunSettings().catalogue_digest()
    assert CliRunner().invoke(main, [*args, "--resume"]).exit_code == 0  # the same rater continues
    # an upgrade that changes the installed technique file
    edited = tmp_path / "techniques.yaml"
    edited.write_text(catalogue_module.DEFAULT_PATH.read_text().replace("enabled: true", "enabled: false", 1))
    monkeypatch.setattr(catalogue_module, "DEFAULT_PATH", edited)
    _forget_catalogues(monkeypatch)
    result = CliRunner().invoke(main, [*args, "--resume"])
    assert result.exit_code == 2
    assert result.stderr.startswith("rate: error: cannot resume") and "technique catalogue differs" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_resume_refuses_another_version(tmp_path):
    source, out = tmp_path / "in.txt", tmp_path / "out.csv"
    source.write_text(f"{GOOD}\n")
    args = ["--file", str(source), "--output", str(out), "-j", "1", "-q"]
    assert CliRunner().invoke(main, args).exit_code == 0
    side = tmp_path / "out.csv.run.json"
    side.write_text(side.read_text().replace(f'"{rater.__version__}"', '"0.1.9"'))
    result = CliRunner().invoke(main, [*args, "--resume"])
    assert result.exit_code == 2
    assert f"rated by version 0.1.9, this is {rater.__version__}" in result.stderr


def test_license_is_the_declared_one():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert project["project"]["license"] == {"text": "MIT"}
    assert (REPO / "LICENSE").read_text().startswith("MIT License")


def test_engine_names_its_catalogue():
    assert Engine("2001").catalogue_digest == rater.RunSettings().catalogue_digest()


def _technique_file(edit: Callable[[list[dict[str, Any]]], None]) -> str:
    """The packaged technique file with ``edit`` applied to its list of entries, as text."""
    data = yaml.safe_load(catalogue_module.DEFAULT_PATH.read_text(encoding="utf-8"))
    edit(data["techniques"])
    return yaml.safe_dump(data)


def _swap_unit_rectangles(entries: list[dict[str, Any]]) -> None:
    codes = [e["code"] for e in entries]
    i, j = codes.index("UR"), codes.index("QUR")
    entries[i], entries[j] = entries[j], entries[i]


def _raise_box_test_points(entries: list[dict[str, Any]]) -> None:
    entry = next(e for e in entries if e["code"] == "BT1")
    entry["params"] = {**entry.get("params", {}), "points": 3}


def test_the_digest_names_the_order_and_every_parameter() -> None:
    """Two catalogues that rate differently never share a digest: the same file read again gives
    the same one, a moved technique or one changed parameter another."""
    base = rater.RunSettings().catalogue_digest()
    assert rater.RunSettings(techniques=_technique_file(lambda entries: None)).catalogue_digest() == base
    assert rater.RunSettings(techniques=_technique_file(_swap_unit_rectangles)).catalogue_digest() != base
    assert rater.RunSettings(techniques=_technique_file(_raise_box_test_points)).catalogue_digest() != base
    assert len(base) == 16 and set(base) <= set("0123456789abcdef")


def test_the_digest_names_the_levels_and_each_techniques_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin's new version or another level bound is another rater: another digest."""
    catalogue, levels = Engine("2001").catalogue, load_levels()
    base = digest_module.catalogue_digest(catalogue, levels)
    (bound, level), *rest = levels.grades
    moved = dataclasses.replace(levels, grades=((bound + 1, level), *rest))
    assert digest_module.catalogue_digest(catalogue, moved) != base
    declared = catalogue.family_levels()
    family = next(iter(declared))
    with monkeypatch.context() as patch:  # a family chosen at another synchronous level
        patch.setattr(type(catalogue), "family_levels", lambda self: {**declared, family: declared[family] + 1})
        assert digest_module.catalogue_digest(catalogue, levels) != base
    monkeypatch.setattr(digest_module, "origin", lambda code: "sudoku-rater-plugin 2.0" if code == "BB" else "built-in")
    assert digest_module.catalogue_digest(catalogue, levels) != base
