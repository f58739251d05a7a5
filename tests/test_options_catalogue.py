"""Option codes and technique files are validated with clear messages."""

import re

import pytest
import yaml

from rater.levels import load_levels
from rater.options import Mode, OptionError, Options
from rater.run.engine import Engine, default_catalogue
from techniques.base import SYNC_LEVELS
from techniques.catalogue import DEFAULT_PATH, Catalogue, CatalogueError


def test_option_digits():
    o = Options.parse("2001")
    assert (o.cd_level, o.mode, o.sync_level) == (2, Mode.PSEUDO_SYNC, 0)
    assert Options.parse("1012").mode is Mode.SYNC and Options.parse("1012").sync_level == 2
    assert Options.parse("2000").mode is Mode.HALF_SYNC


@pytest.mark.parametrize("code", ["201", "20011", "abcd", "3001", "2501", "2021", "2008", ""])
def test_bad_option_codes(code):
    with pytest.raises(OptionError):
        Options.parse(code)


def test_default_catalogue_loads_in_order():
    cat = Catalogue.load()
    codes = [e.code for e in cat]
    assert codes[:4] == ["A1", "A2", "A3", "B0"] and codes[-1] == "TE"
    assert cat.name("B0", "de") == "Einzige mögliche Zahl"


def _data():
    return yaml.safe_load(DEFAULT_PATH.read_text())


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda d: d["techniques"].append({"code": "ZZ9"}), "unknown technique code 'ZZ9'"),
        (lambda d: d["techniques"][-1]["params"].update(points_per_level="x"), "must be int"),
        (lambda d: d["techniques"][-1]["params"].update(bogus=1), "unknown parameter 'bogus'"),
        (lambda d: d["techniques"][0].update(name={"en": 5}), "'name' must map languages"),
        (lambda d: d["techniques"][0].update(name={"fr": "x"}), "unknown languages ['fr']"),
        (lambda d: d["techniques"][0].update(text={"en": "{digit} at {place}"}), "unknown field {place}"),
        (lambda d: d["techniques"][0].update(text={"de": "{digit"}), "malformed template"),
        (lambda d: d["techniques"].append(dict(d["techniques"][0])), "listed twice"),
        (lambda d: d["techniques"][0].update(enabled="yes"), "'enabled' must be true or false"),
    ],
)
def test_bad_technique_files(mutate, fragment):
    data = _data()
    mutate(data)
    with pytest.raises(CatalogueError, match=re.escape(fragment)):
        Catalogue.from_data(data, "my.yaml")


def test_unreadable_technique_file(tmp_path):
    with pytest.raises(CatalogueError, match="cannot read"):
        Catalogue.load(tmp_path / "missing.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_text("techniques: [")
    with pytest.raises(CatalogueError, match="not valid YAML"):
        Catalogue.load(bad)


def test_levels_table_and_synchronous_grade_drop():
    table = load_levels()
    # bounds 15 and 25: the shares of the original's grades over Royle's 17-clue puzzles
    assert [table.grade(p, False, False).names["de"] for p in (9, 15, 16, 25, 26, 32)] == [
        "extrem einfach", "extrem einfach", "sehr einfach", "sehr einfach", "ziemlich einfach", "noch einfach"]
    assert table.grade(38, False, False).names["de"] == "etwas schwierig"
    assert table.grade(20, True, False).names["de"] == "extrem einfach"  # synchronous: one grade lower
    assert table.grade(900, False, True).names["en"] == "only solvable by trial & error"



def test_synchronous_levels_are_the_families_the_techniques_declare():
    """Level 3 adds remote pairs and family III to the box test and the tuples (docs/decisions.md, "Modes")."""
    level_3 = Engine("2003").sync_families
    assert {"I", "II", "RP", "III"} <= level_3 and "IV" not in level_3
    assert Engine("2001").sync_families == frozenset()
    for entry in default_catalogue():
        level = entry.technique.sync_level
        assert level is None or level in SYNC_LEVELS
        assert default_catalogue().family_levels().get(entry.technique.family) == level
