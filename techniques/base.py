"""The technique contract and the registry of technique classes.

Every technique is a small class with its code (``A1``, ``B0``, ``C3`` ...), the
group it belongs to, the selection family (the "Stufe" of the half-synchronous
mode), its phase and a ``find`` generator that yields every step it sees in the
original scan order: cells row-major, digits 1-9, units row/column/box.  The
point formula lives in the class next to the search, because the original's
formulas depend on what the search saw (missing numbers, visible numbers,
chain length...).

Names, texts, order, enable flags and point parameters are *data* and come from
``techniques.yaml`` (see :mod:`techniques.catalogue`); classes only declare the
parameters they read and their defaults.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from techniques.board import Board
from techniques.step import Step


class Phase(enum.Enum):
    """When a technique may run."""

    DIRECT = "direct"  # A-D: placements from placed digits only, before pencil marks
    PENCIL = "pencil"  # the switch to written candidates (its bonus points)
    SINGLES = "singles"  # E, F: placements from the written candidates
    THINNING = "thinning"  # I-VI: eliminations from the written candidates
    LAST_RESORT = "last_resort"  # Bowman's Bingo, trial & error


@dataclass(frozen=True)
class Context:
    """What a search may assume about the run.

    ``cd_level`` is option digit 1 (0: no C/D, 1: simple C/D, 2: all C/D);
    ``unique`` is True when the puzzle was proven to have one solution, which
    uniqueness-based techniques (URs, loops, D8) require.
    """

    cd_level: int = 2
    unique: bool = True


class Technique:
    """Base class: one solving or thinning technique."""

    code: ClassVar[str]
    group: ClassVar[str]
    family: ClassVar[str]
    phase: ClassVar[Phase]
    #: Parameters the technique reads, with their defaults (numbers or bools).
    defaults: ClassVar[Mapping[str, float | int | bool]] = {}
    #: A lower bound of the points of any step it finds: lets the engine skip a
    #: search that cannot beat the cheapest step already found.
    min_points: ClassVar[float] = 0.0
    #: True for techniques that are only sound when the solution is unique.
    needs_uniqueness: ClassVar[bool] = False
    #: True for techniques the original only reports in synchronous mode (D7).
    sync_only: ClassVar[bool] = False
    #: The finding fields of its steps (``Step.detail`` keys), the only names
    #: its explanation templates may use (checked when the texts are loaded).
    fields: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params: dict[str, Any] = {**self.defaults, **(params or {})}

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Yield every step this technique sees in ``board``, in scan order."""
        raise NotImplementedError

    def applicable(self, ctx: Context) -> bool:
        """Whether the technique may run at all under ``ctx``."""
        return ctx.unique or not self.needs_uniqueness

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code}>"


REGISTRY: dict[str, type[Technique]] = {}


def register(cls: type[Technique]) -> type[Technique]:
    """Class decorator: make a technique known under its code."""
    code = cls.code
    if code in REGISTRY and REGISTRY[code] is not cls:
        raise ValueError(f"technique code {code} registered twice")
    REGISTRY[code] = cls
    return cls
