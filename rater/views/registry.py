"""Every way ``rate`` shows one rating, in one place: its options, what it refuses, how it is shown.

A view is one :class:`View`: the click options that belong to it, when a
command line asks for it, the options it cannot be combined with (one line,
exit 2, before anything is rated), and the function that shows a rating.
The command (:mod:`rater.cli`) adds the options of every registered view,
checks the refusals and shows the first view a command line asks for; the
text report, asked for by nothing, comes last.  A new view is one
:func:`register` call here (and its module under ``rater/views/``); a new
option of a view is one entry of its ``options``.

The views' modules are imported only when a view is shown, and none of them
imports this one: the views depend on the rating, the command on the views.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from puzzles.cli_common import AsciiIntRange
from puzzles.geometry import Grid
from puzzles.outputs import OutputError, check_writable, refuse_inputs, write_file
from rater.copies import CopiesSummary
from rater.exits import EXIT_INPUT, EXIT_OK, EXIT_STUCK, fail, status_exit
from rater.request import Request
from rater.result import Rating
from rater.run.engine import Engine
from rater.settings import RunSettings
from techniques.board import Board

if TYPE_CHECKING:
    from rich.console import Console

#: Whether a command line asks for something.
Asks = Callable[[Request], bool]

#: The options views refuse, by the name their one-line refusal gives, and whether a command line gives them.
GIVEN: dict[str, Asks] = {
    "--json": lambda r: r.as_json,
    "--hint": lambda r: r.hint,
    "--full": lambda r: r.full,
    "--walk": lambda r: r.walk is True,
    "--step": lambda r: r.waiting,
    "--step without N": lambda r: r.waiting,
    "--from": lambda r: r.first > 1,
    "--to": lambda r: r.last is not None,
    "--copies": lambda r: r.copies is not None,
    "--reduce": lambda r: r.reduce,
    "--reduce-all": lambda r: r.reduce_all is not None,
    "--count": lambda r: r.count,
    "--list-techniques": lambda r: r.list_techniques,
    "--marked without --svg": lambda r: r.marked and r.svg_file is None,
}


@dataclass(frozen=True)
class Shown:
    """What a view shows: the rating and everything the command line made for it."""

    request: Request
    settings: RunSettings
    engine: Engine
    grid: Grid
    start: Board | None
    rating: Rating
    #: ``--copies``: the symmetric copies' figures, None without it.
    summary: CopiesSummary | None
    console: Console

    @property
    def color(self) -> bool:
        return bool(self.console.color_system) and not self.console.no_color

    @property
    def ascii(self) -> bool:
        return self.request.ascii_only or not self.console.is_terminal


@dataclass(frozen=True)
class View:
    """One way of showing one rating (see the module docstring)."""

    name: str
    #: Whether a command line asks for this view.
    asks: Asks
    #: Shows the rating; the exit code.
    show: Callable[[Shown], int]
    #: The click options of the view, and the heading of ``--help`` they are listed under.
    options: tuple[click.Option, ...] = ()
    section: str = "Output of one puzzle"
    #: Which view is shown when a command line asks for several: the lowest rank.
    rank: int = 50
    #: Names (:data:`GIVEN`) of the options the view cannot be combined with, and what it does, for
    #: the refusal "``does(request)`` and cannot be combined with ...".
    refuses: tuple[str, ...] = ()
    does: Callable[[Request], str] = lambda request: ""
    #: More checks of the command line before anything is rated (targets that cannot be written ...).
    check: Callable[[Request], None] | None = None


VIEWS: list[View] = []


def register(view: View) -> View:
    """Add ``view``; its options are listed in ``--help`` in the order the views are registered."""
    if any(known.name == view.name for known in VIEWS):
        raise ValueError(f"a view named {view.name!r} is registered already")
    VIEWS.append(view)
    return view


def options(section: str) -> list[click.Option]:
    """The click options of every view listed under ``section`` of ``--help``, in registry order."""
    return [option for view in VIEWS if view.section == section for option in view.options]


def refuse_clashes(request: Request) -> None:
    """Exit 2 with one line when a view asked for is combined with an option it refuses; then its own checks."""
    for view in VIEWS:
        if not view.asks(request):
            continue
        clashing = [name for name in view.refuses if GIVEN[name](request)]
        if clashing:
            fail(f"{view.does(request)} and cannot be combined with {', '.join(clashing)}", EXIT_INPUT)
        if view.check is not None:
            view.check(request)


def chosen(request: Request) -> View:
    """The view the command line asks for: of those it asks for, the one of the lowest rank."""
    return min((view for view in VIEWS if view.asks(request)), key=lambda view: view.rank)


def console(color: bool | None, ascii_only: bool, tty: bool) -> Console:
    """The stdout console: colour on terminals unless NO_COLOR/--no-color, forced by --color.

    rich loads here, with the first view that prints: a bulk run (``--file``) starts without it.
    """
    from rich.console import Console

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


# --- the text report and JSON --------------------------------------------------------------


def _print_copies(shown: Shown) -> None:
    if shown.summary is not None:
        from rater.copies import copies_table

        shown.console.print(copies_table(shown.summary, shown.ascii))


def show_text(shown: Shown) -> int:
    """The default: one line per step and the summary (:func:`rater.views.report.text_report`)."""
    from rater.views.report import text_report

    click.echo(text_report(shown.rating, shown.engine.catalogue, shown.request.lang))
    _print_copies(shown)
    return status_exit(shown.rating)


def show_json(shown: Shown) -> int:
    """``--json``: the JSON document (:func:`rater.views.report.json_document`) on one line."""
    from rater.views.report import json_document

    request = shown.request
    data = json_document(shown.rating, shown.engine.catalogue, request.lang, hint=request.hint,
                         variants=shown.summary.to_json() if shown.summary is not None else None,
                         verified=request.verify)
    try:
        # Strict JSON: NaN or Infinity would make the output unreadable for JSON parsers.
        click.echo(json.dumps(data, ensure_ascii=False, allow_nan=False))
    except ValueError as exc:
        fail(f"cannot write JSON: {exc}", EXIT_INPUT)
    return status_exit(shown.rating)


register(View("text", lambda r: True, show_text, rank=99))
register(View("json", lambda r: r.as_json, show_json, rank=2, refuses=("--walk",),
              does=lambda r: "--json prints one JSON object", options=(
    click.Option(["--json", "as_json"], is_flag=True, help="Print one JSON object instead of the text report."),
)))


# --- the walkthrough and the hint ----------------------------------------------------------


def show_hint(shown: Shown) -> int:
    """``--hint [--full]``: the next step only (:func:`rater.views.walkthrough.hint`)."""
    from rater.views.walkthrough import hint

    rating = shown.rating
    if rating.status == "solved" and not rating.steps:
        click.echo("the puzzle is already solved: no step left")
        return EXIT_OK
    view = hint(rating, shown.engine.catalogue, shown.request.lang, shown.request.full, shown.color, shown.ascii,
                shown.start)
    if view is None:
        fail("no technique finds a step", EXIT_STUCK)
    shown.console.print(view, crop=False)
    return EXIT_OK


def walk_asked(request: Request) -> bool:
    """``--walk``, or by default on a terminal and with ``--step``/``--from``/``--to``."""
    if request.walk is not None:
        return request.walk
    return sys.stdout.isatty() or request.waiting or request.first > 1 or request.last is not None


def show_walk(shown: Shown) -> int:
    """The rich walkthrough (:class:`rater.views.walkthrough.Walkthrough`); q at ``--step`` ends it."""
    from rater.views.walkthrough import WalkOptions, Walkthrough

    request = shown.request
    options = WalkOptions(request.lang, shown.color, shown.ascii, request.first, request.last, request.waiting,
                          read_key=read_key)
    if Walkthrough(shown.engine.catalogue, shown.console, options).show(shown.rating, shown.start):
        _print_copies(shown)
    return status_exit(shown.rating)


def read_key() -> str:
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


register(View("walk", walk_asked, show_walk, rank=4, options=(
    click.Option(["--walk/--no-walk"], default=None,
                 help="Step-by-step walkthrough with grids (default when stdout is a terminal and not --json, "
                      "or with --step/--from/--to)."),
    click.Option(["--step", "step_mode"], is_flag=False, flag_value="", default=None, metavar="[N]",
                 help="Walkthrough: wait for a key between steps (q quits). With a number N: with --svg the grid "
                      "after step N (0 = the start), with --html the step the page opens at."),
    click.Option(["--from", "first"], type=AsciiIntRange(min=1), default=1, metavar="N",
                 help="Walkthrough: first step shown."),
    click.Option(["--to", "last"], type=AsciiIntRange(min=1), default=None, metavar="N",
                 help="Walkthrough: last step shown."),
    click.Option(["--color/--no-color"], default=None,
                 help="Colours (default: on a terminal unless NO_COLOR is set); without them marks like >5< and [5]."),
    click.Option(["--ascii", "ascii_only"], is_flag=True, default=False,
                 help="ASCII frames and tables (default when stdout is not a terminal)."),
)))


register(View("hint", lambda r: r.hint, show_hint, rank=3, options=(
    click.Option(["--hint"], is_flag=True, help="Print only the next step's technique."),
    click.Option(["--full"], is_flag=True, help="With --hint: also the explanation, points and grid."),
)))

# --- the pictures --------------------------------------------------------------------------


def _picture_inputs(request: Request) -> tuple[str | None, ...]:
    """The files a picture must not overwrite: PUZZLE when it names a file, and the technique file."""
    return request.puzzle, request.techniques


def check_pictures(request: Request) -> None:
    """Refuse (exit 2) pictures that cannot be written or would overwrite an input, before any rating is done."""
    if request.html_file == "-" and request.svg_file == "-":
        fail("--html and --svg cannot both write to stdout ('-')", EXIT_INPUT)
    for label, target in (("--html", request.html_file), ("--svg", request.svg_file)):
        if target == "-":
            _output_call(refuse_inputs, [("stdout", 1)], _picture_inputs(request))
        elif target is not None:
            _output_call(check_writable, target, label, _picture_inputs(request))


def show_pictures(shown: Shown) -> int:
    """``--html FILE`` and ``--svg FILE --step N [--marked]``; a step number beyond the rating is exit 2."""
    from rater.views.render import html, position

    request, rating, catalogue = shown.request, shown.rating, shown.engine.catalogue
    if request.svg_file is not None:
        number = request.step_number or 0
        if number > len(rating.steps):
            fail(f"--step {number}: the rating has {len(rating.steps)} steps (0 = the start)", EXIT_INPUT)
        _write(request, request.svg_file, "--svg",
               position(rating, number, catalogue=catalogue, start=shown.start).svg(request.marked))
    if request.html_file is not None:
        first = 1 if request.step_number is None or request.svg_file is not None else request.step_number
        if first > len(rating.steps) + 1:
            fail(f"--step {first}: the page has {len(rating.steps)} steps and the final grid", EXIT_INPUT)
        _write(request, request.html_file, "--html",
               html(rating, request.lang, catalogue=catalogue, start=shown.start, first=first))
    return status_exit(rating)


def _write(request: Request, target: str, label: str, text: str) -> None:
    """``text`` to the file ``target`` (UTF-8, by :mod:`puzzles.outputs`' rules) or to stdout for ``-``."""
    if target == "-":
        click.echo(text, nl=not text.endswith("\n"))
    else:
        _output_call(write_file, target, text, label, _picture_inputs(request))


def _output_call(function: Callable[..., None], *args: Any) -> None:
    """Call a :mod:`puzzles.outputs` function; its OutputError is one line, exit 2."""
    try:
        function(*args)
    except OutputError as exc:
        fail(str(exc), EXIT_INPUT)


register(View(
    "pictures", lambda r: r.pictures, show_pictures, check=check_pictures,
    refuses=("--json", "--hint", "--walk", "--from", "--to", "--copies", "--reduce", "--reduce-all", "--count",
             "--list-techniques", "--step without N", "--marked without --svg"),
    does=lambda request: "--html and --svg write pictures", rank=0,
    options=(
        click.Option(["--html", "html_file"], default=None, metavar="FILE",
                     help="Write the walkthrough as one self-contained HTML page ('-' = stdout): every step with its "
                          "grid, keys and buttons to step through; nothing is loaded from the network."),
        click.Option(["--svg", "svg_file"], default=None, metavar="FILE",
                     help="Write the grid after step --step N (default 0, the start) as an SVG picture "
                          "('-' = stdout)."),
        click.Option(["--marked"], is_flag=True,
                     help="With --svg: draw on the grid the marks of the step that follows (as the page shows "
                          "that step)."),
    ),
))


# --- the reduction report ------------------------------------------------------------------


def show_reduction(shown: Shown) -> int:
    """``--reduce`` / ``--reduce-all``: the minimal puzzle and its rating (:mod:`rater.reduction`)."""
    from rater.exits import EXIT_SOLUTIONS
    from rater.reduction import reduce_command

    request = shown.request
    unique = reduce_command(shown.engine, shown.grid, shown.rating, shown.settings, reduce=request.reduce,
                            reduce_all=request.reduce_all, as_json=request.as_json, ascii_only=shown.ascii)
    return status_exit(shown.rating) if unique else EXIT_SOLUTIONS


register(View(
    "reduction", lambda r: r.reducing, show_reduction, section="Symmetric copies and reduction",
    refuses=("--hint", "--full", "--copies", "--walk", "--step", "--from", "--to"),
    does=lambda request: f"{'--reduce' if request.reduce else '--reduce-all'} prints its own report", rank=1,
    options=(
        click.Option(["--reduce", "reduce"], is_flag=True,
                     help="Remove givens (cell order) while the puzzle stays unique: the minimal puzzle, its "
                          "necessary givens, the removed cells and its rating. With --file: reduction fields and a "
                          "histogram."),
        click.Option(["--reduce-all", "reduce_all"], type=AsciiIntRange(min=1), is_flag=False, flag_value=100,
                     default=None, metavar="[LIMIT]",
                     help="The distinct minimal puzzles reachable by removing givens (up to LIMIT, default 100) and "
                          "the range of their necessary givens. Write it after PUZZLE."),
    ),
))
