"""A rating leaves no reference cycles: everything it made is freed by reference counting.

Cycles are what the garbage collector has to find; on hard puzzles they cost time
(the collector runs again and again while the rating makes them) and, with the collector
off, memory.  Each option below rates every puzzle once first, so that the caches
and lazy imports of the first use are in place, then again with the collector off: a
collection afterwards must find nothing.  The hard puzzles reach the fish, loop and chain
searches; the text and the page of a rating walk its chains.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest

from rater.run.engine import Engine
from rater.settings import RunSettings
from rater.views import render
from tests.conftest import read_puzzles

PUZZLES = read_puzzles("top1465_every24.txt", 3) + read_puzzles("sudoku_exchange_mixed_every25.txt", 2)


@pytest.fixture
def collector_off() -> Iterator[Callable[[], int]]:
    """The collector off, and a count of what a collection finds; the old state restored afterwards."""
    was_enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        yield gc.collect
    finally:
        if was_enabled:
            gc.enable()


def _rate_all(engine: Engine, views: bool) -> None:
    for puzzle in PUZZLES:
        rating = engine.rate(puzzle)
        if views:
            render.text(rating)
            render.html(rating)


@pytest.mark.parametrize("option", ["2001", "2000", "2007"])
def test_ratings_leave_nothing_for_the_collector(option: str, collector_off: Callable[[], int]) -> None:
    engine = RunSettings(option=option).engine()
    views = option == "2001"
    _rate_all(engine, views)
    collector_off()
    _rate_all(engine, views)
    assert collector_off() == 0
