"""A connection to a Dask cluster for ``--cluster ADDRESS|local[:N]``, whatever the command runs on it.

Both ``rate --cluster`` (:mod:`rater.bulk.cluster`) and ``canon sweep --cluster``
(:mod:`canon.studies.sweep_cluster`) need the same thing: parse the option,
start a LocalCluster or reach a scheduler within a bounded time, and turn
every failure into one line for the user.  It lives in ``puzzles``, the base
package both ``rater`` and ``canon`` depend on, because ``canon`` must not
import ``rater``; nothing here knows about Sudoku.

Dask is an optional extra (``pip install "sudoku-rater[cluster]"``); this
module imports it, and :mod:`logging`, only when a connection is made: a run
without ``--cluster`` imports the module for :func:`available_cores` and
:class:`ClusterError` alone.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from typing import Any

from puzzles.errors import InputError

#: The install hint of the one-line error when Dask is missing.
EXTRA_HINT = 'pip install "sudoku-rater[cluster]"'
#: Seconds to reach the scheduler (and to see a first worker) before giving up.
CONNECT_TIMEOUT = 10.0
#: Messages and transitions Dask keeps for debugging (its default 1000 holds 1000 tasks' arguments).
LOG_LENGTH = 16


class ClusterError(InputError):
    """The cluster ``--cluster`` names cannot be used (malformed, Dask missing, scheduler unreachable or lost).

    An input error like an unreadable file: the run cannot go on with what
    the user named, and the message is the one line the command prints.
    """


def dask_setup(worker: Any) -> None:
    """Preload hook of the workers of ``--cluster local``: Ctrl-C is the client's business.

    Those workers share the terminal's process group, so they get the user's
    SIGINT too; the client stops the run (and them) itself.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def available_cores() -> int:
    """Cores this process may use (a container's CPU set, not the host's count): what ``local`` means."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parse_target(target: str, cores: int) -> tuple[str | None, int]:
    """(scheduler address, 0) or (None, worker processes) for ``local[:N]``; ClusterError if malformed."""
    if target == "local":
        return None, cores
    if target.startswith("local:"):
        count = target[len("local:"):]
        if not count.isdigit() or int(count) < 1:
            raise ClusterError(f"--cluster local:N needs a whole number of workers N >= 1, not {count!r}")
        return None, int(count)
    if not target.strip():
        raise ClusterError("--cluster needs a scheduler address (tcp://host:8786) or local[:N]")
    return target, 0


class ClusterConnection:
    """A Dask client for one run: connected to a scheduler, or to a LocalCluster started for the run.

    ``note`` gets a message (without a program prefix) when ``local:N`` asks
    for more workers than ``cores``; ``timeout`` bounds reaching the scheduler
    and seeing a first worker.
    """

    def __init__(self, target: str, cores: int, note: Callable[[str], None] = lambda _text: None,
                 timeout: float = CONNECT_TIMEOUT) -> None:
        try:
            import distributed
        except ImportError as exc:
            raise ClusterError(f"--cluster needs Dask: {EXTRA_HINT}") from exc
        import logging

        address, workers = parse_target(target, cores)
        logging.getLogger("distributed").setLevel(logging.ERROR)
        import dask

        # For debugging, Dask keeps the last 1000 messages of every connection (each holding a task's
        # arguments or result) and, in a scheduler of local:N, 1000 task transitions and events: on a long
        # run that was most of the client's memory.  Workers of local:N also leave out Dask's sampling
        # profiler, which interrupts the working thread every 10 ms to look at its stack.
        dask.config.set({"distributed.admin.low-level-log-length": LOG_LENGTH,
                         "distributed.worker.profile.enabled": False})
        self.cluster: Any = None
        self.client: Any = None
        try:
            if address is None:
                if workers > cores:
                    note(f"--cluster local:{workers} lowered to {cores} workers, the cores available")
                    workers = cores
                self.cluster = distributed.LocalCluster(n_workers=workers, processes=True, threads_per_worker=1,
                                                        dashboard_address=None, silence_logs=logging.ERROR,
                                                        preload=[__name__])
                self.client = distributed.Client(self.cluster, timeout=timeout)
            else:
                self.client = distributed.Client(address, timeout=timeout)
        except Exception as exc:  # noqa: BLE001 - whatever Dask raises, the user gets one line
            self.close()
            where = f"the Dask scheduler at {address}" if address else "a local Dask cluster"
            raise ClusterError(f"cannot reach {where}: {first_line(exc)}") from exc
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except Exception as exc:  # noqa: BLE001
            self.close()
            where = f"the Dask scheduler at {address}" if address else "the local Dask cluster"
            raise ClusterError(f"{where} has no workers (none joined within {timeout:g} s)") from exc

    def threads(self) -> int:
        """Worker threads of the cluster now (at least 1)."""
        try:
            threads: dict[str, int] = self.client.nthreads()
            return max(1, sum(threads.values()))
        except Exception:  # noqa: BLE001 - a passing hiccup: assume the smallest cluster
            return 1

    def close(self) -> None:
        """Close the client and the LocalCluster (if any); never raises."""
        for part in (self.client, self.cluster):
            if part is not None:
                try:
                    part.close()
                except Exception:  # noqa: BLE001 - closing after a failure must not hide the failure
                    pass

    def __enter__(self) -> ClusterConnection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def first_line(exc: BaseException) -> str:
    """The first line of an exception's message, or its type's name when it has none."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
