"""The parsed data of the packaged YAML files is kept like bytecode, and used only for the very text it came from."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from rater.digest import catalogue_digest
from rater.levels import LEVELS_PATH, LevelTableError, load_levels
from techniques.catalogue import DEFAULT_PATH, Catalogue
from techniques.texts import TEXTS_DIR
from techniques.yaml_files import YamlError, load_kept, safe_load


@pytest.fixture(autouse=True)
def kept_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every kept file goes below a folder of the test (as with ``PYTHONPYCACHEPREFIX``), and is written."""
    prefix = tmp_path / "pycache"
    monkeypatch.setattr(sys, "pycache_prefix", str(prefix))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return prefix


class Counting:
    """A parse that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, text: str) -> Any:
        self.calls += 1
        return safe_load(text)


def test_the_same_text_is_parsed_once_and_an_edit_is_parsed_again(tmp_path: Path) -> None:
    path, parse = tmp_path / "t.yaml", Counting()
    assert load_kept(path, "a: [1, 2]\n", parse) == {"a": [1, 2]}
    assert load_kept(path, "a: [1, 2]\n", parse) == {"a": [1, 2]}
    assert parse.calls == 1
    assert load_kept(path, "a: [1, 3]\n", parse) == {"a": [1, 3]}
    assert parse.calls == 2
    assert load_kept(path, "a: [1, 3]\n", parse) == {"a": [1, 3]}
    assert parse.calls == 2


def test_a_damaged_kept_file_is_parsed_again(tmp_path: Path, kept_in: Path) -> None:
    path, parse = tmp_path / "t.yaml", Counting()
    load_kept(path, "a: 1\n", parse)
    (kept,) = kept_in.rglob("*.marshal")
    for damage in (b"", b"\x00garbage", kept.read_bytes()[:-3]):
        kept.write_bytes(damage)
        assert load_kept(path, "a: 1\n", parse) == {"a": 1}
    assert parse.calls == 4


def test_nothing_is_written_when_bytecode_is_not(tmp_path: Path, kept_in: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert load_kept(tmp_path / "t.yaml", "a: 1\n") == {"a": 1}
    assert not kept_in.exists()


def test_a_value_marshal_cannot_write_is_parsed_every_time(tmp_path: Path, kept_in: Path) -> None:
    assert load_kept(tmp_path / "t.yaml", "day: 2024-01-02\n") == safe_load("day: 2024-01-02\n")
    assert not list(kept_in.rglob("*.marshal"))


def test_a_bad_text_is_an_error_and_never_kept(tmp_path: Path, kept_in: Path) -> None:
    with pytest.raises(YamlError, match="mapping values are not allowed"):
        load_kept(tmp_path / "t.yaml", "a: b: c\n")
    assert not list(kept_in.rglob("*.marshal"))


@pytest.mark.parametrize("path", [DEFAULT_PATH, LEVELS_PATH, *sorted(TEXTS_DIR.glob("*.yaml"))], ids=str)
def test_the_packaged_files_read_the_same_kept_as_parsed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = yaml.load(text, Loader=yaml.SafeLoader)  # PyYAML's pure-Python parser
    assert load_kept(path, text) == expected  # parsed, then kept
    assert load_kept(path, text) == expected  # kept


def test_the_default_catalogue_is_the_same_kept_as_parsed(kept_in: Path) -> None:
    parsed = catalogue_digest(Catalogue.load(), load_levels.__wrapped__())
    tag = sys.implementation.cache_tag
    assert {p.name for p in kept_in.rglob("*.marshal")} >= {f"techniques.yaml.{tag}.marshal", f"levels.yaml.{tag}.marshal"}
    assert catalogue_digest(Catalogue.load(), load_levels.__wrapped__()) == parsed


def test_a_levels_file_that_is_no_yaml_mapping_is_one_input_error(tmp_path: Path) -> None:
    """A tuned levels file with a YAML slip, or no mapping at all, is a LevelTableError, not a traceback."""
    for text, says in (("grades: [up_to: 1\n", "not valid YAML"), ("- 1\n- 2\n", "expected a mapping")):
        path = tmp_path / "levels.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(LevelTableError, match=says):
            load_levels(path)


def test_rate_says_in_one_line_that_the_level_table_is_unusable(monkeypatch: pytest.MonkeyPatch) -> None:
    """The level table is read when the first engine is built: a bad one ends ``rate`` with one line."""
    from click.testing import CliRunner

    import rater.run.engine
    from rater.cli import main
    from rater.exits import EXIT_INPUT

    def unusable() -> None:
        raise LevelTableError("levels.yaml: not valid YAML (a slip)")

    monkeypatch.setattr(rater.run.engine, "load_levels", unusable)
    result = CliRunner().invoke(main, ["." * 81])
    assert result.exit_code == EXIT_INPUT
    assert result.output.strip().splitlines()[-1].endswith("levels.yaml: not valid YAML (a slip)")
    assert "Traceback" not in result.output
