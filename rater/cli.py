"""The ``rate`` command: one puzzle (report, walkthrough, hint, symmetric copies) or a whole file.

Exit codes for one puzzle (also in the README):

* 0 — rated, the puzzle was solved;
* 1 — rated, but the techniques got stuck (the partial rating is printed);
* 2 — bad input: unreadable puzzle, bad option code, unusable technique file,
  an unknown ``--disable`` or ``--enable`` code, a usage error or a value out of range, an ``--html`` or
  ``--svg`` FILE that cannot be written (one ``rate: error:`` line each);
* 3 — the puzzle has no solution, or several (without ``--allow-multiple``);
  a candidate line counts only the solutions its candidates allow;
* 5 — ``--verify``: a step of the rating contradicts the solution (the line
  names the step, its technique and where the technique comes from).

Errors of an installed technique plugin (it fails to import, breaks the
contract or takes a code already in use) are configuration errors like an
unusable technique file: one line, exit 2, for every command that rates.

``--count`` prints the number of all solutions instead of a rating, up to
``--count-limit`` ("at least N" beyond), and exits 0 whatever the number (2
for unreadable input).  ``--rules`` rates the puzzle
as a diagonal, colour or colour-diagonal Sudoku (:mod:`puzzles.rules`).

Exit codes for ``--file`` (bulk):

* 0 — every record is a rating (status ``solved`` or ``stuck``);
* 2 — the run could not start (bad options, template or timeout, unreadable
  input, an output that is the input or that another run is writing, a ``--resume`` whose input, settings,
  program version or catalogue digest differ from the run that wrote the
  output; with ``--cluster``: Dask missing, the scheduler unreachable, or lost or failing in the middle of the run, whose
  records written so far ``--resume`` keeps);
* 4 — the run finished, but some records are not ratings (``error``,
  ``invalid``, ``no_solution``, ``multiple_solutions``, ``timeout``);
* 130 — interrupted (SIGINT/SIGTERM); ``--resume`` continues the run;
* 141 — stdout was closed by its reader (``rate --file big.txt | head``).
"""

from __future__ import annotations

import json
import math
import os
import sys
from typing import Any, NoReturn

import click

from puzzles.cli_common import AsciiIntRange, OneLineCommand, version_option
from puzzles.errors import MAX_SEED, InputError
from puzzles.geometry import Grid
from puzzles.inputs import check_input_file, read_argument
from puzzles.parsing import PuzzleError, check_givens
from puzzles.rules import CHOICES, Rules
from rater.bulk.output import DEFAULT_FORMAT, FORMATS, chosen_format
from rater.copies import MAX_COPIES, CopiesSummary, rate_copies
from rater.exits import EXIT_INPUT, EXIT_OK, EXIT_SOLUTIONS, EXIT_UNSOUND, fail
from rater.options import DEFAULT_OPTION
from rater.request import Request
from rater.result import Rating
from rater.run.count import DEFAULT_LIMIT as DEFAULT_COUNT_LIMIT
from rater.run.engine import Engine
from rater.settings import RunSettings
from rater.views import registry
from techniques.board import Board
from techniques.notation import DEFAULT_NOTATION, NOTATIONS
from techniques.texts import available_languages

ONE_PUZZLE = "Output of one puzzle"
COPIES_AND_REDUCTION = "Symmetric copies and reduction"


class LanguageChoice(click.Choice[str]):
    """``--lang``: the language files there are when the command runs, not when it was imported."""

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        self.choices = available_languages()
        return super().convert(value, param, ctx)


def code_list(text: str | None, flag: str = "--disable") -> tuple[str, ...]:
    """The technique codes of ``--disable`` or ``--enable`` (a comma list), in order, without repeats."""
    if text is None:
        return ()
    codes = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not codes:
        fail(f"{flag} needs technique codes, e.g. {flag} BB", EXIT_INPUT)
    return codes


def _names(section: str) -> tuple[str, ...]:
    return tuple(option.name or "" for option in registry.options(section))


#: The help's sections, in the order a user looks for an option; the views add theirs (:mod:`rater.views.registry`).
HELP_SECTIONS = (
    ("Rating", ("option", "rules_name", "techniques", "disable", "enable", "allow_multiple", "canonical", "count",
                "count_limit", "verify", "list_techniques")),
    (ONE_PUZZLE, (*_names(ONE_PUZZLE)[:1], "lang", "notation", *_names(ONE_PUZZLE)[1:])),  # --lang after --json, as ever
    (COPIES_AND_REDUCTION, ("copies", "seed", *_names(COPIES_AND_REDUCTION))),
    ("Rating files (--file)", ("source", "output", "fmt", "template", "jobs", "timeout", "resume", "quiet",
                               "with_minlex", "cluster", "chunk_size")),
)


@click.command(cls=OneLineCommand, error_prefix="rate: ", sections=HELP_SECTIONS,
               context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("puzzle", required=False)
@version_option("rate")
@click.option("--option", "-o", default=DEFAULT_OPTION, show_default=True,
              help="4-digit option code: C/D tests (0-2), detail (0-4), thinning output (0-1), "
                   "mode (0 half-synchronous, 1 pseudo-synchronous, 2-7 synchronous levels).")
@click.option("--rules", "rules_name", default="standard", show_default=True, metavar="RULES",
              help=f"The Sudoku variant: {CHOICES}. With --file the default of lines whose comment "
                   "does not start with a variant name.")
@click.option("--count", "count", is_flag=True,
              help="Print the number of all solutions (under --rules) instead of a rating, up to --count-limit "
                   "(then 'at least N'); exit 0.")
@click.option("--count-limit", "count_limit", type=AsciiIntRange(min=1), default=None, metavar="N",
              help=f"With --count: stop counting at N solutions (default {DEFAULT_COUNT_LIMIT:,}).")
@click.option("--lang", type=LanguageChoice(available_languages()), default="en", show_default=True,
              help="Language of names and explanations (a file techniques/texts/<code>.yaml each).")
@click.option("--notation", type=click.Choice(list(NOTATIONS)), default=DEFAULT_NOTATION, show_default=True,
              help="How steps write cells, candidates and chains: giese (2:1), (2:1)9, (2:1)!9, "
                   "(2:1)95 - (7:1)58; eureka r2c1, r2c1=9, r2c1<>9, (9=5)r2c1-(5=8)r7c1, as forums and HoDoKu.")
@click.option("--techniques", type=click.Path(dir_okay=False), default=None,
              help="A technique YAML file (order, switches, points) instead of the built-in one.")
@click.option("--disable", default=None, metavar="CODES",
              help="Switch techniques off, a comma list of codes (e.g. BB: the original's version without "
                   "Bowman's Bingo). An unknown code is an error.")
@click.option("--enable", default=None, metavar="CODES",
              help="Switch techniques on, a comma list of codes: an installed plugin technique is off until a "
                   "technique file or --enable turns it on. An unknown code is an error.")
@click.option("--list-techniques", "list_techniques", is_flag=True,
              help="List the techniques of the run (after --techniques, --disable, --enable): code, names, "
                   "family, point formula, on/off, origin (built-in or plugin); with --json as JSON.")
@click.option("--verify", is_flag=True,
              help="Check every step against the solution; the first wrong step is an error (exit 5) naming "
                   "its technique and origin.")
@click.option("--allow-multiple", is_flag=True,
              help="Rate puzzles with several solutions too; uniqueness-based techniques are then off.")
@click.option("--canonical", is_flag=True,
              help="Rate every puzzle in its canonical orientation (the steps are shown on the given grid), so "
                   "that all symmetric copies get one rating in any mode; option digit 4 = 0 always does.")
@click.option("--copies", "--variants", "copies", type=AsciiIntRange(min=1, max=MAX_COPIES), default=None,
              metavar="K", help=f"Also rate the canonical form and K-1 random symmetric copies (K at most "
                                f"{MAX_COPIES:,}); report min/median/max.")
@click.option("--seed", type=AsciiIntRange(min=0, max=MAX_SEED), default=0, show_default=True, metavar="S",
              help="Seed of the random copies (0 to 2**63-1).")
@click.option("--file", "source", type=str, default=None, metavar="FILE",
              help="Rate every puzzle of FILE ('-' = stdin): 81-char lines, .sdm, .sdk/9-line grids, 729-char lines.")
@click.option("--output", type=click.Path(dir_okay=False), default=None,
              help="Bulk: write records to FILE (default stdout), and the run's identity to FILE.run.json "
                   "(what --resume checks). FILE must not be the input.")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default=DEFAULT_FORMAT, show_default=True,
              help="Bulk: record format; text is '<puzzle> <points> <norm2> <max> <level>'. Control characters "
                   "are escaped (\\x1b, \\u2028) in every format; csv cells starting with = + - @ get a leading '.")
@click.option("--template", default=None, metavar="TEXT",
              help="Bulk, text format: a line template with {fields}, the record's (docs/records.md): line "
                   "puzzle status points norm2 max level level_text thinning_steps step_count techniques seconds "
                   "message comment rules option orientation uniqueness_techniques version catalogue_digest; "
                   "format specs such as {points:6.1f} "
                   "(width up to 1000), conversions !s !r; no attributes or indexes. Checked before the run. "
                   "With --reduce also reduced necessary_givens already_minimal; with --with-minlex also minlex.")
@click.option("--jobs", "-j", type=AsciiIntRange(min=0), default=0, metavar="N",
              help="Bulk: worker processes (0 = all cores; more than the cores are lowered to them).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=None, metavar="S",
              help="Bulk: seconds per puzzle; a slower puzzle gets a 'timeout' record. Without it a worker "
                   "busy 300 s on one puzzle is killed and the puzzle gets a 'timeout' record.")
@click.option("--resume", is_flag=True,
              help="Bulk: continue an interrupted run on the same --output; refused (exit 2) when the input, "
                   "format, template, option, language, --allow-multiple, --reduce, --with-minlex, --disable, "
                   "--canonical, technique file, program version or catalogue digest differ.")
@click.option("--quiet", "-q", is_flag=True,
              help="Bulk: no progress bar, summary or notes on stderr (errors and the interrupt hint still go there).")
@click.option("--with-minlex", "with_minlex", is_flag=True,
              help="Bulk: every record gains minlex, the puzzle's minlex form (canon minlex; the variant's group "
                   "under --rules), to join collections on; null for lines not rated and candidate lines.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Bulk: rate on a Dask cluster: a scheduler address (tcp://host:8786), or local[:N] for N "
                   "worker processes on this machine (default: the cores). Needs the cluster extra. "
                   "--jobs is then ignored.")
@click.option("--chunk-size", "chunk_size", type=AsciiIntRange(min=1), default=None, metavar="N",
              help="Bulk, with --cluster: puzzles per task (default 200, less on short files).")
def main(**options: Any) -> None:
    """Rate PUZZLE (81 characters, 1-9 given, anything else empty; a 729-character candidate line;
    or a file name with a 9x9 grid) the way a person solves it, and print every step with its points,
    the total, the norms and the level.  With --file, rate a whole collection.
    """
    request = Request.of(options)
    check_usage(request)
    settings = build_settings(request)
    try:
        engine = settings.engine()
    except InputError as exc:  # the level table, read when the first engine is built
        fail(str(exc), EXIT_INPUT)
    if request.list_techniques:
        _list_techniques(engine, request)
    if request.source is not None:
        sys.exit(_bulk(request, settings))
    sys.exit(rate_one(request, settings, engine))


main.params.extend(registry.options(ONE_PUZZLE) + registry.options(COPIES_AND_REDUCTION))


def check_usage(request: Request) -> None:
    """Refuse (exit 2, one line) options that do not go together, before anything is read or rated."""
    if (request.step_number is not None or request.marked) and not request.pictures:
        fail("--step N and --marked go with --svg or --html (--step alone waits for a key in the walkthrough)",
             EXIT_INPUT)
    if request.pictures and request.source is not None:
        fail("--html and --svg draw one PUZZLE, not a --file: rate each puzzle with its own --html FILE", EXIT_INPUT)
    registry.refuse_clashes(request)
    if request.count_limit is not None and not request.count:
        fail("--count-limit goes with --count", EXIT_INPUT)
    if request.last is not None and request.first > request.last:
        fail(f"--from {request.first} comes after --to {request.last}: no step to show", EXIT_INPUT)
    if request.waiting and not _has_terminal():
        fail("--step needs a terminal to read keys from; use --walk to print every step", EXIT_INPUT)


def _has_terminal() -> bool:
    """Whether ``--step`` can read keys: click reads them from stdin when it is a terminal, else from /dev/tty."""
    if sys.stdin is not None and sys.stdin.isatty() or os.name != "posix":
        return True
    try:
        with open("/dev/tty", "rb"):
            return True
    except OSError:
        return False


def build_settings(request: Request) -> RunSettings:
    """The run's settings from the command line, checked once; bad values end the program (exit 2)."""
    off = code_list(request.disable)
    on = code_list(request.enable, "--enable")
    if request.timeout is not None and not math.isfinite(request.timeout):
        fail(f"--timeout must be a finite number of seconds, not {request.timeout}", EXIT_INPUT)
    try:
        settings = RunSettings.from_file(
            request.techniques, option=request.option, disable=off, enable=on, rules=request.rules_name,
            allow_multiple=request.allow_multiple, canonical=request.canonical or None, lang=request.lang,
            reduce=request.reduce, timeout=request.timeout, with_minlex=request.with_minlex,
            notation=request.notation)
    except InputError as exc:
        fail(str(exc), EXIT_INPUT)
    if request.reducing and not settings.rule_set().standard:
        fail("--reduce and --reduce-all work on standard Sudoku only", EXIT_INPUT)
    return settings


def rate_one(request: Request, settings: RunSettings, engine: Engine) -> int:
    """Rate PUZZLE and show it the way the command line asks (:func:`rater.views.registry.chosen`)."""
    if request.with_minlex:
        fail("--with-minlex adds a field to the records of --file; for one puzzle use canon minlex", EXIT_INPUT)
    if request.puzzle is None:
        fail("missing PUZZLE (81 characters) or --file FILE", EXIT_INPUT)
    grid, start = _read_puzzle(request.puzzle)
    rules = settings.rule_set()
    if request.count:
        _count(grid, start, rules, request.as_json, request.count_limit or DEFAULT_COUNT_LIMIT)
    if start is not None and request.reducing:
        fail("--reduce needs a puzzle of givens, not a candidate line", EXIT_INPUT)
    if request.copies and start is not None:
        fail("--copies rates plain puzzles, not candidate lines", EXIT_INPUT)
    if request.verify:
        from rater.run.verify import VerifyingEngine

        engine = settings.engine(VerifyingEngine)
    try:
        rating = engine.rate(grid, allow_multiple=settings.allow_multiple, start=start, verify=request.verify,
                             rules=rules)
    except InputError as exc:
        fail(str(exc), EXIT_INPUT)
    if rating.status in ("no_solution", "multiple_solutions") and not request.as_json:
        fail(rating.message, EXIT_SOLUTIONS)
    if request.verify:
        _verify(rating, engine, request.lang, request.as_json)
    view = registry.chosen(request)
    summary = _copies(engine, grid, request, settings, rules) if request.copies else None
    console = registry.console(request.color, request.ascii_only, sys.stdout.isatty())
    return view.show(registry.Shown(request, settings, engine, grid, start, rating, summary, console))


def _list_techniques(engine: Engine, request: Request) -> NoReturn:
    """``--list-techniques``: the run's catalogue as a table (or JSON), exit 0."""
    from rater.views.technique_list import technique_rows, technique_table

    if request.puzzle is not None or request.source is not None:
        fail("--list-techniques lists the techniques only; give no PUZZLE or --file", EXIT_INPUT)
    if request.as_json:
        click.echo(json.dumps({"source": engine.catalogue.source, "techniques": technique_rows(engine.catalogue)},
                              ensure_ascii=False))
    else:
        console = registry.console(None, request.ascii_only, sys.stdout.isatty())
        console.print(technique_table(engine.catalogue, request.ascii_only))
    sys.exit(EXIT_OK)


def _verify(rating: Rating, engine: Engine, lang: str, quiet: bool) -> None:
    """``--verify``: exit 5 with one line naming the first step that contradicts the solution.

    The line names the step as the report numbers it, its technique and that
    technique's origin (a plugin's distribution and version), and its text.
    """
    from rater.run.verify import first_unsound
    from rater.views.report import step_text

    if rating.solution is None:
        fail("--verify needs a puzzle with one solution", EXIT_SOLUTIONS)
    wrong = first_unsound(rating)
    if wrong is None:
        if not quiet:
            click.echo(f"rate: verified: all {len(rating.steps)} steps agree with the solution", err=True)
        return
    code = wrong.step.code
    where = engine.catalogue.entry(code).origin if code in engine.catalogue else "unknown origin"
    fail(f"unsound step {wrong.number}: {code} ({where}) {wrong.reason}: "
         f"{step_text(wrong.step, engine.catalogue, lang)}", EXIT_UNSOUND)


def _count(grid: Grid, start: Board | None, rules: Rules, as_json: bool, limit: int) -> NoReturn:
    """``--count``: print the number of all solutions (or "at least ``limit``") and exit 0."""
    from rater.run.count import count_all

    if start is not None:
        fail("--count counts the solutions of a puzzle of givens, not of a candidate line", EXIT_INPUT)
    result = count_all(grid, rules, limit)
    click.echo(json.dumps(result.to_json()) if as_json else result.text())
    sys.exit(EXIT_OK)


def _read_puzzle(argument: str) -> tuple[Grid, Board | None]:
    """Givens (and, for a 729-character candidate line, the starting board) of PUZZLE; exit 2 if unreadable.

    PUZZLE is the puzzle text itself or the name of a file holding one, read
    as ``--file`` reads files (:func:`puzzles.inputs.read_argument` has the rule).
    """
    try:
        item = read_argument(argument)
        assert item.grid is not None  # an item without an error has its grid
        if item.cands is None:  # a candidate line's contradictions are the rating's (no_solution, exit 3)
            check_givens(item.grid)
    except PuzzleError as exc:
        fail(str(exc), EXIT_INPUT)
    return item.grid, Board.from_candidates(item.grid, item.cands) if item.cands is not None else None


def _copies(engine: Engine, grid: Grid, request: Request, settings: RunSettings, rules: Rules) -> CopiesSummary:
    """Rate ``--copies K`` symmetric copies; ``canon`` is imported only here, so the rest works without it."""
    assert request.copies is not None
    try:
        return rate_copies(engine, grid, request.copies, request.seed, settings.allow_multiple, rules)
    except ImportError as exc:
        fail(f"--copies needs the canon package ({exc})", EXIT_INPUT)


def _bulk(request: Request, settings: RunSettings) -> int:
    """Run ``--file``; the bulk exit code (see the module docstring)."""
    from rater.bulk.output import escape_text
    from rater.bulk.runner import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, BulkError, BulkRun, interrupt_hint

    if request.puzzle is not None:
        fail("give either PUZZLE or --file, not both", EXIT_INPUT)
    if settings.enable or request.verify:
        fail(f"{'--enable' if settings.enable else '--verify'} works on one puzzle; with --file, switch techniques on "
             "in a --techniques file", EXIT_INPUT)
    if request.reduce_all is not None:
        fail("--reduce-all rates one puzzle; use --reduce with --file", EXIT_INPUT)
    if request.count:
        fail("--count counts the solutions of one PUZZLE, not of a file", EXIT_INPUT)
    source, output = request.source, request.output
    assert source is not None  # only --file runs here
    if source != "-":
        try:
            check_input_file(source)
        except PuzzleError as exc:
            fail(escape_text(str(exc)), EXIT_INPUT)
    fmt = chosen_format(request.fmt, request.template)
    run = BulkRun(source, settings, output, fmt, request.template, request.jobs, request.resume,
                  progress=not request.quiet, summary=not request.quiet, ascii=request.ascii_only,
                  cluster=request.cluster, chunk_size=request.chunk_size)
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
