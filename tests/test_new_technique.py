"""A new technique, written outside the repository, joins a rating with nothing else changed.

A throwaway distribution is written into a temporary directory the way an
installer leaves one (a ``*.dist-info`` with its entry point beside the
package) and loaded like any plugin.  Its techniques declare every fact the
rater reads about a technique — code, group, family, phase, point parameters,
finding fields, formula summary, synchronous level, row/column twin — and
their words in a language file of their own.  No file of the repository is
written: when this passes, docs/architecture.md's "Adding a technique" holds
for a plugin, and the built-in catalogue has no list a new code must join.
"""

from __future__ import annotations

import json
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
from rater.cli import main
from rater.run.engine import Engine
from rater.views.technique_list import technique_rows
from techniques import plugins
from techniques.base import REGISTRY, transposed_code
from techniques.catalogue import Catalogue
from tests.conftest import read_puzzles

#: Two puzzles with written candidates and naked singles among them, and one solved by placements alone.
PUZZLES = (*read_puzzles("top1465_every24.txt", count=2), read_puzzles("sample1000_every3.txt", count=1)[0])
MODULE = "throwaway_technique"

SOURCE = '''
"""A naked single found again, in a family of its own, and two searches that find nothing."""

from pathlib import Path

from techniques.base import Phase, Technique
from techniques.findings import Cell, Digit
from techniques.step import Step

TEXTS = Path(__file__).with_name("throwaway_texts")


class LoneCandidate(Technique):
    """A cell with one candidate left holds it: sound, and met in every rating past the direct methods."""

    code = "LC"
    group = family = "LONE"
    phase = Phase.SINGLES
    defaults = {"points": 0}
    fields = frozenset({"cell", "digit"})
    formula = "{points}"
    texts_dir = TEXTS

    def find(self, board, ctx):
        for cell in range(81):
            mask = board.cands[cell]
            if not board.values[cell] and mask and not mask & (mask - 1):
                digit = mask.bit_length()
                yield Step(self.code, self.params["points"], placements=((cell, digit),),
                           detail={"cell": Cell(cell), "digit": Digit(digit)})


class _Nothing(Technique):
    """A placeholder: a search in a new family, synchronous from level 4, that never finds a step."""

    group = family = "ZZ"
    phase = Phase.THINNING
    sync_level = 4
    defaults = {"points": 1}
    fields = frozenset({"unit"})
    formula = "{points}"
    texts_dir = TEXTS

    def find(self, board, ctx):
        return iter(())


class NothingInARow(_Nothing):
    code = "ZR"
    transposed_twin = "ZC"


class NothingInAColumn(_Nothing):
    code = "ZC"
    transposed_twin = "ZR"
'''

TEXTS = {
    "en": {"names": {"LC": "Lone candidate", "ZR": "Nothing in a row", "ZC": "Nothing in a column"},
           "texts": {"LC": "{cell} holds {digit} alone", "ZR": "nothing in {unit}", "ZC": "nothing in {unit}"}},
    "de": {"names": {"LC": "Einzige Kandidatin", "ZR": "Nichts in einer Zeile", "ZC": "Nichts in einer Spalte"},
           "texts": {"LC": "in {cell} steht nur {digit}", "ZR": "nichts in {unit}", "ZC": "nichts in {unit}"}},
}


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The throwaway distribution on ``sys.path``, with a clean plugin state before and after."""
    info = tmp_path / "throwaway_technique-0.0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: throwaway-technique\nVersion: 0.0.1\n")
    (info / "entry_points.txt").write_text(f"[sudoku_rater.techniques]\nthrowaway = {MODULE}\n")
    (tmp_path / f"{MODULE}.py").write_text(textwrap.dedent(SOURCE))
    texts = tmp_path / "throwaway_texts"
    texts.mkdir()
    for lang, words in TEXTS.items():
        (texts / f"{lang}.yaml").write_text(yaml.safe_dump(words, allow_unicode=True), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins.reset_plugins()
    monkeypatch.setattr(rater.run.engine, "_DEFAULT", None)
    monkeypatch.setattr(rater.settings, "_LOCAL", threading.local())
    yield tmp_path
    plugins.reset_plugins()
    sys.modules.pop(MODULE, None)


def ratings(catalogue: Catalogue, option: str = "2001") -> list[tuple[str, float, list[tuple[str, float]]]]:
    """Status, total and steps of every sample puzzle, each step checked against the solution."""
    engine = Engine(option, catalogue)
    out = []
    for puzzle in PUZZLES:
        rating = engine.rate(puzzle, verify=True)
        out.append((rating.status, rating.points, [(s.code, s.points) for s in rating.steps]))
    return out


def test_the_new_techniques_join_switched_off_and_change_no_rating(installed: Path) -> None:
    built_in = ratings(Catalogue.load())  # before the plugin is loaded: reset_plugins() again after
    plugins.reset_plugins()
    catalogue = Catalogue.load()
    codes = [e.code for e in catalogue]
    assert {"LC", "ZR", "ZC"} <= set(codes) and not any(catalogue.entry(c).enabled for c in ("LC", "ZR", "ZC"))
    assert codes.index("LC") == codes.index("F0") + 1  # a new family goes after the last of its phase
    assert catalogue.entry("LC").origin == "throwaway-technique 0.0.1"
    assert ratings(catalogue) == built_in


def test_the_new_techniques_rate_when_switched_on(installed: Path) -> None:
    catalogue = Catalogue.load()
    built_in = ratings(catalogue)
    # the placeholders find nothing: switched on, every rating stays
    assert ratings(catalogue.with_enabled(["ZR", "ZC"])) == built_in
    # the lone candidate finds F0's naked singles at 0 points, so F0 is never the cheapest; verify checks each step
    lone = ratings(catalogue.with_enabled(["LC"]))
    assert [status for status, _total, _steps in lone] == [status for status, _total, _steps in built_in]
    assert any(code == "LC" for _status, _total, steps in lone for code, _points in steps)
    assert not any(code == "F0" for _status, _total, steps in lone for code, _points in steps)


def test_the_declared_facts_reach_the_rater(installed: Path) -> None:
    catalogue = Catalogue.load().with_enabled(["ZR", "ZC"])
    assert catalogue.family_levels()["ZZ"] == 4
    assert "ZZ" in Engine("2004", catalogue).sync_families and "ZZ" not in Engine("2003", catalogue).sync_families
    assert (transposed_code("ZR"), transposed_code("ZC"), transposed_code("LC")) == ("ZC", "ZR", "LC")
    rows = {row["code"]: row for row in technique_rows(catalogue)}
    assert rows["LC"]["points"] == "0" and rows["LC"]["names"]["de"] == "Einzige Kandidatin"
    assert rows["ZR"]["family"] == "ZZ" and rows["ZR"]["enabled"]


def test_the_command_line_rates_with_it(installed: Path) -> None:
    result = CliRunner().invoke(main, [PUZZLES[0], "--enable", "LC", "--json", "--lang", "de", "--verify"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    lone = [step for step in data["steps"] if step["code"] == "LC"]
    assert lone and lone[0]["text"].startswith("in ")
    assert REGISTRY["LC"].__module__ == MODULE


@pytest.mark.parametrize(("declared", "message"), [
    ("sync_level = 9", "'sync_level' must be a synchronous level 2-7 or None"),
    ("sync_level = True", "'sync_level' must be a synchronous level 2-7 or None"),
    ('transposed_twin = "ZR"', "'transposed_twin' must be the code of another technique or None"),
    ('transposed_twin = "A1"', "its transposed twin A1 must be a technique whose transposed_twin is ZR"),
])
def test_declarations_that_do_not_hold_are_one_error(installed: Path, declared: str, message: str) -> None:
    """A level outside 2-7, a twin that is itself or does not name it back: the plugin is refused."""
    source = (installed / f"{MODULE}.py").read_text().replace('    transposed_twin = "ZC"', f"    {declared}")
    (installed / f"{MODULE}.py").write_text(source)
    result = CliRunner().invoke(main, ["--list-techniques"])
    assert result.exit_code == 2
    assert "plugin throwaway-technique 0.0.1: technique ZR:" in result.stderr and message in result.stderr
    assert "ZR" not in REGISTRY and "LC" not in REGISTRY  # nothing of a failed load stays


def test_a_family_has_one_synchronous_level(installed: Path) -> None:
    """A plugin class in a built-in family may leave the level out (it takes the family's) but not change it."""
    source = (installed / f"{MODULE}.py").read_text().replace('group = family = "LONE"\n    phase = Phase.SINGLES',
                                                              'group = family = "IV"\n    phase = Phase.THINNING\n'
                                                              '    sync_level = 5')
    (installed / f"{MODULE}.py").write_text(source)
    result = CliRunner().invoke(main, ["--list-techniques"])
    assert result.exit_code == 2
    assert "technique LC: family IV is searched synchronously from level 4" in result.stderr
