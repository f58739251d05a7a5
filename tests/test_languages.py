"""A language file added to the texts directory works everywhere, completed from English.

The README's recipe (copy ``en.yaml`` to ``fr.yaml``) and a file that
translates only a few words both give a single rating, a walkthrough and a
``--file`` run with no traceback; what the file lacks (level names, labels,
technique names) is English.
"""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

import rater.run.engine
import rater.settings
import techniques.texts
from rater.cli import main
from rater.levels import level_name, load_levels
from techniques.texts import TEXTS_DIR, language

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
EASY = "14.....5.7..2........3..2.42...8.4...8..9..2...6.5...18.9..1........6..7.5.....69"
#: top95's first puzzle, stuck with singles alone (:data:`SINGLES_ONLY`), so a run has a stuck record too.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SINGLES_ONLY = ("C1,C2,C3,C0,C7,D1,D2,D3,D0,D7,D8,BT1,BT2,NT,HT,RP,CRP,GC,XYZ,WXYZ,SG,SC,SCC,UR,QUR,UL,QUL,"
                "CC,CCS,ICC,ACS,ACR,BB,TE")
PARTIAL = "words:\n  level: Niveau\n  total: Total des points\nnames:\n  B0: Singleton visible\n"


@pytest.fixture(params=["copy", "partial"])
def french(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A texts directory with fr.yaml (a copy of en.yaml, or a few words), made the one the program reads."""
    texts = tmp_path / "texts"
    shutil.copytree(TEXTS_DIR, texts)
    fr = texts / "fr.yaml"
    if request.param == "copy":
        shutil.copy(texts / "en.yaml", fr)
    else:
        fr.write_text(PARTIAL, encoding="utf-8")
    monkeypatch.setattr(techniques.texts, "TEXTS_DIR", texts)
    monkeypatch.setattr(rater.run.engine, "_DEFAULT", None)  # the default catalogue is read again, with fr
    monkeypatch.setattr(rater.settings, "_LOCAL", threading.local())  # and no run keeps an older one
    return str(request.param)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_single_rating_in_a_new_language(french: str) -> None:
    result = run(GOOD, "--lang", "fr", "--no-walk")
    assert result.exit_code == 0, result.output
    level = json.loads(run(GOOD, "--json").stdout)["level_text"]
    label = "Niveau" if french == "partial" else "Level"
    assert f"{label}: {level}" in result.stdout  # the English level name where fr has none
    if french == "partial":
        assert "Total des points:" in result.stdout and "Singleton visible" in result.stdout
        assert "hidden single" in result.stdout.lower() or "naked single" in result.stdout.lower()


def test_walkthrough_and_hint_in_a_new_language(french: str) -> None:
    result = run(GOOD, "--lang", "fr", "--walk", "--ascii", "--no-color")
    assert result.exit_code == 0, result.output
    assert load_levels().grade(0, False, False).names["en"] not in ("", None)
    assert run(GOOD, "--lang", "fr", "--hint", "--full", "--no-color").exit_code == 0


def test_file_run_in_a_new_language(french: str, tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(f"{EASY}\n{HARD}\n")
    result = run("--file", str(path), "--lang", "fr", "--disable", SINGLES_ONLY, "-j", "1",
                 "--format", "jsonl")
    assert result.exit_code == 0, result.output
    solved, stuck = (json.loads(line) for line in result.stdout.splitlines())
    assert solved["status"] == "solved" and solved["level_text"]  # English, as fr names no level
    assert stuck["status"] == "stuck" and stuck["level"] is None and stuck["level_text"] is None
    assert solved["level_text"] in result.stderr  # the summary's per-level table, in English names


def test_level_names_fall_back_to_english() -> None:
    assert level_name({"en": "hard", "de": "schwierig"}, "fr") == "hard"
    assert level_name({"en": "hard", "fr": "difficile"}, "fr") == "difficile"
    assert level_name({}, "de") == ""


def test_a_partial_language_is_completed_from_english(tmp_path: Path) -> None:
    (tmp_path / "fr.yaml").write_text(PARTIAL, encoding="utf-8")
    fr, en = language("fr", tmp_path), language("en")  # no en.yaml beside it: the packaged one
    assert fr.words["level"] == "Niveau" and fr.words["status"] == en.words["status"]
    assert fr.names["B0"] == "Singleton visible" and fr.names["A1"] == en.names["A1"]
    assert fr.boxes == en.boxes and fr.fragments == en.fragments
