"""The ``rate`` command.

Exit codes (also in the README):

* 0 — rated, the puzzle was solved;
* 1 — rated, but the techniques got stuck (the partial rating is printed);
* 2 — bad input: unreadable puzzle, bad option code, unusable technique file;
* 3 — the puzzle has no solution, or several (without ``--allow-multiple``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from puzzles.parsing import PuzzleError, parse_puzzle
from rater.engine import Engine
from rater.options import DEFAULT_OPTION, OptionError, Options
from rater.report import json_report, text_report
from techniques.catalogue import Catalogue, CatalogueError

EXIT_OK, EXIT_STUCK, EXIT_INPUT, EXIT_SOLUTIONS = 0, 1, 2, 3
STATUS_EXIT = {
    "solved": EXIT_OK,
    "stuck": EXIT_STUCK,
    "invalid": EXIT_INPUT,
    "no_solution": EXIT_SOLUTIONS,
    "multiple_solutions": EXIT_SOLUTIONS,
}


def fail(message: str, code: int) -> None:
    """Print one clear line on stderr and exit with ``code``."""
    click.echo(f"rate: error: {message}", err=True)
    sys.exit(code)


def build_engine(option: str, techniques: str | None) -> Engine:
    """The engine for the CLI's options; bad options or files end the program (exit 2)."""
    try:
        options = Options.parse(option)
        catalogue = Catalogue.load(techniques) if techniques else None
    except (OptionError, CatalogueError) as exc:
        fail(str(exc), EXIT_INPUT)
    return Engine(options, catalogue)


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("puzzle")
@click.option("--option", "-o", default=DEFAULT_OPTION, show_default=True,
              help="4-digit option code: C/D tests (0-2), detail (0-4), thinning output (0-1), "
                   "mode (0 half-synchronous, 1 pseudo-synchronous, 2-7 synchronous levels).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the text report.")
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", show_default=True,
              help="Language of names and explanations.")
@click.option("--techniques", type=click.Path(dir_okay=False), default=None,
              help="A technique YAML file (order, switches, points) instead of the built-in one.")
@click.option("--allow-multiple", is_flag=True,
              help="Rate puzzles with several solutions too; uniqueness-based techniques are then off.")
def main(puzzle: str, option: str, as_json: bool, lang: str, techniques: str | None, allow_multiple: bool) -> None:
    """Rate PUZZLE (81 characters, 1-9 given, anything else empty; or a file name with a 9x9 grid)
    the way a person solves it, and print every step with its points, the total, the norms and the level.
    """
    engine = build_engine(option, techniques)
    text = puzzle
    if len(puzzle.strip()) != 81 and not any(ch in puzzle for ch in "\n"):
        text = _maybe_file(puzzle)
    try:
        grid = parse_puzzle(text)
    except PuzzleError as exc:
        fail(str(exc), EXIT_INPUT)
    rating = engine.rate(grid, allow_multiple=allow_multiple)
    if rating.status in ("no_solution", "multiple_solutions") and not as_json:
        fail(rating.message, EXIT_SOLUTIONS)
    if as_json:
        click.echo(json.dumps(json_report(rating, engine.catalogue, lang), ensure_ascii=False))
    else:
        click.echo(text_report(rating, engine.catalogue, lang))
    sys.exit(STATUS_EXIT.get(rating.status, EXIT_OK))


def _maybe_file(argument: str) -> str:
    """A grid file's text if ``argument`` names a readable file, else the argument itself."""
    path = Path(argument)
    try:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    except OSError:
        pass
    return argument
