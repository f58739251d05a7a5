"""Golden records: the full ratings of a fixed sample, checked in, so that any change of a rating is seen.

Every case runs ``rate PUZZLE --json`` in-process (the command's own code
path, :func:`rater.cli.main`) and keeps what a rating is: every step's code,
points, size, placed and eliminated cells and digits (and the alternatives
the option's second digit prints), then status, points, norms, level and
thinning steps.  Timings and explanation texts are left out: they change
without the rating changing.

The sample exercises every value of every option digit, every rule variant,
``--disable``/``--enable``, ``--canonical``, ``--allow-multiple``, a candidate-line start and
``--reduce``.  A case is one line of :data:`CASES`: a name, the puzzle, the
option code and further arguments of ``rate`` (a new flag of ``rate`` is one
more line, e.g. ``Case("hard-flag", HARD, "2001", ("--flag",))``, then
``--update-golden`` writes its file).

A mismatch fails with a unified diff of the record.  When a rating change is
intended, regenerate the records on purpose::

    python3 -m pytest tests/test_golden.py --update-golden

and say why under ``### Rating changes`` in CHANGELOG.md (README, Tests).
"""

from __future__ import annotations

import difflib
import json
import shlex
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml
from click.testing import CliRunner

from rater.cli import main
from techniques.catalogue import DEFAULT_PATH
from tests.conftest import read_puzzles

GOLDEN = Path(__file__).resolve().parent / "golden"
#: The layout of a golden file; raise it when the layout (not a rating) changes.
GOLDEN_FORMAT = 1


class Case(NamedTuple):
    """One golden rating: ``rate PUZZLE --option OPTION --json *ARGS``."""

    name: str
    puzzle: str
    option: str
    args: tuple[str, ...] = ()


#: top1465 (every 24th line, line 1): box tests, tuples, chains, unique rectangles, Bowman's Bingo.
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: sample1000 line 138: a C0 single whose uncapped points (10) pass the 8-point cap of C/D.
CD_CAP = read_puzzles("cd_cap.txt")[0]
#: The README's sample puzzle: direct methods and D3.
EASY = "800000003009000000040706090005904100000000000003002700090108070002000400700000005"
#: EASY without its last given: several solutions.
SEVERAL = "800000003009000000040706090005904100000000000003002700090108070002000400700000000"
#: variant_diagonal_200 line 3: hidden singles on a diagonal (E3).
DIAGONAL = "5...........74..8..6..8..........1......9.......5.892.......61.......2.8....7..4."
COLOUR = "....38.26...29....5......1.35..........17..89.................54....7....9......."
#: The seed's example 81 (tests/data/examples.csv), a colour-diagonal Sudoku.
COLOUR_DIAGONAL = "000000000004906800080107090035000460000000000021000730090704020007309600000000000"
#: top1465 (every 24th line, line 6) as a candidate line: all candidates, six false ones removed.
CANDIDATES = (
    ".......8.1.....7......5.........6.....34.67....34.67..1.3..6..9..34..7.9.2..........4.67...2........"
    "2.4.67..........9.234.67..1..........3.56.8...345.78.......78...3......12....7..12.4.67.9.2.456.8..2."
    "4.67...2.45678.1...56.89...45.7891..4567891...5...9.....6...1.3....89......7..123.....9.23....89...4."
    ".....23.5..89..3.5..89.2.......1.3...78.1.34..7891..4.6.8.....5......34.6.89..3..6.89..3...789..3..6"
    "789...45.7.9..3.5.78...34..789.2.4.6.8..234.6..9.234.6.89.23.56.891..........3.567891...567..12..5.7"
    "..12...67....3.............8..2.4567.912..5...9.2.45...91..45...91...56...........9123..6.8.12.456.."
    ".12.4.6....2.456.........7...2345..8.1.345..8.1...5.7.....4.....123...78.12..5....12....7.9.2..5.7.9"
    "123.5..89.....6...1.3.5..89"
)
#: A technique file argument: the packaged file with these codes switched off (made in a temporary folder).
WITHOUT = "@techniques-without:"

CASES: tuple[Case, ...] = (
    Case("easy", EASY, "2001"),
    # digit 1: C/D tests none, simple, all
    Case("cd0", CD_CAP, "0001"),
    Case("cd1", CD_CAP, "1001"),
    Case("cd2", CD_CAP, "2001"),
    Case("cd2-sync7", CD_CAP, "2007"),
    Case("hard-cd0", HARD, "0001"),
    Case("hard-cd1", HARD, "1001"),
    Case("hard", HARD, "2001"),
    # digit 2: printed alternatives; digit 3: thinning-step output
    Case("detail1", HARD, "2101"),
    Case("detail2", HARD, "2201"),
    Case("detail3", EASY, "2301"),
    Case("detail4", EASY, "2401"),
    Case("thinning-list", HARD, "2011"),
    # digit 4: half-synchronous, pseudo-synchronous (above), synchronous levels 2-7
    Case("half", HARD, "2000"),
    Case("sync2", HARD, "2002"),
    Case("sync3", HARD, "2003"),
    Case("sync4", HARD, "2004"),
    Case("sync5", HARD, "2005"),
    Case("sync6", HARD, "2006"),
    Case("sync7", HARD, "2007"),
    # rule variants
    Case("diagonal", DIAGONAL, "2001", ("--rules", "diagonal")),
    Case("diagonal-half", DIAGONAL, "2000", ("--rules", "diagonal")),
    Case("colour", COLOUR, "2001", ("--rules", "colour")),
    Case("colour-sync7", COLOUR, "2007", ("--rules", "colour")),
    Case("colour-diagonal", COLOUR_DIAGONAL, "2001", ("--rules", "colour-diagonal")),
    # technique switches
    Case("disable-bb", HARD, "2001", ("--disable", "BB")),
    Case("disable-ur", HARD, "2001", ("--disable", "UR,QUR")),
    Case("enable-bb", HARD, "2001", ("--techniques", WITHOUT + "BB", "--enable", "BB")),
    # the canonical orientation in a mode that does not rate it by itself
    Case("canonical", HARD, "2001", ("--canonical",)),
    Case("canonical-sync7", COLOUR, "2007", ("--rules", "colour", "--canonical")),
    # several solutions, a candidate-line start, reduction
    Case("allow-multiple", SEVERAL, "2001", ("--allow-multiple",)),
    Case("candidates", CANDIDATES, "2001"),
    Case("candidates-half", CANDIDATES, "2000"),
    Case("reduce", EASY, "2001", ("--reduce",)),
)


def _number(value: float) -> str:
    return f"{value:g}"


def _cells(pairs: list[list[int]], sign: str) -> list[str]:
    return [f"r{r}c{c}{sign}{d}" for r, c, d in pairs]


def _step_line(step: dict[str, Any]) -> str:
    """One step as one line: code, points, size, placements (r1c2=5), eliminations (r1c2-5)."""
    parts = [step["code"], _number(step["points"])]
    if step.get("size") is not None:
        parts.append(f"size={step['size']}")
    parts += _cells(step["placements"], "=") + _cells(step["eliminations"], "-")
    return " ".join(parts)


def _totals(data: dict[str, Any]) -> dict[str, Any]:
    return {"status": data["status"], "points": data["points"], "norm2": data["norm2"], "max": data["max"],
            "level": data["level"], "thinning_steps": data["thinning_steps"],
            "orientation": data.get("orientation")}


def golden_record(case: Case, data: dict[str, Any]) -> dict[str, Any]:
    """What a golden file keeps of the ``--json`` object ``data``: the rating, no timing or text."""
    steps: list[str] = []
    for step in data["steps"]:
        steps.append(_step_line(step))
        steps += ["  or " + _step_line(alt) for alt in step.get("alternatives", ())]
    record: dict[str, Any] = {
        "format": GOLDEN_FORMAT,
        "command": shlex.join(["rate", case.puzzle, "--option", case.option, "--json", *case.args]),
        **_totals(data),
        "steps": steps,
    }
    if "reduced" in data:
        reduced = data["reduced"]
        record["reduced"] = {"puzzle": reduced["puzzle"], "givens": reduced["givens"],
                             "removed": reduced["removed"], **_totals(reduced["rating"])}
    return record


def _argument(arg: str, tmp_path: Path) -> str:
    """A case argument, with a technique-file placeholder turned into a file."""
    if not arg.startswith(WITHOUT):
        return arg
    off = set(arg[len(WITHOUT):].split(","))
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    for entry in data["techniques"]:
        if entry["code"] in off:
            entry["enabled"] = False
    path = tmp_path / "techniques.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return str(path)


def rate_case(case: Case, tmp_path: Path) -> dict[str, Any]:
    """The golden record of ``case``, rated by the ``rate`` command."""
    args = [case.puzzle, "--option", case.option, "--json", *(_argument(a, tmp_path) for a in case.args)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 1), result.output
    return golden_record(case, json.loads(result.stdout))


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_rating_matches_its_golden_record(case: Case, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    path = GOLDEN / f"{case.name}.json"
    actual = _text(rate_case(case, tmp_path))
    if request.config.getoption("--update-golden"):
        path.write_text(actual, encoding="utf-8")
        return
    assert path.is_file(), f"{path.name} is missing: run pytest {Path(__file__).name} --update-golden"
    expected = path.read_text(encoding="utf-8")
    if actual != expected:
        diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), f"golden/{path.name}", "now",
                                    lineterm="", n=2)
        pytest.fail(f"the rating of {case.name} changed (if intended: --update-golden and a CHANGELOG entry "
                    "under ### Rating changes):\n" + "\n".join(diff), pytrace=False)


def test_every_golden_file_has_a_case() -> None:
    """A golden file whose case was removed would be kept and never checked."""
    names = {c.name for c in CASES}
    assert len(names) == len(CASES)
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(names)


def test_the_sample_covers_every_option_digit_value_and_variant() -> None:
    options = [c.option for c in CASES]
    assert {o[0] for o in options} == set("012")
    assert {o[1] for o in options} == set("01234")
    assert {o[2] for o in options} == set("01")
    assert {o[3] for o in options} == set("01234567")
    rules = {c.args[c.args.index("--rules") + 1] for c in CASES if "--rules" in c.args}
    assert rules == {"diagonal", "colour", "colour-diagonal"}
    flags = {a for c in CASES for a in c.args}
    assert {"--disable", "--enable", "--allow-multiple", "--reduce", "--canonical"} <= flags
    assert any(len(c.puzzle) == 729 for c in CASES)
