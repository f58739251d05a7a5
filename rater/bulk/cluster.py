"""Rating a file on a Dask cluster (``rate --file F --cluster ADDRESS``), streaming and in input order.

The client (the ``rate`` process) reads the input, cuts it into chunks of
consecutive records and sends every chunk as one task; a task rates its
puzzles with :func:`rater.bulk.workers.rate_item`, the function the local workers
call, so a record is made by one code path whichever way it is rated.  What
the local pool (:mod:`rater.bulk.workers`) promises holds here too:

* **Bounded memory.**  At most ``window`` chunks (2 per worker thread) are in
  flight or waiting to be written; the input is read only when one is
  written.  Results are written in input order as soon as they are
  contiguous.
* **Unreadable lines never go to the cluster.**  A line that did not parse gets
  its ``error`` record on the client; only puzzles travel.
* **One Engine per worker process**, built on its first task from the run's
  :class:`rater.settings.RunSettings` (the same object the local workers get,
  technique file text included, so the workers need not see the client's
  files) and kept for the next ones.
* **Timeouts on the workers.**  ``--timeout`` is the engine's deadline, as
  locally.  A puzzle still running after the guard limit
  (:func:`rater.bulk.workers.guard_limit`) is stopped by a watchdog thread of the
  task, which raises an exception in the rating thread; the puzzle gets a
  ``timeout`` record and the chunk goes on.  A task stuck where no Python
  code runs cannot be stopped that way: the client gives up on a chunk that
  is not back ``2 x its length x the guard limit`` after it became the oldest
  one, writes ``timeout`` records for its puzzles and asks the cluster to
  restart the worker that holds it.  So no task hangs the client forever.
* **A lost worker loses nothing.**  The scheduler gives the tasks of a worker
  that died to another one (up to its ``allowed-failures``, 3 by default);
  ``retries`` on every task covers a task that fails by an exception.  A chunk
  that keeps killing its workers (``KilledWorker``) gets ``error`` records.
  A task that still fails (``rate_chunk`` makes a record of every puzzle's
  failure, so that means a scheduler or worker without this package) and a
  lost scheduler end the run (exit 2): the output holds every record written
  so far, and ``--resume`` continues.  A killed client loses only the
  chunks in flight, which ``--resume`` rates again.

Reaching the cluster (``local[:N]`` or an address, the bounded timeout, the
one-line errors, Dask's settings) is :mod:`puzzles.cluster`, shared with
``canon sweep --cluster``.  Dask is an optional extra
(``pip install "sudoku-rater[cluster]"``); it is imported only when a cluster
is asked for.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzles.cluster import CONNECT_TIMEOUT, ClusterConnection, first_line
from puzzles.cluster import ClusterError as ClusterError  # raised here too
from puzzles.formats import PuzzleItem
from rater.bulk.workers import guard_limit, rate_guarded
from rater.records import error_record
from rater.run.engine import Engine
from rater.settings import RunSettings, forget_per_thread, per_thread

#: Puzzles per task on long files: a task is then seconds of work against a few ms of scheduling.
DEFAULT_CHUNK = 200
#: Fewest puzzles per task when a short file is cut finer to keep every worker busy to the end.
MIN_CHUNK = 10
#: Chunks in flight or waiting to be written, per worker thread.
CHUNKS_PER_THREAD = 2
#: Times the scheduler reruns a task that failed by an exception.
RETRIES = 2
#: Seconds between two looks at the oldest chunk (Ctrl-C and the backstop are noticed this often).
POLL = 0.5


# --- the worker side ------------------------------------------------------------------



def worker_engine(settings: RunSettings) -> Engine:
    """This worker thread's Engine for the run's settings, built once and kept.

    Per thread rather than per process so that a worker with several threads
    never shares one Engine between two ratings; with one thread per worker
    process (what ``--cluster local`` starts) it is one Engine per process.
    The settings carry the technique file's text, so the workers need not see
    the client's files.
    """
    return per_thread("engines", settings, settings.engine)  # a worker serves one run at a time


def _forget_engine(settings: RunSettings) -> None:
    """Drop an Engine whose rating was stopped from outside: its state is not to be trusted."""
    forget_per_thread("engines", settings)
    forget_per_thread("catalogues")


def rate_chunk(items: list[PuzzleItem], settings: RunSettings, limit: float | None = None) -> list[dict[str, Any]]:
    """The task of one chunk: the records of ``items``, in order (runs on a worker).

    ``limit`` (seconds per puzzle, default :func:`rater.bulk.workers.guard_limit`
    of the run's timeout) is what the guard allows one puzzle.
    """
    def engine(fresh: bool) -> Engine:
        if fresh:
            _forget_engine(settings)
        return worker_engine(settings)

    return list(rate_guarded(items, settings, engine, limit))


# --- the client side ------------------------------------------------------------------


@dataclass
class _Chunk:
    """Consecutive input records: those rated on the client at once, the others sent as one task."""

    records: list[dict[str, Any] | None] = field(default_factory=list)
    sent: list[PuzzleItem] = field(default_factory=list)
    future: Any = None
    #: When the chunk became the oldest one (the backstop counts from there).
    oldest_since: float | None = None

    def fill(self, rated: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """All records in input order, the task's ``rated`` ones in the gaps (none without a task)."""
        given = iter(rated)
        return [record if record is not None else next(given) for record in self.records]


class ClusterRun(ClusterConnection):
    """The cluster of one ``rate --cluster`` run (see :class:`puzzles.cluster.ClusterConnection`)."""

    def __init__(self, target: str, cores: int, note: Callable[[str], None] = lambda _text: None) -> None:
        super().__init__(target, cores, note=lambda text: note(f"rate: note: {text}"), timeout=CONNECT_TIMEOUT)

    def chunk_size(self, remaining: int | None) -> int:
        """:data:`DEFAULT_CHUNK`, or smaller on a short file so that every worker has work to the end."""
        if remaining is None:
            return DEFAULT_CHUNK
        return max(MIN_CHUNK, min(DEFAULT_CHUNK, math.ceil(remaining / (8 * self.threads()))))

    def rate_stream(self, items: Iterable[PuzzleItem], settings: RunSettings, *, chunk_size: int = DEFAULT_CHUNK,
                    on_flush: Callable[[], None] | None = None) -> Generator[dict[str, Any], None, None]:
        """Records for ``items`` in input order, rated on the cluster (see the module docstring)."""
        window = CHUNKS_PER_THREAD * self.threads()
        source = iter(items)
        pending: deque[_Chunk] = deque()
        limit = guard_limit(settings.timeout)
        exhausted = False
        try:
            while True:
                while not exhausted and len(pending) < window:
                    chunk = self._next_chunk(source, chunk_size)
                    if chunk is None:
                        exhausted = True
                        break
                    if chunk.sent:
                        chunk.future = self.client.submit(rate_chunk, chunk.sent, settings,
                                                          pure=False, retries=RETRIES)
                    pending.append(chunk)
                if not pending:
                    return
                head = pending[0]
                rated = self._results(head, limit) if head.future is not None else []
                pending.popleft()
                yield from head.fill(rated)
                if on_flush:
                    on_flush()
        finally:
            for chunk in pending:
                if chunk.future is not None:
                    chunk.future.cancel()

    @staticmethod
    def _next_chunk(source: Iterator[PuzzleItem], size: int) -> _Chunk | None:
        chunk = _Chunk()
        for item in source:
            if item.error or item.grid is None:
                chunk.records.append(error_record(item, "error", item.error))
            else:
                chunk.records.append(None)
                chunk.sent.append(item)
            if len(chunk.records) >= size:
                break
        return chunk if chunk.records else None

    def _results(self, chunk: _Chunk, limit: float) -> list[dict[str, Any]]:
        """The records of the oldest chunk's task, waiting in short slices (Ctrl-C, the backstop)."""
        chunk.oldest_since = chunk.oldest_since or time.monotonic()
        backstop = 2 * len(chunk.sent) * limit
        # A threading.Event rather than ``result(timeout=...)``: Dask's own timeout can race with the
        # task's end and then fail with an UnboundLocalError instead of a result or a TimeoutError.
        done = threading.Event()
        chunk.future.add_done_callback(lambda _future: done.set())
        while not done.wait(POLL):
            if time.monotonic() - chunk.oldest_since > backstop:
                self._give_up(chunk)
                message = f"its task was not back within {backstop:g} s; given up, its worker restarted"
                return [error_record(item, "timeout", message) for item in chunk.sent]
        try:
            records: list[dict[str, Any]] = chunk.future.result()
            return records
        except Exception as exc:  # noqa: BLE001 - KilledWorker, a lost scheduler, a failed task
            if type(exc).__name__ == "KilledWorker":  # this chunk killed worker after worker
                message = f"its workers died while rating it: {first_line(exc)}"
                return [error_record(item, "error", message) for item in chunk.sent]
            if self.client.status != "running":
                raise ClusterError("lost the Dask scheduler; the records written so far stay, "
                                   "--resume continues") from exc
            # rate_chunk turns every puzzle's failure into a record: a failed task is the cluster's setup
            raise ClusterError(f"a cluster task failed ({type(exc).__name__}: {first_line(exc)}); the "
                               "scheduler and workers need this sudoku-rater and Dask installed") from exc

    def _give_up(self, chunk: _Chunk) -> None:
        """Cancel a task stuck beyond the backstop and restart its worker, whose thread it still holds."""
        key = chunk.future.key
        try:
            holders = [worker for worker, keys in self.client.processing().items() if key in keys]
        except Exception:  # noqa: BLE001
            holders = []
        chunk.future.cancel()
        if holders:
            try:
                self.client.restart_workers(holders, raise_for_error=False)
            except Exception:  # noqa: BLE001 - a scheduler without nannies cannot restart: the task is dropped anyway
                pass

