"""Where the tests find their data, and small loaders.

Two places, one resolver (:func:`data_file`):

* ``tests/data/`` - the project's own fixtures: the seed's examples and excerpts of the public
  puzzle collections (every k-th line; ``tests/data/README.md`` names the sources).  Every test
  that runs on a fresh clone reads only these.
* the full public collections - ``$SUDOKU_DATA`` if set, else ``../shared/data`` beside the
  repository.  Tests that need them carry ``@pytest.mark.collections`` and are skipped when the
  collections are absent.
"""

from __future__ import annotations

import csv
import logging
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "data"


def interruptible() -> None:
    """``preexec_fn`` for a child that a test interrupts with SIGINT.

    A shell starts background jobs with SIGINT ignored, and a Python started
    with SIGINT ignored keeps ignoring it: a test run in the background would
    see Ctrl-C have no effect.  The child gets the default disposition back,
    as it has when a user starts ``rate`` in a terminal.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextmanager
def local_cluster(workers: int) -> Iterator[str]:
    """The scheduler address of a Dask LocalCluster of ``workers`` one-thread processes (what ``local:N`` starts)."""
    import distributed

    with distributed.LocalCluster(n_workers=workers, processes=True, threads_per_worker=1, dashboard_address=None,
                                  silence_logs=logging.ERROR) as local:
        yield local.scheduler_address


def collections_dir() -> Path | None:
    """The folder of the full public collections, or None when it is absent."""
    folder = Path(os.environ.get("SUDOKU_DATA", REPO.parent / "shared" / "data"))
    return folder if folder.is_dir() else None


def data_file(name: str) -> Path:
    """``tests/data/<name>`` if the fixtures have it, else ``<name>`` of the full collections.

    A name the fixtures do not have is a large collection: only tests marked
    ``collections`` ask for one, and they are skipped before they run when the
    collections are absent, so a missing file here is an error.
    """
    fixture = FIXTURES / name
    if fixture.is_file():
        return fixture
    folder = collections_dir()
    if folder is None or not (folder / name).is_file():
        raise FileNotFoundError(f"{name}: neither in {FIXTURES} nor in the collections (set SUDOKU_DATA)")
    return folder / name


def read_puzzles(name: str, count: int | None = None, step: int = 1) -> list[str]:
    """Every ``step``-th puzzle line of a data file (up to ``count``)."""
    lines = [ln.strip() for ln in data_file(name).read_text().splitlines() if len(ln.strip()) == 81]
    picked = lines[::step]
    return picked[:count] if count else picked


def examples() -> dict[str, dict[str, str]]:
    """The seed's examples (``tests/data/examples.csv``) by id."""
    with data_file("examples.csv").open(newline="", encoding="utf-8") as fh:
        return {row["id"]: row for row in csv.DictReader(fh)}


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip tests marked ``collections`` when the full public collections are absent."""
    if item.get_closest_marker("collections") and collections_dir() is None:
        pytest.skip("needs the public puzzle collections: set SUDOKU_DATA or provide ../shared/data")


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--update-golden``: rewrite tests/golden/ from the present ratings (tests/test_golden.py)."""
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden records of tests/test_golden.py instead of comparing them")
