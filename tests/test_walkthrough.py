"""The walkthrough renders every step (header, explanation, marked grid) and the summary.

Expected lines are written from the rating's own steps so that a change of
points elsewhere does not break these rendering tests; the layout itself
(header shape, markers, frames, box names) is checked literally.
"""

from __future__ import annotations

import io
import os
import re
import select
import subprocess
import sys
import time

import pytest
from click.testing import CliRunner
from rich.console import Console

from rater.cli import main
from rater.run.engine import Engine
from rater.views.registry import console as _console
from rater.views.report import fmt_points, step_text
from rater.views.walkthrough import GROUP_STYLES, GridRenderer, GridStyle, WalkOptions, Walkthrough, replay, start_board
from tests.conftest import REPO

#: Needs direct methods, candidates and several thinning families (sample1000.txt, line 2).
PUZZLE = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."


@pytest.fixture(scope="module")
def rated():
    engine = Engine("2001")
    return engine, engine.rate(PUZZLE)


def record(rating, catalogue, **options) -> str:
    console = Console(record=True, width=200, color_system=None, force_terminal=False, file=io.StringIO())
    Walkthrough(catalogue, console, WalkOptions(**options)).show(rating)
    return console.export_text()


def expected_header(number, step, running, catalogue, lang="en"):
    word, pts = ("Step", "points") if lang == "en" else ("Schritt", "Punkte")
    if step.points == 1:
        pts = pts[:-1] if lang == "en" else "Punkt"
    total = "total" if lang == "en" else "Summe"
    return (f"{word} {number}  {step.code}  {catalogue.full_name(step.code, lang)}  "
            f"{fmt_points(step.points)} {pts}  ({total} {fmt_points(running)})")


def test_every_step_has_its_header_explanation_and_grid(rated):
    engine, rating = rated
    text = record(rating, engine.catalogue, color=False, ascii=True)
    running = 0.0
    for number, step in enumerate(rating.steps, 1):
        running += step.points
        assert expected_header(number, step, running, engine.catalogue) in text
        assert "  " + step_text(step, engine.catalogue, "en") in text
    assert text.count("   +-TL") == len(rating.steps) + 1  # one grid per step plus the final grid
    assert re.search(r"^Step 1  [A-D]\d  ", text, re.M)
    for label in ("Total", "Euclidean norm", "maximum norm", "Level", "thinning steps", "Techniques used"):
        assert label in text
    assert fmt_points(rating.points) in text and rating.level_text("en") in text


def test_plain_marks_placements_removals_and_used_cells(rated):
    engine, rating = rated
    catalogue = engine.catalogue
    renderer = GridRenderer(catalogue, GridStyle(color=False, ascii=True))
    board, placed = start_board(rating), [""] * 81
    seen = {"placing": False, "removing": False, "used": False}
    for _number, step in replay(rating.steps, board, placed):
        grid = renderer.render(board, placed, step).plain
        for c, d in step.placements:
            if board.values[c] == 0:
                assert f">>{d}<<" in grid
                seen["placing"] = True
        if step.eliminations and board.pencil:
            assert re.search(r"\[\d+\]", grid)
            seen["removing"] = True
        if any(d == 0 for _c, d in step.used):
            assert "{" in grid
            seen["used"] = True
    assert all(seen.values())
    assert tuple(board.values) == rating.solution
    final = renderer.render(board, placed).plain
    assert ">" in final and "[" not in final  # earlier placements keep their >d< mark


def test_grid_frame_numbers_and_box_names():
    engine = Engine("2001")
    rating = engine.rate(PUZZLE)
    board = start_board(rating)
    lines = GridRenderer(engine.catalogue, GridStyle(color=False, ascii=False, lang="de")).render(board, [""] * 81).plain
    rows = lines.splitlines()
    assert rows[0].split() == [str(n) for n in range(1, 10)]
    assert "┌─OL" in rows[1] and "├─ML" in rows[5] and "├─UL" in rows[9] and rows[-1].strip().startswith("└")
    assert [r.split()[0] for r in rows if "│" in r] == [str(n) for n in range(1, 10)]


def test_colour_rendering_uses_the_groups_colours(rated):
    engine, rating = rated
    renderer = GridRenderer(engine.catalogue, GridStyle(color=True))
    board, placed = start_board(rating), [""] * 81
    for _n, step in replay(rating.steps, board, placed):
        pass
    a_cell = next(c for c in range(81) if placed[c].startswith("A"))
    text = renderer.cell(board, placed, a_cell, None)
    assert text.plain == str(board.values[a_cell])
    assert any(str(span.style) == GROUP_STYLES["A"] for span in text.spans)
    console = Console(record=True, width=200, force_terminal=True, color_system="truecolor", file=io.StringIO())
    Walkthrough(engine.catalogue, console, WalkOptions(color=True)).show(rating)
    plain = console.export_text(styles=False)
    assert expected_header(1, rating.steps[0], rating.steps[0].points, engine.catalogue) in plain
    assert ">>" not in plain and "┌─TL" in plain


def test_german_texts_and_names(rated):
    engine, rating = rated
    text = record(rating, engine.catalogue, color=False, ascii=True, lang="de")
    step = rating.steps[0]
    assert expected_header(1, step, step.points, engine.catalogue, "de") in text
    assert step_text(step, engine.catalogue, "de") in text
    assert "+-OL" in text and "Zusammenfassung" in text and "Verwendete Methoden" in text
    assert rating.level_text("de") in text


def test_from_to_shows_a_range(rated):
    engine, rating = rated
    text = record(rating, engine.catalogue, color=False, ascii=True, first=3, last=5)
    assert re.findall(r"^Step (\d+)  ", text, re.M) == ["3", "4", "5"]
    assert "Final grid" not in text and "Summary" in text


def test_step_mode_with_injected_input_quits_on_q(monkeypatch):
    monkeypatch.setattr("rater.cli._has_terminal", lambda: True)  # the runner's input stands for the keys
    result = CliRunner().invoke(main, [PUZZLE, "--walk", "--step"], input="  q")
    assert result.exit_code == 0, result.output
    assert re.findall(r"^Step (\d+)  ", result.output, re.M) == ["1", "2", "3"]
    assert result.output.count("q: quit") == 3 and "Summary" not in result.output


def test_step_mode_runs_to_the_end_with_enough_keys(monkeypatch):
    monkeypatch.setattr("rater.cli._has_terminal", lambda: True)
    result = CliRunner().invoke(main, [PUZZLE, "--walk", "--step", "--from", "60"], input="\n" * 10)
    assert result.exit_code == 0
    steps = re.findall(r"^Step (\d+)  ", result.output, re.M)
    assert steps[0] == "60" and "Summary" in result.output
    assert result.output.count("q: quit") == len(steps) - 1


def test_step_mode_with_a_callback():
    engine = Engine("2001")
    rating = engine.rate(PUZZLE)
    keys = iter("xq")
    console = Console(record=True, width=200, color_system=None, file=io.StringIO())
    done = Walkthrough(engine.catalogue, console, WalkOptions(color=False, step_mode=True,
                                                              read_key=lambda: next(keys))).show(rating)
    assert not done and console.export_text().count("Step ") == 2


def test_hint_prints_the_name_first_and_details_with_full(rated):
    engine, rating = rated
    first = rating.steps[0]
    short = CliRunner().invoke(main, [PUZZLE, "--hint"])
    assert short.exit_code == 0
    assert short.output.strip() == engine.catalogue.name(first.code, "en")
    full = CliRunner().invoke(main, [PUZZLE, "--hint", "--full", "--lang", "de"])
    lines = full.output.splitlines()
    assert lines[0] == engine.catalogue.name(first.code, "de")
    assert step_text(first, engine.catalogue, "de") in full.output and "+-OL" in full.output


def test_no_color_environment_is_respected(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert _console(None, False, True).no_color
    monkeypatch.delenv("NO_COLOR")
    assert not _console(None, False, True).no_color
    assert _console(False, False, True).no_color


def test_default_output_in_a_pipe_is_the_text_report():
    result = CliRunner().invoke(main, [PUZZLE])
    assert result.exit_code == 0 and "+-TL" not in result.output and result.output.startswith(PUZZLE)


def test_step_mode_on_a_pseudo_terminal():
    """On a real terminal the walkthrough is the default and --step reads single keys."""
    if not sys.platform.startswith("linux"):
        pytest.skip("pseudo-terminal test needs Linux")
    master, slave = os.openpty()
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "120"}
    env.pop("NO_COLOR", None)
    proc = subprocess.Popen([sys.executable, "-m", "rater.cli", PUZZLE, "--step", "--no-color"],
                            stdin=slave, stdout=slave, stderr=slave, cwd=REPO, env=env)
    os.close(slave)
    out = bytearray()

    def read_until(count: int) -> None:
        end = time.monotonic() + 20
        while out.count(b"q: quit") < count and time.monotonic() < end:
            if select.select([master], [], [], 0.1)[0]:
                try:
                    out.extend(os.read(master, 65536))
                except OSError:
                    return

    try:
        read_until(1)
        time.sleep(0.5)  # click switches to raw mode after the prompt, flushing earlier input
        os.write(master, b" ")
        read_until(2)
        time.sleep(0.5)
        os.write(master, b"q")
        assert proc.wait(timeout=20) == 0
        read_until(99)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    text = out.decode("utf-8", "replace")
    assert re.findall(r"Step (\d+)  ", text) == ["1", "2"]
    assert "┌─TL" in text  # a terminal gets box-drawing frames


def test_colour_rendering_shows_the_extra_units_of_a_variant(rated):
    """Diagonal cells and colour groups get a background of their own; standard cells none."""
    from puzzles.rules import COLOUR_DIAGONAL_RULES, COLOUR_RULES, DIAGONAL_RULES, STANDARD
    from rater.views.walkthrough import COLOUR_GROUP_BACKGROUNDS, DIAGONAL_BACKGROUND
    from techniques.board import Board

    engine, _rating = rated
    renderer = GridRenderer(engine.catalogue, GridStyle(color=True))

    def backgrounds(rules, cell: int) -> set[str]:
        text = renderer.cell(Board.from_grid([0] * 81, rules), [""] * 81, cell, None)
        return {str(span.style) for span in text.spans if str(span.style).startswith("on ")}

    assert backgrounds(STANDARD, 0) == set()
    assert backgrounds(DIAGONAL_RULES, 0) == backgrounds(DIAGONAL_RULES, 72) == {DIAGONAL_BACKGROUND}
    assert backgrounds(DIAGONAL_RULES, 1) == set()
    # colour group 5 (the centre of each box) holds cells 10 and 70, group 2 holds cell 1
    assert backgrounds(COLOUR_RULES, 10) == backgrounds(COLOUR_RULES, 70) == {COLOUR_GROUP_BACKGROUNDS[4]}
    assert backgrounds(COLOUR_RULES, 1) == {COLOUR_GROUP_BACKGROUNDS[1]}
    assert backgrounds(COLOUR_DIAGONAL_RULES, 10) == {DIAGONAL_BACKGROUND}
    plain = GridRenderer(engine.catalogue, GridStyle(color=False))
    assert plain.cell(Board.from_grid([0] * 81, DIAGONAL_RULES), [""] * 81, 0, None).spans == []
