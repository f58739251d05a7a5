"""The commands' collector policy (puzzles.collector) and the console scripts that apply it.

A command imports with the collector off and then freezes what lives and collects young
objects less often; the library never touches the collector of the program importing it.
"""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import tomllib

from puzzles.collector import YOUNG_THRESHOLD

ROOT = Path(__file__).resolve().parents[1]
EASY = ".5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9..."


def _run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_every_console_script_names_a_function_that_exists() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert set(scripts) == {"rate", "canon", "generate", "coach"}
    for target in scripts.values():
        module, _, function = target.partition(":")
        probe = _run(f"import importlib; assert callable(importlib.import_module({module!r}).{function})")
        assert probe.returncode == 0, probe.stderr


def test_the_rate_script_rates_and_leaves_the_collector_settled() -> None:
    code = ("import atexit, gc, sys; sys.argv[0] = 'rate';"
            "atexit.register(lambda: print('collector', gc.isenabled(), gc.get_threshold()[0], gc.get_freeze_count() > 0));"
            "from rater.launch import rate; rate()")
    done = _run(code, EASY)
    assert done.returncode == 0, done.stderr
    assert "Level: extremely easy" in done.stdout
    assert f"collector True {YOUNG_THRESHOLD} True" in done.stdout


def test_the_canon_and_generate_scripts_start() -> None:
    for function in ("rater.launch import generate as run", "canon.launch import canon as run"):
        done = _run(f"import sys; sys.argv[1:] = ['--version']; from {function}; run()")
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip()


def test_a_failing_import_leaves_the_collector_on() -> None:
    done = _run("import gc\nfrom puzzles.collector import import_quietly\n"
                "try:\n    import_quietly('no_such_module_here')\nexcept ImportError:\n    print(gc.isenabled())")
    assert done.stdout.strip() == "True", done.stderr


def test_the_library_leaves_the_collector_alone() -> None:
    before = gc.get_threshold(), gc.isenabled()
    import rater

    rater.rate(EASY)
    assert (gc.get_threshold(), gc.isenabled()) == before
