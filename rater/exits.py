"""The exit codes of the ``rate`` command and its one-line errors (the codes are listed in :mod:`rater.cli`).

Every part of the command (its checks, its views, the bulk run) ends through
:func:`fail` or a code from here, so a code means one thing wherever it is set.
"""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from puzzles.cli_common import one_line
from rater.result import Rating

EXIT_OK, EXIT_STUCK, EXIT_INPUT, EXIT_SOLUTIONS, EXIT_UNSOUND = 0, 1, 2, 3, 5
STATUS_EXIT = {
    "solved": EXIT_OK,
    "stuck": EXIT_STUCK,
    "invalid": EXIT_INPUT,
    "no_solution": EXIT_SOLUTIONS,
    "multiple_solutions": EXIT_SOLUTIONS,
}


def fail(message: str, code: int) -> NoReturn:
    """Print one clear line on stderr and exit with ``code``."""
    click.echo(f"rate: error: {one_line(message)}", err=True)
    sys.exit(code)


def status_exit(rating: Rating) -> int:
    """The exit code of a rated puzzle: 0 solved, 1 stuck, 2 unreadable, 3 not one solution."""
    return STATUS_EXIT.get(rating.status, EXIT_OK)
