"""Findings apart from words: one renderer, language files checked on load, no prose in finders."""

from __future__ import annotations

import ast
import io
import re
import shutil
from pathlib import Path

import pytest
import yaml
from rich.console import Console

from rater.run.engine import Engine
from rater.views.report import text_report
from rater.views.walkthrough import WalkOptions, Walkthrough
from techniques.catalogue import DEFAULT_PATH, Catalogue, CatalogueError
from techniques.findings import (
    FRAGMENT_FIELDS,
    IS,
    NOT,
    Cell,
    Cells,
    Chain,
    Digit,
    Digits,
    Fragment,
    Items,
    Node,
    Unit,
    Units,
)
from techniques.texts import TEXTS_DIR, Language, TextError, language
from tests.conftest import read_puzzles

TECHNIQUES = Path(__file__).resolve().parents[1] / "techniques"
PUZZLE = "000002030200007500400360071078000005004000100100080090000821600002700004017046300"


def test_values_are_written_by_kind() -> None:
    en, de = language("en"), language("de")
    assert en.value(Cell(10)) == "(2:2)" and en.value(Digit(7)) == "7"
    assert en.value(Unit(2)) == "row 3" and de.value(Unit(11)) == "Spalte 3"
    assert en.value(Unit(25)) == "Box 3#2 (BM)" and de.value(Unit(25)) == "Box 3#2 (UM)"
    assert en.value(Units((13, 9))) == "columns 1, 5" and de.value(Units((0, 4))) == "Zeilen 1, 5"
    assert en.value(Digits((2, 3, 5))) == "235" and en.value(Cells((0, 1)), "/") == "(1:1)/(1:2)"
    chain = Chain((Node.of(5, 3), Node.of(14, 5)), ("-",), Node.of(5, 3, sign=NOT))
    assert en.value(chain) == "(1:6)3 - (2:6)5 [- (1:6)!3]"
    assert en.value(Items((chain, Chain.plain((Node.of(0, 1, sign=IS),)))), "and").endswith(" and (1:1)1")
    assert de.value(Items((chain, chain)), "and").count(" und ") == 1
    assert de.value(Fragment.of("no_place_in_unit", digit=Digit(3), unit=Unit(16))) == \
        "keine Möglichkeit für eine 3 in Spalte 8"


def _copy_texts(tmp_path: Path) -> Path:
    texts = tmp_path / "texts"
    shutil.copytree(TEXTS_DIR, texts)
    return texts


def test_a_template_with_an_unknown_field_fails_on_load(tmp_path: Path) -> None:
    """The broken language fails when it is asked for; the others load (a language is a unit)."""
    texts = _copy_texts(tmp_path)
    path = texts / "de.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("{visible} sichtbare", "{sichtbar} sichtbare"),
                    encoding="utf-8")
    catalogue = Catalogue.load(texts=texts)
    assert catalogue.language("en").code == "en"
    with pytest.raises(CatalogueError) as err:
        catalogue.language("de")
    message = str(err.value)
    assert "\n" not in message and "de.yaml: texts: B0" in message and "{sichtbar}" in message


@pytest.mark.parametrize(("template", "message"), [
    ("{digit.real}", "a field is a plain name"), ("{0}", "a field is a plain name"),
    ("{digit!r}", "conversions are not allowed"), ("{digit", "malformed template"),
])
def test_templates_use_plain_fields(template: str, message: str) -> None:
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    data["techniques"][3]["text"] = {"en": template}
    with pytest.raises(CatalogueError, match=re.escape(message)):
        Catalogue.from_data(data, "mine.yaml")


def test_declared_but_absent_fields_and_odd_specs_do_not_break_a_sentence() -> None:
    en = language("en")
    assert en.render("{digit}|{unit}|{count:, }", {"digit": Digit(4), "count": 7}) == "4||7"


def test_a_fragment_with_an_unknown_field_fails_on_load(tmp_path: Path) -> None:
    texts = _copy_texts(tmp_path)
    path = texts / "en.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("two {digit}s in {unit}", "two {digits}s in {unit}"),
                    encoding="utf-8")
    with pytest.raises(TextError, match=r"en\.yaml: fragments: twice_in_unit: unknown field \{digits\}"):
        Language.load(path)


def test_a_missing_text_is_english_and_fails_only_in_english(tmp_path: Path) -> None:
    """A language lacking a template takes the English one; English itself must be complete."""
    for code in ("de", "en"):
        texts = _copy_texts(tmp_path / code)  # a directory each: language files are read once per path
        path = texts / f"{code}.yaml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        del data["texts"]["UR"]
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        if code == "de":
            catalogue = Catalogue.load(texts=texts)
            assert catalogue.entry("UR").texts["de"] == catalogue.entry("UR").texts["en"]
        else:
            with pytest.raises(CatalogueError, match="en.yaml: texts: missing UR"):
                Catalogue.load(texts=texts)


def test_a_third_language_is_a_data_file(tmp_path: Path) -> None:
    """A copy of en.yaml with other words is a new language: no code changes."""
    texts = _copy_texts(tmp_path)
    english = (texts / "en.yaml").read_text(encoding="utf-8")
    (texts / "xx.yaml").write_text(english.replace('step: "Step"', 'step: "Pas"')
                                   .replace("can only go to", "ne peut aller qu'en"), encoding="utf-8")
    catalogue = Catalogue.load(texts=texts)
    rating = Engine("2001", catalogue).rate(PUZZLE)
    report = text_report(rating, catalogue, "xx")
    assert "Pas   1" in report and "ne peut aller qu'en" in report


def test_markup_in_names_prints_literally() -> None:
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    for entry in data["techniques"]:
        if entry["code"] == "A3":
            entry["name"] = {"en": "odd [/x] name [bold]"}
    catalogue = Catalogue.from_data(data, "markup.yaml")
    rating = Engine("2001", catalogue).rate(PUZZLE)
    out = io.StringIO()
    console = Console(file=out, no_color=True, color_system=None, width=200, highlight=False)
    Walkthrough(catalogue, console, WalkOptions("en", False, True, first=1, last=1)).show(rating)
    assert out.getvalue().count("odd [/x] name [bold]") == 2  # step header and the summary table


def _prose(path: Path) -> list[str]:
    """String constants of a module that read like sentences (two words or more), docstrings aside.

    The formula summaries (``formula = ...`` and the ``..._FORMULA`` parts they share) are left
    out too: a few words of notation over parameter names, shown untranslated by
    ``rate --list-techniques``, never in an explanation.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body
        and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)
    }
    formulas = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        and any(isinstance(t, ast.Name) and (t.id == "formula" or t.id.endswith("_FORMULA"))
                for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
        for inner in ast.walk(node)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings | formulas:
            if re.search(r"[A-Za-zäöüß]{2,} [A-Za-zäöüß]{2,}", node.value):
                found.append(node.value)
    return found


#: Modules allowed to hold words: the loaders of files and plugins (their error messages), the
#: notations (an unknown name) and the registry (a programming error, "code registered twice").
NOT_FINDERS = ("catalogue.py", "plugins.py", "texts.py", "findings.py", "notation.py", "base.py")


@pytest.mark.parametrize("module", sorted(p.name for p in TECHNIQUES.glob("*.py") if p.name not in NOT_FINDERS))
def test_no_sentences_in_technique_modules(module: str) -> None:
    assert _prose(TECHNIQUES / module) == []


def _check_typed(value: object, where: str) -> None:
    """Finding values are typed: no prose, every fragment of a declared kind with declared fields."""
    if isinstance(value, Fragment):
        assert value.kind in FRAGMENT_FIELDS and set(value.values) <= FRAGMENT_FIELDS[value.kind], where
        for key, inner in value.values.items():
            _check_typed(inner, f"{where}.{key}")
    elif isinstance(value, Items):
        for inner in value:
            _check_typed(inner, where)
    elif isinstance(value, str):
        assert re.fullmatch(r"[0-9A-Z]+", value), f"{where} holds text {value!r}"


def test_steps_carry_typed_findings_only() -> None:
    """Every step of some hard ratings: declared fields only, and no words among the values."""
    hard = read_puzzles("hard_symmetry.txt")
    engine = Engine("2001")
    for puzzle in [PUZZLE, hard[0], hard[5], hard[9]]:
        for step in engine.rate(puzzle).steps:
            fields = engine.catalogue.entry(step.code).technique.fields
            assert set(step.detail) <= fields, step.code
            for key, value in step.detail.items():
                _check_typed(value, f"{step.code}.{key}")
