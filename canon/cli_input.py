"""Input handling shared by the ``canon`` subcommands: one argument or a file of lines.

Both the symmetry commands (canon.cli) and the seed-002 studies (canon.studies.cli)
take a single puzzle argument (a puzzle text or a file holding one) or ``--file``
with puzzles, read as ``rate`` reads them (:mod:`puzzles.inputs`); a bad single
input ends the command with one line and exit 2, a bad line of a file becomes
a ``line N: error: ...`` record and the run goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NoReturn

import click

from puzzles.cli_common import one_line
from puzzles.formats import NOT_UTF8, PuzzleItem, read_items
from puzzles.geometry import Grid
from puzzles.inputs import read_argument
from puzzles.parsing import PuzzleError, check_givens

BAD_INPUT = 2


def fail(message: str) -> NoReturn:
    """One error line on stderr, exit code 2."""
    click.echo(f"error: {one_line(message)}", err=True)
    sys.exit(BAD_INPUT)


def read_one(text: str, pattern: bool = False) -> Grid:
    """The grid of one PUZZLE argument (a puzzle text or a file holding one); a bad one ends the command."""
    try:
        return _grid(read_argument(text), pattern)
    except PuzzleError as exc:
        fail(str(exc))


def _grid(item: PuzzleItem, pattern: bool) -> Grid:
    """The item's cells: a puzzle's givens checked, or with ``pattern`` any 0-1 layout (digits mark clues)."""
    if item.error:
        raise PuzzleError("input", item.error)
    if item.cands is not None:
        raise PuzzleError("candidates", "a candidate line is not a puzzle of givens")
    assert item.grid is not None
    if not pattern:
        check_givens(item.grid)
    return item.grid


def _items(file: Path) -> Iterator[PuzzleItem]:
    """The records of a puzzle file, streamed as ``rate --file`` reads it; an unreadable file ends the command."""
    try:
        with file.open("rb") as handle:
            yield from read_items(handle)
    except FileNotFoundError:
        fail(f"no such file: {file}")
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror}")


def run_on_inputs(
    text: str | None,
    file: Path | None,
    handle: Callable[[Grid, bool], str],
    name: str = "PUZZLE",
    pattern: bool = False,
) -> None:
    """Print ``handle(grid, single)`` for the argument or for every puzzle of ``file``.

    ``ValueError`` from ``handle`` counts as bad input like a parse error.
    """
    if (text is None) == (file is None):
        fail(f"give exactly one of {name} or --file FILE")
    if text is not None:
        grid = read_one(text, pattern)
        try:
            click.echo(handle(grid, True))
        except ValueError as exc:
            fail(str(exc))
        return
    assert file is not None
    encoding = EncodingCheck(file)
    for item in _items(file):
        encoding.add(item)
        try:
            click.echo(handle(_grid(item, pattern), False))
        except ValueError as exc:  # PuzzleError included
            click.echo(f"line {item.line}: error: {one_line(str(exc))}")
    encoding.end()


class EncodingCheck:
    """Lines of a ``--file`` that are not UTF-8: each is its own error record, and the run ends with exit 2.

    The file is not the text it should be (Latin-1, binary): the records of the
    other lines are still written, as ``rate --file`` writes them, but the
    exit code says the input was bad.
    """

    def __init__(self, file: Path) -> None:
        self.file = file
        self.count = 0
        self.first = 0

    def add(self, item: PuzzleItem) -> None:
        if item.error and item.error.startswith(NOT_UTF8):
            self.count += 1
            self.first = self.first or item.line

    def end(self) -> None:
        """One line and exit 2 when a line was not UTF-8."""
        if self.count:
            lines = "1 line" if self.count == 1 else f"{self.count} lines"
            fail(f"{self.file}: not UTF-8 text ({lines}, the first line {self.first})")
