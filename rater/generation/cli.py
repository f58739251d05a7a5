"""The ``generate`` command: N distinct puzzles to order, written as ``rate --file`` writes records.

Exit codes (also in the README):

* 0 — the N puzzles were written (or were already there on ``--resume``);
* 2 — bad input: an unknown level, rules, symmetry or technique code, an
  empty points or clue range, an option, template or output that cannot be
  used, or conditions that cannot be met together (a required technique the
  rules switch off, a clue count the symmetry's orbits cannot add up to, ...),
  a ``--resume`` of another run (other settings, another program version
  or technique catalogue); one ``generate: error:`` line each;
  with ``--cluster``: Dask missing, the scheduler unreachable, or lost in the
  middle of the run (what was written stays, ``--resume`` continues);
* 3 — ``--max-seconds`` ran out with fewer than N puzzles: those found are
  written, and ``--resume`` continues the search;
* 130 — interrupted (Ctrl-C, SIGTERM): what was written stays, ``--resume``
  continues;
* 141 — stdout was closed by its reader.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import time
from collections import Counter
from pathlib import Path
from typing import IO, Any, NoReturn

import click

from canon.pattern_symmetry import SYMMETRY_CHOICES
from puzzles.cli_common import AsciiIntRange, OneLineCommand, one_line, version_option
from puzzles.cluster import available_cores
from puzzles.errors import InputError
from puzzles.formats import PuzzleItem
from puzzles.parsing import parse_puzzle
from puzzles.rules import CHOICES
from rater.bulk.output import RecordWriter, TemplateError, check_template, escape_text
from rater.bulk.resume import ResumeError
from rater.bulk.runner import Stats, summary_tables
from rater.generation.generator import (
    DEFAULT_CLIMB,
    MAX_SEED,
    Attempt,
    GenerateSettings,
    Plan,
    attempts,
    canonical_key,
    distinct,
    parse_clues,
    parse_codes,
    parse_levels,
    parse_points,
    plan,
)
from rater.generation.resume import identity, resume_point, save
from rater.levels import load_levels
from rater.options import DEFAULT_OPTION
from rater.records import FIELDS, rating_record
from rater.settings import RunSettings
from techniques.texts import available_languages

EXIT_DONE, EXIT_INPUT, EXIT_SHORT, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 2, 3, 130, 141


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    click.echo(f"generate: error: {one_line(message)}", err=True)
    sys.exit(code)


HELP_SECTIONS = (
    ("What to generate", ("count", "level", "points", "option", "require", "exclude", "first_hard", "symmetry",
                          "rules_name", "clues", "minimal", "techniques")),
    ("How", ("seed", "climb", "jobs", "cluster", "max_seconds")),
    ("Output", ("output", "fmt", "template", "lang", "resume", "quiet", "ascii_only")),
)


@click.command(cls=OneLineCommand, error_prefix="generate: ", sections=HELP_SECTIONS,
               context_settings={"help_option_names": ["-h", "--help"]})
@version_option("generate")
@click.option("--count", "-n", type=AsciiIntRange(min=1), default=1, show_default=True, metavar="N",
              help="How many distinct puzzles to write.")
@click.option("--level", default=None, metavar="NAME",
              help="The level of the rating, named in any language or by its key (\"very hard\", "
                   "\"sehr schwierig\", very_hard), or a range \"hard..very hard\".")
@click.option("--points", default=None, metavar="A..B",
              help="The rating's points, an inclusive range of the --option's points (120..240, 240..).")
@click.option("--option", "-o", default=DEFAULT_OPTION, show_default=True,
              help="The option code of the rating, as for rate.")
@click.option("--require", default=None, metavar="CODES",
              help="Technique codes the rating must use, a comma list (UR,XYZ).")
@click.option("--exclude", default=None, metavar="CODES",
              help="Technique codes switched off: the puzzle is solved without them (rated like rate --disable).")
@click.option("--first-hard", "first_hard", default=None, metavar="CODE",
              help="A step with the most points is this technique (ties count).")
@click.option("--symmetry", default="none", show_default=True, metavar="NAME",
              help=f"Symmetry of the givens' pattern: {SYMMETRY_CHOICES} (central = 180°, rotation = 90°, "
                   "dihedral = all eight).")
@click.option("--rules", "rules_name", default="standard", show_default=True, metavar="RULES",
              help=f"The Sudoku variant: {CHOICES}.")
@click.option("--clues", default=None, metavar="A..B",
              help="The number of givens, a count or an inclusive range (22..26).")
@click.option("--minimal/--no-minimal", default=True, show_default=True,
              help="Minimal: no given (no orbit of the symmetry) can be taken away keeping one solution. "
                   "--no-minimal keeps extra givens, symmetric ones, down to the --clues lower bound.")
@click.option("--techniques", type=click.Path(dir_okay=False), default=None,
              help="A technique YAML file instead of the built-in one, as for rate.")
@click.option("--seed", type=AsciiIntRange(min=0, max=MAX_SEED), default=0, show_default=True, metavar="S",
              help="The same seed and settings give the same puzzles, with any --jobs.")
@click.option("--climb", type=AsciiIntRange(min=0), default=DEFAULT_CLIMB, show_default=True, metavar="STEPS",
              help="Neighbourhood search steps per random start towards the target (0: random starts only).")
@click.option("--jobs", "-j", type=click.IntRange(min=0), default=1, show_default=True, metavar="N",
              help="Worker processes (0 = all cores).")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Make the attempts on a Dask cluster: a scheduler address (tcp://host:8786) or local[:N]; "
                   "the same puzzles as without. Needs the cluster extra; --jobs is then ignored.")
@click.option("--max-seconds", "max_seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="S", help="Stop after S seconds with what was found (exit 3 when fewer than N).")
@click.option("--output", type=click.Path(dir_okay=False), default=None,
              help="Write records to FILE (default stdout), and the run's settings and progress to FILE.run.json.")
@click.option("--format", "fmt", type=click.Choice(["csv", "jsonl", "text"]), default="csv", show_default=True,
              help="Record format, as rate --file; text is '<puzzle> <points> <norm2> <max> <level>'.")
@click.option("--template", default=None, metavar="TEXT",
              help="Text format: a line template with {fields} as rate --file ('{puzzle}' for bare puzzles).")
@click.option("--lang", type=click.Choice(available_languages()), default="en", show_default=True,
              help="Language of the level names in the records.")
@click.option("--resume", is_flag=True,
              help="Continue an interrupted or shorter run on the same --output up to N puzzles; refused when a "
                   "setting other than --count, --jobs, --max-seconds or --quiet differs.")
@click.option("--quiet", "-q", is_flag=True, help="No progress display or summary on stderr.")
@click.option("--ascii", "ascii_only", is_flag=True, help="ASCII frames in the summary.")
def main(count: int, level: str | None, points: str | None, option: str, require: str | None, exclude: str | None,
         first_hard: str | None, symmetry: str, rules_name: str, clues: str | None, minimal: bool,
         techniques: str | None, seed: int, climb: int, jobs: int, max_seconds: float | None, output: str | None,
         fmt: str, template: str | None, lang: str, resume: bool, quiet: bool, ascii_only: bool,
         cluster: str | None = None) -> None:
    """Generate N distinct puzzles, each unique and (by default) minimal, that meet every condition given;
    their ratings are the ones rate prints for them.
    """
    if template and fmt != "text":
        fmt = "text"
    try:
        settings = _settings(level, points, option, require, exclude, first_hard, symmetry, rules_name, clues,
                             minimal, techniques, seed, climb, lang)
        p = plan(settings)
    except InputError as exc:
        fail(str(exc))
    if template:
        try:
            check_template(template, FIELDS)
        except TemplateError as exc:
            fail(str(exc))
    if resume and not output:
        fail("--resume needs --output FILE")
    if max_seconds is not None and math.isnan(max_seconds):
        fail("--max-seconds must be a number of seconds, not nan")
    if resume and fmt == "text" and template and "{puzzle" not in template:
        fail("--resume reads the puzzles written: the --template needs a {puzzle} field")
    jobs = min(jobs or available_cores(), available_cores())
    run = _Run(p, count, output, fmt, template, jobs, max_seconds, quiet, ascii_only)
    if cluster is None:
        sys.exit(run.run(resume))
    from puzzles.cluster import ClusterConnection, ClusterError

    try:
        connection = ClusterConnection(cluster, available_cores(), note=run.note)
    except ClusterError as exc:
        fail(str(exc))
    with connection:
        run.cluster = connection.client
        sys.exit(run.run(resume))


def _settings(level: str | None, points: str | None, option: str, require: str | None, exclude: str | None,
              first_hard: str | None, symmetry: str, rules_name: str, clues: str | None, minimal: bool,
              techniques: str | None, seed: int, climb: int, lang: str) -> GenerateSettings:
    """The settings of the command line; an InputError for what cannot be read.

    The rating part is the :class:`RunSettings` ``rate`` would build from the
    same option, rules, technique file (read here, once) and language, with
    the excluded codes switched off as ``rate --disable`` does.
    """
    rating = RunSettings.from_file(techniques, option=option, rules=rules_name, lang=lang,
                                   disable=parse_codes(exclude, "--exclude"))
    hardest = first_hard.strip() if first_hard else None
    return GenerateSettings(
        rating=rating, symmetry=symmetry,
        levels=parse_levels(level, load_levels(), lang) if level is not None else (),
        points=parse_points(points) if points is not None else None,
        require=parse_codes(require, "--require"),
        first_hard=hardest or None, clues=parse_clues(clues) if clues is not None else (0, 81),
        minimal=minimal, seed=seed, climb=climb)


class _Run:
    """One generate run: attempts in order, the distinct check, records, progress and summary."""

    def __init__(self, p: Plan, count: int, output: str | None, fmt: str, template: str | None, jobs: int,
                 max_seconds: float | None, quiet: bool, ascii_only: bool) -> None:
        self.plan = p
        self.count = count
        self.output = Path(output) if output else None
        self.fmt = fmt
        self.template = template
        self.jobs = jobs
        self.max_seconds = max_seconds
        self.quiet = quiet
        self.ascii = ascii_only
        self.identity = identity(p.settings, fmt, template)
        #: A Dask client (``--cluster``) that makes the attempts, or None.
        self.cluster: Any = None
        self.rejected: Counter[str] = Counter()
        self.attempts = 0
        self.ratings = 0
        self.found = 0
        self.stats = Stats()

    def run(self, resume: bool) -> int:
        first, written = 0, list[str]()
        if self.output is not None:
            if self.output.exists() and not self.output.is_file():
                if resume:
                    fail(f"--resume needs --output to be a regular file, not {self.output}")
            elif resume:
                try:
                    first, written = resume_point(self.output, self.identity)
                except ResumeError as exc:
                    fail(escape_text(str(exc)))
        seen = {canonical_key(parse_puzzle(puzzle), self.plan.rules) for puzzle in written}
        if len(written) >= self.count:
            self.note(f"generate: {self.output} already holds {len(written)} puzzles")
            return EXIT_DONE
        stream = self._open(bool(written))
        try:
            writer = RecordWriter(stream, self.fmt, self.template, header=not written,
                                  name=str(self.output or "stdout"), fields=FIELDS)
            return self._loop(writer, stream, first, len(written), seen)
        except BrokenPipeError:
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):
                pass
            return EXIT_BROKEN_PIPE
        except OSError as exc:
            fail(escape_text(f"{exc.filename or self.output or 'stdout'}: {exc.strerror}"))
        finally:
            if stream is not sys.stdout:
                stream.close()

    def _open(self, appending: bool) -> IO[str]:
        if self.output is None:
            return sys.stdout
        try:
            stream = self.output.open("a" if appending else "w", encoding="utf-8", newline="\n")
        except OSError as exc:
            fail(escape_text(f"cannot write {self.output}: {exc.strerror}"))
        if self.output.is_file() and not appending:
            save(self.output, self.identity, 0, 0)
        return stream

    def _loop(self, writer: RecordWriter, stream: IO[str], first: int, written: int, seen: set[Any]) -> int:
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
        began = time.monotonic()
        deadline = None if self.max_seconds is None else began + self.max_seconds
        found = attempts(self.plan, first, self.jobs, self.cluster)
        progress = _Progress(self.count, written, not self.quiet)
        code = EXIT_DONE
        try:
            with progress:
                for attempt in distinct(found, seen):
                    self._count(attempt)
                    if attempt.rating is not None:
                        item = PuzzleItem(attempt.number + 1, attempt.rating.puzzle, parse_puzzle(attempt.rating.puzzle))
                        record = rating_record(item, attempt.rating, self.plan.settings.rating.lang)
                        writer.write(record)
                        writer.flush()
                        self.stats.add(record)
                        written += 1
                    if self.output is not None and self.output.is_file() and attempt.rating is not None:
                        save(self.output, self.identity, attempt.number + 1, written)
                    progress.update(written, self.attempts, self.found, time.monotonic() - began)
                    if written >= self.count:
                        break
                    if deadline is not None and time.monotonic() > deadline:
                        code = EXIT_SHORT
                        break
        except KeyboardInterrupt:
            code = EXIT_INTERRUPTED
        except Exception as exc:  # noqa: BLE001 - a cluster lost in the middle: what was written stays
            if self.cluster is None:
                raise
            from puzzles.cluster import first_line

            lost = first_line(exc)
            code = EXIT_INPUT
        finally:
            found.close()
            signal.signal(signal.SIGTERM, previous)
        if self.output is not None and self.output.is_file():
            save(self.output, self.identity, first + self.attempts, written)
        self._summary(time.monotonic() - began, written)
        if code == EXIT_INTERRUPTED:
            where = f"in {escape_text(str(self.output))}; run the same command with --resume to continue" \
                if self.output else "(stdout cannot be resumed: use --output FILE --resume)"
            print(f"generate: interrupted after {written} puzzles {where}", file=sys.stderr)
        elif code == EXIT_INPUT:
            fail(f"the cluster failed after {written} puzzles ({lost}); --resume continues")
        elif code == EXIT_SHORT:
            self.note(f"generate: --max-seconds reached with {written} of {self.count} puzzles"
                       + ("; --resume continues" if self.output else ""))
        return code

    def _count(self, attempt: Attempt) -> None:
        self.attempts += 1
        self.ratings += attempt.ratings
        self.rejected.update(attempt.rejected)
        self.found += attempt.rating is not None

    def note(self, text: str) -> None:
        if not self.quiet:
            print(text, file=sys.stderr)

    def _summary(self, wall: float, written: int) -> None:
        if self.quiet:
            return
        from rich import box
        from rich.console import Console
        from rich.table import Table

        err = Console(stderr=True, highlight=False)
        table = Table(box=box.ASCII if self.ascii else box.ROUNDED, show_header=False, title="generate",
                      title_justify="left")
        table.add_column()
        table.add_column(justify="right")
        rate = self.found / self.attempts if self.attempts else math.nan
        rows = [("puzzles written", str(written)), ("attempts", str(self.attempts)),
                ("puzzles rated", str(self.ratings)), ("accepted per attempt", f"{100 * rate:.1f} %"),
                ("seconds per accepted puzzle", f"{wall / self.found:.2f}" if self.found else "-"),
                ("wall time", f"{wall:.1f} s")]
        rows += [(f"turned down: {reason}", str(n)) for reason, n in self.rejected.most_common()]
        for label, value in rows:
            table.add_row(label, value)
        err.print(table)
        if self.stats.records:
            for extra in summary_tables(self.stats, wall, self.plan.engine.catalogue, self.plan.settings.rating.lang,
                                        self.ascii)[2:]:
                err.print(extra)


def _raise_interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


class _Progress:
    """A one-line progress display on stderr: puzzles, attempts, acceptance rate, time per puzzle."""

    def __init__(self, count: int, written: int, enabled: bool) -> None:
        from rich.console import Console

        self.console = Console(stderr=True, highlight=False)
        self.enabled = enabled and self.console.is_terminal
        self.count = count
        self.written = written

    def __enter__(self) -> _Progress:
        if self.enabled:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(TextColumn("generating"), BarColumn(), MofNCompleteColumn(),
                                TextColumn("{task.fields[info]}"), TimeElapsedColumn(), console=self.console)
            self.bar.start()
            self.task = self.bar.add_task("generating", total=self.count, completed=self.written, info="")
        return self

    def update(self, written: int, attempts: int, found: int, seconds: float) -> None:
        if self.enabled:
            per = f"{seconds / found:.2f} s/puzzle" if found else "- s/puzzle"
            info = f"{attempts} attempts, {100 * found / attempts:.1f} % accepted, {per}"
            self.bar.update(self.task, completed=written, info=info)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.bar.stop()


if __name__ == "__main__":
    main()
