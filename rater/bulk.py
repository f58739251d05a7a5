"""Rating puzzle files (``rate --file``): formats, resumable output, progress and summary.

The rating itself is :mod:`rater.workers` (parallel, streaming, in input
order).  This module turns its records into lines.  Because records arrive in
input order and every record is one line, the output file is always a prefix
of the final output, possibly with a torn last line after a crash; so
``--resume`` needs nothing but "drop the torn line, count the complete ones,
skip that many input records".  Output is flushed after every round of
results, so a SIGKILL loses at most what is rated again on resume.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import signal
import string
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from puzzles.formats import PuzzleItem, read_items
from rater.workers import RATED, BulkConfig, rate_stream
from techniques.catalogue import Catalogue

#: Fields of a record, in CSV column order; also the names a ``--template`` may use.
FIELDS = (
    "line", "puzzle", "status", "points", "norm2", "max", "level", "thinning_steps", "steps",
    "techniques", "seconds", "message", "comment",
)
TEXT_TEMPLATE = "{puzzle} {points} {norm2} {max} {level}"
EXIT_ALL_RATED, EXIT_INCOMPLETE, EXIT_INTERRUPTED = 0, 4, 130


class BulkError(ValueError):
    """A bulk run that cannot start (bad template, output that does not match the input)."""


# --- output formats -----------------------------------------------------------------------


def check_template(template: str) -> None:
    """Raise BulkError unless ``template`` only names known fields and has no line break."""
    if "\n" in template:
        raise BulkError("--template must fit on one line")
    try:
        names = [name for _text, name, _spec, _conv in string.Formatter().parse(template) if name is not None]
    except ValueError as exc:
        raise BulkError(f"bad --template: {exc}") from exc
    unknown = sorted({n for n in names if n not in FIELDS})
    if unknown:
        raise BulkError(f"unknown --template field(s) {', '.join(unknown)}; known: {', '.join(FIELDS)}")


def _flat(record: dict[str, Any]) -> dict[str, Any]:
    """Record values as text columns: techniques as ``A1:3 E1:40``, None as ``-``."""
    out = dict(record)
    out["techniques"] = " ".join(f"{k}:{v}" for k, v in record["techniques"].items())
    return out


class RecordWriter:
    """Writes records as csv, jsonl or template text; one record per line."""

    def __init__(self, stream: IO[str], fmt: str, template: str | None = None, header: bool = True) -> None:
        self.stream = stream
        self.fmt = fmt
        self.template = template or TEXT_TEMPLATE
        if fmt == "csv" and header:
            self.stream.write(",".join(FIELDS) + "\n")

    def write(self, record: dict[str, Any]) -> None:
        if self.fmt == "jsonl":
            self.stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        elif self.fmt == "csv":
            buffer = io.StringIO()
            flat = _flat(record)
            csv.writer(buffer, lineterminator="\n").writerow(["" if flat[f] is None else flat[f] for f in FIELDS])
            self.stream.write(buffer.getvalue())
        else:
            flat = {k: ("-" if v is None else v) for k, v in _flat(record).items()}
            if self.template == TEXT_TEMPLATE and flat["status"] not in RATED and not flat["level"]:
                flat["level"] = flat["status"]
            self.stream.write(self.template.format_map(flat) + "\n")

    def flush(self) -> None:
        self.stream.flush()


def prepare_resume(path: Path, fmt: str) -> tuple[int, int | None]:
    """Cut a torn last line off ``path``; (complete records, line number of the last one).

    The line number is known for csv and jsonl and lets the caller check that
    the output belongs to the input it is resuming.
    """
    if not path.exists():
        return 0, None
    with path.open("rb+") as fh:
        data = fh.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            fh.truncate(end)
    lines = data[:end].decode("utf-8").splitlines()
    if fmt == "csv":
        if lines and lines[0] != ",".join(FIELDS):
            raise BulkError(f"{path}: not a csv output of this program (header differs)")
        lines = lines[1:]
    if not lines:
        return 0, None
    last: int | None = None
    try:
        if fmt == "jsonl":
            last = int(json.loads(lines[-1])["line"])
        elif fmt == "csv":
            last = int(next(csv.reader([lines[-1]]))[0])
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise BulkError(f"{path}: cannot resume, last complete record is unreadable ({exc})") from exc
    return len(lines), last


def skip_done(items: Iterator[PuzzleItem], count: int, last_line: int | None, path: Path) -> Iterator[PuzzleItem]:
    """Drop the first ``count`` records (already in the output), checking they match."""
    item = None
    for _ in range(count):
        item = next(items, None)
        if item is None:
            raise BulkError(f"{path} has {count} records but the input has fewer; not the same input?")
    if item is not None and last_line is not None and item.line != last_line:
        raise BulkError(f"{path}: last record is for line {last_line}, the input has line {item.line} there; "
                        "not the same input?")
    return items


# --- statistics and the summary ----------------------------------------------------------


@dataclass
class Stats:
    """Running counts of a run, bounded in size whatever the number of records."""

    records: int = 0
    statuses: Counter = field(default_factory=Counter)
    levels: Counter = field(default_factory=Counter)
    techniques: Counter = field(default_factory=Counter)
    technique_steps: Counter = field(default_factory=Counter)
    points: Counter = field(default_factory=Counter)
    rating_seconds: float = 0.0
    skipped: int = 0

    def add(self, record: dict[str, Any]) -> None:
        self.records += 1
        self.statuses[record["status"]] += 1
        if record["status"] in RATED:
            self.levels[record["level"]] += 1
            self.points[record["points"]] += 1
            for code, n in record["techniques"].items():
                self.techniques[code] += 1
                self.technique_steps[code] += n
        self.rating_seconds += record["seconds"] or 0.0

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


def summary_tables(stats: Stats, wall: float, catalogue: Catalogue, lang: str, ascii_only: bool) -> list[Any]:
    """Rich tables: overview, per status, per level, techniques used."""
    from rich import box
    from rich.table import Table
    from rich.text import Text  # names are data: never parsed as markup

    frame = box.ASCII if ascii_only else box.ROUNDED
    overview = Table(box=frame, show_header=False, title="Bulk rating", title_justify="left")
    overview.add_column()
    overview.add_column(justify="right")
    ms = 1000 * wall / stats.records if stats.records else math.nan
    rows = [("records", str(stats.records)), ("rated", str(stats.rated))]
    if stats.skipped:
        rows.append(("skipped (resume)", str(stats.skipped)))
    rows += [
        ("mean points", f"{stats.mean_points():.2f}"),
        ("median points", f"{stats.median_points():.2f}"),
        ("wall time", f"{wall:.1f} s"),
        ("ms per puzzle (wall)", f"{ms:.1f}"),
        ("ms per puzzle (rating, per worker)",
         f"{1000 * stats.rating_seconds / stats.records:.1f}" if stats.records else "-"),
    ]
    for label, value in rows:
        overview.add_row(label, value)
    statuses = Table("status", "count", box=frame, title="Per status", title_justify="left")
    statuses.columns[1].justify = "right"
    for status, n in stats.statuses.most_common():
        statuses.add_row(status, str(n))
    levels = Table("level", "count", box=frame, title="Per level", title_justify="left")
    levels.columns[1].justify = "right"
    order = {name: i for i, name in enumerate(_level_names(lang))}
    for level, n in sorted(stats.levels.items(), key=lambda kv: order.get(kv[0], len(order))):
        levels.add_row(level, str(n))
    used = Table("code", "technique", "puzzles", "steps", box=frame, title="Techniques used", title_justify="left")
    used.columns[2].justify = used.columns[3].justify = "right"
    for entry in catalogue:
        if entry.code in stats.techniques:
            used.add_row(entry.code, Text(entry.names[lang]), str(stats.techniques[entry.code]),
                         str(stats.technique_steps[entry.code]))
    return [overview, statuses, levels, used]


def _level_names(lang: str) -> list[str]:
    from rater.levels import load_levels

    table = load_levels()
    return [names[lang] for _bound, names in table.grades] + [table.top_other[lang], table.top_te[lang]]


def count_records(path: Path) -> int | None:
    """A cheap estimate of the number of puzzle lines (None for grid files), for the ETA."""
    count = 0
    with path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            stripped = line.strip()
            if len(stripped) >= 81 and stripped[0] != "#":
                count += 1
    return count or None


# --- one complete run --------------------------------------------------------------------


@dataclass
class BulkRun:
    """A bulk run as the CLI configures it."""

    source: str
    config: BulkConfig
    output: str | None = None
    fmt: str = "csv"
    template: str | None = None
    jobs: int = 0
    resume: bool = False
    progress: bool = True
    summary: bool = True
    ascii: bool = False

    def run(self) -> int:
        """Rate everything; the exit code (0 all rated, 4 some records not rated, 130 interrupted)."""
        from rich.console import Console

        if self.template:
            check_template(self.template)
        if self.resume and not self.output:
            raise BulkError("--resume needs --output FILE")
        jobs = self.jobs or _cores()
        err = Console(stderr=True, highlight=False)
        catalogue = Catalogue.load(self.config.techniques) if self.config.techniques else Catalogue.load()
        in_stream = sys.stdin if self.source == "-" else open(self.source, encoding="utf-8", errors="replace")
        total = None if self.source == "-" else count_records(Path(self.source))
        items: Iterator[PuzzleItem] = read_items(in_stream)
        stats = Stats()
        out_path = Path(self.output) if self.output else None
        header = True
        if out_path and self.resume:
            done, last = prepare_resume(out_path, self.fmt)
            items = skip_done(items, done, last, out_path)
            stats.skipped = done
            header = not (out_path.exists() and out_path.stat().st_size)
        out_stream = (out_path.open("a" if self.resume else "w", encoding="utf-8") if out_path else sys.stdout)
        writer = RecordWriter(out_stream, self.fmt, self.template, header=header)
        previous = signal.signal(signal.SIGTERM, _raise_interrupt)
        began = time.perf_counter()
        interrupted = False
        records = rate_stream(items, self.config, jobs, on_flush=writer.flush)
        try:
            with _progress(err, self.progress, None if total is None else max(total - stats.skipped, 0)) as advance:
                for record in records:
                    writer.write(record)
                    stats.add(record)
                    advance()
        except KeyboardInterrupt:
            interrupted = True
        finally:
            records.close()
            writer.flush()
            signal.signal(signal.SIGTERM, previous)
            if out_path:
                out_stream.close()
            if in_stream is not sys.stdin:
                in_stream.close()
        wall = time.perf_counter() - began
        if self.summary:
            for table in summary_tables(stats, wall, catalogue, self.config.lang, self.ascii):
                err.print(table)
            if interrupted:
                err.print("interrupted: re-run with --resume to continue")
        if interrupted:
            return EXIT_INTERRUPTED
        return EXIT_ALL_RATED if all(s in RATED for s in stats.statuses) else EXIT_INCOMPLETE


def _cores() -> int:
    """Cores this process may use (a container's CPU set, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _raise_interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


class _progress:
    """A rich progress bar on stderr with rate and ETA, or nothing."""

    def __init__(self, console: Any, enabled: bool, total: int | None) -> None:
        self.console = console
        self.enabled = enabled and console.is_terminal
        self.total = total

    def __enter__(self) -> Callable[[], None]:
        if not self.enabled:
            return lambda: None
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn,
                                   TimeElapsedColumn, TimeRemainingColumn)
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
