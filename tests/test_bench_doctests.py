"""The helpers of the bench scripts keep their word: their doctests pass.

``tests/`` imports nothing of ``bench/`` (and ``bench/`` nothing of ``tests/``), so the measuring
helpers the bench scripts share carry their checks as doctests, run here in a fresh interpreter
the way a bench script runs, from the repository root.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

#: The bench modules with doctests.
MODULES = ("bench.fidelity_support", "bench.fidelity", "bench.peers")

SCRIPT = """
import doctest, importlib, sys
module = importlib.import_module(sys.argv[1])
result = doctest.testmod(module)
sys.exit(1 if result.failed or not result.attempted else 0)
"""


@pytest.mark.parametrize("module", MODULES)
def test_the_doctests_of_a_bench_module_pass(module: str) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT, module], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def _imported(path: Path) -> set[str]:
    """The top-level names of the modules ``path`` imports (absolute imports)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("side, other", [("bench", "tests"), ("tests", "bench")])
def test_bench_and_tests_import_nothing_from_each_other(side: str, other: str) -> None:
    offenders = [path.name for path in sorted((REPO / side).rglob("*.py")) if other in _imported(path)]
    assert not offenders, f"{side}/ imports {other}/ in {offenders}"
