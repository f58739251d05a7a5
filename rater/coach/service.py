"""The coach's work off the event loop: a process pool for ratings, a queue of bulk jobs.

A rating can take seconds of pure Python; run in the server's thread it would
stop every other request.  Each request's work is a function of
:mod:`rater.coach.work` sent to a pool of worker processes, with a time limit
(the engine's deadline, and a wait bound here), and at most
:attr:`Limits.pending` tasks wait at once: beyond that the server says it is
busy instead of queueing without end.  Bulk files are rated one job at a
time by a thread that runs the bulk runner's worker pool
(:func:`rater.bulk.workers.rate_stream`) and keeps the records in memory for
the pages and the downloads, written by the writer of ``rate --file``.
"""

from __future__ import annotations

import asyncio
import io
import itertools
import os
import queue
import threading
import time
import uuid
from collections.abc import Callable, Generator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Final

from puzzles.cluster import available_cores
from puzzles.formats import PuzzleItem, read_items
from rater.bulk.output import RecordWriter
from rater.bulk.workers import rate_stream
from rater.coach.work import CoachError, settings
from rater.records import FIELDS

#: The record formats of the bulk downloads, as ``rate --file --format`` names them.
FORMATS: Final = ("csv", "jsonl")


@dataclass(frozen=True)
class Limits:
    """What one request or job may ask of the server."""

    #: Largest request body (a bulk file included); larger ones get 413.
    body_bytes: int = 8 * 1024 * 1024
    #: Seconds a rating or hint may take (the engine's deadline).
    rate_seconds: float = 30.0
    #: Seconds a generation request may search, and the puzzles it may ask for.
    generate_seconds: float = 60.0
    generate_count: int = 20
    #: Pool tasks waiting or running at once; more are refused (503).
    pending: int = 64
    #: Bulk jobs queued or running at once; more are refused (429).
    bulk_jobs: int = 4
    #: Puzzles in one bulk file.
    bulk_puzzles: int = 20_000
    #: Finished bulk jobs kept for their downloads (the oldest go first).
    bulk_kept: int = 20
    #: Worker processes of the pool and of a bulk job (None: the cores).
    workers: int | None = None


@dataclass
class BulkJob:
    """One uploaded file: its puzzles, its state and the records made so far."""

    id: str
    items: list[PuzzleItem]
    option: str
    lang: str
    state: str = "queued"
    records: list[dict[str, Any]] = field(default_factory=list)
    error: str = ""

    def status(self) -> dict[str, Any]:
        data: dict[str, Any] = {"state": self.state, "done": len(self.records), "total": len(self.items)}
        if self.error:
            data["error"] = self.error
        return data

    def text(self, fmt: str) -> str:
        """The records so far as ``rate --file --format FMT`` writes them."""
        stream = io.StringIO()
        writer = RecordWriter(stream, fmt, fields=FIELDS)
        for record in list(self.records):
            writer.write(record)
        return stream.getvalue()


def follow_parent(parent: int) -> None:
    """Pool initializer: end this worker when the server process is gone (killed without a shutdown)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(2.0)
        os._exit(0)

    threading.Thread(target=watch, name="coach parent watch", daemon=True).start()


class Service:
    """The pool, the bulk queue and their limits; :meth:`start` and :meth:`stop` bracket the server's life."""

    def __init__(self, limits: Limits | None = None) -> None:
        self.limits = limits or Limits()
        self.workers = self.limits.workers or available_cores()
        self._pool: ProcessPoolExecutor | None = None
        self._waiting = 0
        self._jobs: dict[str, BulkJob] = {}
        self._queue: queue.Queue[BulkJob | None] = queue.Queue()
        self._stopping = threading.Event()
        self._runner: threading.Thread | None = None
        self._lock = threading.Lock()

    # -- life -------------------------------------------------------------------------------

    def start(self) -> None:
        self._pool = self._new_pool()
        self._runner = threading.Thread(target=self._run_jobs, name="coach bulk jobs", daemon=True)
        self._runner.start()

    def stop(self) -> None:
        self._stopping.set()
        self._queue.put(None)
        if self._runner is not None:
            self._runner.join(timeout=30)
        if self._pool is not None:
            # waiting ends the workers (each task is bounded by the engine's deadline); without it they
            # would wait for work forever
            self._pool.shutdown(wait=True, cancel_futures=True)

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn: the server runs threads, and a forked child would inherit their locks mid-use
        return ProcessPoolExecutor(max_workers=self.workers, mp_context=get_context("spawn"),
                                   initializer=follow_parent, initargs=(os.getpid(),))

    # -- one request's work -----------------------------------------------------------------

    async def call(self, function: Callable[..., Any], *args: Any, seconds: float) -> Any:
        """``function(*args)`` on a worker process; CoachError 503 when busy, when it passes ``seconds``
        (plus grace) or when its worker died."""
        if self._pool is None:
            raise CoachError("the server is not running", 503)
        if self._waiting >= self.limits.pending:
            raise CoachError("the server is busy: try again in a moment", 503)
        self._waiting += 1
        try:
            future = asyncio.get_running_loop().run_in_executor(self._pool, function, *args)
            return await asyncio.wait_for(future, seconds + max(5.0, seconds / 2))
        except asyncio.TimeoutError:
            raise CoachError(f"the work took longer than {seconds:g} s", 503) from None
        except BrokenProcessPool:
            self._pool = self._new_pool()
            raise CoachError("a worker process stopped: try again", 503) from None
        finally:
            self._waiting -= 1

    # -- bulk jobs --------------------------------------------------------------------------

    def submit(self, data: bytes, option: str, lang: str) -> BulkJob:
        """Queue a bulk file; its items are read now, so a file without puzzles is refused at once."""
        settings(option, lang, None)  # bad settings are the request's error, not the job's
        items = list(itertools.islice(read_items(io.BytesIO(data)), self.limits.bulk_puzzles + 1))
        if not items:
            raise CoachError("the file holds no puzzle")
        if len(items) > self.limits.bulk_puzzles:
            raise CoachError(f"a file may hold at most {self.limits.bulk_puzzles} puzzles", 413)
        with self._lock:
            active = sum(1 for job in self._jobs.values() if job.state in ("queued", "running"))
            if active >= self.limits.bulk_jobs:
                raise CoachError(f"{active} bulk jobs are waiting or running: try again when one is done", 429)
            job = BulkJob(uuid.uuid4().hex, items, option, lang)
            self._jobs[job.id] = job
            self._forget_old()
        self._queue.put(job)
        return job

    def job(self, ident: str) -> BulkJob:
        found = self._jobs.get(ident)
        if found is None:
            raise CoachError(f"no bulk job {ident[:40]!r}", 404)
        return found

    def _forget_old(self) -> None:
        finished = [j for j in self._jobs.values() if j.state in ("done", "failed")]
        for job in finished[:max(0, len(finished) - self.limits.bulk_kept)]:
            del self._jobs[job.id]

    def _run_jobs(self) -> None:
        while not self._stopping.is_set():
            job = self._queue.get()
            if job is None:
                return
            job.state = "running"
            records = self._records(job)
            try:
                for record in records:
                    if self._stopping.is_set():
                        job.state, job.error = "failed", "the server stopped"
                        return
                    job.records.append(record)
                job.state = "done"
            except Exception as exc:  # noqa: BLE001 - a job's failure is its state, never the thread's end
                job.state, job.error = "failed", f"{type(exc).__name__}: {exc}"
            finally:
                records.close()  # ends the job's worker processes at once

    def _records(self, job: BulkJob) -> Generator[dict[str, Any], None, None]:
        run = settings(job.option, job.lang, self.limits.rate_seconds)
        # worker processes even for one job: a rating in the server's own process would hold up every request
        records = rate_stream(job.items, run, max(1, self.workers - 1))
        try:
            yield from records
        finally:
            records.close()
