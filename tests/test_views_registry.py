"""The views registry and the record formats: every entry complete, every option typed, every format read back."""

from __future__ import annotations

import io
from dataclasses import fields

import pytest

from rater.bulk.output import FORMATS, RecordWriter
from rater.cli import main
from rater.request import Request
from rater.views.registry import GIVEN, VIEWS, chosen

PUZZLE = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."


def test_every_option_of_rate_is_a_field_of_the_request() -> None:
    """click hands ``main`` its options as keywords; each must be a typed field (and nothing else is read)."""
    names = {param.name for param in main.params if param.name != "version"}
    assert names <= {f.name for f in fields(Request)}


def test_views_refuse_only_options_the_registry_knows() -> None:
    assert len({view.name for view in VIEWS}) == len(VIEWS)
    assert len({view.rank for view in VIEWS}) == len(VIEWS)
    for view in VIEWS:
        assert set(view.refuses) <= set(GIVEN), view.name
        assert not view.refuses or view.does(Request())


@pytest.mark.parametrize(
    ("options", "view"),
    [
        ({}, "text"),
        ({"as_json": True}, "json"),
        ({"as_json": True, "hint": True}, "json"),
        ({"hint": True, "walk": True}, "hint"),
        ({"walk": True}, "walk"),
        ({"first": 3}, "walk"),
        ({"html_file": "-"}, "pictures"),
        ({"reduce": True, "as_json": True}, "reduction"),
    ],
)
def test_the_view_a_command_line_asks_for(monkeypatch, options, view) -> None:
    monkeypatch.setattr("sys.stdout", io.StringIO())  # no terminal: the walkthrough only when asked for
    assert chosen(Request(puzzle=PUZZLE, **options)).name == view


@pytest.mark.parametrize("name", [name for name, known in FORMATS.items() if known.readable])
def test_a_readable_format_reads_back_what_it_wrote(name) -> None:
    """What ``--resume`` checks (line, puzzle, status) comes back from the line the writer wrote."""
    record = {"line": 7, "puzzle": "=" + PUZZLE[1:], "status": "solved", "points": 15, "norm2": 3.25, "max": 8,
              "level": "easy", "level_text": "easy", "thinning_steps": 0, "step_count": 40,
              "techniques": {"A1": 3}, "seconds": 0.01, "message": "", "comment": "", "rules": "standard",
              "option": "2001", "orientation": "given", "uniqueness_techniques": True, "version": "0",
              "catalogue_digest": "0123456789abcdef"}
    stream = io.StringIO()
    writer = RecordWriter(stream, name)
    writer.write(record)
    lines = stream.getvalue().splitlines()
    written = FORMATS[name].read(lines[-1])
    assert len(lines) == 1 + FORMATS[name].header
    assert written is not None
    assert (written.line, written.puzzle, written.status) == ("7", FORMATS[name].cell(record["puzzle"]), "solved")
    assert FORMATS[name].puzzle_of(lines[-1]) == written.puzzle
