"""The answer first: total, norms and level before the first step; one rounding; contradictions refused."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from rater.cli import main
from rater.result import number
from rater.views.report import fmt_norm

REPO = Path(__file__).resolve().parent.parent
PUZZLE = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."


def _terminal_output(*args: str) -> str:
    """What ``rate`` writes to a pseudo-terminal (its default there is the walkthrough)."""
    master, slave = os.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "120"}
    proc = subprocess.Popen([sys.executable, "-m", "rater.cli", *args], stdin=slave, stdout=slave, stderr=slave,
                            cwd=REPO, env=env)
    os.close(slave)
    out = bytearray()
    end = time.monotonic() + 60
    try:
        while time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out.extend(chunk)
            elif proc.poll() is not None:
                break
        assert proc.wait(timeout=20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    return out.decode("utf-8", "replace").replace("\r\n", "\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminal test needs Linux")
def test_on_a_terminal_the_total_and_level_come_within_twelve_lines_and_again_at_the_end() -> None:
    text = _terminal_output(PUZZLE, "--no-color")
    head = text.splitlines()[:12]
    data = json.loads(CliRunner().invoke(main, [PUZZLE, "--json"]).stdout)
    first_step = next(i for i, line in enumerate(text.splitlines()) if line.startswith("Step 1 "))
    assert any(line.startswith(f"Total: {data['points']} ") for line in head[:first_step])
    assert any(f"Euclidean norm: {data['norm2']} " in line for line in head[:first_step])
    assert any(line.startswith(f"Level: {data['level_text']} ") for line in head[:first_step])
    assert text.count(data["level_text"]) >= 2 and "Summary" in text.split("Step 1 ")[-1]


def test_one_point_is_singular_in_every_view() -> None:
    report = CliRunner().invoke(main, [PUZZLE, "--no-walk"]).stdout
    assert " 1 points" not in report and re.search(r"^Step +\d+ +\w+ +1 point +\S", report, re.M)
    walk = CliRunner().invoke(main, [PUZZLE, "--walk", "--ascii", "--no-color"]).stdout
    assert " 1 points" not in walk and "  1 point  (total" in walk
    page = CliRunner().invoke(main, [PUZZLE, "--html", "-"]).stdout
    assert ">1 point<" in page and ">1 points<" not in page
    german = CliRunner().invoke(main, [PUZZLE, "--no-walk", "--lang", "de"]).stdout
    assert " 1 Punkte" not in german and " 1 Punkt " in german


def test_the_euclidean_norm_is_rounded_alike_everywhere() -> None:
    data = json.loads(CliRunner().invoke(main, [PUZZLE, "--json"]).stdout)
    shown = str(data["norm2"])
    assert fmt_norm(data["norm2"]) == shown and fmt_norm(7.996) == "8" and number(7.996) == 8
    report = CliRunner().invoke(main, [PUZZLE, "--no-walk"]).stdout
    walk = CliRunner().invoke(main, [PUZZLE, "--walk", "--ascii", "--no-color"]).stdout
    page = CliRunner().invoke(main, [PUZZLE, "--html", "-"]).stdout
    assert f"Euclidean norm: {shown} " in report
    assert re.search(rf"\| Euclidean norm +\| +{re.escape(shown)} \|", walk)
    assert f"Euclidean norm: <b>{shown}</b>" in page


@pytest.mark.parametrize(("args", "words"), [
    (("--from", "5", "--to", "3"), "--from 5 comes after --to 3"),
    (("--json", "--walk"), "--json prints one JSON object and cannot be combined with --walk"),
    (("--step",), "--step needs a terminal"),
])
def test_contradictory_options_are_one_line_and_exit_2_before_anything_is_printed(args, words, monkeypatch) -> None:
    monkeypatch.setattr("rater.cli._has_terminal", lambda: False)

    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("rated although the options contradict each other")

    monkeypatch.setattr("rater.settings.RunSettings.engine", never)
    result = CliRunner().invoke(main, [PUZZLE, *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"rate: error: {words}")
