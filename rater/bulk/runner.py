"""Rating puzzle files (``rate --file``): one run from input to output, progress and summary.

The rating itself is :mod:`rater.bulk.workers` (parallel, streaming, in input
order), or :mod:`rater.bulk.cluster` with ``--cluster`` (the same records, on a
Dask cluster; ``--jobs`` is then ignored with a note); lines are :mod:`rater.bulk.output`; what makes ``--resume`` safe is
:mod:`rater.bulk.resume`.  Because records arrive in input order and every
record is one physical line, the output file is always a prefix of the final
output, possibly with a torn last line after a crash; so ``--resume`` needs
nothing but "check the run is the same, drop the torn line, skip the records
already written".  Output is flushed after every round of results, so a
SIGKILL loses at most what is rated again on resume.

Promises of a run:

* every input record (see :mod:`puzzles.formats`) gives exactly one output
  record, in input order, including lines that are not UTF-8;
* an ``--output`` that is the input file (same file, also through hard or
  symbolic links, or stdin redirected from it), or stdout appending to the
  input, is refused before anything is opened for writing, and an output
  another run is writing is refused too (:mod:`puzzles.outputs` has both rules);
* ``--jobs`` above the cores available is lowered to them (a note on stderr
  unless ``--quiet``);
* an interrupted run always prints a one-line hint on stderr, ``--quiet`` or
  not.

A run that cannot start raises :class:`BulkError` with a one-line message
(the CLI exits 2).
"""

from __future__ import annotations

import math
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO

from puzzles.cluster import ClusterError, available_cores
from puzzles.errors import InputError
from puzzles.formats import PuzzleItem, read_items
from puzzles.outputs import OutputError, OutputFile, lock_stdout, refuse_inputs
from puzzles.version import __version__
from rater.bulk.output import DEFAULT_FORMAT, RecordWriter, TemplateError, check_template, csv_header, escape_text
from rater.bulk.resume import (
    ResumeError,
    RunIdentity,
    check_identity,
    cut_torn_line,
    file_fingerprint,
    side_path,
    skip_done,
    write_identity,
)
from rater.bulk.workers import rate_here, rate_stream
from rater.levels import level_name, load_levels
from rater.records import RATED, record_fields
from rater.settings import RunSettings
from techniques.catalogue import Catalogue
from techniques.texts import language

if TYPE_CHECKING:
    from rater.bulk.cluster import ClusterRun
    from rater.reduction import NecessaryHistogram

EXIT_ALL_RATED, EXIT_INCOMPLETE, EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 0, 4, 130, 141


class BulkError(InputError):
    """A bulk run that cannot start (bad template, output that does not match the input)."""


# --- statistics and the summary ----------------------------------------------------------


@dataclass
class Stats:
    """Running counts of a run, bounded in size whatever the number of records."""

    records: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    levels: Counter[str] = field(default_factory=Counter)
    techniques: Counter[str] = field(default_factory=Counter)
    technique_steps: Counter[str] = field(default_factory=Counter)
    points: Counter[float] = field(default_factory=Counter)
    #: Records per variant rated as (unrated lines carry none).
    rules: Counter[str] = field(default_factory=Counter)
    rating_seconds: float = 0.0
    skipped: int = 0
    #: Statuses of the records a resume found already written (``unknown`` for text output).
    skipped_statuses: Counter[str] = field(default_factory=Counter)
    #: Necessary givens of the records rated in this run, with ``--reduce``.
    necessary: NecessaryHistogram | None = None

    def add(self, record: dict[str, Any]) -> None:
        self.records += 1
        self.statuses[record["status"]] += 1
        if record.get("rules"):
            self.rules[record["rules"]] += 1
        if record["status"] in RATED:
            if record["level"]:  # a stuck rating may have none
                self.levels[record["level"]] += 1
            self.points[record["points"]] += 1
            for code, n in record["techniques"].items():
                self.techniques[code] += 1
                self.technique_steps[code] += n
        self.rating_seconds += record["seconds"] or 0.0
        if self.necessary is not None:
            self.necessary.add(record)

    def all_rated(self) -> bool:
        """Whether every record of the output, earlier runs' included where readable, is a rating."""
        known = [status for status in self.skipped_statuses if status != "unknown"]
        return all(status in RATED for status in [*self.statuses, *known])

    @property
    def rated(self) -> int:
        return sum(self.points.values())

    def mean_points(self) -> float:
        return sum(p * n for p, n in self.points.items()) / self.rated if self.rated else math.nan

    def median_points(self) -> float:
        """Exact median from the value counts (points are few distinct values)."""
        n = self.rated
        if not n:
            return math.nan
        values = sorted(self.points.items())
        targets = ((n - 1) // 2, n // 2)
        found: list[float] = []
        seen = 0
        for value, count in values:
            while len(found) < 2 and targets[len(found)] < seen + count:
                found.append(value)
            seen += count
        return (found[0] + found[1]) / 2


def summary_tables(stats: Stats, wall: float, catalogue: Catalogue, lang: str, ascii_only: bool,
                   digest: str = "") -> list[Any]:
    """Rich tables: overview (with the version and catalogue digest that made the records), per status,
    per level, techniques used."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    def cell(value: object) -> Text:
        """Plain text (no rich markup), control characters escaped."""
        return Text(escape_text(str(value)))

    words = language(lang).word
    frame = box.ASCII if ascii_only else box.ROUNDED
    overview = Table(box=frame, show_header=False, title=words("bulk_title"), title_justify="left")
    overview.add_column()
    overview.add_column(justify="right")
    ms = 1000 * wall / stats.records if stats.records else math.nan
    rows = [(words("bulk_records"), str(stats.records)), (words("bulk_rated"), str(stats.rated))]
    if stats.skipped:
        rows.append((words("bulk_skipped"), str(stats.skipped)))
    rows += [
        (words("bulk_mean"), f"{stats.mean_points():.2f}"),
        (words("bulk_median"), f"{stats.median_points():.2f}"),
        (words("bulk_wall"), f"{wall:.1f} s"),
        (words("bulk_ms_wall"), f"{ms:.1f}"),
        (words("bulk_ms_rating"), f"{1000 * stats.rating_seconds / stats.records:.1f}" if stats.records else "-"),
    ]
    rows += [(words("bulk_version"), __version__), (words("bulk_digest"), digest)]
    if set(stats.rules) - {"standard"}:
        rows += [(f"rules: {name}", str(n)) for name, n in stats.rules.most_common()]
    for label, value in rows:
        overview.add_row(cell(label), cell(value))
    statuses = Table(words("bulk_status"), words("bulk_count"), box=frame, title=words("bulk_per_status"),
                     title_justify="left")
    statuses.columns[1].justify = "right"
    for status, n in stats.statuses.most_common():
        statuses.add_row(cell(status), cell(n))
    levels = Table(words("bulk_level"), words("bulk_count"), box=frame, title=words("bulk_per_level"),
                   title_justify="left")
    levels.columns[1].justify = "right"
    known = load_levels().levels()
    order = {level.key: i for i, level in enumerate(known)}
    names = {level.key: level_name(level.names, lang) for level in known}
    for key, n in sorted(stats.levels.items(), key=lambda kv: order.get(kv[0], len(order))):
        levels.add_row(cell(names.get(key, key)), cell(n))
    used = Table(words("bulk_code"), words("bulk_technique"), words("bulk_puzzles"), words("bulk_steps"), box=frame,
                 title=words("bulk_used"), title_justify="left")
    used.columns[2].justify = used.columns[3].justify = "right"
    for entry in catalogue:
        if entry.code in stats.techniques:
            used.add_row(cell(entry.code), cell(entry.names[lang]), cell(stats.techniques[entry.code]),
                         cell(stats.technique_steps[entry.code]))
    return [overview, statuses, levels, used]


def count_records(path: Path) -> int | None:
    """A cheap estimate of the number of puzzle lines (None for grid files), for the ETA."""
    count = 0
    with path.open("rb") as fh:
        for line in fh:
            stripped = line.strip()
            if len(stripped) >= 81 and not stripped.startswith(b"#"):
                count += 1
    return count or None


# --- one complete run --------------------------------------------------------------------


@dataclass
class BulkRun:
    """A bulk run as the CLI configures it."""

    source: str
    config: RunSettings
    output: str | None = None
    fmt: str = DEFAULT_FORMAT
    template: str | None = None
    jobs: int = 0
    resume: bool = False
    progress: bool = True
    summary: bool = True
    ascii: bool = False
    #: ``--cluster``: a Dask scheduler address or ``local[:N]`` (see :mod:`rater.bulk.cluster`); None rates locally.
    cluster: str | None = None
    #: ``--chunk-size``: puzzles per cluster task (None: :meth:`rater.bulk.cluster.ClusterRun.chunk_size`).
    chunk_size: int | None = None
    #: The ``--output`` file while the run holds it.
    _output: OutputFile | None = field(default=None, init=False, repr=False)

    def run(self) -> int:
        """Rate everything; the exit code (0 all rated, 4 some records not rated, 130 interrupted)."""
        fields = self._fields()
        out_path = Path(self.output) if self.output else None
        in_stream = self._open_input()
        out_stream: IO[str] | None = None
        cluster = None
        try:
            self._refuse_input_as_output(in_stream, out_path)
            identity = self._identity()
            # a device or pipe (/dev/null, a FIFO) has no end to resume from and no place for a run file
            regular = out_path is not None and (not out_path.exists() or out_path.is_file())
            if self.resume and not regular:
                raise BulkError(f"--resume needs --output to be a regular file, not {out_path}")
            out_stream = self._open_output(out_path)
            items: Iterator[PuzzleItem] = read_items(in_stream)
            if self.config.reduce:  # its module loads for --reduce only
                from rater.reduction import NecessaryHistogram
            stats = Stats(necessary=NecessaryHistogram() if self.config.reduce else None)
            fresh = True
            if out_path and self.resume:
                try:
                    check_identity(out_path, identity)
                    if out_path.stat().st_size:
                        cut_torn_line(out_path)
                    if out_path.stat().st_size:  # not only a torn first line (a csv header, say)
                        stats.skipped_statuses = skip_done(items, out_path, self.fmt, csv_header(fields))
                        stats.skipped = sum(stats.skipped_statuses.values())
                        fresh = False
                except ResumeError as exc:
                    raise BulkError(str(exc)) from exc
            cluster = self._connect()  # before the output is emptied: an unreachable cluster changes nothing
            if out_path and regular and fresh:
                # empty first: killed in between, an empty output resumes as a fresh run whatever the run file
                out_stream.truncate(0)
                self._write_side_file(out_path, identity)
            err = _stderr_console() if self.progress or self.summary else None  # --quiet: rich never loads
            total = None if self.source == "-" else count_records(Path(self.source))
            writer = RecordWriter(out_stream, self.fmt, self.template, header=fresh, name=self.output or "stdout",
                                  fields=fields)
            remaining = None if total is None else max(total - stats.skipped, 0)
            records = self._records(items, writer, cluster, remaining)
            return self._rate(records, writer, stats, err, self.config.catalogue(), remaining)
        except BaseException:
            if self._output is not None:  # a file this run created and left empty goes again
                self._output.discard()
            raise
        finally:
            if cluster is not None:
                cluster.close()
            if out_stream is not None and out_stream is not sys.stdout:
                out_stream.close()
            if in_stream is not sys.stdin.buffer:
                in_stream.close()

    def _fields(self) -> tuple[str, ...]:
        """The fields of the run's records; a template that cannot show them, or a resume without an output,
        is a BulkError before anything is opened."""
        fields = record_fields(self.config.reduce, self.config.with_minlex)
        if self.template:
            try:
                check_template(self.template, fields)
            except TemplateError as exc:
                raise BulkError(str(exc)) from exc
        if self.resume and not self.output:
            raise BulkError("--resume needs --output FILE")
        return fields

    def _records(self, items: Iterator[PuzzleItem], writer: RecordWriter, cluster: ClusterRun | None,
                 remaining: int | None) -> Generator[dict[str, Any], None, None]:
        """The records of ``items`` in input order: rated here, by local workers or on the cluster."""
        if cluster is not None:
            chunk_size = self.chunk_size or cluster.chunk_size(remaining)
            return cluster.rate_stream(items, self.config, chunk_size=chunk_size, on_flush=writer.flush)
        jobs = self._jobs()
        if jobs == 1:  # in this process: no worker to start, no pipe per record
            return rate_here(items, self.config, on_flush=writer.flush)
        return rate_stream(items, self.config, jobs, on_flush=writer.flush)

    def _rate(self, records: Generator[dict[str, Any], None, None], writer: RecordWriter, stats: Stats,
              err: Any | None, catalogue: Catalogue, remaining: int | None) -> int:
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
        began = time.perf_counter()
        interrupted = False
        try:
            with _progress(err, self.progress, remaining) as advance:
                for record in records:
                    writer.write(record)
                    stats.add(record)
                    advance()
        except KeyboardInterrupt:
            interrupted = True
        except ClusterError as exc:  # the scheduler was lost: what is written stays, --resume continues
            raise BulkError(str(exc)) from exc
        finally:
            records.close()
            writer.flush()
            signal.signal(signal.SIGTERM, previous)
        wall = time.perf_counter() - began
        if self.summary and err is not None:
            for table in summary_tables(stats, wall, catalogue, self.config.lang, self.ascii,
                                        self.config.catalogue_digest()):
                err.print(table)
            if stats.necessary is not None and stats.necessary.total:
                err.print(stats.necessary.table(self.ascii, self.ascii or not err.is_terminal, lang=self.config.lang))
        if interrupted:
            print(interrupt_hint(self.output, stats.skipped + stats.records), file=sys.stderr)
            return EXIT_INTERRUPTED
        return EXIT_ALL_RATED if stats.all_rated() else EXIT_INCOMPLETE

    def _open_input(self) -> BinaryIO:
        """The input in binary: lines are decoded one by one (see :func:`puzzles.formats.read_items`)."""
        if self.source == "-":
            return sys.stdin.buffer
        try:
            return open(self.source, "rb")  # noqa: SIM115 - closed by run()
        except OSError as exc:
            raise BulkError(f"cannot read {self.source}: {exc.strerror}") from exc

    def _refuse_input_as_output(self, in_stream: BinaryIO, out_path: Path | None) -> None:
        """Writing over the input would destroy it (or, appending, feed it forever): refuse first."""
        try:
            source = in_stream.fileno()
        except (OSError, ValueError, AttributeError):  # stdin without a file behind it
            return
        inputs = (source, self.config.techniques_source)
        try:
            if out_path is None:
                lock_stdout(inputs)
            else:
                refuse_inputs([(f"--output {out_path}", out_path), (f"the run file {side_path(out_path)}",
                                                                   side_path(out_path))], inputs)
        except OutputError as exc:
            raise BulkError(str(exc)) from None

    def _identity(self) -> RunIdentity:
        if self.source == "-":
            fingerprint = {"kind": "stdin"}
        else:
            fingerprint = file_fingerprint(Path(self.source))
        return RunIdentity.of(fingerprint, self.fmt, self.template, self.config)

    def _write_side_file(self, out_path: Path, identity: RunIdentity) -> None:
        try:
            write_identity(out_path, identity)
        except OSError as exc:
            raise BulkError(f"cannot write {side_path(out_path)}: {exc.strerror}") from exc

    def _open_output(self, out_path: Path | None) -> IO[str]:
        """stdout, or ``out_path`` opened for appending and locked: nothing is lost before the run is known to be right."""
        if out_path is None:
            if hasattr(sys.stdout, "reconfigure"):
                sys.stdout.reconfigure(errors="backslashreplace")  # a non-UTF-8 terminal must not end the run
            return sys.stdout
        self._output = OutputFile(out_path)
        try:
            return self._output.open()
        except OutputError as exc:
            raise BulkError(str(exc)) from None

    def _connect(self) -> ClusterRun | None:
        """The cluster of ``--cluster`` (None without it); BulkError when there is none to reach."""
        if self.cluster is None:
            return None
        if self.jobs and self.summary:
            print(f"rate: note: --jobs {self.jobs} ignored with --cluster (the cluster's workers rate)",
                  file=sys.stderr)
        from rater.bulk.cluster import ClusterRun  # its module loads with --cluster only

        try:
            return ClusterRun(self.cluster, available_cores(), note=self._note)
        except ClusterError as exc:
            raise BulkError(str(exc)) from exc

    def _note(self, text: str) -> None:
        if self.summary:
            print(text, file=sys.stderr)

    def _jobs(self) -> int:
        """``--jobs`` (0 = all cores), never more than the cores available."""
        cores = available_cores()
        if self.jobs > cores:
            if self.summary:
                print(f"rate: note: --jobs {self.jobs} lowered to {cores}, the cores available", file=sys.stderr)
            return cores
        return self.jobs or cores


def interrupt_hint(output: str | None, written: int) -> str:
    """The one line an interrupted run always prints."""
    if output:
        return (f"rate: interrupted after {written} records in {escape_text(output)}; "
                "run the same command with --resume to continue")
    return f"rate: interrupted after {written} records; stdout cannot be resumed (use --output FILE --resume)"


def _stderr_console() -> Any:
    """The rich console of the progress bar and the summary on stderr."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def _raise_interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


class _progress:
    """A rich progress bar on stderr with rate and ETA, or nothing."""

    def __init__(self, console: Any | None, enabled: bool, total: int | None) -> None:
        self.console = console
        self.enabled = enabled and console is not None and console.is_terminal
        self.total = total

    def __enter__(self) -> Callable[[], None]:
        if not self.enabled:
            return lambda: None
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.text import Text

        class RateColumn(ProgressColumn):
            def render(self, task: Any) -> Text:
                speed = task.finished_speed or task.speed
                return Text(f"{speed:.1f}/s" if speed else "-/s")

        self.bar = Progress(TextColumn("rating"), BarColumn(), MofNCompleteColumn(), RateColumn(),
                            TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                            console=self.console, transient=False, redirect_stdout=False, redirect_stderr=False)
        self.bar.start()
        task = self.bar.add_task("rating", total=self.total)
        return lambda: self.bar.advance(task)

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self.bar.stop()
