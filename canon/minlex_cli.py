"""The ``canon minlex`` and ``canon dedup`` commands: the field's minlex form, isomorph de-duplication.

``canon minlex`` reads its input like the other ``canon`` commands (one
PUZZLE or ``--file``, a bad line becomes a ``line N: error: ...`` record).
``canon dedup`` streams a collection through the puzzle-file reader of
``rate --file`` (:func:`puzzles.formats.read_items`: 81-character lines with
comments, 9-line grids), writes the first puzzle of every isomorphism class
and reports malformed records on stderr as ``line N: error: ...``, the way
``rate --file`` words them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from canon.cli_input import EncodingCheck, fail, run_on_inputs
from canon.dedup import KEYS, DedupCounts, digests
from canon.minlex_search import minlex_form, minlex_result
from puzzles.cli_common import AsciiIntRange, one_line
from puzzles.formats import PuzzleItem, read_items
from puzzles.geometry import Grid
from puzzles.outputs import OutputError, OutputFile, escape_text, lock_stdout, path_message
from puzzles.rules import STANDARD, Rules, RulesError, parse_rules


def _rules(name: str | None) -> Rules:
    if name is None:
        return STANDARD
    try:
        return parse_rules(name)
    except RulesError as exc:
        fail(str(exc))


@click.command(name="minlex")
@click.argument("puzzle", required=False)
@click.option("--file", "file", type=click.Path(dir_okay=False, path_type=Path), help="One puzzle per line.")
@click.option("--pattern", is_flag=True, help="Treat the input as a 0-1 pattern (group G, every clue written 1).")
@click.option("--details", is_flag=True, help="Also print the transformation to the form and the automorphism count.")
@click.option("--rules", "rules_name", default=None, metavar="RULES",
              help="A Sudoku variant (diagonal, colour, colour-diagonal): minlex under its own symmetry group.")
@click.option("--empty", default="0", show_default=True, metavar="CHAR",
              help="Character for an empty cell ('0' as the published lists, or '.').")
def minlex_command(
    puzzle: str | None, file: Path | None, pattern: bool, details: bool, rules_name: str | None, empty: str
) -> None:
    """Minlex form: the smallest 81-character string of the orbit, empty cells 0 (the field's form).

    Digits are relabelled 1, 2, ... in order of first appearance; a full grid's
    form starts 123456789, a puzzle's has as many leading empty cells as its
    orbit allows.  --details adds the transformation (canon transform --spec
    form) that maps the input onto the form, and the number of automorphisms.
    """
    if len(empty) != 1 or empty in "123456789" or not empty.isprintable() or empty.isspace():
        fail(f"--empty needs one printable character other than 1-9, got {empty!r}")
    rules = _rules(rules_name)

    def text(form: Grid) -> str:
        return "".join(str(v) if v else empty for v in form)

    def handle(grid: Grid, _single: bool) -> str:
        if not details and rules.standard:
            return text(minlex_form(grid, pattern=pattern, checked=True))  # the reader checked the givens
        result = minlex_result(grid, pattern=pattern, rules=rules)
        if not details:
            return text(result.form)
        return f"{text(result.form)}\t{result.transformation}\tautomorphisms={result.automorphisms}"

    run_on_inputs(puzzle, file, handle, pattern=pattern)


class _CountingReader:
    """Lines of a binary file, counting the bytes read for the progress display."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.done = 0

    def __iter__(self) -> Iterator[bytes]:
        for line in self.handle:
            self.done += len(line)
            yield line


def _tagged(items: Iterator[PuzzleItem]) -> Iterator[tuple[PuzzleItem, Grid | None]]:
    """Records with the grid to digest; unreadable and pencil-mark records carry none."""
    for item in items:
        usable = item.grid is not None and item.cands is None and not item.error
        yield item, (item.grid if usable else None)


def _record_error(item: PuzzleItem, result: str) -> str:
    if item.error:
        return item.error
    if item.cands is not None:
        return "a pencil-mark line has no isomorphism class of givens; give the puzzle's 81 cells"
    return result


@click.command(name="dedup")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--key", type=click.Choice(KEYS), default="minlex", show_default=True,
              help="Class key: the minlex form, or the canonical form of seed 000 (canon form).")
@click.option("--pattern", is_flag=True, help="Classes of 0-1 patterns (group G): digits are ignored.")
@click.option("--output", type=click.Path(dir_okay=False, path_type=Path), help="Write here instead of stdout.")
@click.option("--jobs", type=AsciiIntRange(1, 256), default=1, show_default=True, help="Worker processes.")
@click.option("--no-progress", is_flag=True, help="No progress bar on stderr.")
def dedup_command(file: Path, key: str, pattern: bool, output: Path | None, jobs: int, no_progress: bool) -> None:
    """Keep the first puzzle of every isomorphism class of FILE, in input order.

    Reads the puzzle files rate --file reads.  Each kept record is written as
    its 81 cells as given (a 9-line grid becomes one line) and its comment.
    Malformed records are reported on stderr as "line N: error: ..." and
    skipped; the summary (puzzles, classes, duplicates, malformed records)
    ends on stderr.  Only a 16-byte digest per class is kept in memory.
    """
    try:
        source = file.open("rb")
    except OSError as exc:
        fail(path_message(file, exc, "read"))
    sink = OutputFile(output) if output is not None else None
    try:
        out = sink.open((source.fileno(),)) if sink is not None else sys.stdout
        if sink is None:
            lock_stdout((source.fileno(),))
    except OutputError as exc:
        source.close()
        fail(str(exc))
    encoding = EncodingCheck(file)
    counts = DedupCounts()
    progress = Progress(
        TextColumn("dedup"),
        BarColumn(bar_width=20),
        DownloadColumn(),
        TextColumn("{task.fields[puzzles]:,} puzzles  {task.fields[classes]:,} classes"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=no_progress,
    )
    try:
        if sink is not None:
            sink.start()
        reader = _CountingReader(source)
        seen: set[bytes] = set()
        with progress:
            task = progress.add_task("dedup", total=os.fstat(source.fileno()).st_size, puzzles=0, classes=0)
            for index, (item, result) in enumerate(
                digests(_tagged(read_items(reader)), key=key, pattern=pattern, jobs=jobs), start=1
            ):
                encoding.add(item)
                if not isinstance(result, bytes):
                    counts.errors += 1
                    message = escape_text(one_line(_record_error(item, result)))
                    progress.console.print(f"line {item.line}: error: {message}", markup=False, highlight=False)
                    continue
                counts.puzzles += 1
                if result in seen:
                    counts.duplicates += 1
                else:
                    seen.add(result)
                    counts.classes += 1
                    comment = escape_text(item.comment)  # no terminal escape or line break passes through
                    out.write(f"{item.text} # {comment}\n" if item.comment else f"{item.text}\n")
                if index % 1000 == 0:
                    progress.update(task, completed=reader.done, puzzles=counts.puzzles, classes=counts.classes)
            progress.update(task, completed=reader.done, puzzles=counts.puzzles, classes=counts.classes)
        out.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except OSError as exc:
        if sink is not None:
            sink.discard()
        fail(path_message(output if output is not None else "stdout", exc))
    finally:
        source.close()
        if sink is not None:
            sink.close()
    click.echo(counts.summary(), err=True)
    encoding.end()


def register(group: click.Group) -> None:
    """Add the minlex commands to the ``canon`` group."""
    group.add_command(minlex_command)
    group.add_command(dedup_command)
