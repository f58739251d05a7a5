"""The cyclic garbage collector of a process that a command owns.

CPython's collector runs after every 700 new container objects and then scans the young
ones; every tenth and hundredth time it scans older generations too, and a full
collection walks every object alive, the imported modules and the technique catalogue
included. Ratings make no reference cycles (``tests/test_reference_cycles.py``):
reference counting frees everything a rating allocates, so those scans find nothing.
They still cost time: about a sixth of ``rate PUZZLE``'s start-up, while the imports
create their hundred thousand objects, and a few per cent of a bulk run.

So a command (never the library: a program that imports ``rater`` keeps its own
collector) imports its modules with the collector off (:func:`import_quietly`), then
:func:`settle`\\ s: what is alive then is frozen out of every later scan
(:func:`gc.freeze`), and young objects are collected every :data:`YOUNG_THRESHOLD`
allocations. The collector stays on: a technique plugin that does make cycles still
has them collected, with memory bounded by that threshold.
"""

from __future__ import annotations

import gc
import importlib
from types import ModuleType
from typing import Final

#: New container objects between two collections of the youngest generation (CPython: 700).
YOUNG_THRESHOLD: Final = 50_000


def import_quietly(name: str) -> ModuleType:
    """Import module ``name`` with the collector off, then :func:`settle` (also when the import fails)."""
    gc.disable()
    try:
        return importlib.import_module(name)
    finally:
        settle()


def settle() -> None:
    """Freeze every object alive now out of the collector's scans; collect young objects less often."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    gc.enable()
