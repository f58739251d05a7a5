"""The ``generate`` command: N distinct puzzles to order, written as ``rate --file`` writes records.

Exit codes (also in the README):

* 0 — the N puzzles were written (or were already there on ``--resume``);
* 2 — bad input: an unknown level, rules, symmetry or technique code, an
  empty points or clue range, a ``--pattern`` that cannot be read or on which
  no puzzle has one solution (refused at once where that is certain, else
  after the first attempts find none), an option, template or output that cannot be
  used (also one another run is writing, or an edited output to ``--resume``), or
  conditions that cannot be met together (a required technique the
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
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, Any, NoReturn, TypeVar

import click

from canon.pattern_symmetry import SYMMETRY_CHOICES
from puzzles.cli_common import AsciiIntRange, OneLineCommand, one_line, version_option
from puzzles.cluster import available_cores
from puzzles.errors import MAX_SEED, InputError
from puzzles.formats import PuzzleItem
from puzzles.outputs import OutputError, OutputFile, lock_stdout, path_message
from puzzles.parsing import format_line, parse_puzzle
from puzzles.rules import CHOICES
from rater.bulk.output import (
    DEFAULT_FORMAT,
    FORMATS,
    RecordWriter,
    TemplateError,
    check_template,
    chosen_format,
    escape_text,
)
from rater.bulk.resume import ResumeError
from rater.bulk.runner import Stats, summary_tables
from rater.generation.generator import (
    DEFAULT_CLIMB,
    Attempt,
    GenerateError,
    GenerateSettings,
    Plan,
    attempts,
    canonical_key,
    distinct,
    draw_seed,
    parse_clues,
    parse_codes,
    parse_levels,
    parse_points,
    plan,
)
from rater.generation.pattern import read_pattern
from rater.generation.resume import PuzzleDigest, identity, recorded_seed, resume_point, save
from rater.levels import load_levels
from rater.options import DEFAULT_OPTION
from rater.records import FIELDS, GENERATE_FIELDS, rating_record
from rater.result import Rating
from rater.settings import RunSettings
from techniques.texts import available_languages

T = TypeVar("T")
EXIT_DONE, EXIT_INPUT, EXIT_SHORT, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 2, 3, 130, 141


def fail(message: str, code: int = EXIT_INPUT) -> NoReturn:
    click.echo(f"generate: error: {one_line(message)}", err=True)
    sys.exit(code)


HELP_SECTIONS = (
    ("What to generate", ("count", "level", "points", "option", "require", "exclude", "first_hard", "symmetry",
                          "rules_name", "clues", "minimal", "pattern", "techniques")),
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
@click.option("--pattern", default=None, metavar="PATTERN",
              help="The givens' cells, exactly: 81 characters, a digit or x for a given and . or 0 for an empty "
                   "cell, or a file holding them. Symmetric patterns give symmetric puzzles; --minimal does not "
                   "apply.")
@click.option("--techniques", type=click.Path(dir_okay=False), default=None,
              help="A technique YAML file instead of the built-in one, as for rate.")
@click.option("--seed", type=AsciiIntRange(min=0, max=MAX_SEED), default=None, metavar="S",
              help="The same seed and settings give the same puzzles, with any --jobs. Default: a fresh seed, "
                   "printed on stderr (not with --quiet) and recorded in every record (on --resume: the run "
                   "file's).")
@click.option("--climb", type=AsciiIntRange(min=0), default=DEFAULT_CLIMB, show_default=True, metavar="STEPS",
              help="Neighbourhood search steps per random start towards the target (0: random starts only).")
@click.option("--jobs", "-j", type=AsciiIntRange(min=0), default=1, show_default=True, metavar="N",
              help="Worker processes (0 = all cores).")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Make the attempts on a Dask cluster: a scheduler address (tcp://host:8786) or local[:N]; "
                   "the same puzzles as without. Needs the cluster extra; --jobs is then ignored.")
@click.option("--max-seconds", "max_seconds", type=click.FloatRange(min=0, min_open=True), default=None,
              metavar="S", help="Stop after S seconds with what was found (exit 3 when fewer than N).")
@click.option("--output", type=click.Path(dir_okay=False), default=None,
              help="Write records to FILE (default stdout), and the run's settings and progress to FILE.run.json.")
@click.option("--format", "fmt", type=click.Choice(list(FORMATS)), default=DEFAULT_FORMAT, show_default=True,
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
def main(**options: Any) -> None:
    """Generate N distinct puzzles, each unique and (by default) minimal, that meet every condition given;
    their ratings are the ones rate prints for them.
    """
    request = GenerateRequest(**options)
    fmt = chosen_format(request.fmt, request.template)
    seed = run_seed(request.seed, request.output if request.resume else None)
    try:
        settings = _settings(request, seed)
        if request.pattern is not None:
            settings = replace(settings, pattern=read_pattern(request.pattern))
        p = plan(settings)
    except InputError as exc:
        fail(str(exc))
    _check(request)
    if request.seed is None and not request.quiet:
        click.echo(f"generate: seed {seed}", err=True)
    jobs = min(request.jobs or available_cores(), available_cores())
    run = _Run(p, request.count, request.output, fmt, request.template, jobs, request.max_seconds, request.quiet,
               request.ascii_only)
    if request.cluster is None:
        sys.exit(run.run(request.resume))
    from puzzles.cluster import ClusterConnection, ClusterError

    try:
        connection = ClusterConnection(request.cluster, available_cores(), note=run.note)
    except ClusterError as exc:
        fail(str(exc))
    with connection:
        run.cluster = connection.client
        sys.exit(run.run(request.resume))


def run_seed(seed: int | None, resumed: str | None) -> int:
    """The run's seed: ``--seed``, else the run file's of a resumed ``--output``, else a fresh one."""
    if seed is not None:
        return seed
    try:
        recorded = recorded_seed(Path(resumed)) if resumed else None
    except ResumeError:
        recorded = None  # the resume itself names what is wrong with the run file
    return draw_seed() if recorded is None else recorded


@dataclass(frozen=True)
class GenerateRequest:
    """Every option of ``generate`` under its click parameter name (the options above have their help)."""

    count: int = 1
    level: str | None = None
    points: str | None = None
    option: str = DEFAULT_OPTION
    require: str | None = None
    exclude: str | None = None
    first_hard: str | None = None
    symmetry: str = "none"
    rules_name: str = "standard"
    clues: str | None = None
    minimal: bool = True
    techniques: str | None = None
    seed: int | None = None
    climb: int = DEFAULT_CLIMB
    jobs: int = 1
    max_seconds: float | None = None
    output: str | None = None
    fmt: str = DEFAULT_FORMAT
    template: str | None = None
    lang: str = "en"
    resume: bool = False
    quiet: bool = False
    ascii_only: bool = False
    cluster: str | None = None
    pattern: str | None = None


def _check(request: GenerateRequest) -> None:
    """Refuse (exit 2) a template, resume or time limit that cannot be used, before anything is generated."""
    if request.template:
        try:
            check_template(request.template, FIELDS + GENERATE_FIELDS)
        except TemplateError as exc:
            fail(str(exc))
    if request.resume and not request.output:
        fail("--resume needs --output FILE")
    if request.max_seconds is not None and math.isnan(request.max_seconds):
        fail("--max-seconds must be a number of seconds, not nan")
    if request.resume and request.template and "{puzzle" not in request.template:
        fail("--resume reads the puzzles written: the --template needs a {puzzle} field")


def _settings(request: GenerateRequest, seed: int) -> GenerateSettings:
    """The settings of the command line; an InputError for what cannot be read.

    The rating part is the :class:`RunSettings` ``rate`` would build from the
    same option, rules, technique file (read here, once) and language, with
    the excluded codes switched off as ``rate --disable`` does.
    """
    lang = request.lang
    rating = RunSettings.from_file(request.techniques, option=request.option, rules=request.rules_name, lang=lang,
                                   disable=parse_codes(request.exclude, "--exclude"))
    hardest = request.first_hard.strip() if request.first_hard else None
    return GenerateSettings(
        rating=rating, symmetry=request.symmetry,
        levels=parse_levels(request.level, load_levels(), lang) if request.level is not None else (),
        points=parse_points(request.points) if request.points is not None else None,
        require=parse_codes(request.require, "--require"),
        first_hard=hardest or None, clues=parse_clues(request.clues) if request.clues is not None else (0, 81),
        minimal=request.minimal, seed=seed, climb=request.climb)


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
        #: The ``--output`` file while the run holds it, and the digest of the puzzles it holds.
        self.file: OutputFile | None = None
        self.digest = PuzzleDigest()
        self.techniques = p.settings.rating.techniques_source if p.settings.rating.techniques else None

    def run(self, resume: bool) -> int:
        first, written = 0, list[str]()
        stream: IO[str] = sys.stdout
        if self.output is None:
            _output_call(lock_stdout, (self.techniques,))
        else:
            self.file = OutputFile(self.output)
            stream = _output_call(self.file.open, (self.techniques,))
            if resume and not self.output.is_file():
                self.file.discard()
                fail(f"--resume needs --output to be a regular file, not {self.output}")
            if resume:
                try:
                    first, written = resume_point(self.output, self.identity)
                except ResumeError as exc:
                    self.file.discard()
                    fail(escape_text(str(exc)))
        self.digest = PuzzleDigest(written)
        seen = {canonical_key(parse_puzzle(puzzle), self.plan.rules) for puzzle in written}
        if len(written) >= self.count:
            self.note(f"generate: {self.output} already holds {len(written)} puzzles")
            return EXIT_DONE
        if self.file is not None and not written:
            self.file.start()
            if self.output is not None and self.output.is_file():
                save(self.output, self.identity, 0, 0, self.digest)
        try:
            writer = RecordWriter(stream, self.fmt, self.template, header=not written,
                                  name=str(self.output or "stdout"), fields=FIELDS + GENERATE_FIELDS)
            return self._loop(writer, stream, first, len(written), seen)
        except BrokenPipeError:
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except (OSError, ValueError):
                pass
            return EXIT_BROKEN_PIPE
        except OSError as exc:
            if self.file is not None:
                self.file.discard()
            fail(escape_text(path_message(exc.filename or self.output or "stdout", exc)))
        finally:
            if self.file is not None:
                self.file.close()

    def _loop(self, writer: RecordWriter, stream: IO[str], first: int, written: int, seen: set[Any]) -> int:
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
        began = time.monotonic()
        # wall-clock time, so that workers and cluster machines stop their climbs at the same moment
        deadline = None if self.max_seconds is None else time.time() + self.max_seconds
        found = attempts(self.plan, first, self.jobs, self.cluster, deadline)
        progress = _Progress(self.count, written, not self.quiet)
        code = EXIT_DONE
        given_up: str | None = None
        try:
            with progress:
                for attempt in distinct(found, seen):
                    if attempt.cut_short:  # made again, whole, by --resume
                        code = EXIT_SHORT
                        break
                    self._count(attempt)
                    if attempt.rating is not None:
                        self._keep(writer, attempt.number, attempt.rating)
                        written += 1
                    if self.output is not None and self.output.is_file() and attempt.rating is not None:
                        save(self.output, self.identity, attempt.number + 1, written, self.digest)
                    progress.update(written, self.attempts, self.found, time.monotonic() - began)
                    if written >= self.count:
                        break
                    if deadline is not None and time.time() > deadline:
                        code = EXIT_SHORT
                        break
        except KeyboardInterrupt:
            code = EXIT_INTERRUPTED
        except GenerateError as exc:  # a pattern on which the first attempts found no unique puzzle
            given_up = str(exc)
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
            save(self.output, self.identity, first + self.attempts, written, self.digest)
        self._summary(time.monotonic() - began, written)
        if code == EXIT_INTERRUPTED:
            where = f"in {escape_text(str(self.output))}; run the same command with --resume to continue" \
                if self.output else "(stdout cannot be resumed: use --output FILE --resume)"
            print(f"generate: interrupted after {written} puzzles {where}", file=sys.stderr)
        elif given_up is not None:
            fail(given_up)
        elif code == EXIT_INPUT:
            fail(f"the cluster failed after {written} puzzles ({lost}); --resume continues")
        elif code == EXIT_SHORT:
            self.note(f"generate: --max-seconds reached with {written} of {self.count} puzzles"
                       + ("; --resume continues" if self.output else ""))
        return code

    def _keep(self, writer: RecordWriter, number: int, rating: Rating) -> None:
        """Write the puzzle attempt ``number`` found as a record, flushed, and count it."""
        line = format_line(rating.puzzle)
        record = rating_record(PuzzleItem(number + 1, line, rating.puzzle), rating, self.plan.settings.rating.lang)
        writer.write(record)
        writer.flush()
        self.stats.add(record)
        self.digest.add(line)

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


def _output_call(function: Callable[..., T], *args: Any) -> T:
    """Call a :mod:`puzzles.outputs` function; its OutputError is one line, exit 2."""
    try:
        return function(*args)
    except OutputError as exc:
        fail(str(exc))


def _raise_interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


#: Seconds without a puzzle after which the progress line says the conditions may be rare or impossible.
LONG_SEARCH = 60.0


def progress_info(attempts: int, found: int, seconds: float) -> str:
    """The progress line's figures; after :data:`LONG_SEARCH` seconds without a puzzle, a warning instead.

    Some conditions can never be met together (a level out of reach of the
    technique switches, say), and the search cannot know: the user is told,
    and pointed to ``--max-seconds``.
    """
    if not found and seconds >= LONG_SEARCH:
        return (f"{attempts} attempts, nothing found in {seconds:.0f} s: the conditions may be rare or impossible "
                "(--max-seconds S bounds the search)")
    per = f"{seconds / found:.2f} s/puzzle" if found else "- s/puzzle"
    return f"{attempts} attempts, {100 * found / attempts:.1f} % accepted, {per}" if attempts else "starting"


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
            self.bar.update(self.task, completed=written, info=progress_info(attempts, found, seconds))

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.bar.stop()


if __name__ == "__main__":
    main()
