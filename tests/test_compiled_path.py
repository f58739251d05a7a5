"""The compiled modules and their Python sources rate alike (docs/decisions.md, "A compiled path").

Each copy of the packages that has compiled modules rates a sample and finds its minlex forms
twice in a fresh interpreter: as it is, and with ``SUDOKU_RATER_PURE=1`` (the Python sources).
Two copies are looked at: the installed package (what ``pip install .`` built; CI installs it
before the tests) and this source tree (after ``python3 setup.py build_ext --inplace``). Every
record must be identical. Without any compiled copy (no compiler at install) there is nothing to
compare and the test is skipped, except in CI (``CI`` set): there a missing compiled path is a
failure, never a skip. The switch itself is tested either way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, REPO, read_puzzles

#: Rates the puzzles given on stdin (one JSON list) and prints the status line and the records.
SCRIPT = """
import json, sys
from puzzles.build import not_compiled, status
from puzzles.rules import parse_rules
from rater.settings import RunSettings
puzzles = json.loads(sys.stdin.read())
records = []
for option in ("2001", "2000"):
    engine = RunSettings(option=option).engine()
    for p, rules in puzzles:
        r = engine.rate(p, rules=parse_rules(rules))
        # repr: the figures' types too (an int must not come back as a float, 2 == 2.0)
        records.append([option, p, r.status.value, repr(r.points), repr(r.max), r.level,
                        [[s.code, repr(s.points), s.placements, s.eliminations] for s in r.steps]])
from canon import minlex
from puzzles import parse_puzzle, solve
for p, rules in puzzles:
    if rules == "standard":  # the minlex forms of the puzzle, its pattern and its solution grid
        records.append(["minlex", p, minlex(p), minlex(p, pattern=True), minlex(solve(parse_puzzle(p)))])
print(json.dumps({"status": status(), "not_compiled": not_compiled(), "where": __import__("puzzles").__file__,
                  "records": records}))
"""


def _puzzles() -> list[tuple[str, str]]:
    """Easy, 17-clue and hard puzzles (the direct phase, the candidate phase, the chains) and
    diagonal ones (the solver's tables of variant rules are built at run time)."""
    standard = (read_puzzles("sudoku_exchange_mixed_every25.txt", 6) + read_puzzles("17clue_every491.txt", 6)
                + read_puzzles("top1465_every24.txt", 8))
    diagonal = [line.split()[0] for line in (FIXTURES / "variant_diagonal_200.txt").read_text().splitlines()[:3]]
    return [(p, "standard") for p in standard] + [(p, "diagonal") for p in diagonal]


def _rate(cwd: Path, pure: bool, puzzles: list[tuple[str, str]]) -> dict[str, object] | None:
    """The output of :data:`SCRIPT` run in ``cwd``, or None when the packages do not import there."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SUDOKU_RATER_PURE")}
    if pure:
        env["SUDOKU_RATER_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=cwd, env=env, input=json.dumps(puzzles),
                          capture_output=True, text=True)
    if done.returncode != 0:
        if "ModuleNotFoundError" in done.stderr:
            return None
        raise AssertionError(done.stderr)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_both_paths_rate_alike(tmp_path: Path) -> None:
    puzzles = _puzzles()
    compared = []
    for cwd in (tmp_path, REPO):  # the installed package, then this tree
        compiled = _rate(cwd, False, puzzles)
        if compiled is None or not str(compiled["status"]).startswith("compiled"):
            continue
        assert compiled["not_compiled"] == [], f"{compiled['where']}: a partial build"
        pure = _rate(cwd, True, puzzles)
        assert pure is not None and str(pure["status"]).startswith("pure Python")
        assert pure["where"] == compiled["where"]
        assert compiled["records"] == pure["records"], f"the two paths of {compiled['where']} differ"
        compared.append(compiled["where"])
    if not compared:
        reason = "no compiled copy of the packages (built without a C compiler)"
        if os.environ.get("CI"):
            pytest.fail(f"{reason}: CI must compare the compiled path with the sources")
        pytest.skip(reason)


def test_pure_switch_imports_the_sources() -> None:
    env = {**os.environ, "SUDOKU_RATER_PURE": "1"}
    code = ("import sys, rater.run.engine, techniques.chains, puzzles.build as b; "
            "print(b.status(), all(sys.modules[m].__file__.endswith('.py') for m in b.COMPILED_MODULES "
            "if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["pure", "Python,", "SUDOKU_RATER_PURE=1", "True"]


def test_the_list_names_existing_modules() -> None:
    from puzzles.build import COMPILED_MODULES

    assert len(set(COMPILED_MODULES)) == len(COMPILED_MODULES)
    for name in COMPILED_MODULES:
        assert (REPO / Path(*name.split("."))).with_suffix(".py").is_file(), name
        assert not name.endswith("__init__"), "package __init__ modules install the switch and stay Python"
