"""Input handling shared by the ``canon`` subcommands: one argument or a file of lines.

Both the symmetry commands (canon.cli) and the seed-002 studies (canon.studies.cli)
take a single puzzle argument or ``--file`` with one per line; a bad single
input ends the command with one line and exit 2, a bad line of a file becomes
a ``line N: error: ...`` record and the run goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

import click

from puzzles.cli_common import one_line
from puzzles.parsing import PuzzleError

from puzzles.geometry import Grid
BAD_INPUT = 2


def fail(message: str) -> NoReturn:
    """One error line on stderr, exit code 2."""
    click.echo(f"error: {one_line(message)}", err=True)
    sys.exit(BAD_INPUT)


def read_lines(file: Path) -> list[str]:
    """The lines of a UTF-8 text file (a BOM is skipped); unreadable or binary: one error line, exit 2."""
    try:
        return file.read_bytes().decode("utf-8-sig").splitlines()
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror}")
    except UnicodeDecodeError as exc:
        fail(f"{file}: not UTF-8 text (byte {exc.start})")


def run_on_inputs(
    text: str | None,
    file: Path | None,
    parse: Callable[[str], Grid],
    handle: Callable[[Grid, bool], str],
    name: str = "PUZZLE",
) -> None:
    """Print ``handle(grid, single)`` for the argument or for every line of ``file``.

    ``ValueError`` from ``handle`` counts as bad input like a parse error.
    """
    if (text is None) == (file is None):
        fail(f"give exactly one of {name} or --file FILE")
    if text is not None:
        try:
            click.echo(handle(parse(text.lstrip("\ufeff")), True))
        except (PuzzleError, ValueError) as exc:
            fail(str(exc))
        return
    assert file is not None
    for number, line in enumerate(read_lines(file), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            click.echo(handle(parse(line), False))
        except (PuzzleError, ValueError) as exc:
            click.echo(f"line {number}: error: {exc}")
