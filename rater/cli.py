"""The ``rate`` command: one puzzle (report, walkthrough, hint, variants) or a whole file.

Exit codes for one puzzle (also in the README):

* 0 — rated, the puzzle was solved;
* 1 — rated, but the techniques got stuck (the partial rating is printed);
* 2 — bad input: unreadable puzzle, bad option code, unusable technique file;
* 3 — the puzzle has no solution, or several (without ``--allow-multiple``).

Exit codes for ``--file`` (bulk):

* 0 — every record is a rating (status ``solved`` or ``stuck``);
* 2 — the run could not start (bad options, unreadable input, output that
  does not belong to the input on ``--resume``);
* 4 — the run finished, but some records are not ratings (``error``,
  ``invalid``, ``no_solution``, ``multiple_solutions``, ``timeout``);
* 130 — interrupted (SIGINT/SIGTERM); ``--resume`` continues the run.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click
from rich.console import Console

from puzzles.formats import CANDIDATE_LINE_LENGTH, parse_candidates
from puzzles.parsing import Grid, PuzzleError, check_givens, parse_puzzle
from rater.engine import Engine
from rater.options import DEFAULT_OPTION, OptionError, Options
from rater.report import json_report, text_report
from techniques.board import Board
from techniques.catalogue import Catalogue, CatalogueError
from techniques.texts import available_languages

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
@click.argument("puzzle", required=False)
@click.option("--option", "-o", default=DEFAULT_OPTION, show_default=True,
              help="4-digit option code: C/D tests (0-2), detail (0-4), thinning output (0-1), "
                   "mode (0 half-synchronous, 1 pseudo-synchronous, 2-7 synchronous levels).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the text report.")
@click.option("--lang", type=click.Choice(available_languages()), default="en", show_default=True,
              help="Language of names and explanations (a file techniques/texts/<code>.yaml each).")
@click.option("--techniques", type=click.Path(dir_okay=False), default=None,
              help="A technique YAML file (order, switches, points) instead of the built-in one.")
@click.option("--allow-multiple", is_flag=True,
              help="Rate puzzles with several solutions too; uniqueness-based techniques are then off.")
@click.option("--walk/--no-walk", default=None,
              help="Step-by-step walkthrough with grids (default when stdout is a terminal and not --json, "
                   "or with --step/--from/--to).")
@click.option("--step", "step_mode", is_flag=True, help="Walkthrough: wait for a key between steps (q quits).")
@click.option("--from", "first", type=click.IntRange(min=1), default=1, metavar="N", help="Walkthrough: first step shown.")
@click.option("--to", "last", type=click.IntRange(min=1), default=None, metavar="N", help="Walkthrough: last step shown.")
@click.option("--color/--no-color", default=None,
              help="Colours (default: on a terminal unless NO_COLOR is set); without them marks like >5< and [5].")
@click.option("--ascii", "ascii_only", is_flag=True, default=False,
              help="ASCII frames and tables (default when stdout is not a terminal).")
@click.option("--hint", is_flag=True, help="Print only the next step's technique.")
@click.option("--full", is_flag=True, help="With --hint: also the explanation, points and grid.")
@click.option("--variants", type=click.IntRange(min=1), default=None, metavar="K",
              help="Also rate the canonical form and K-1 random symmetric variants; report min/median/max.")
@click.option("--seed", type=int, default=0, show_default=True, metavar="S", help="Seed of the random variants.")
@click.option("--file", "source", type=str, default=None, metavar="FILE",
              help="Rate every puzzle of FILE ('-' = stdin): 81-char lines, .sdm, .sdk/9-line grids, 729-char lines.")
@click.option("--output", type=click.Path(dir_okay=False), default=None, help="Bulk: write records to FILE (default stdout).")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl", "text"]), default="csv", show_default=True,
              help="Bulk: record format; text is '<puzzle> <points> <norm2> <max> <level>'.")
@click.option("--template", default=None, metavar="TEXT",
              help="Bulk, text format: a line template with {fields}: line puzzle status points norm2 max level "
                   "thinning_steps steps techniques seconds message comment.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, metavar="N", help="Bulk: worker processes (0 = all cores).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="S",
              help="Bulk: seconds per puzzle; a slower puzzle gets a 'timeout' record.")
@click.option("--resume", is_flag=True, help="Bulk: continue an interrupted run on the same --output.")
@click.option("--quiet", "-q", is_flag=True, help="Bulk: no progress bar and no summary on stderr.")
def main(puzzle: str | None, option: str, as_json: bool, lang: str, techniques: str | None, allow_multiple: bool,
         walk: bool | None, step_mode: bool, first: int, last: int | None, color: bool | None, ascii_only: bool,
         hint: bool, full: bool, variants: int | None, seed: int, source: str | None, output: str | None,
         fmt: str, template: str | None, jobs: int, timeout: float | None, resume: bool, quiet: bool) -> None:
    """Rate PUZZLE (81 characters, 1-9 given, anything else empty; a 729-character candidate line;
    or a file name with a 9x9 grid) the way a person solves it, and print every step with its points,
    the total, the norms and the level.  With --file, rate a whole collection.
    """
    engine = build_engine(option, techniques)
    if source is not None:
        if puzzle is not None:
            fail("give either PUZZLE or --file, not both", EXIT_INPUT)
        sys.exit(_bulk(source, option, techniques, allow_multiple, lang, output, fmt, template, jobs, timeout,
                       resume, quiet, ascii_only))
    if puzzle is None:
        fail("missing PUZZLE (81 characters) or --file FILE", EXIT_INPUT)
    grid, start = _read_puzzle(puzzle)
    rating = engine.rate(grid, allow_multiple=allow_multiple, start=start)
    if rating.status == "invalid":
        fail(rating.message, EXIT_INPUT)
    if rating.status in ("no_solution", "multiple_solutions") and not as_json:
        fail(rating.message, EXIT_SOLUTIONS)
    summary = None
    if variants:
        summary = _variants(engine, grid, variants, seed, allow_multiple)
    stdout_tty = sys.stdout.isatty()
    console = _console(color, ascii_only, stdout_tty)
    use_color = bool(console.color_system) and not console.no_color
    use_ascii = ascii_only or not console.is_terminal
    if as_json:
        data = json_report(rating, engine.catalogue, lang)
        if hint:
            data = {"hint": data["steps"][0] if data["steps"] else None, "status": data["status"]}
        if summary is not None:
            data["variants"] = summary.to_json()
        click.echo(json.dumps(data, ensure_ascii=False))
    elif hint:
        from rater.walkthrough import hint as hint_view

        view = hint_view(rating, engine.catalogue, lang, full, use_color, use_ascii, start)
        if view is None:
            fail("no technique finds a step", EXIT_STUCK)
        console.print(view, crop=False)
        sys.exit(EXIT_OK)
    elif walk or (walk is None and (stdout_tty or step_mode or first > 1 or last is not None)):
        from rater.walkthrough import WalkOptions, Walkthrough

        options = WalkOptions(lang, use_color, use_ascii, first, last, step_mode)
        if not Walkthrough(engine.catalogue, console, options).show(rating, start):
            sys.exit(STATUS_EXIT.get(rating.status, EXIT_OK))
    else:
        click.echo(text_report(rating, engine.catalogue, lang))
    if summary is not None and not as_json:
        from rater.variants import variants_table

        console.print(variants_table(summary, use_ascii))
    sys.exit(STATUS_EXIT.get(rating.status, EXIT_OK))


def _console(color: bool | None, ascii_only: bool, tty: bool) -> Console:
    """The stdout console: colour on terminals unless NO_COLOR/--no-color, forced by --color."""
    no_color = color is False or (color is None and bool(os.environ.get("NO_COLOR")))
    return Console(
        highlight=False,
        no_color=no_color,
        force_terminal=True if color else None,
        color_system=None if no_color else "auto",
        emoji=False,
        safe_box=ascii_only,
        width=None if tty else 200,
    )


def _read_puzzle(argument: str) -> tuple[Grid, Board | None]:
    """Givens (and, for a 729-character candidate line, the starting board) of PUZZLE; exit 2 if unreadable."""
    text = argument.strip()
    try:
        if len(text) == CANDIDATE_LINE_LENGTH:
            grid, cands = parse_candidates(text)
            check_givens(grid)
            return grid, Board.from_candidates(grid, cands)
        if len(text) != 81 and "\n" not in text:
            text = _maybe_file(argument)
        return parse_puzzle(text), None
    except PuzzleError as exc:
        fail(str(exc), EXIT_INPUT)
    raise AssertionError("unreachable")


def _maybe_file(argument: str) -> str:
    """A grid file's text if ``argument`` names a readable file, else the argument itself."""
    path = Path(argument)
    try:
        if path.is_file():
            return path.read_text(encoding="utf-8")
    except OSError:
        pass
    return argument


def _variants(engine: Engine, grid: Grid, k: int, seed: int, allow_multiple: bool):  # noqa: ANN202
    try:
        from rater.variants import rate_variants

        return rate_variants(engine, grid, k, seed, allow_multiple)
    except ImportError as exc:
        fail(f"--variants needs the canon package ({exc})", EXIT_INPUT)


def _bulk(source: str, option: str, techniques: str | None, allow_multiple: bool, lang: str, output: str | None,
          fmt: str, template: str | None, jobs: int, timeout: float | None, resume: bool, quiet: bool,
          ascii_only: bool) -> int:
    """Run ``--file``; the bulk exit code (see the module docstring)."""
    from rater.bulk import BulkConfig, BulkError, BulkRun

    if source != "-" and not Path(source).is_file():
        fail(f"cannot read {source}: no such file", EXIT_INPUT)
    if template and fmt != "text":
        fmt = "text"
    config = BulkConfig(option, techniques, allow_multiple, timeout, lang)
    run = BulkRun(source, config, output, fmt, template, jobs, resume, progress=not quiet, summary=not quiet,
                  ascii=ascii_only)
    try:
        return run.run()
    except BulkError as exc:
        fail(str(exc), EXIT_INPUT)
    except OSError as exc:
        fail(f"{exc.filename or source}: {exc.strerror}", EXIT_INPUT)
    return EXIT_INPUT


if __name__ == "__main__":
    main()
