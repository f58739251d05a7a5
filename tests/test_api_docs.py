"""The Python examples of README.md and docs/api.md run as written, from anywhere.

Each document's ``python`` blocks run in order, in one namespace (as a reader pastes them into
one session), in a fresh interpreter whose working folder is a temporary one outside the
checkout: an example that names a file of the repository by a relative path fails here.
``PYTHONPATH`` pointing at the checkout stands in for the installed package, and nothing else.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

#: The documents whose examples are run, and the fewest blocks each must have (a block lost to a
#: broken fence would otherwise pass unnoticed).
DOCUMENTS = {"README.md": 1, "docs/api.md": 6}

#: Runs the blocks given on stdin (a JSON list) in one namespace, each named in its traceback.
RUNNER = """
import json, sys
name, blocks = json.loads(sys.stdin.read())
namespace = {"__name__": "__main__"}
for number, block in enumerate(blocks, 1):
    exec(compile(block, f"{name}, python block {number}", "exec"), namespace)
"""


def python_blocks(text: str) -> list[str]:
    """The bodies of the fenced ``python`` blocks of a markdown text, in order."""
    return re.findall(r"^```python\n(.*?)^```$", text, re.DOTALL | re.MULTILINE)


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_every_python_example_runs_from_a_folder_outside_the_checkout(document: str, tmp_path: Path) -> None:
    blocks = python_blocks((REPO / document).read_text(encoding="utf-8"))
    assert len(blocks) >= DOCUMENTS[document]
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SUDOKU_RATER_PURE")}
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run([sys.executable, "-c", RUNNER], cwd=tmp_path, env=env, input=json.dumps([document, blocks]),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


def test_the_blocks_are_found_as_a_reader_sees_them() -> None:
    text = "intro\n```python\nx = 1\n```\n```sh\nrate\n```\n```python\ny = x\n\nz = y\n```\n"
    assert python_blocks(text) == ["x = 1\n", "y = x\n\nz = y\n"]


def test_the_readme_links_the_api_document() -> None:
    assert "docs/api.md" in (REPO / "README.md").read_text(encoding="utf-8")
