"""The ``rate`` command: one puzzle (report, walkthrough, hint, variants) or a whole file.

Exit codes for one puzzle (also in the README):

* 0 — rated, the puzzle was solved;
* 1 — rated, but the techniques got stuck (the partial rating is printed);
* 2 — bad input: unreadable puzzle, bad option code, unusable technique file;
* 3 — the puzzle has no solution, or several (without ``--allow-multiple``).

Exit codes for ``--file`` (bulk):

* 0 — every record is a rating (status ``solved`` or ``stuck``);
* 2 — the run could not start (bad options, template or timeout, unreadable
  input, an output that is the input, a ``--resume`` whose input or settings
  differ from the run that wrote the output; with ``--cluster``: Dask missing,
  the scheduler unreachable, or lost or failing in the middle of the run, whose
  records written so far ``--resume`` keeps);
* 4 — the run finished, but some records are not ratings (``error``,
  ``invalid``, ``no_solution``, ``multiple_solutions``, ``timeout``);
* 130 — interrupted (SIGINT/SIGTERM); ``--resume`` continues the run;
* 141 — stdout was closed by its reader (``rate --file big.txt | head``).
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
@click.option("--output", type=click.Path(dir_okay=False), default=None,
              help="Bulk: write records to FILE (default stdout), and the run's identity to FILE.run.json "
                   "(what --resume checks). FILE must not be the input.")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl", "text"]), default="csv", show_default=True,
              help="Bulk: record format; text is '<puzzle> <points> <norm2> <max> <level>'. Control characters "
                   "are escaped (\\x1b, \\u2028) in every format; csv cells starting with = + - @ get a leading '.")
@click.option("--template", default=None, metavar="TEXT",
              help="Bulk, text format: a line template with {fields}: line puzzle status points norm2 max level "
                   "thinning_steps steps techniques seconds message comment; format specs such as {points:6.1f} "
                   "(width up to 1000), conversions !s !r; no attributes or indexes. Checked before the run. "
                   "With --reduce also reduced necessary_givens already_minimal.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=0, metavar="N",
              help="Bulk: worker processes (0 = all cores; more than the cores are lowered to them).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="S",
              help="Bulk: seconds per puzzle; a slower puzzle gets a 'timeout' record. Without it a worker "
                   "busy 300 s on one puzzle is killed and the puzzle gets a 'timeout' record.")
@click.option("--resume", is_flag=True,
              help="Bulk: continue an interrupted run on the same --output; refused (exit 2) when the input, "
                   "format, template, option, language, --allow-multiple, --reduce or technique file differ.")
@click.option("--quiet", "-q", is_flag=True,
              help="Bulk: no progress bar, summary or notes on stderr (errors and the interrupt hint still go there).")
@click.option("--reduce", "reduce", is_flag=True,
              help="Remove givens (cell order) while the puzzle stays unique: the minimal puzzle, its necessary "
                   "givens, the removed cells and its rating. With --file: reduction fields and a histogram.")
@click.option("--reduce-all", "reduce_all", type=click.IntRange(min=1), is_flag=False, flag_value=100, default=None,
              metavar="[LIMIT]", help="The distinct minimal puzzles reachable by removing givens (up to LIMIT, "
                                      "default 100) and the range of their necessary givens. Write it after PUZZLE.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Bulk: rate on a Dask cluster: a scheduler address (tcp://host:8786), or local[:N] for N "
                   "worker processes on this machine (default: the cores). Needs the cluster extra. "
                   "--jobs is then ignored.")
@click.option("--chunk-size", "chunk_size", type=click.IntRange(min=1), default=None, metavar="N",
              help="Bulk, with --cluster: puzzles per task (default 200, less on short files).")
def main(puzzle: str | None, option: str, as_json: bool, lang: str, techniques: str | None, allow_multiple: bool,
         walk: bool | None, step_mode: bool, first: int, last: int | None, color: bool | None, ascii_only: bool,
         hint: bool, full: bool, variants: int | None, seed: int, source: str | None, output: str | None,
         fmt: str, template: str | None, jobs: int, timeout: float | None, resume: bool, quiet: bool,
         reduce: bool = False, reduce_all: int | None = None, cluster: str | None = None,
         chunk_size: int | None = None) -> None:
    """Rate PUZZLE (81 characters, 1-9 given, anything else empty; a 729-character candidate line;
    or a file name with a 9x9 grid) the way a person solves it, and print every step with its points,
    the total, the norms and the level.  With --file, rate a whole collection.
    """
    if reduce or reduce_all is not None:
        _refuse_with_reduce(reduce, hint, full, variants, walk, step_mode, first, last)
    engine = build_engine(option, techniques)
    if source is not None:
        if puzzle is not None:
            fail("give either PUZZLE or --file, not both", EXIT_INPUT)
        if reduce_all is not None:
            fail("--reduce-all rates one puzzle; use --reduce with --file", EXIT_INPUT)
        sys.exit(_bulk(source, option, techniques, allow_multiple, lang, output, fmt, template, jobs, timeout,
                       resume, quiet, ascii_only, reduce, cluster, chunk_size))
    if puzzle is None:
        fail("missing PUZZLE (81 characters) or --file FILE", EXIT_INPUT)
    grid, start = _read_puzzle(puzzle)
    if start is not None and (reduce or reduce_all is not None):
        fail("--reduce needs a puzzle of givens, not a candidate line", EXIT_INPUT)
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
    if reduce or reduce_all is not None:
        from rater.reduction import reduce_command

        unique = reduce_command(engine, grid, rating, reduce=reduce, reduce_all=reduce_all, as_json=as_json,
                                lang=lang, allow_multiple=allow_multiple, ascii_only=use_ascii)
        sys.exit(STATUS_EXIT.get(rating.status, EXIT_OK) if unique else EXIT_SOLUTIONS)
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


def _refuse_with_reduce(reduce: bool, hint: bool, full: bool, variants: int | None, walk: bool | None,
                        step_mode: bool, first: int, last: int | None) -> None:
    """``--reduce``/``--reduce-all`` print their own report: options for another report are an error (exit 2).

    Checked before anything is rated, so no variants are computed only to be dropped.
    """
    others = [("--hint", hint), ("--full", full), ("--variants", variants is not None), ("--walk", walk is True),
              ("--step", step_mode), ("--from", first > 1), ("--to", last is not None)]
    clashing = [name for name, given in others if given]
    if clashing:
        flag = "--reduce" if reduce else "--reduce-all"
        fail(f"{flag} prints its own report and cannot be combined with {', '.join(clashing)}", EXIT_INPUT)


def _variants(engine: Engine, grid: Grid, k: int, seed: int, allow_multiple: bool):  # noqa: ANN202
    try:
        from rater.variants import rate_variants

        return rate_variants(engine, grid, k, seed, allow_multiple)
    except ImportError as exc:
        fail(f"--variants needs the canon package ({exc})", EXIT_INPUT)


def _bulk(source: str, option: str, techniques: str | None, allow_multiple: bool, lang: str, output: str | None,
          fmt: str, template: str | None, jobs: int, timeout: float | None, resume: bool, quiet: bool,
          ascii_only: bool, reduce: bool = False, cluster: str | None = None, chunk_size: int | None = None) -> int:
    """Run ``--file``; the bulk exit code (see the module docstring)."""
    import math

    from rater.bulk import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, BulkConfig, BulkError, BulkRun, interrupt_hint
    from rater.bulk_output import escape_text

    if source != "-" and not Path(source).is_file():
        fail(f"cannot read {escape_text(source)}: no such file", EXIT_INPUT)
    if timeout is not None and not math.isfinite(timeout):
        fail(f"--timeout must be a finite number of seconds, not {timeout}", EXIT_INPUT)
    if template and fmt != "text":
        fmt = "text"
    config = BulkConfig(option, techniques, allow_multiple, timeout, lang, reduce=reduce)
    run = BulkRun(source, config, output, fmt, template, jobs, resume, progress=not quiet, summary=not quiet,
                  ascii=ascii_only, cluster=cluster, chunk_size=chunk_size)
    try:
        return run.run()
    except BulkError as exc:
        fail(escape_text(str(exc)), EXIT_INPUT)
    except BrokenPipeError:  # the reader of stdout stopped (``| head``): stop quietly, as Unix tools do
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):
            pass
        return EXIT_BROKEN_PIPE
    except OSError as exc:
        fail(escape_text(f"{exc.filename or output or source}: {exc.strerror}"), EXIT_INPUT)
    except KeyboardInterrupt:  # before the first record (checking a long output on --resume)
        click.echo(interrupt_hint(output, 0), err=True)
        return EXIT_INTERRUPTED
    return EXIT_INPUT


if __name__ == "__main__":
    main()
