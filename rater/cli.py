"""The ``rate`` command: one puzzle (report, walkthrough, hint, variants) or a whole file.

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
from collections.abc import Callable
from typing import Any, NoReturn

import click
from rich.console import Console

from puzzles.cli_common import AsciiIntRange, OneLineCommand, one_line, version_option
from puzzles.errors import InputError
from puzzles.inputs import check_input_file, read_argument
from puzzles.outputs import OutputError, check_writable, refuse_inputs, write_file
from puzzles.parsing import Grid, PuzzleError, check_givens
from puzzles.rules import CHOICES, Rules
from rater.options import DEFAULT_OPTION
from rater.result import Rating
from rater.run.count import DEFAULT_LIMIT as DEFAULT_COUNT_LIMIT
from rater.run.engine import Engine
from rater.settings import RunSettings
from rater.variants import MAX_VARIANTS, VariantSummary, rate_variants
from rater.views.report import json_report, text_report
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.texts import available_languages

EXIT_OK, EXIT_STUCK, EXIT_INPUT, EXIT_SOLUTIONS, EXIT_UNSOUND = 0, 1, 2, 3, 5
#: Largest --seed: random.Random folds a negative seed onto its absolute value,
#: so only 0 .. 2**63 - 1 are accepted and each names one sequence of variants.
MAX_SEED = 2**63 - 1
STATUS_EXIT = {
    "solved": EXIT_OK,
    "stuck": EXIT_STUCK,
    "invalid": EXIT_INPUT,
    "no_solution": EXIT_SOLUTIONS,
    "multiple_solutions": EXIT_SOLUTIONS,
}


class LanguageChoice(click.Choice):
    """``--lang``: the language files there are when the command runs, not when it was imported."""

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> object:
        self.choices = available_languages()
        return super().convert(value, param, ctx)


def fail(message: str, code: int) -> NoReturn:
    """Print one clear line on stderr and exit with ``code``."""
    click.echo(f"rate: error: {one_line(message)}", err=True)
    sys.exit(code)


def code_list(text: str | None, flag: str = "--disable") -> tuple[str, ...]:
    """The technique codes of ``--disable`` or ``--enable`` (a comma list), in order, without repeats."""
    if text is None:
        return ()
    codes = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not codes:
        fail(f"{flag} needs technique codes, e.g. {flag} BB", EXIT_INPUT)
    return codes


def build_settings(option: str, techniques: str | None, disable: tuple[str, ...] = (), enable: tuple[str, ...] = (),
                   **values: Any) -> RunSettings:
    """The run's settings from the command line, checked once; bad values end the program (exit 2)."""
    try:
        return RunSettings.from_file(techniques, option=option, disable=disable, enable=enable, **values)
    except InputError as exc:
        fail(str(exc), EXIT_INPUT)


#: The help's sections, in the order a user looks for an option.
HELP_SECTIONS = (
    ("Rating", ("option", "rules_name", "techniques", "disable", "enable", "allow_multiple", "canonical", "count",
                "count_limit",
                "verify", "list_techniques")),
    ("Output of one puzzle", ("as_json", "lang", "walk", "step_mode", "first", "last", "color", "ascii_only",
                              "hint", "full", "html_file", "svg_file", "marked")),
    ("Symmetric variants and reduction", ("variants", "seed", "reduce", "reduce_all")),
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
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the text report.")
@click.option("--lang", type=LanguageChoice(available_languages()), default="en", show_default=True,
              help="Language of names and explanations (a file techniques/texts/<code>.yaml each).")
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
@click.option("--walk/--no-walk", default=None,
              help="Step-by-step walkthrough with grids (default when stdout is a terminal and not --json, "
                   "or with --step/--from/--to).")
@click.option("--step", "step_mode", is_flag=False, flag_value="", default=None, metavar="[N]",
              help="Walkthrough: wait for a key between steps (q quits). With a number N: with --svg the grid after "
                   "step N (0 = the start), with --html the step the page opens at.")
@click.option("--from", "first", type=AsciiIntRange(min=1), default=1, metavar="N", help="Walkthrough: first step shown.")
@click.option("--to", "last", type=AsciiIntRange(min=1), default=None, metavar="N", help="Walkthrough: last step shown.")
@click.option("--color/--no-color", default=None,
              help="Colours (default: on a terminal unless NO_COLOR is set); without them marks like >5< and [5].")
@click.option("--ascii", "ascii_only", is_flag=True, default=False,
              help="ASCII frames and tables (default when stdout is not a terminal).")
@click.option("--hint", is_flag=True, help="Print only the next step's technique.")
@click.option("--full", is_flag=True, help="With --hint: also the explanation, points and grid.")
@click.option("--html", "html_file", default=None, metavar="FILE",
              help="Write the walkthrough as one self-contained HTML page ('-' = stdout): every step with its grid, "
                   "keys and buttons to step through; nothing is loaded from the network.")
@click.option("--svg", "svg_file", default=None, metavar="FILE",
              help="Write the grid after step --step N (default 0, the start) as an SVG picture ('-' = stdout).")
@click.option("--marked", is_flag=True,
              help="With --svg: draw on the grid the marks of the step that follows (as the page shows that step).")
@click.option("--variants", type=AsciiIntRange(min=1, max=MAX_VARIANTS), default=None, metavar="K",
              help=f"Also rate the canonical form and K-1 random symmetric variants (K at most {MAX_VARIANTS:,}); "
                   "report min/median/max.")
@click.option("--seed", type=AsciiIntRange(min=0, max=MAX_SEED), default=0, show_default=True, metavar="S",
              help="Seed of the random variants (0 to 2**63-1).")
@click.option("--file", "source", type=str, default=None, metavar="FILE",
              help="Rate every puzzle of FILE ('-' = stdin): 81-char lines, .sdm, .sdk/9-line grids, 729-char lines.")
@click.option("--output", type=click.Path(dir_okay=False), default=None,
              help="Bulk: write records to FILE (default stdout), and the run's identity to FILE.run.json "
                   "(what --resume checks). FILE must not be the input.")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl", "text"]), default="csv", show_default=True,
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
@click.option("--reduce", "reduce", is_flag=True,
              help="Remove givens (cell order) while the puzzle stays unique: the minimal puzzle, its necessary "
                   "givens, the removed cells and its rating. With --file: reduction fields and a histogram.")
@click.option("--reduce-all", "reduce_all", type=AsciiIntRange(min=1), is_flag=False, flag_value=100, default=None,
              metavar="[LIMIT]", help="The distinct minimal puzzles reachable by removing givens (up to LIMIT, "
                                      "default 100) and the range of their necessary givens. Write it after PUZZLE.")
@click.option("--with-minlex", "with_minlex", is_flag=True,
              help="Bulk: every record gains minlex, the puzzle's minlex form (canon minlex; the variant's group "
                   "under --rules), to join collections on; null for lines not rated and candidate lines.")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Bulk: rate on a Dask cluster: a scheduler address (tcp://host:8786), or local[:N] for N "
                   "worker processes on this machine (default: the cores). Needs the cluster extra. "
                   "--jobs is then ignored.")
@click.option("--chunk-size", "chunk_size", type=AsciiIntRange(min=1), default=None, metavar="N",
              help="Bulk, with --cluster: puzzles per task (default 200, less on short files).")
def main(puzzle: str | None, option: str, as_json: bool, lang: str, techniques: str | None, disable: str | None,
         allow_multiple: bool,
         walk: bool | None, step_mode: str | None, first: int, last: int | None, color: bool | None, ascii_only: bool,
         hint: bool, full: bool, variants: int | None, seed: int, source: str | None, output: str | None,
         fmt: str, template: str | None, jobs: int, timeout: float | None, resume: bool, quiet: bool,
         reduce: bool = False, reduce_all: int | None = None, cluster: str | None = None,
         chunk_size: int | None = None, enable: str | None = None, list_techniques: bool = False,
         verify: bool = False, rules_name: str = "standard", count: bool = False, html_file: str | None = None,
         svg_file: str | None = None, marked: bool = False, canonical: bool = False,
         count_limit: int | None = None, with_minlex: bool = False) -> None:
    """Rate PUZZLE (81 characters, 1-9 given, anything else empty; a 729-character candidate line;
    or a file name with a 9x9 grid) the way a person solves it, and print every step with its points,
    the total, the norms and the level.  With --file, rate a whole collection.
    """
    puzzle, waiting, step_number = _step_option(step_mode, puzzle)
    pictures = Pictures(html_file, svg_file, step_number, marked, inputs=(puzzle, techniques))
    if pictures.wanted or step_number is not None or marked:
        pictures.check(waiting, [("--file", source is not None), ("--json", as_json), ("--hint", hint),
                                 ("--walk", walk is True), ("--from", first > 1), ("--to", last is not None),
                                 ("--variants", variants is not None), ("--reduce", reduce),
                                 ("--reduce-all", reduce_all is not None), ("--count", count),
                                 ("--list-techniques", list_techniques)])
    if count_limit is not None and not count:
        fail("--count-limit goes with --count", EXIT_INPUT)
    if reduce or reduce_all is not None:
        _refuse_with_reduce(reduce, hint, full, variants, walk, waiting, first, last)
    off = code_list(disable)
    on = code_list(enable, "--enable")
    if timeout is not None and not math.isfinite(timeout):
        fail(f"--timeout must be a finite number of seconds, not {timeout}", EXIT_INPUT)
    settings = build_settings(option, techniques, off, on, rules=rules_name, allow_multiple=allow_multiple,
                              canonical=canonical or None, lang=lang, reduce=reduce, timeout=timeout,
                              with_minlex=with_minlex)
    rules = settings.rule_set()
    if (reduce or reduce_all is not None) and not rules.standard:
        fail("--reduce and --reduce-all work on standard Sudoku only", EXIT_INPUT)
    engine = settings.engine()
    if list_techniques:
        _list_techniques(engine, puzzle is not None or source is not None, as_json, ascii_only)
    if source is not None:
        if puzzle is not None:
            fail("give either PUZZLE or --file, not both", EXIT_INPUT)
        if on or verify:
            fail(f"{'--enable' if on else '--verify'} works on one puzzle; with --file, switch techniques on "
                 "in a --techniques file", EXIT_INPUT)
        if reduce_all is not None:
            fail("--reduce-all rates one puzzle; use --reduce with --file", EXIT_INPUT)
        if count:
            fail("--count counts the solutions of one PUZZLE, not of a file", EXIT_INPUT)
        sys.exit(_bulk(source, settings, output, fmt, template, jobs, resume, quiet, ascii_only, cluster,
                       chunk_size))
    if with_minlex:
        fail("--with-minlex adds a field to the records of --file; for one puzzle use canon minlex", EXIT_INPUT)
    if puzzle is None:
        fail("missing PUZZLE (81 characters) or --file FILE", EXIT_INPUT)
    grid, start = _read_puzzle(puzzle)
    if count:
        _count(grid, start, rules, as_json, count_limit or DEFAULT_COUNT_LIMIT)
    if start is not None and (reduce or reduce_all is not None):
        fail("--reduce needs a puzzle of givens, not a candidate line", EXIT_INPUT)
    if variants and start is not None:
        fail("--variants rates plain puzzles, not candidate lines", EXIT_INPUT)
    if verify:
        from rater.run.verify import VerifyingEngine

        engine = settings.engine(VerifyingEngine)
    try:
        rating = engine.rate(grid, allow_multiple=allow_multiple, start=start, verify=verify, rules=rules)
    except InputError as exc:
        fail(str(exc), EXIT_INPUT)
    if rating.status in ("no_solution", "multiple_solutions") and not as_json:
        fail(rating.message, EXIT_SOLUTIONS)
    if verify:
        _verify(rating, engine, lang, as_json)
    if pictures.wanted:
        pictures.write(rating, engine.catalogue, lang, start)
        sys.exit(STATUS_EXIT.get(rating.status, EXIT_OK))
    summary = None
    if variants:
        summary = _variants(engine, grid, variants, seed, allow_multiple, rules)
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
        if verify:
            data["verified"] = True
        try:
            # Strict JSON: NaN or Infinity would make the output unreadable for JSON parsers.
            click.echo(json.dumps(data, ensure_ascii=False, allow_nan=False))
        except ValueError as exc:
            fail(f"cannot write JSON: {exc}", EXIT_INPUT)
    elif hint:
        from rater.views.walkthrough import hint as hint_view

        if rating.status == "solved" and not rating.steps:
            click.echo("the puzzle is already solved: no step left")
            sys.exit(EXIT_OK)
        view = hint_view(rating, engine.catalogue, lang, full, use_color, use_ascii, start)
        if view is None:
            fail("no technique finds a step", EXIT_STUCK)
        console.print(view, crop=False)
        sys.exit(EXIT_OK)
    elif walk or (walk is None and (stdout_tty or waiting or first > 1 or last is not None)):
        from rater.views.walkthrough import WalkOptions, Walkthrough

        options = WalkOptions(lang, use_color, use_ascii, first, last, waiting, read_key=_read_key)
        if not Walkthrough(engine.catalogue, console, options).show(rating, start):
            sys.exit(STATUS_EXIT.get(rating.status, EXIT_OK))
    else:
        click.echo(text_report(rating, engine.catalogue, lang))
    if summary is not None and not as_json:
        from rater.variants import variants_table

        console.print(variants_table(summary, use_ascii))
    sys.exit(STATUS_EXIT.get(rating.status, EXIT_OK))


def _step_option(value: str | None, puzzle: str | None) -> tuple[str | None, bool, int | None]:
    """PUZZLE, whether ``--step`` waits for keys, and the step number ``--step N`` names.

    ``--step`` takes an optional number, so in ``rate --step PUZZLE`` the parser
    hands the puzzle to ``--step``: a value that is not a number is the puzzle.
    """
    if value is None:
        return puzzle, False, None
    if value == "":
        return puzzle, True, None
    if value.isascii() and value.isdigit():
        return puzzle, False, int(value)
    if puzzle is None:
        return value, True, None
    fail(f"--step takes a step number, not {value!r}", EXIT_INPUT)


class Pictures:
    """``--html FILE`` and ``--svg FILE --step N [--marked]``: what to draw and where, checked before rating."""

    def __init__(self, html_file: str | None, svg_file: str | None, step: int | None, marked: bool,
                 inputs: tuple[str | None, ...] = ()) -> None:
        self.html_file = html_file
        self.inputs = inputs  # files the pictures must not overwrite (PUZZLE as a file, --techniques)
        self.svg_file = svg_file
        self.step = step
        self.marked = marked
        self.wanted = html_file is not None or svg_file is not None

    def check(self, waiting: bool, others: list[tuple[str, bool]]) -> None:
        """Refuse (exit 2) what cannot be drawn or written, before any rating is done."""
        if not self.wanted:
            fail("--step N and --marked go with --svg or --html (--step alone waits for a key in the walkthrough)",
                 EXIT_INPUT)
        if dict(others).get("--file"):
            fail("--html and --svg draw one PUZZLE, not a --file: rate each puzzle with its own --html FILE",
                 EXIT_INPUT)
        clashing = [name for name, given in others if given]
        if waiting:
            clashing.append("--step without N")
        if self.marked and self.svg_file is None:
            clashing.append("--marked without --svg")
        if clashing:
            fail(f"--html and --svg write pictures and cannot be combined with {', '.join(clashing)}", EXIT_INPUT)
        if self.html_file == "-" and self.svg_file == "-":
            fail("--html and --svg cannot both write to stdout ('-')", EXIT_INPUT)
        for label, target in (("--html", self.html_file), ("--svg", self.svg_file)):
            if target == "-":
                _output_call(refuse_inputs, [("stdout", 1)], self.inputs)
            elif target is not None:
                _output_call(check_writable, target, label, self.inputs)

    def write(self, rating: Rating, catalogue: Catalogue, lang: str, start: Board | None) -> None:
        """Write the page and/or the picture; a step number beyond the rating is exit 2."""
        from rater.views.render import html, position

        if self.svg_file is not None:
            number = self.step or 0
            if number > len(rating.steps):
                fail(f"--step {number}: the rating has {len(rating.steps)} steps (0 = the start)", EXIT_INPUT)
            self._write(self.svg_file, "--svg", position(rating, number, catalogue=catalogue, start=start).svg(self.marked))
        if self.html_file is not None:
            first = 1 if self.step is None or self.svg_file is not None else self.step
            if first > len(rating.steps) + 1:
                fail(f"--step {first}: the page has {len(rating.steps)} steps and the final grid", EXIT_INPUT)
            self._write(self.html_file, "--html", html(rating, lang, catalogue=catalogue, start=start, first=first))

    def _write(self, target: str, label: str, text: str) -> None:
        """``text`` to the file ``target`` (UTF-8) or to stdout for ``-``; a failing write is one line, exit 2."""
        if target == "-":
            click.echo(text, nl=not text.endswith("\n"))
        else:
            _output_call(write_file, target, text, label, self.inputs)


def _output_call(function: Callable[..., None], *args: Any) -> None:
    """Call a :mod:`puzzles.outputs` function; its OutputError is one line, exit 2."""
    try:
        function(*args)
    except OutputError as exc:
        fail(str(exc), EXIT_INPUT)


def _list_techniques(engine: Engine, rating_too: bool, as_json: bool, ascii_only: bool) -> NoReturn:
    """``--list-techniques``: the run's catalogue as a table (or JSON), exit 0."""
    from rater.views.technique_list import technique_rows, technique_table

    if rating_too:
        fail("--list-techniques lists the techniques only; give no PUZZLE or --file", EXIT_INPUT)
    if as_json:
        click.echo(json.dumps({"source": engine.catalogue.source, "techniques": technique_rows(engine.catalogue)},
                              ensure_ascii=False))
    else:
        _console(None, ascii_only, sys.stdout.isatty()).print(technique_table(engine.catalogue, ascii_only))
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


def _read_key() -> str:
    """One key for ``--step``; "q" on end of input or Ctrl-C.

    click reads keys from stdin when it is a terminal, else from /dev/tty;
    with neither (cron, CI, a detached process) that is an OSError, reported
    here as one line with exit 2.
    """
    try:
        return click.getchar()
    except (EOFError, KeyboardInterrupt):
        return "q"
    except OSError as exc:
        fail(f"--step needs a terminal to read keys from ({exc.strerror}); use --walk to print every step",
             EXIT_INPUT)


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


def _variants(engine: Engine, grid: Grid, k: int, seed: int, allow_multiple: bool, rules: Rules) -> VariantSummary:
    """Rate ``k`` symmetric variants; ``canon`` is imported only here, so the rest works without it."""
    try:
        return rate_variants(engine, grid, k, seed, allow_multiple, rules)
    except ImportError as exc:
        fail(f"--variants needs the canon package ({exc})", EXIT_INPUT)


def _bulk(source: str, settings: RunSettings, output: str | None, fmt: str, template: str | None, jobs: int,
          resume: bool, quiet: bool, ascii_only: bool, cluster: str | None = None,
          chunk_size: int | None = None) -> int:
    """Run ``--file``; the bulk exit code (see the module docstring)."""
    from rater.bulk.output import escape_text
    from rater.bulk.runner import EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, BulkError, BulkRun, interrupt_hint

    if source != "-":
        try:
            check_input_file(source)
        except PuzzleError as exc:
            fail(escape_text(str(exc)), EXIT_INPUT)
    if template and fmt != "text":
        fmt = "text"
    run = BulkRun(source, settings, output, fmt, template, jobs, resume, progress=not quiet, summary=not quiet,
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
