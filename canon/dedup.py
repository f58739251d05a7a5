"""De-duplicating a collection up to isomorphism: one puzzle per class, the first one seen.

Two puzzles are isomorphic exactly when their canonical keys are equal; the
key is the minlex form (:mod:`canon.minlex_search`, the field's form) or the
canonical form of seed 000 (:mod:`canon.canonical`), both invariant under
G* (under G for 0-1 patterns).  Only a 16-byte BLAKE2b digest of each key is
remembered, so a collection of 10^7 puzzles needs a set of 10^7 short
``bytes`` (well under 2 GB, see docs/performance.md) whatever the keys are; two
different keys share a digest with probability about n^2 / 2^129, nil for any
real collection.

The keys are computed in chunks, by worker processes when asked; the digests
come back in input order and the set is consulted in that order, so the
survivor of each class is its first puzzle in the file whatever the number of
processes.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from hashlib import blake2b
from typing import Final, TypeVar

from canon.canonical import canonical_form
from canon.minlex_search import minlex_form
from puzzles.errors import InputError, whole_number
from puzzles.lifeline import start_worker
from puzzles.parsing import Puzzle, PuzzleError, check_givens, read_cells

Grid = tuple[int, ...]
T = TypeVar("T")
#: The class keys ``canon dedup --key`` offers.
KEYS: Final = ("minlex", "form")
DIGEST_BYTES: Final = 16
#: Puzzles handed to a worker at a time: large enough to repay the hand-over.
CHUNK: Final = 2000


def class_key(grid: Grid, key: str = "minlex", *, pattern: bool = False, checked: bool = False) -> str:
    """The text that is equal for two puzzles exactly when they are isomorphic.

    ``checked``: the caller has checked the givens (see :func:`canon.minlex_search.minlex_form`).
    """
    _check_key(key)
    if key == "minlex":
        form = minlex_form(grid, pattern=pattern, checked=checked)
    else:
        form = canonical_form(grid, pattern=pattern).form
    return "".join(map(str, form))


def _check_key(key: object) -> None:
    if key not in KEYS:
        raise InputError(f"unknown key {key!r:.20}: choose {', '.join(KEYS)}")


def class_digest(grid: Grid, key: str = "minlex", *, pattern: bool = False, checked: bool = False) -> bytes:
    """The 16-byte digest of :func:`class_key` that the de-duplication remembers."""
    text = class_key(grid, key, pattern=pattern, checked=checked)
    return blake2b(text.encode("ascii"), digest_size=DIGEST_BYTES).digest()


def digest_chunk(grids: Sequence[Grid | None], key: str, pattern: bool) -> list[bytes | str]:
    """Digest of every grid, or the message why it has none (givens in conflict; None: unread)."""
    out: list[bytes | str] = []
    for grid in grids:
        if grid is None:
            out.append("unreadable record")
            continue
        try:
            if not pattern:
                check_givens(grid)
            out.append(class_digest(grid, key, pattern=pattern, checked=True))
        except PuzzleError as exc:
            out.append(str(exc))
    return out


@dataclass
class DedupCounts:
    """What a de-duplication saw: puzzles read, classes kept, duplicates dropped, bad records."""

    puzzles: int = 0
    classes: int = 0
    duplicates: int = 0
    errors: int = 0

    def summary(self) -> str:
        return (
            f"{self.puzzles:,} puzzles, {self.classes:,} classes kept, {self.duplicates:,} duplicates dropped"
            + (f", {self.errors:,} malformed records" if self.errors else "")
        )


def _chunks(tagged: Iterable[tuple[T, Grid | None]], size: int) -> Iterator[list[tuple[T, Grid | None]]]:
    chunk: list[tuple[T, Grid | None]] = []
    for pair in tagged:
        chunk.append(pair)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _grids(chunk: list[tuple[T, Grid | None]]) -> list[Grid | None]:
    return [grid for _tag, grid in chunk]


def _tags(chunk: list[tuple[T, Grid | None]]) -> list[T]:
    return [tag for tag, _grid in chunk]


def digests(
    tagged: Iterable[tuple[T, Grid | None]], *, key: str = "minlex", pattern: bool = False, jobs: int = 1
) -> Iterator[tuple[T, bytes | str]]:
    """Each tag with its grid's :func:`digest_chunk` result, in input order, by ``jobs`` processes.

    The tag rides along unchanged (the caller's record, say) and never goes
    to a worker.  At most ``2 * jobs`` chunks are in flight, so memory stays
    bounded for any input length.
    """
    _check_key(key)
    whole_number(jobs, "jobs", 1)
    if jobs == 1:
        for chunk in _chunks(tagged, CHUNK):
            yield from zip(_tags(chunk), digest_chunk(_grids(chunk), key, pattern))
        return
    with ProcessPoolExecutor(max_workers=jobs, initializer=start_worker, initargs=(os.getpid(),)) as pool:
        pending = []
        for chunk in _chunks(tagged, CHUNK):
            pending.append((_tags(chunk), pool.submit(digest_chunk, _grids(chunk), key, pattern)))
            if len(pending) >= 2 * jobs:
                tags, future = pending.pop(0)
                yield from zip(tags, future.result())
        for tags, future in pending:
            yield from zip(tags, future.result())


def dedup(
    grids: Iterable[Puzzle], *, key: str = "minlex", pattern: bool = False, jobs: int = 1
) -> Iterator[tuple[int, Grid]]:
    """(index, grid) of the first puzzle of each isomorphism class, in input order.

    Each puzzle takes the forms of :func:`puzzles.parsing.read_cells` (81 ints
    or a puzzle text) and comes back as its 81 ints; one it cannot read is an
    InputError naming its index.  Grids whose givens conflict are skipped
    (``canon dedup`` reports them).  The arguments are checked at the call,
    the puzzles as they are read.
    """
    _check_key(key)
    whole_number(jobs, "jobs", 1)
    if isinstance(grids, (str, bytes)) or not isinstance(grids, Iterable):
        raise InputError(f"dedup takes an iterable of puzzles, not {type(grids).__name__}")
    tagged = ((index, _read(index, grid)) for index, grid in enumerate(grids))
    return _first_of_classes(digests(((pair, pair[1]) for pair in tagged), key=key, pattern=pattern, jobs=jobs))


def _read(index: int, puzzle: Puzzle) -> Grid:
    """The cells of the puzzle at ``index``; a PuzzleError that names the index."""
    try:
        return read_cells(puzzle)
    except PuzzleError as exc:
        raise PuzzleError(exc.kind, f"puzzle {index}: {exc}") from None


def _first_of_classes(found: Iterator[tuple[tuple[int, Grid], bytes | str]]) -> Iterator[tuple[int, Grid]]:
    """The (index, grid) pairs of ``found`` whose digest is new: the generator of :func:`dedup`."""
    seen: set[bytes] = set()
    for (index, grid), result in found:
        if isinstance(result, bytes) and result not in seen:
            seen.add(result)
            yield index, grid
