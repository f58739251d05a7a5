"""What the coach's worker processes compute: records, pictures, hints and generated puzzles.

Every function here runs in a process of the pool (:mod:`rater.coach.service`)
and returns plain JSON values.  They call what the command line calls: the
record of ``rate --json`` is :func:`rater.views.report.json_report` of the
engine's rating, the pictures are :func:`rater.views.render.svg` as on the
``--html`` page, hints start from a candidate state as ``rate --hint`` on a
candidate line does, and generation is :func:`rater.generate`.

Bad input raises :class:`CoachError` (an :class:`InputError` whose arguments
survive the trip back from a worker process).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from puzzles.errors import InputError
from puzzles.formats import PuzzleItem, parse_item, read_items
from puzzles.geometry import BOX_OF, COL_OF, ROW_OF, UNITS, Grid, unit_name
from puzzles.inputs import single_item
from puzzles.parsing import PuzzleError, check_givens, parse_line
from puzzles.solver import analyse
from rater.generation.generator import generate
from rater.result import Rating, Status
from rater.run.engine import Engine
from rater.settings import RunSettings, per_thread
from rater.views.marks import replay, start_board
from rater.views.render import svg
from rater.views.report import json_report
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.findings import Unit, Units
from techniques.notation import DEFAULT_NOTATION, NOTATIONS
from techniques.step import WRITE_CANDIDATES, Step
from techniques.texts import available_languages

ALL_DIGITS: Final = 0x1FF


class CoachError(InputError):
    """Bad input or work that cannot be done, with the HTTP status it answers (400, 413, 422 ...).

    Its arguments are plain values, so it crosses from a worker process intact.
    """

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message, status)
        self.message = message
        self.status = status

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Texts:
    """The language and notation in which steps are written (one place for both)."""

    lang: str = "en"
    notation: str = DEFAULT_NOTATION

    def report(self, rating: Rating, catalogue: Catalogue) -> dict[str, Any]:
        """The ``rate --json`` object of ``rating`` in these texts.

        The notation is the catalogue's: an engine of :meth:`settings` with this
        notation writes in it, as ``rate --notation`` does.
        """
        return json_report(rating, catalogue, self.lang)


def texts(lang: str, notation: str) -> Texts:
    """The texts a request asks for; an unknown language or notation is a :class:`CoachError`."""
    if lang not in available_languages():
        raise CoachError(f"unknown language {lang!r}: choose {', '.join(available_languages())}")
    if notation not in NOTATIONS:
        raise CoachError(f"unknown notation {notation!r}: choose {', '.join(NOTATIONS)}")
    return Texts(lang, notation)


def settings(option: str, lang: str, timeout: float | None, **values: Any) -> RunSettings:
    """The run settings of a request (a bad option code or technique code is a :class:`CoachError`)."""
    try:
        return RunSettings(option=option, lang=lang, timeout=timeout, **values)
    except InputError as exc:
        raise CoachError(str(exc)) from None


def _engine(run: RunSettings) -> Engine:
    """This process's engine for ``run`` (building one loads the catalogue: done once per settings)."""
    return per_thread("coach engines", run, run.engine, keep=8)


def read_puzzle(text: str) -> PuzzleItem:
    """The one puzzle of a text as ``rate PUZZLE`` reads it (a line, a candidate line or a pasted grid),
    never a file name: the server reads no file a request names."""
    text = text.strip()
    try:
        if "\n" in text:
            item = single_item(read_items(text.splitlines()), "the puzzle text")
        else:
            item = parse_item(1, text)
            if item.error:
                raise PuzzleError("input", item.error)
        assert item.grid is not None
        check_givens(item.grid)
    except PuzzleError as exc:
        raise CoachError(str(exc)) from None
    return item


def _rated(run: RunSettings, grid: Grid, start: Board | None, limit: float) -> Rating:
    """The engine's rating as ``rate --json`` makes it; no unique solution or the time limit: a CoachError."""
    try:
        rating = run.rate_with(_engine(run), grid, run.rule_set(), start)
    except InputError as exc:
        raise CoachError(str(exc)) from None
    if rating.status in (Status.NO_SOLUTION, Status.MULTIPLE_SOLUTIONS):
        raise CoachError(rating.message or str(rating.status), 422)
    if rating.status == Status.TIMEOUT:
        raise CoachError(f"the rating took longer than the limit of {limit:g} s", 422)
    return rating


def _rate_request(puzzle: str, option: str, lang: str, notation: str,
                  limit: float) -> tuple[Texts, Catalogue, Rating, Board | None]:
    """What a rating request asks for, rated: its texts, the engine's catalogue, the rating and the
    candidate start (None for a puzzle of givens)."""
    words = texts(lang, notation)
    run = settings(option, lang, limit, notation=words.notation)
    item = read_puzzle(puzzle)
    assert item.grid is not None
    start = Board.from_candidates(item.grid, item.cands) if item.cands else None
    return words, _engine(run).catalogue, _rated(run, item.grid, start, limit), start


def rate_record(puzzle: str, option: str, lang: str, notation: str, limit: float) -> dict[str, Any]:
    """``GET /api/rate``: the object ``rate --json PUZZLE --option OPTION --lang LANG`` prints."""
    words, catalogue, rating, _ = _rate_request(puzzle, option, lang, notation, limit)
    return words.report(rating, catalogue)


def walkthrough(puzzle: str, option: str, lang: str, notation: str, limit: float) -> dict[str, Any]:
    """``GET /api/walkthrough``: the record and the ``--html`` page's picture before every step and of the end."""
    words, catalogue, rating, start = _rate_request(puzzle, option, lang, notation, limit)
    board, placed_by = start_board(rating, start), [""] * 81
    pictures = [svg(board, step, placed_by=placed_by, catalogue=catalogue) for _, step in
                replay(rating.steps, board, placed_by)]
    pictures.append(svg(board, placed_by=placed_by, catalogue=catalogue))
    names = [catalogue.name(s.code, lang) for s in rating.steps]
    return {"record": words.report(rating, catalogue), "pictures": pictures, "names": names}


# --- hints from the player's position ---------------------------------------------------------


def _position(puzzle: Grid, text: str) -> Grid:
    """The player's 81 cells; every given must stand where the puzzle has it."""
    try:
        position = parse_line(text)
    except PuzzleError as exc:
        raise CoachError(f"position: {exc}") from None
    for c, d in enumerate(puzzle):
        if d and position[c] != d:
            raise CoachError(f"position: the given {d} of r{ROW_OF[c] + 1}c{COL_OF[c] + 1} is missing")
    return position


def _marks(text: str) -> tuple[int, ...]:
    """The player's pencil marks per cell from a 729-character line; a cell without any counts as unmarked."""
    if len(text) != 729:
        raise CoachError(f"candidates: a candidate line needs 729 characters, got {len(text)}")
    masks = []
    for c in range(81):
        chunk = text[9 * c:9 * c + 9]
        mask = sum(1 << (d - 1) for d in range(1, 10) if chunk[d - 1] == str(d))
        masks.append(mask or ALL_DIGITS)
    return tuple(masks)


def mistakes(solution: Grid, position: Grid, marks: tuple[int, ...] | None) -> list[list[int]]:
    """[row, column, digit] of every wrong digit, then of every true candidate missing from the marks."""
    wrong = [[ROW_OF[c] + 1, COL_OF[c] + 1, d] for c, d in enumerate(position) if d and d != solution[c]]
    removed = [] if marks is None else [
        [ROW_OF[c] + 1, COL_OF[c] + 1, solution[c]] for c in range(81)
        if not position[c] and not marks[c] >> (solution[c] - 1) & 1]
    return wrong + removed


def _area(step: Step, cells: list[int]) -> str:
    """Where to look: the units the step names, else the one unit holding all its cells, else their boxes."""
    named = [u for value in step.detail.values() for u in
             ((value,) if isinstance(value, Unit) else value if isinstance(value, Units) else ())]
    if named:
        return ", ".join(unit_name(u) for u in dict.fromkeys(named))
    for u, unit in enumerate(UNITS):
        if all(c in unit for c in cells):
            return unit_name(u)
    return ", ".join(unit_name(18 + b) for b in sorted({BOX_OF[c] for c in cells}))


def _shown(step: Step, board: Board, catalogue: Catalogue, lang: str) -> dict[str, Any]:
    """What the three hint levels show besides the step: the technique's name, the area, the cells, the picture."""
    targets = list(dict.fromkeys(c for c, _ in step.placements + step.eliminations))
    used = list(dict.fromkeys(c for c, _ in step.used))
    return {
        "name": catalogue.name(step.code, lang),
        "area": _area(step, targets) if targets else "",
        "cells": [[ROW_OF[c] + 1, COL_OF[c] + 1] for c in dict.fromkeys(used + targets)],
        "picture": svg(board, step, catalogue=catalogue),
    }


def hint(puzzle: str, position: str, candidates: str | None, option: str, lang: str, notation: str,
         limit: float) -> dict[str, Any]:
    """``POST /api/hint``: the player's mistakes and the next step from the player's own state.

    The step is found from the position without its wrong digits and from the
    marks with the removed true candidates put back, so it is sound whatever
    the player got wrong; without marks the engine starts from the digits
    alone, as a person with a clean grid would (direct methods first).
    """
    words = texts(lang, notation)
    run = settings(option, lang, limit, notation=words.notation)
    item = read_puzzle(puzzle)
    if item.cands is not None or item.grid is None:
        raise CoachError("puzzle: give the puzzle's givens (81 characters), the marks go in candidates")
    givens = item.grid
    here = _position(givens, position)
    marks = _marks(candidates) if candidates is not None else None
    result = analyse(givens, limit=2)
    if result.count != 1 or result.solution is None:
        raise CoachError("the puzzle has no solution" if result.count == 0 else "the puzzle has more than one solution",
                         422)
    solution = tuple(result.solution)
    found = mistakes(solution, here, marks)
    grid = tuple(d if d == solution[c] else 0 for c, d in enumerate(here))
    if all(grid):
        return {"mistakes": found, "step": None}
    start = None
    if marks is not None:
        start = Board.from_candidates(grid, [m | 1 << (solution[c] - 1) if not here[c] else ALL_DIGITS
                                             for c, m in enumerate(marks)])
    step, board, rating = _next_step(run, grid, start, limit)
    catalogue = _engine(run).catalogue
    if step is None:
        return {"mistakes": found, "step": None}
    data = words.report(rating, catalogue)["steps"][rating.steps.index(step)]
    return {"mistakes": found, "step": data, "show": _shown(step, board, catalogue, lang)}


def _next_step(run: RunSettings, grid: Grid, start: Board | None,
               limit: float) -> tuple[Step | None, Board, Rating]:
    """The first solving step from ``grid`` (or the candidate state ``start``), the board before it, the rating.

    The rating stops after its first round (``stop_above``); when that round
    only writes the candidates, the step is the first one from the written
    candidates.
    """
    engine = _engine(run)
    board = start if start is not None else Board.from_grid(grid, run.rule_set())
    deadline = time.monotonic() + limit
    rating = engine.rate(grid, start=start, stop_above=-1, rules=run.rule_set(), deadline=deadline)
    if rating.steps and rating.steps[0].code == WRITE_CANDIDATES:
        board = Board.from_candidates(grid, board.cands)
        rating = engine.rate(grid, start=board, stop_above=-1, rules=run.rule_set(), deadline=deadline)
    if rating.status == Status.TIMEOUT:
        raise CoachError(f"the hint took longer than the limit of {limit:g} s", 422)
    step = next((s for s in rating.steps if s.code != WRITE_CANDIDATES), None)
    return step, board, rating


# --- generation ------------------------------------------------------------------------------


def generated(conditions: Mapping[str, Any], option: str, lang: str, seconds: float) -> list[dict[str, Any]]:
    """``POST /api/generate``: the records of the puzzles :func:`rater.generate` makes for ``conditions``."""
    values = dict(conditions)
    run = settings(option, lang, None, disable=tuple(values.pop("exclude", ())))
    try:
        ratings = list(generate(settings=run, max_seconds=seconds, **values))
    except InputError as exc:
        raise CoachError(str(exc)) from None
    return [r.to_record(lang) for r in ratings]
