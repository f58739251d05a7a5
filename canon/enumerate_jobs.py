"""Running the enumeration's work units in one process or spread over several, in output order.

Each work unit (:func:`canon.enumerate.work_units`) is independent, so worker
processes take them one at a time and send back either a count or the unit's
lines as one block of text.  Results are handed on strictly in unit order,
so the output is the same for any number of processes, and at most a few
units per process are in flight: memory stays bounded by the largest unit
(a few hundred patterns, or their symbol fillings), whatever n is.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from multiprocessing.pool import AsyncResult

from canon.enumerate import WorkUnit, unit_count, unit_lines
from puzzles.lifeline import start_worker

#: Units submitted ahead per worker; enough to keep every worker busy while the slowest one finishes.
UNITS_AHEAD_PER_JOB = 4


@dataclass(frozen=True)
class UnitResult:
    """What one unit produced: how many configurations, and their lines unless only counting."""

    count: int
    text: str | None


def run_unit(unit: WorkUnit, patterns: bool, count_only: bool) -> UnitResult:
    """Enumerate one unit (runs in a worker process when jobs > 1)."""
    if count_only:
        return UnitResult(unit_count(unit, patterns=patterns), None)
    lines = list(unit_lines(unit, patterns=patterns))
    return UnitResult(len(lines), "".join(line + "\n" for line in lines))


def run_units(units: Iterable[WorkUnit], *, patterns: bool, count_only: bool, jobs: int = 1) -> Iterator[UnitResult]:
    """The result of every unit, in the order of ``units``, using ``jobs`` processes."""
    if jobs <= 1:
        for unit in units:
            yield run_unit(unit, patterns, count_only)
        return
    window = UNITS_AHEAD_PER_JOB * jobs
    pool = multiprocessing.get_context().Pool(jobs, initializer=start_worker, initargs=(os.getpid(),))
    try:
        in_flight: deque[AsyncResult[UnitResult]] = deque()
        for unit in units:
            in_flight.append(pool.apply_async(run_unit, (unit, patterns, count_only)))
            if len(in_flight) >= window:
                yield in_flight.popleft().get()
        while in_flight:
            yield in_flight.popleft().get()
        pool.close()
    finally:
        pool.terminate()
        pool.join()
