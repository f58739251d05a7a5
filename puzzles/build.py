"""Which modules have a compiled copy, whether it is in use, and the switch back to the sources.

The hot modules of the rating (the finders, the board, the solver, the engine loop) and the
minlex search of ``canon`` are plain Python. When the package is installed on a machine with a C
compiler, ``setup.py`` compiles the modules named in ``COMPILED_MODULES`` with Cython from these
same sources (one source of truth: there is no second implementation) and installs the extension
next to each ``.py`` file; Python then imports the extension. Where a compiler is, every listed
module must compile (the install fails otherwise, and CI checks :func:`not_compiled`); without
one the install keeps the ``.py`` files alone.

``SUDOKU_RATER_PURE=1`` makes the packages import the ``.py`` sources even where extensions are
installed, so that both paths can be rated side by side (the tests do). It works because
``puzzles`` is imported first by every package that has compiled modules (see their
``__init__``), and this module installs an import finder for the listed names before any of them
loads. This file imports nothing of the project: ``setup.py`` reads the list from it by path.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

#: The modules compiled at install when a compiler is there: the one list the build and the
#: run-time switch both read. Package ``__init__`` modules stay Python (they install the switch).
COMPILED_MODULES: tuple[str, ...] = (
    "puzzles.geometry",
    "puzzles.solver",
    "techniques.base",
    "techniques.board",
    "techniques.bowman",
    "techniques.boxtest",
    "techniques.chain_notation",
    "techniques.chains",
    "techniques.direct",
    "techniques.findings",
    "techniques.fish",
    "techniques.golden_chains",
    "techniques.obvious",
    "techniques.obvious_singles",
    "techniques.recheck",
    "techniques.remote_pairs",
    "techniques.single_digit_chains",
    "techniques.singles",
    "techniques.step",
    "techniques.tuples",
    "techniques.unique_loops",
    "techniques.unique_rectangles",
    "techniques.uniqueness",
    "techniques.wings",
    "rater.figures",
    "rater.run.engine",
    "rater.run.modes",
    "canon.minlex_search",
)

#: Set to 1 to import the Python sources of the modules above even where extensions exist.
PURE_ENV = "SUDOKU_RATER_PURE"

#: Written next to this file by the build when it compiled the modules: the Cython version.
BUILD_NOTE = "compiled.txt"


def pure_requested() -> bool:
    """Whether the environment asks for the Python sources."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


class _SourceFinder:
    """Finds the ``.py`` source of a listed module, so that its extension is passed over.

    A finder of ``sys.meta_path`` by its ``find_spec`` alone: its base class in ``importlib.abc``
    would load ``importlib.resources`` and ``tempfile`` into every process, for nothing.
    """

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path or ():
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None


def honour_pure_switch() -> None:
    """Install the source finder when ``SUDOKU_RATER_PURE`` asks for it (once per process)."""
    if pure_requested() and not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())


def compiled_in_use() -> list[str]:
    """The listed modules whose compiled extension is (or, not yet imported, will be) imported."""
    if pure_requested():
        return []
    root = Path(__file__).resolve().parent.parent
    found = []
    for name in COMPILED_MODULES:
        module = sys.modules.get(name)
        if module is not None:
            origin = getattr(module, "__file__", "") or ""
            if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
                found.append(name)
            continue
        stem = root.joinpath(*name.split("."))
        if any(stem.with_name(stem.name + suffix).is_file() for suffix in importlib.machinery.EXTENSION_SUFFIXES):
            found.append(name)
    return found


def not_compiled() -> list[str]:
    """The listed modules that run from their sources: all of them on the pure path, none on a
    complete build. CI requires none where a C compiler is there (``.ci/run``)."""
    compiled = set(compiled_in_use())
    return [name for name in COMPILED_MODULES if name not in compiled]


def status() -> str:
    """Which path is in use, as ``--version`` prints it: the compiled path with its module count and
    Cython version, or pure Python (saying so when ``SUDOKU_RATER_PURE`` chose it)."""
    compiled = compiled_in_use()
    if not compiled:
        return f"pure Python, {PURE_ENV}=1" if pure_requested() else "pure Python"
    note = Path(__file__).with_name(BUILD_NOTE)
    cython = note.read_text().strip() if note.is_file() else "Cython"
    count = f"{len(compiled)}" if len(compiled) == len(COMPILED_MODULES) else f"{len(compiled)} of {len(COMPILED_MODULES)}"
    return f"compiled, {count} modules, {cython}"
