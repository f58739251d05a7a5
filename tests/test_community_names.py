"""The community's names beside Giese's: in both language files, --list-techniques, the walkthrough and the page."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rater.cli import main
from rater.run.engine import default_catalogue
from techniques.texts import language
from tests.test_notation import CASES

#: Giese's own techniques with no counterpart in the community's catalogue of names.
WITHOUT: frozenset[str] = frozenset({"C0", "C7", "D0", "D7", "PM", "SCC", "QUR", "QUL"})


def test_both_languages_name_the_same_techniques_and_only_known_ones() -> None:
    codes = {entry.code for entry in default_catalogue()}
    english, german = language("en").community, language("de").community
    assert set(english) == set(german) == codes - WITHOUT
    assert english["GC"].startswith("XY-Chain") and english["SG"].endswith("X-Wing, Swordfish, Jellyfish")
    assert english["BT2"] == "Locked Candidates Type 1 (Pointing)" and german["A1"] == "Versteckter Einer"


def test_list_techniques_shows_them() -> None:
    rows = json.loads(CliRunner().invoke(main, ["--list-techniques", "--json"]).stdout)["techniques"]
    by_code = {row["code"]: row["community"] for row in rows}
    assert by_code["ICC"] == {"en": "Continuous Nice Loop", "de": "Continuous Nice Loop"}
    assert by_code["QUR"] == {"en": None, "de": None}
    table = CliRunner().invoke(main, ["--list-techniques", "--ascii"]).stdout
    assert "community" in table and "Remote Pairs" in table


def test_walkthrough_and_page_name_them_beside_the_steps() -> None:
    puzzle, option = CASES[1]
    walk = CliRunner().invoke(main, [puzzle, "-o", option, "--walk", "--ascii", "--no-color"]).stdout
    assert "  Golden chain (XY-chain), known as XY-Chain (XY-Wing with 3 cells; closed: XY-Loop)  " in walk
    german = CliRunner().invoke(main, [puzzle, "-o", option, "--walk", "--ascii", "--no-color", "--lang", "de"]).stdout
    assert "Goldene Kette, bekannt als XY-Chain" in german
    page = CliRunner().invoke(main, [puzzle, "-o", option, "--html", "-"]).stdout
    assert "Remote pairs, known as Remote Pairs" in page
    hint_free = CliRunner().invoke(main, [puzzle, "-o", option, "--hint"]).stdout.strip()
    assert ", known as" not in hint_free  # the bare hint stays the technique's own name
