"""Rating many puzzles in parallel, streaming and in input order.

Why own worker processes instead of ``multiprocessing.Pool``:

* **Bounded window.**  ``Pool.imap`` reads the whole input ahead into its
  task queue; here the caller's iterator is read only while fewer than
  ``window`` records are in flight or waiting for an earlier one, so memory
  stays flat on any file size.
* **Unreadable lines never wait.**  A line that did not parse needs no worker:
  its ``error`` record is queued at once, and the parent only blocks when it
  has a puzzle for a worker and none is free (or the window is full).  So a
  file of malformed lines is written as fast as it is read.
* **One Engine per worker, and per-worker control.**  Every worker runs an
  initializer that builds its Engine once and then rates what it is sent over
  its own pipe (at most two puzzles queued).  Knowing which worker holds which
  puzzle lets the parent guard against hangs: a worker still busy after the
  guard limit (``timeout`` + grace with ``--timeout``, else
  :data:`DEFAULT_GUARD` seconds) on one puzzle is killed and replaced, the
  puzzle gets a ``timeout`` record and the worker's other queued puzzles go to
  the replacement.  (The engine's own ``deadline`` catches almost all
  timeouts; the guard is for a single technique search that never returns.)
  A worker that dies (a crash, the OOM killer) is replaced too and its puzzle
  is rated once more on the new worker, since the cause may have been outside
  the puzzle; a second death gives the puzzle an ``error`` record.  A puzzle
  killed by the guard is not retried: the engine is deterministic, and a retry
  would double the longest wait.

One worker would only add a process start and a pipe round trip per record to
the rating, so ``--jobs 1`` rates in the calling process (:func:`rate_here`),
with the same records and a watchdog thread in place of the killed worker.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeAlias

from puzzles.collector import settle
from puzzles.errors import InputError
from puzzles.formats import PuzzleItem
from puzzles.lifeline import start_worker
from puzzles.rules import item_rules
from rater.records import RATED, error_record, minlex_field, rating_record
from rater.run.engine import Engine
from rater.settings import RunSettings
from techniques.board import Board

if TYPE_CHECKING:  # multiprocessing loads with the first pool: --jobs 1 rates in this process
    from multiprocessing import connection

#: Seconds one puzzle may keep a worker busy when no ``--timeout`` is given.
DEFAULT_GUARD = 300.0
#: Seconds between two looks at the workers while waiting for results.
POLL = 0.5


def guard_limit(timeout: float | None) -> float:
    """Seconds one puzzle may take before a guard stops it: ``timeout`` plus grace, else :data:`DEFAULT_GUARD`.

    The grace leaves the engine's own deadline the first word: the guard is
    only for a technique search that never comes back to check it.
    """
    return timeout + max(2.0, 0.5 * timeout) if timeout else DEFAULT_GUARD


#: What a worker makes of one puzzle: a record (:func:`rate_item`), or a rating for the API.
RateFunction: TypeAlias = Callable[[PuzzleItem, RunSettings], Any]

# --- the worker side ------------------------------------------------------------------

_ENGINE: Engine | None = None


def init_worker(settings: RunSettings) -> None:
    """Per-process initializer: one Engine per worker, from the run's settings; Ctrl-C is the parent's business."""
    global _ENGINE
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _ENGINE = settings.engine()
    settle()  # the engine lives as long as the worker: out of the collector's scans


def rate_item(item: PuzzleItem, settings: RunSettings, engine: Engine | None = None) -> dict[str, Any]:
    """Rate one record with ``engine`` (by default this worker's, see :func:`init_worker`).

    The one place a record is made from a puzzle: local workers and cluster
    tasks (:mod:`rater.bulk.cluster`) both call it, so their records are identical.
    """
    engine = engine or _ENGINE
    assert engine is not None, "init_worker() was not called"
    if item.error or item.grid is None:
        return error_record(item, "error", item.error)
    rules = item_rules(item.comment, settings.rule_set())
    start = Board.from_candidates(item.grid, item.cands, rules) if item.cands else None
    try:
        rating = settings.rate_with(engine, item.grid, rules, start)
    except InputError as exc:  # givens twice in a unit, a starting board of other givens
        return error_record(item, "invalid", str(exc))
    except Exception as exc:  # noqa: BLE001 - one bad puzzle must not end a million-line run
        return error_record(item, "error", f"{type(exc).__name__}: {exc}")
    record = rating_record(item, rating, settings.lang, settings.timeout)
    if settings.reduce:
        from rater.reduction import reduction_fields

        record.update(reduction_fields(item.grid if rating.status in RATED else None))
    if settings.with_minlex:
        record.update(minlex_field(item, rules))
    return record


def _worker_main(conn: connection.Connection, parent_end: connection.Connection, settings: RunSettings,
                 rate: RateFunction | None = None, parent_pid: int | None = None) -> None:
    """Rate what arrives on ``conn`` until told to stop or orphaned.

    A forked worker inherits the parent's pipe ends (its own and its
    siblings'), so a killed parent does not always show up as EOF; the worker
    therefore also notices when its parent process has changed, also in the
    middle of a rating (:func:`puzzles.lifeline.start_worker`).
    """
    parent_end.close()
    parent_pid = os.getppid() if parent_pid is None else parent_pid
    start_worker(parent_pid)
    init_worker(settings)
    while True:
        try:
            while not conn.poll(1.0):
                if os.getppid() != parent_pid:
                    return
            task = conn.recv()
        except (EOFError, OSError):  # the parent closed the pipe or died
            return
        if task is None:
            return
        seq, item = task
        try:
            conn.send((seq, (rate or rate_item)(item, settings)))
        except OSError:  # the parent is gone (killed): nothing left to do
            return


class Overtime(BaseException):
    """Raised in a rating thread by its guard: a BaseException, so ``rate_item`` does not catch it."""


class RatingGuard:
    """A watchdog thread that stops a rating running longer than ``limit`` seconds.

    It raises :class:`Overtime` in the rating thread (CPython's
    ``PyThreadState_SetAsyncExc``), which surfaces at the next Python
    instruction: enough for a technique search that loops, not for a call
    that never returns to Python.  It fires only between :meth:`begin` and
    :meth:`end`, under the lock that :meth:`end` takes, so the exception
    always lands before the rating thread leaves the ``try`` of that puzzle.
    Compiled modules (:mod:`puzzles.build`) run no Python instructions: a
    search that loops inside one is stopped when it next calls Python code.
    """

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.target = threading.get_ident()
        self.lock = threading.Lock()
        self.started: float | None = None
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._watch, name="rate-guard", daemon=True)

    def __enter__(self) -> RatingGuard:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.end()
        self.stopped.set()
        self.thread.join()

    def begin(self) -> None:
        with self.lock:
            self.started = time.monotonic()

    def end(self) -> None:
        with self.lock:
            self.started = None

    def _watch(self) -> None:
        while not self.stopped.wait(min(POLL, self.limit / 4)):
            with self.lock:
                if self.started is not None and time.monotonic() - self.started > self.limit:
                    import ctypes

                    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self.target),
                                                               ctypes.py_object(Overtime))
                    self.started = None


def rate_guarded(items: Iterable[PuzzleItem], settings: RunSettings, engine: Callable[[bool], Engine],
                 limit: float | None = None) -> Generator[dict[str, Any], None, None]:
    """The records of ``items`` in order, each rating watched by a :class:`RatingGuard`.

    ``limit`` (seconds per puzzle, default :func:`guard_limit` of the run's timeout) is what the
    guard allows one puzzle; a puzzle stopped by it gets a ``timeout`` record. ``engine(False)``
    gives the Engine to start with, ``engine(True)`` a new one after a stopped rating, whose
    Engine's state is not to be trusted.
    """
    limit = limit or guard_limit(settings.timeout)
    current = engine(False)
    with RatingGuard(limit) as guard:
        for item in items:
            try:
                guard.begin()
                record = rate_item(item, settings, current)
                guard.end()
            except Overtime:
                guard.end()
                current = engine(True)
                record = error_record(item, "timeout", f"rating took longer than {limit:g} s; stopped")
            yield record


def rate_here(items: Iterable[PuzzleItem], settings: RunSettings, *,
              on_flush: Callable[[], None] | None = None) -> Generator[dict[str, Any], None, None]:
    """``--jobs 1``: the records of ``items`` rated in this process, in order; no worker, no pipe.

    The records are those of a worker (:func:`rate_item`). ``--timeout`` is the engine's
    deadline, as on a worker. The guard against a search that never ends is
    :func:`rate_guarded`'s watchdog here instead of a killed worker: a puzzle still running
    after :func:`guard_limit` gets a ``timeout`` record and the engine is built anew. What no
    process of its own can give: a crash (the OOM killer) ends the run instead of one record;
    ``--resume`` continues it, and ``--jobs 2`` keeps a crash to one puzzle. ``on_flush`` is
    called after every record.
    """
    for record in rate_guarded(items, settings, lambda _fresh: settings.engine()):
        yield record
        if on_flush:
            on_flush()


# --- the parent side ------------------------------------------------------------------


@dataclass
class _Worker:
    process: Any
    conn: connection.Connection
    pending: deque[tuple[int, PuzzleItem]] = field(default_factory=deque)
    started: float = 0.0


class WorkerPool:
    """``jobs`` worker processes, each with a short queue of puzzles, replaceable one by one."""

    def __init__(self, jobs: int, settings: RunSettings, per_worker: int = 2,
                 rate: RateFunction | None = None) -> None:
        self.settings = settings
        self.rate = rate
        self.per_worker = per_worker
        from multiprocessing import get_context

        self.context = get_context()
        self.retried: set[int] = set()  # puzzles on their second attempt after their worker died
        self.workers = [self._spawn() for _ in range(jobs)]

    def _spawn(self) -> _Worker:
        parent, child = self.context.Pipe()
        process = self.context.Process(target=_worker_main,
                                       args=(child, parent, self.settings, self.rate, os.getpid()), daemon=True)
        process.start()
        child.close()
        return _Worker(process, parent)

    def free_worker(self) -> _Worker | None:
        """The least busy worker that can take another puzzle."""
        worker = min(self.workers, key=lambda w: len(w.pending))
        return worker if len(worker.pending) < self.per_worker else None

    def submit(self, worker: _Worker, seq: int, item: PuzzleItem) -> None:
        if not worker.pending:
            worker.started = time.monotonic()
        worker.pending.append((seq, item))
        try:
            worker.conn.send((seq, item))
        except OSError:  # died meanwhile: collect() replaces it and resends its queue
            pass

    def collect(self, wait: float) -> list[tuple[int, Any]]:
        """Results that arrived within ``wait`` seconds, plus records for hung or dead workers."""
        from multiprocessing import connection

        out: list[tuple[int, Any]] = []
        handles = [w.conn for w in self.workers] + [w.process.sentinel for w in self.workers]
        connection.wait(handles, timeout=wait)
        for index, worker in enumerate(self.workers):
            try:
                while worker.conn.poll():
                    seq, record = worker.conn.recv()
                    worker.pending.popleft()
                    worker.started = time.monotonic()
                    self.retried.discard(seq)
                    out.append((seq, record))
            except (EOFError, OSError):
                pass
            if not worker.process.is_alive():
                out.extend(self._replace(index, f"worker died (exit code {worker.process.exitcode})", retry=True))
            elif worker.pending and time.monotonic() - worker.started > self.limit():
                out.extend(self._replace(index, f"rating took longer than {self.limit():g} s; worker killed",
                                         status="timeout"))
        return out

    def limit(self) -> float:
        """Seconds a worker may spend on one puzzle before the guard kills it."""
        return guard_limit(self.settings.timeout)

    def _replace(self, index: int, message: str, status: str = "error",
                 retry: bool = False) -> list[tuple[int, dict[str, Any]]]:
        """Kill worker ``index`` and start a new one with its queue.

        Its current puzzle gets a ``status`` record, unless ``retry`` allows
        one more attempt on the new worker (once per puzzle).
        """
        old = self.workers[index]
        old.process.kill()
        old.process.join()
        old.conn.close()
        records = []
        if old.pending:
            seq, item = old.pending[0]
            if retry and seq not in self.retried:
                self.retried.add(seq)
            else:
                old.pending.popleft()
                self.retried.discard(seq)
                died_again = " again after a retry" if retry else ""
                records.append((seq, error_record(item, status, message + died_again)))
        new = self._spawn()
        self.workers[index] = new
        for queued_seq, queued in old.pending:
            self.submit(new, queued_seq, queued)
        return records

    def in_flight(self) -> int:
        return sum(len(w.pending) for w in self.workers)

    def close(self, kill: bool = False) -> None:
        for w in self.workers:
            try:
                if kill:
                    w.process.kill()
                else:
                    w.conn.send(None)
            except (OSError, ValueError):
                pass
        for w in self.workers:
            w.process.join(timeout=None if not kill else 5)
            w.conn.close()


def rate_stream(
    items: Iterable[PuzzleItem],
    settings: RunSettings,
    jobs: int,
    *,
    window: int | None = None,
    on_flush: Callable[[], None] | None = None,
    rate: RateFunction | None = None,
) -> Generator[Any, None, None]:
    """Records for ``items`` in input order, rated by ``jobs`` workers.

    At most ``window`` records are in flight or waiting for an earlier one, so
    the input is read lazily.  Items that did not parse get their ``error``
    record without a worker.  The loop waits for workers only when it cannot
    go on without them: a puzzle is held for want of a free worker, the
    window is full, or the input is exhausted.  ``on_flush`` is called after
    every round of yielded records (the writer flushes there).  ``rate``
    makes a worker's result of one item (default: its record); the records
    the pool makes itself (unreadable lines, timeouts, dead workers) are
    records whatever ``rate`` returns.
    """
    window = window or max(64, 16 * jobs)
    feed = _Feed(enumerate(items))
    pool = WorkerPool(jobs, settings, rate=rate)
    done: dict[int, Any] = {}
    next_out = 0
    try:
        while True:
            blocked = feed.fill(pool, done, window)
            yielded = False
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
                yielded = True
            if yielded and on_flush:
                on_flush()
            if feed.exhausted and not pool.in_flight() and not done:
                return
            waiting = blocked or feed.exhausted
            for seq, record in pool.collect(POLL if waiting and pool.in_flight() else 0.0):
                done[seq] = record
    finally:
        pool.close(kill=not feed.exhausted or pool.in_flight() > 0)


@dataclass
class _Feed:
    """The input side of :func:`rate_stream`: items handed to free workers, unreadable ones recorded at once."""

    source: Iterator[tuple[int, PuzzleItem]]
    #: An item read but not yet submitted: no worker was free.
    held: tuple[int, PuzzleItem] | None = None
    exhausted: bool = False

    def fill(self, pool: WorkerPool, done: dict[int, Any], window: int) -> bool:
        """Submit items while fewer than ``window`` are in flight or done; whether the loop must wait for
        the workers now (an item is held for want of a free worker, or the window is full)."""
        while not self.exhausted and pool.in_flight() + len(done) < window:
            if self.held is None:
                self.held = next(self.source, None)
                if self.held is None:
                    self.exhausted = True
                    return False
            seq, item = self.held
            if item.error or item.grid is None:
                done[seq] = error_record(item, "error", item.error)
            else:
                worker = pool.free_worker()
                if worker is None:
                    return True
                pool.submit(worker, seq, item)
            self.held = None
        return not self.exhausted
