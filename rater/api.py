"""The Python interface: rate one puzzle, or a stream of them, with the settings of a run.

``rate`` and ``rate_many`` build their engines from a
:class:`rater.settings.RunSettings` as the command line does, and
``rate_many`` with several jobs uses the command line's worker pool
(:mod:`rater.bulk.workers`), so a notebook and ``rate --file`` give the same
ratings.  Bad input raises :class:`puzzles.errors.InputError` with the line
the command line prints (docs/api.md).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from puzzles.cluster import available_cores
from puzzles.errors import InputError, whole_number
from puzzles.formats import PuzzleItem
from puzzles.parsing import Puzzle, as_grid
from puzzles.rules import item_rules
from rater.bulk.workers import rate_stream
from rater.result import Rating, Status
from rater.run.engine import Engine
from rater.settings import RunSettings, given_settings, per_thread


def _engine(settings: RunSettings) -> Engine:
    """One engine per settings in this thread: building one validates and loads the catalogue."""
    return per_thread("api engines", settings, settings.engine, keep=8)


def _settings(option: str | None, settings: RunSettings | None, values: dict[str, Any]) -> RunSettings:
    return given_settings(settings, values if option is None else {**values, "option": option})


def rate(puzzle: Puzzle, option: str | None = None, *, settings: RunSettings | None = None,
         **values: Any) -> Rating:
    """Rate one puzzle: ``rate("..3.5...", "2001")``, or with ``settings=RunSettings(...)``.

    ``values`` are :class:`RunSettings` fields (``rules="diagonal"``,
    ``disable=("BB",)``, ``canonical=True`` ...).  A puzzle that cannot be
    read, or settings that cannot be used, raise :class:`InputError`.
    """
    run = _settings(option, settings, values)
    return run.rate_with(_engine(run), as_grid(puzzle), run.rule_set())


def rate_many(puzzles: Iterable[Puzzle], jobs: int | None = 1, *, settings: RunSettings | None = None,
              **values: Any) -> Iterator[Rating]:
    """Ratings of ``puzzles``, one per puzzle, in input order, as they come.

    ``jobs=1`` rates in this process; more jobs use the worker processes of
    ``rate --file --jobs`` (``None``: one per core).  The input is read
    lazily, so a generator over a huge file keeps memory flat.  A puzzle
    that cannot be read does not end the stream: its rating has status
    ``invalid`` and the reason in ``message``; ``timeout`` and ``error``
    ratings come from the workers' guards as in a bulk run.
    """
    run = _settings(None, settings, values)
    if isinstance(puzzles, (str, bytes)) or not isinstance(puzzles, Iterable):
        raise InputError(f"rate_many takes an iterable of puzzles, not {type(puzzles).__name__} (rate() takes one)")
    count = available_cores() if jobs is None else whole_number(jobs, "jobs (or None for every core)", 1)
    return _ratings(puzzles, count, run)


def _ratings(puzzles: Iterable[Puzzle], jobs: int, settings: RunSettings) -> Iterator[Rating]:
    """The generator of :func:`rate_many` (its arguments are checked when it is called, not when read)."""
    sent: deque[PuzzleItem] = deque()  # results come in input order: the oldest item sent is the next result's

    def items() -> Iterator[PuzzleItem]:
        for number, puzzle in enumerate(puzzles, 1):
            item = _item(number, puzzle)
            sent.append(item)
            yield item

    results = (rate_rating(item, settings) for item in items()) if jobs == 1 \
        else rate_stream(items(), settings, jobs, rate=rate_rating)
    for result in results:
        yield _as_rating(result, sent.popleft(), settings)


def _item(number: int, puzzle: Puzzle) -> PuzzleItem:
    """A stream element as the worker pool takes it; unreadable ones carry their error."""
    text = puzzle if isinstance(puzzle, str) else "".join(map(str, puzzle)) if _digits(puzzle) else repr(puzzle)
    try:
        return PuzzleItem(number, text.strip(), grid=as_grid(puzzle))
    except InputError as exc:
        return PuzzleItem(number, text.strip(), error=str(exc))


def _digits(puzzle: Sequence[int]) -> bool:
    try:
        return all(isinstance(v, int) for v in puzzle)
    except TypeError:
        return False


def rate_rating(item: PuzzleItem, settings: RunSettings) -> Rating | dict[str, Any]:
    """What a worker of :func:`rate_many` makes of one readable item: its Rating, or a record saying why not."""
    try:
        return settings.rate_with(_engine(settings), item.grid or (), item_rules(item.comment, settings.rule_set()))
    except InputError as exc:
        return {"status": "invalid", "message": str(exc)}


def _as_rating(result: Rating | dict[str, Any], item: PuzzleItem, settings: RunSettings) -> Rating:
    """A Rating, also for what came back as a record (bad input, a worker's timeout or death)."""
    if isinstance(result, Rating):
        return result
    status = Status.INVALID if item.error else Status(result["status"])
    return Rating(puzzle=item.grid or (), option=settings.options, status=status, text=item.text,
                  message=item.error or result.get("message") or "", rules=settings.rules)
