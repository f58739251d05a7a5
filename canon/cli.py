"""The ``canon`` command: canonical forms, keys, stabilisers, transformations, enumeration.

``main`` is a plain click group so that other modules can register more
subcommands with ``main.add_command`` (the seed-002 studies in ``canon.studies`` add invariants, fix,
count-completions).  Every puzzle command reads either one PUZZLE argument
(a puzzle text or a file holding one) or ``--file`` (any file ``rate --file`` reads).
A bad single puzzle is a one-line message on stderr and exit code 2; in a
file a bad line becomes a one-line record ``line N: error: ...`` in the
output and the run goes on, as in the bulk rater.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
)
from rich.text import Text

from canon.canonical import canonical_form
from canon.cli_input import fail as _fail
from canon.cli_input import run_on_inputs
from canon.enumerate import work_units
from canon.enumerate_jobs import run_units
from canon.group import parse_spec, random_transformation
from canon.key import sort_key
from puzzles.cli_common import AsciiIntRange, OneLineGroup, version_option
from puzzles.geometry import Grid
from puzzles.outputs import OutputError, OutputFile, path_message
from puzzles.parsing import format_line


def _run_on_inputs(puzzle: str | None, file: Path | None, pattern: bool, handle: Callable[[Grid], str]) -> None:
    """Apply ``handle`` to the single puzzle or to every puzzle of ``file``, printing its result."""
    run_on_inputs(puzzle, file, lambda grid, _single: handle(grid), pattern=pattern)


def _input_options(func: Callable[..., None]) -> Callable[..., None]:
    func = click.option("--pattern", is_flag=True, help="Treat the input as a 0-1 pattern (group G, digits ignored).")(func)
    func = click.option(
        "--file", "file", type=click.Path(dir_okay=False, path_type=Path),
        help="A file of puzzles, read as rate --file reads it (lines, grids, .sdk)."
    )(func)
    return click.argument("puzzle", required=False)(func)


@click.group(cls=OneLineGroup)
@version_option("canon")
def main() -> None:
    """Symmetry tools for Sudoku: canonical forms, sort keys, stabilisers, enumeration."""


@main.command()
@_input_options
@click.option("--details", is_flag=True, help="Also print the transformation and the stabiliser order.")
def form(puzzle: str | None, file: Path | None, pattern: bool, details: bool) -> None:
    """Canonical form: the first configuration of the orbit in seed 000's order."""

    def handle(grid: Grid) -> str:
        result = canonical_form(grid, pattern=pattern)
        line = format_line(result.form)
        if details:
            line += f"\t{result.transformation}\tstabilizer={result.stabilizer_order}"
        return line

    _run_on_inputs(puzzle, file, pattern, handle)


@main.command()
@_input_options
@click.option("--as-given", is_flag=True, help="Key of the input itself instead of its canonical form.")
def key(puzzle: str | None, file: Path | None, pattern: bool, as_given: bool) -> None:
    """SortId of the canonical form (an orbit invariant), or of the input with --as-given."""

    def handle(grid: Grid) -> str:
        if pattern:
            grid = tuple(1 if v else 0 for v in grid)
        return str(sort_key(grid if as_given else canonical_form(grid, pattern=pattern).form))

    _run_on_inputs(puzzle, file, pattern, handle)


@main.command()
@_input_options
@click.option("--elements", is_flag=True, help="List the elements after the order (transformation specs).")
@click.option("--limit", type=AsciiIntRange(min=0), default=100, show_default=True, help="At most this many elements with --elements.")
def stabilizer(puzzle: str | None, file: Path | None, pattern: bool, elements: bool, limit: int) -> None:
    """Order of the automorphism group of the input (in G*, or in G with --pattern)."""

    def handle(grid: Grid) -> str:
        result = canonical_form(grid, pattern=pattern)
        lines = [str(result.stabilizer_order)]
        if elements:
            for index, element in enumerate(result.stabilizer()):
                if index == limit:
                    lines.append(f"... ({result.stabilizer_order - limit} more)")
                    break
                lines.append(str(element))
        return "\n".join(lines)

    _run_on_inputs(puzzle, file, pattern, handle)


@main.command()
@_input_options
@click.option("--random", "use_random", is_flag=True, help="Apply a uniformly random element of G*.")
@click.option("--seed", type=AsciiIntRange(), default=None, help="Seed for --random (reproducible runs).")
@click.option("--spec", default=None, help='E.g. "transpose=1 bands=120 rows=012/102/012 digits=213456789".')
def transform(
    puzzle: str | None, file: Path | None, pattern: bool, use_random: bool, seed: int | None, spec: str | None
) -> None:
    """Apply a symmetry; prints the new puzzle and the transformation used."""
    if use_random == (spec is not None):
        _fail("give exactly one of --random or --spec")
    fixed = None
    if spec is not None:
        try:
            fixed = parse_spec(spec)
        except ValueError as exc:
            _fail(f"bad --spec: {exc}")
    rng = random.Random(seed)

    def handle(grid: Grid) -> str:
        t = fixed if fixed is not None else random_transformation(rng, digits=not pattern)
        return f"{format_line(t.apply(grid))}\t{t}"

    _run_on_inputs(puzzle, file, pattern, handle)


class _Rate(ProgressColumn):
    """Configurations found per second of wall-clock time."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.fields["found"] / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.0f} orbits/s")


@main.command(name="enumerate")
@click.option("--clues", type=AsciiIntRange(0, 81), required=True, help="Number of clues n.")
@click.option("--patterns", is_flag=True, help="0-1 patterns up to G instead of symbol configurations up to G*.")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), help="Write here instead of stdout.")
@click.option(
    "--count", "count_only", is_flag=True, help="Only print how many there are; nothing is listed, --output is ignored."
)
@click.option("--jobs", type=AsciiIntRange(1, 256), default=1, show_default=True, help="Worker processes.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
def enumerate_command(
    clues: int, patterns: bool, output: Path | None, count_only: bool, jobs: int, no_progress: bool
) -> None:
    """Stream every standardized configuration with N clues (seed 003), one canonical form per line.

    Memory stays small for any N: the work is cut into units that are
    enumerated (by --jobs processes) and written in order as they finish.
    """
    units = list(work_units(clues, patterns=patterns))
    progress = Progress(
        TextColumn(f"n={clues} {'patterns' if patterns else 'symbols'}"),
        BarColumn(bar_width=12),
        MofNCompleteColumn(),
        TextColumn("units  {task.fields[found]:,} orbits"),
        _Rate(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        disable=no_progress,
    )
    sink = OutputFile(output) if output is not None and not count_only else None
    try:
        out = sink.open() if sink is not None else sys.stdout
        if sink is not None:
            sink.start()
    except OutputError as exc:
        _fail(str(exc))
    try:
        found = 0
        with progress:
            task = progress.add_task("enumerate", total=len(units), found=0)
            for result in run_units(units, patterns=patterns, count_only=count_only, jobs=jobs):
                found += result.count
                if result.text:
                    out.write(result.text)
                progress.update(task, advance=1, found=found)
        if count_only:
            click.echo(found)
    except BrokenPipeError:
        # the reader (e.g. ``head``) stopped early: not an error; keep Python from complaining at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except OSError as exc:
        if sink is not None:
            sink.discard()
        _fail(path_message(output if output is not None else "stdout", exc))
    finally:
        if sink is not None:
            sink.close()


from canon.minlex_cli import register as register_minlex  # noqa: E402  (minlex, dedup)
from canon.studies.cli import register  # noqa: E402  (seed 002 commands)

register(main)
register_minlex(main)


if __name__ == "__main__":
    main()
