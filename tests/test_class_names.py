"""One name, one class: no two top-level classes of the four packages share a name.

Two classes of one name (two ``Rules``, two ``UnsoundStep``) make a reader, an
import and a traceback ambiguous; the second one gets a name of its own.
"""

from __future__ import annotations

import ast
from collections import defaultdict

from tests.conftest import REPO

PACKAGES = ("puzzles", "techniques", "rater", "canon")


def test_no_two_top_level_classes_share_a_name() -> None:
    where: defaultdict[str, list[str]] = defaultdict(list)
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            for node in ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, ast.ClassDef):
                    where[node.name].append(str(path.relative_to(REPO)))
    assert {name: paths for name, paths in where.items() if len(paths) > 1} == {}
