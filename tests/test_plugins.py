"""Technique plugins: the example plugin installed into a temporary directory, and broken fakes.

The example plugin (``examples/plugin``) is installed the way an installer
leaves it: its package copied into a directory on ``sys.path`` beside the
metadata that setuptools writes from its ``pyproject.toml`` (``egg_info``, no
network, no wheel needed), so the entry point under test is the one the
plugin declares.  Broken plugins are fake distributions (a ``*.dist-info``
with ``entry_points.txt``) written into temporary directories.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import rater.run.engine
import rater.settings
from puzzles.parsing import parse_puzzle
from puzzles.solver import analyse
from rater.cli import main
from rater.run.engine import Engine
from techniques import plugins
from techniques.base import REGISTRY, Context
from techniques.board import Board
from techniques.catalogue import DEFAULT_PATH, Catalogue
from techniques.texts import template_fields
from tests.conftest import REPO, read_puzzles

EXAMPLE = REPO / "examples" / "plugin"
#: top1465 line 24: its pseudo-synchronous rating takes a finned X-wing at step 14.
FINNED_X_WING, FINNED_SWORDFISH = read_puzzles("top1465_finned_grids.txt")
#: Its totals (option 2001) with the built-in catalogue and with the finned grids on.
BUILT_IN_TOTAL, PLUGIN_TOTAL = 1619.0, 1598.0


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def one_error_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("rate: error: ")
    assert "Traceback" not in result.stderr
    return lines[0]


@pytest.fixture
def plugin_path(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A clean plugin state before and after: registry, default catalogue and imported fake modules."""
    modules = set(sys.modules)
    plugins.reset_plugins()
    monkeypatch.setattr(rater.run.engine, "_DEFAULT", None)
    monkeypatch.setattr(rater.settings, "_LOCAL", threading.local())  # no run keeps a catalogue of before
    yield
    plugins.reset_plugins()
    for name in set(sys.modules) - modules:
        if name.startswith(("finned_fish", "fake_")):
            del sys.modules[name]


@pytest.fixture(scope="module")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory holding the installed example plugin: its package and its setuptools metadata."""
    setuptools = pytest.importorskip("setuptools", reason="setuptools writes the example plugin's metadata")
    if int(setuptools.__version__.split(".")[0]) < 61:
        pytest.skip(f"setuptools {setuptools.__version__} cannot read pyproject.toml metadata (needs 61)")
    site = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("source") / "plugin"
    shutil.copytree(EXAMPLE, source, ignore=shutil.ignore_patterns("tests", "__pycache__", "*.egg-info"))
    subprocess.run([sys.executable, "-c", "from setuptools import setup; setup()", "-q", "egg_info",
                    "--egg-base", str(site)], cwd=source, check=True, capture_output=True, timeout=60)
    shutil.copytree(source / "finned_fish", site / "finned_fish")
    return site


@pytest.fixture
def example_installed(example_site: Path, plugin_path: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(example_site))


def technique_file(tmp_path: Path, extra: dict[str, object], after: str = "SCC") -> Path:
    """The packaged technique file with ``extra`` inserted after the entry ``after``."""
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    index = next(i for i, entry in enumerate(data["techniques"]) if entry["code"] == after)
    data["techniques"].insert(index + 1, extra)
    path = tmp_path / "with_plugin.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


# --- the example plugin ------------------------------------------------------------------


def test_the_example_plugin_joins_the_registry_switched_off(example_installed: None) -> None:
    catalogue = Catalogue.load()
    entry = catalogue.entry("SGF")
    assert entry.origin == "sudoku-rater-finned-fish 0.1.0"
    assert catalogue.entry("SG").origin == "built-in"
    assert not entry.enabled
    codes = [e.code for e in catalogue]
    last_of_iv = max(i for i, e in enumerate(catalogue) if e.technique.family == "IV" and e.origin == "built-in")
    assert codes.index("SGF") == last_of_iv + 1  # after the last technique of its family IV
    assert entry.names == {"en": "Finned single-digit grid (finned X-wing, swordfish, jellyfish)",
                           "de": "Einzelzahl-Gitter mit Flosse"}


def test_an_installed_plugin_changes_no_rating_by_itself(example_installed: None) -> None:
    result = run(FINNED_X_WING, "--json")
    data = json.loads(result.stdout)
    assert data["points"] == BUILT_IN_TOTAL
    assert "SGF" not in {step["code"] for step in data["steps"]}


def test_a_technique_file_that_enables_the_plugin_takes_the_finned_x_wing(example_installed: None,
                                                                           tmp_path: Path) -> None:
    path = technique_file(tmp_path, {"code": "SGF"})
    result = run(FINNED_X_WING, "--techniques", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    finned = [(i, s) for i, s in enumerate(data["steps"], 1) if s["code"] == "SGF"]
    assert len(finned) == 2  # the finned X-wing, and a finned grid later on
    number, step = finned[0]
    assert number == 14
    assert step["points"] == 7  # 3 x 2 lines + 1 for the fins
    assert step["eliminations"] == [[2, 6, 5], [3, 6, 5]]
    assert step["text"] == ("finned 2x2 grid of 5 in rows 1, 4 over columns 6, 9, fins (1:4), (1:5) in Box 1#2 (TM): "
                            "5 removed from (2:6), (3:6)")
    assert data["points"] == PLUGIN_TOTAL
    # --enable puts the plugin at the same place (after its family) and rates the same
    enabled = json.loads(run(FINNED_X_WING, "--enable", "SGF", "--json").stdout)
    assert enabled["points"] == PLUGIN_TOTAL and enabled["steps"] == data["steps"]


def test_the_plugin_parameters_and_texts_are_tuned_like_a_built_in_one(example_installed: None,
                                                                       tmp_path: Path) -> None:
    path = technique_file(tmp_path, {"code": "SGF", "params": {"fin_points": 2},
                                     "name": {"en": "Finned fish", "de": "Flossenfisch"}})
    result = run(FINNED_X_WING, "--techniques", str(path), "--json", "--lang", "de")
    steps = json.loads(result.stdout)["steps"]
    step = next(s for s in steps if s["code"] == "SGF")
    assert step["points"] == 3 * step["size"] + 2, step
    assert step["text"].startswith(f"{step['size']}*{step['size']}-Einzelzahl-Gitter der ")
    listing = json.loads(run("--list-techniques", "--json", "--techniques", str(path)).stdout)
    row = next(r for r in listing["techniques"] if r["code"] == "SGF")
    assert row["enabled"] and row["names"]["de"] == "Flossenfisch"
    assert row["points"] == "3 x N + 2 (N x N grid with fins, N up to 3)"
    bad = technique_file(tmp_path, {"code": "SGF", "params": {"fins": 2}})
    result = run(FINNED_X_WING, "--techniques", str(bad))
    assert result.exit_code == 2
    assert "unknown parameter 'fins' (allowed: points_per_line, fin_points, max_size)" in one_error_line(result)


def test_the_plugin_placed_anywhere_and_switched_off_in_a_technique_file(example_installed: None,
                                                                         tmp_path: Path) -> None:
    first = technique_file(tmp_path, {"code": "SGF"}, after="F0")  # before the box test: its own "Stufe"
    catalogue = Catalogue.load(first)
    families = [family for family, _ in Engine("2001", catalogue).thinning]
    assert families[:3] == ["IV", "I", "II"]
    off = technique_file(tmp_path, {"code": "SGF", "enabled": False})
    assert json.loads(run(FINNED_X_WING, "--techniques", str(off), "--json").stdout)["points"] == BUILT_IN_TOTAL


def test_synchronous_levels_and_the_half_synchronous_choice_treat_it_as_family_iv(example_installed: None) -> None:
    catalogue = Catalogue.load().with_enabled(["SGF"])
    iv = dict(Engine("2004", catalogue).thinning)["IV"]
    assert iv[-1].code == "SGF" and {t.family for t in iv} == {"IV"}
    level_4 = Engine("2004", catalogue)
    assert "IV" in level_4.sync_families
    synchronous = level_4.rate(FINNED_X_WING, verify=True)
    assert synchronous.status == "solved" and "SGF" in {s.code for s in synchronous.steps}
    half = Engine("2000", catalogue).rate(FINNED_X_WING, verify=True)
    assert [s.points for s in half.steps if s.code == "SGF"] == [7]
    swordfish = Engine("2001", catalogue).rate(FINNED_SWORDFISH, verify=True)
    assert [(s.points, s.detail["n"]) for s in swordfish.steps if s.code == "SGF"] == [(10, 3)]


def test_list_techniques_shows_origin_formula_and_switch(example_installed: None) -> None:
    result = run("--list-techniques", "--ascii")
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if "| SGF " in line)
    assert "sudoku-rater-finned-fish 0.1.0" in row and "| no " in row and "3 x N + 1" in row
    assert "| SG " in result.stdout and "built-in" in result.stdout
    data = json.loads(run("--list-techniques", "--json", "--enable", "SGF", "--disable", "BB").stdout)
    on = {row["code"]: row["enabled"] for row in data["techniques"]}
    assert on["SGF"] and not on["BB"] and on["TE"]
    assert run("--list-techniques", FINNED_X_WING).exit_code == 2


def test_verify_passes_the_finned_grids(example_installed: None) -> None:
    result = run(FINNED_X_WING, "--enable", "SGF", "--verify", "--no-walk")
    assert result.exit_code == 0
    assert "rate: verified: all" in result.stderr
    data = json.loads(run(FINNED_X_WING, "--enable", "SGF", "--verify", "--json").stdout)
    assert data["verified"] is True
    assert run(FINNED_SWORDFISH, "--enable", "SGF", "--verify", "--option", "2000", "--no-walk").exit_code == 0


def test_enable_needs_codes_and_may_not_meet_disable() -> None:
    assert "--enable needs technique codes" in one_error_line(run(FINNED_X_WING, "--enable", " , "))
    assert "BB is given to both --enable and --disable" in one_error_line(
        run(FINNED_X_WING, "--enable", "BB", "--disable", "TE,BB"))


def test_enable_is_refused_for_files() -> None:
    result = run("--file", str(REPO / "tests" / "data" / "top95.txt"), "--enable", "SG")
    assert result.exit_code == 2
    assert "--techniques file" in one_error_line(result)


# --- broken and foreign plugins ------------------------------------------------------------

TECHNIQUE = '''
from pathlib import Path
from techniques.base import Phase, Technique
from techniques.step import Step


class {name}(Technique):
    code = "{code}"
    group = family = "{family}"
    phase = Phase.THINNING
    defaults = {{"points": 1}}
    fields = frozenset({{"cell"}})
    formula = "{{points}}"
    texts_dir = Path(__file__).with_name("{module}_texts")

    def find(self, board, ctx):
        {find}
'''


def fake_distribution(site: Path, dist: str, version: str, module: str, code: str, *, family: str = "Z",
                      find: str = "return iter(())", text: str = "{cell}", body: str | None = None,
                      target: str = ":Fake") -> None:
    """A distribution ``dist`` whose entry point names ``module:Fake`` (a technique ``code``), or with
    ``target=""`` the module."""
    info = site / f"{dist.replace('-', '_')}-{version}.dist-info"  # the escaped name, as installers write it
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\n")
    (info / "entry_points.txt").write_text(f"[sudoku_rater.techniques]\n{code} = {module}{target}\n")
    source = body if body is not None else TECHNIQUE.format(name="Fake", code=code, family=family, module=module,
                                                           find=find)
    (site / f"{module}.py").write_text(textwrap.dedent(source))
    texts = site / f"{module}_texts"
    texts.mkdir()
    (texts / "en.yaml").write_text(yaml.safe_dump({"names": {code: f"fake {code}"}, "texts": {code: text}}))


def test_an_entry_point_may_name_a_module_and_steps_that_change_nothing_are_dropped(
        plugin_path: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    find = "yield Step(self.code, 1, eliminations=((0, 9),), detail={'cell': 0})  # (1:1) is a given 3"
    fake_distribution(tmp_path, "fake-module", "0.9", "fake_module", "MOD", find=find, target="")
    monkeypatch.syspath_prepend(str(tmp_path))
    catalogue = Catalogue.load().with_enabled(["MOD"])
    assert catalogue.entry("MOD").origin == "fake-module 0.9"
    board = Board.from_grid(parse_puzzle(FINNED_X_WING))
    assert list(catalogue.entry("MOD").technique.find(board, Context())) == []
    assert Engine("2001", catalogue).rate(FINNED_X_WING).points == BUILT_IN_TOTAL


def test_a_plugin_may_not_replace_a_built_in_code(plugin_path: None, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fake_distribution(tmp_path, "fake-grid", "1.2", "fake_grid", "SG")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run(FINNED_X_WING)
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "plugin fake-grid 1.2: technique code SG is already taken by the built-in technique" in line
    assert REGISTRY["SG"].__module__ == "techniques.fish"


def test_two_plugins_may_not_share_a_code(plugin_path: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_distribution(tmp_path / "a", "fake-alpha", "1.0", "fake_alpha", "ZZ")
    fake_distribution(tmp_path / "b", "fake-beta", "2.0", "fake_beta", "ZZ")
    monkeypatch.syspath_prepend(str(tmp_path / "a"))
    monkeypatch.syspath_prepend(str(tmp_path / "b"))
    result = run("--list-techniques")
    assert result.exit_code == 2
    assert "plugin fake-beta 2.0: technique code ZZ is already taken by plugin fake-alpha 1.0" in one_error_line(result)
    assert "ZZ" not in REGISTRY  # nothing of a failed load stays


def test_a_plugin_that_fails_to_import_is_one_line(plugin_path: None, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fake_distribution(tmp_path, "fake-broken", "0.3", "fake_broken", "BRK",
                      body="import no_such_module_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run(FINNED_X_WING)
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "plugin fake-broken 0.3: entry point BRK = fake_broken:Fake fails to import" in line
    assert "ModuleNotFoundError" in line


def test_plugin_texts_are_checked_against_the_fields(plugin_path: None, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    fake_distribution(tmp_path, "fake-texts", "1.0", "fake_texts", "TXT", text="{cell} {nope}")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run(FINNED_X_WING)
    assert result.exit_code == 2
    line = one_error_line(result)
    assert "plugin fake-texts 1.0:" in line and "texts: TXT: unknown field {nope}" in line


def test_verify_names_the_first_unsound_step_and_its_origin(plugin_path: None, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin that removes the solution's digit of the first open cell with two candidates."""
    solution = analyse(parse_puzzle(FINNED_X_WING), limit=2).solution
    assert solution is not None
    find = (f"cell = next(c for c in range(81) if board.cands[c].bit_count() > 1)\n"
            f"        yield Step(self.code, 1, eliminations=((cell, {list(solution)!r}[cell]),), detail={{'cell': cell}})")
    fake_distribution(tmp_path, "fake-wrong", "0.1", "fake_wrong", "BAD", find=find)
    monkeypatch.syspath_prepend(str(tmp_path))
    path = technique_file(tmp_path, {"code": "BAD"}, after="F0")  # the first thinning technique
    result = run(FINNED_X_WING, "--techniques", str(path), "--verify", "--no-walk")
    assert result.exit_code == 5
    line = one_error_line(result)
    assert "unsound step" in line and "BAD (fake-wrong 0.1) removes" in line and "the solution's digit" in line


def test_every_built_in_technique_has_a_formula_summary() -> None:
    from rater.views.technique_list import formula

    catalogue = Catalogue.load()
    for entry in catalogue:
        assert entry.technique.formula.strip(), entry.code
        assert template_fields(entry.technique.formula, entry.code) <= set(entry.technique.params) | {"bands"}
    assert formula(catalogue.entry("NT").technique) == "3 x N cells - 4"
    assert formula(catalogue.entry("A1").technique) == "missing numbers <=2: 0, <=4: 1, else 2"
