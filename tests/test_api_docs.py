"""docs/api.md: its python blocks run, in order, in one namespace, as a reader would paste them."""

from __future__ import annotations

import re

from tests.conftest import REPO

API = REPO / "docs" / "api.md"


def test_every_example_of_the_api_document_runs(monkeypatch, capsys):
    blocks = re.findall(r"```python\n(.*?)```", API.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 6
    monkeypatch.chdir(REPO)  # the examples name files of the repository by relative path
    namespace: dict[str, object] = {}
    for number, block in enumerate(blocks, 1):
        exec(compile(block, f"{API.name}, python block {number}", "exec"), namespace)  # noqa: S102


def test_the_readme_links_the_api_document():
    assert "docs/api.md" in (REPO / "README.md").read_text(encoding="utf-8")
