"""Shared pieces of the command-line tools (``rate``, ``canon``): one-line errors, ASCII integers.

click prints a usage error over three lines (usage, a "Try --help" hint and
the message).  Scripts that run the tools over many puzzles collect stderr
line by line, so every error of these tools is one line ``<prog>: error:
...`` with the exit code click chose (2 for usage errors).  The command
classes below convert click's errors into that form while the arguments are
parsed and while a group dispatches to a subcommand.

click reads integers with Python's ``int``, which also accepts Arabic-Indic,
full-width and other Unicode digits: ``--copies ٢`` would silently mean 2.
:class:`AsciiIntRange` takes ASCII digits only, as the option code does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import IO, Any

import click
from click.exceptions import NoArgsIsHelpError

#: Longest error message printed; user input quoted in a message is cut to fit.
MAX_MESSAGE = 500


def one_line(text: str, width: int = MAX_MESSAGE) -> str:
    """``text`` on one line (line breaks become spaces), cut to ``width`` characters."""
    flat = " ".join(part.strip() for part in str(text).splitlines() if part.strip())
    return flat if len(flat) <= width else flat[: width - 3] + "..."


class OneLineError(click.ClickException):
    """A click error printed as one ``<prefix>error: message`` line."""

    def __init__(self, prefix: str, original: click.ClickException) -> None:
        super().__init__(original.format_message())
        # the original's code (2 for usage errors); click 8.3 declares ``exit_code`` a class
        # variable, so it is set per instance without an assignment the type check refuses
        setattr(self, "exit_code", original.exit_code)
        self.prefix = prefix

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"{self.prefix}error: {one_line(self.message)}", err=True, file=file)


def _convert(prefix: str, exc: click.ClickException) -> click.ClickException:
    """The one-line form of ``exc``; a bare group call still shows its help."""
    if isinstance(exc, (OneLineError, NoArgsIsHelpError)):
        return exc
    return OneLineError(prefix, exc)


class _OneLineErrors:
    """Mixin for click commands and groups: errors while parsing or dispatching become one line.

    ``error_prefix`` names the program (``"rate: "``); a group's ``invoke``
    covers its subcommands too, whatever their own class.
    """

    def __init__(self, *args: Any, error_prefix: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.error_prefix = error_prefix

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            context: click.Context = super().make_context(*args, **kwargs)  # type: ignore[misc]
            return context
        except click.ClickException as exc:
            raise _convert(self.error_prefix, exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)  # type: ignore[misc]
        except click.ClickException as exc:
            raise _convert(self.error_prefix, exc) from None


#: Lengths of a puzzle text on one line: 81 cells, or 729 characters of candidates.
_PUZZLE_LENGTHS = (81, 729)


def dash_puzzles_last(command: click.Command, args: list[str]) -> list[str]:
    """``args`` with puzzle texts that start with ``-`` moved behind ``--``, so click reads them as arguments.

    Collections write empty cells as ``-`` too, so a puzzle may start with
    one, and click would take it for an option.  An argument of 81 or 729
    characters that starts with ``-`` and is not the value of the option
    before it is no option of any of our commands: it is a puzzle.
    """
    takes_value: set[str] = set()
    for param in command.params:
        if isinstance(param, click.Option) and not param.is_flag and not param.count \
                and not getattr(param, "_flag_needs_value", False):
            takes_value.update(param.opts)
    kept: list[str] = []
    moved: list[str] = []
    for index, arg in enumerate(args):
        if arg == "--":
            kept += args[index:]
            break
        value_of_option = bool(kept) and kept[-1] in takes_value
        if arg.startswith("-") and len(arg.strip()) in _PUZZLE_LENGTHS and not value_of_option \
                and arg.split("=", 1)[0] not in takes_value:
            moved.append(arg)
        else:
            kept.append(arg)
    if not moved:
        return args
    if "--" in kept:
        at = kept.index("--") + 1
        return kept[:at] + moved + kept[at:]
    return kept + ["--"] + moved


class OneLineCommand(_OneLineErrors, click.Command):
    """A click command whose errors are one line, and whose help lists its options in sections.

    ``sections`` maps a heading to the parameter names under it, in the order
    a user looks for them (what to rate, how, what to print, files); options
    not named in any section come last under "Other options".  A command with
    thirty options is readable only this way.
    """

    def __init__(self, *args: Any, sections: Sequence[tuple[str, Sequence[str]]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sections = tuple(sections)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, dash_puzzles_last(self, args))

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if not self.sections:
            super().format_options(ctx, formatter)
            return
        records = {p.name: p.get_help_record(ctx) for p in self.get_params(ctx) if isinstance(p, click.Option)}
        placed: set[str | None] = set()
        for heading, names in self.sections:
            rows = [records[n] for n in names if records.get(n)]
            placed.update(names)
            if rows:
                with formatter.section(heading):
                    formatter.write_dl([r for r in rows if r is not None])
        rest = [r for n, r in records.items() if n not in placed and r is not None]
        if rest:
            with formatter.section("Other options"):
                formatter.write_dl(rest)


class OneLineGroup(_OneLineErrors, click.Group):
    """A click group whose errors, its subcommands' included, are one line.

    Its subcommands, whatever their class, read a puzzle that starts with
    ``-`` as their argument (:func:`dash_puzzles_last`).
    """

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        return name, command, dash_puzzles_last(command, rest) if command is not None else rest


class AsciiIntRange(click.IntRange):
    """``click.IntRange`` over ASCII digits only (an optional sign, then ``0``-``9``)."""

    name = "integer"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not _ASCII_INT.fullmatch(value.strip()):
            self.fail(f"{value[:20]!r} is not an integer in ASCII digits", param, ctx)
        return super().convert(value, param, ctx)


_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def version_option(program: str) -> Callable[[Any], Any]:
    """The ``--version`` option of ``program``: prints :func:`puzzles.version.version_text` and exits 0.

    One definition for every command, so ``rate``, ``canon`` and ``generate``
    answer ``--version`` alike.
    """
    from puzzles.version import version_text

    def show(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        if value and not ctx.resilient_parsing:
            click.echo(version_text(program))
            ctx.exit(0)

    return click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=show,
                        help="Print the program's version and exit.")
