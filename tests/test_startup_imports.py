"""What a command loads at start: only what it needs (docs/performance.md, start-up).

The heavy modules a command does not use stay out of its process, and the look for
technique plugins reads ``importlib.metadata`` only where a plugin may be declared.
"""

from __future__ import annotations

import importlib.machinery
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from techniques.plugins import GROUP, may_declare

ROOT = Path(__file__).resolve().parents[1]
EASY = ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."
#: Modules no rating of the default option needs.
NEVER = ("numpy", "canon", "multiprocessing", "importlib.metadata", "email", "starlette", "urllib.request")


def _loaded(*args: str, stdin: str = "") -> set[str]:
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('LOADED', ' '.join(sorted(sys.modules))))\n"
            "from rater.launch import rate\nrate()")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          input=stdin, timeout=120)
    assert done.returncode == 0, done.stderr
    line = next(line for line in done.stdout.splitlines() if line.startswith("LOADED "))
    return set(line.split()[1:])


def test_rating_one_puzzle_loads_nothing_it_does_not_use() -> None:
    loaded = _loaded(EASY)
    assert not loaded & set(NEVER), loaded & set(NEVER)
    assert "rich.console" in loaded  # the report is printed through it


def test_a_quiet_bulk_run_in_process_loads_no_rich_either(tmp_path: Path) -> None:
    source = tmp_path / "in.txt"
    source.write_text(EASY + "\n")
    loaded = _loaded("--file", str(source), "-j", "1", "-q", "--format", "jsonl", "--output", str(tmp_path / "o"))
    assert not loaded & ({*NEVER, "rich", "rich.console"} - {"multiprocessing"})  # the pool's module may load
    assert '"status": "solved"' in (tmp_path / "o").read_text()


def _dist_info(where: Path, text: str) -> None:
    info = where / "some_plugin-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(text)


def test_a_declaration_in_a_folder_on_the_path_is_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _dist_info(tmp_path, "[console_scripts]\nx = y:z\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    before = may_declare(GROUP)
    (tmp_path / "some_plugin-1.0.dist-info" / "entry_points.txt").write_text(f"[{GROUP}]\nXX = a.b:C\n")
    assert may_declare(GROUP)
    assert not may_declare("some.group.nobody.declares") or before


def test_an_egg_folder_counts_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    egg = tmp_path / "thing-1.0.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "entry_points.txt").write_text(f"[{GROUP}]\nXX = a.b:C\n")
    monkeypatch.syspath_prepend(str(egg))
    assert may_declare(GROUP)


def test_a_zip_on_the_path_means_the_full_look(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "packed.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("nothing.txt", "")
    monkeypatch.syspath_prepend(str(archive))
    assert may_declare("some.group.nobody.declares")


def test_another_distribution_finder_means_the_full_look(monkeypatch: pytest.MonkeyPatch) -> None:
    class Finder:
        @staticmethod
        def find_spec(*_args: object) -> None:
            return None

        @staticmethod
        def find_distributions(*_args: object) -> list[object]:
            return []

    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, Finder])
    assert may_declare("some.group.nobody.declares")


def test_no_declaration_anywhere_is_told_without_the_full_look(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "path", [str(tmp_path), str(tmp_path / "missing")])
    monkeypatch.setattr(sys, "meta_path", [importlib.machinery.PathFinder])  # other tests may add finders
    assert not may_declare(GROUP)
