"""The technique contract and the registry of technique classes.

Every technique is a small class with its code (``A1``, ``B0``, ``C3`` ...), the
group it belongs to, the selection family (with the other families of its
complexity level, the "Stufe" of the half-synchronous mode), its phase and a
``find`` generator that yields every step it sees in the original scan order:
cells row-major, digits 1-9, units row/column/box.  The point formula lives in
the class next to the search, because the original's formulas depend on what
the search saw (missing numbers, visible numbers, chain length...).

Names, texts, order, enable flags and point parameters are *data* and come from
``techniques.yaml`` (see :mod:`techniques.catalogue`); classes only declare the
parameters they read and their defaults.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from techniques.board import Board
from techniques.step import Step

T = TypeVar("T")


#: Points no step reaches: the bound before any step is found.
INFINITY = float("inf")


def beyond(points: float, bound: float, first_only: bool) -> bool:
    """Whether steps at ``points`` cannot change a choice among steps found at ``bound`` (see ``cheapest``)."""
    return points >= bound if first_only else points > bound


#: A technique's :meth:`Technique.cheapest` as a callable: (board, context, first_only, bound).
CheapestSearch = Callable[[Board, "Context", bool, float], list[Step]]


class Phase(enum.Enum):
    """When a technique may run."""

    DIRECT = "direct"  # A-D: placements from placed digits only, before pencil marks
    PENCIL = "pencil"  # the switch to written candidates (its bonus points)
    SINGLES = "singles"  # E, F: placements from the written candidates
    THINNING = "thinning"  # I-VI: eliminations from the written candidates
    LAST_RESORT = "last_resort"  # Bowman's Bingo, trial & error


class Context:
    """What a search may assume about the run, and what it may share with the others.

    ``cd_level`` is option digit 1 (0: no C/D, 1: simple C/D, 2: all C/D);
    ``unique`` is True when the puzzle was proven to have one solution, which
    uniqueness-based techniques (URs, loops, D8) require.  ``shared`` holds
    the structures several techniques compute from one board state (the C/D
    analysis, the chain search per parameter set): the engine gives every
    state its own (:meth:`at_new_position`); without one, nothing is kept, so
    a caller that changes the board between searches gets no stale result.

    A plain class with slots rather than a frozen dataclass: the engine makes
    one per round, and a dataclass's generated ``__init__`` stays interpreted
    Python on the compiled path.  Searches only read its fields.
    """

    __slots__ = ("cd_level", "unique", "shared")

    def __init__(self, cd_level: int = 2, unique: bool = True, shared: dict[Hashable, Any] | None = None) -> None:
        self.cd_level = cd_level
        self.unique = unique
        self.shared = shared

    def __repr__(self) -> str:
        return f"Context(cd_level={self.cd_level}, unique={self.unique})"

    def at_new_position(self) -> Context:
        """The same run settings with an empty store, for a new board state."""
        return Context(self.cd_level, self.unique, {})

    def memo(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()``, computed once per board state and key when there is a store."""
        if self.shared is None:
            return make()
        if key not in self.shared:
            self.shared[key] = make()
        made: T = self.shared[key]
        return made


class Technique:
    """Base class: one solving or thinning technique."""

    code: ClassVar[str]
    group: ClassVar[str]
    family: ClassVar[str]
    phase: ClassVar[Phase]
    #: Parameters the technique reads, with their defaults (numbers or bools).
    defaults: ClassVar[Mapping[str, float | int | bool]] = {}
    #: True for techniques that are only sound when the solution is unique.
    needs_uniqueness: ClassVar[bool] = False
    #: The least option digit 1 (C/D level) under which the technique runs: 1 for
    #: the C/D methods, 2 for those that need all C/D tests (D7, D8).
    min_cd_level: ClassVar[int] = 0
    #: True for trial & error: a rating that needed it is graded apart.
    guesses: ClassVar[bool] = False
    #: True for techniques the original only reports in synchronous mode (D7).
    sync_only: ClassVar[bool] = False
    #: The finding fields of its steps (``Step.detail`` keys), the only names
    #: its explanation templates may use (checked when the texts are loaded).
    fields: ClassVar[frozenset[str]] = frozenset()
    #: The finding field its points are counted from (a tuple's size, a chain's
    #: length, a bingo's steps, ...), reported as the step's ``size`` so that a
    #: user can check a formula without parsing text; None where there is none.
    measure: ClassVar[str | None] = None
    #: The point formula in a few words, a ``str.format`` template over the
    #: parameter names (``"{points_per_line} x N + {fin_points}"``; ``{bands}``
    #: is the band table of :func:`techniques.points.bands_of`), shown by
    #: ``rate --list-techniques`` with the run's values.  Every technique declares one.
    formula: ClassVar[str] = ""
    #: The code of the same search on the other kind of line (A1, the rows, and A2, the
    #: columns): a rating made in a transposed orientation renames its steps to it, so that
    #: a row code names the user's row.  The twin names this code back.  None: no twin.
    transposed_twin: ClassVar[str | None] = None
    #: The synchronous level (option digit 4, 2-7) from which the technique's family is
    #: searched synchronously.  The families of one level also form one complexity level
    #: (a "Stufe") of the half-synchronous choice when they follow each other in the
    #: catalogue.  A level belongs to the family: techniques of one family that declare
    #: one declare the same, and None takes the family's.  A family none of whose
    #: techniques declares a level (the placements, trial & error) is never searched
    #: synchronously and is a Stufe of its own.
    sync_level: ClassVar[int | None] = None
    #: A plugin's directory of language files (``en.yaml`` and more) holding its
    #: names and templates; the built-in techniques use the packaged files.
    texts_dir: ClassVar[Path | None] = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        self.params: dict[str, Any] = {**self.defaults, **(params or {})}
        #: A lower bound of the points of any step it finds, from the same
        #: parameters as the points: lets the engine skip a search that cannot
        #: beat the cheapest step already found.
        self.min_points: float = self.floor()

    def floor(self) -> float:
        """The least points a step of this technique can score under its parameters."""
        return 0.0

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Yield every step this technique sees in ``board``, in scan order."""
        raise NotImplementedError

    def cheapest(self, board: Board, ctx: Context, first_only: bool, bound: float = INFINITY) -> list[Step]:
        """The steps ``find`` yields at their least points, in its order (with ``first_only`` the first).

        What the engine asks when it prints no alternatives: the modes choose
        among the cheapest placements only.  ``bound`` is the least points of
        the steps found before: steps that cannot change the choice (with
        ``first_only`` at ``bound`` or above, otherwise above it) are not
        returned.  A technique that can tell its cheapest steps without making
        all of them overrides this.
        """
        steps = list(self.find(board, ctx))
        if not steps:
            return []
        least = min(s.points for s in steps)
        if beyond(least, bound, first_only):
            return []
        at_least = [s for s in steps if s.points == least]
        return at_least[:1] if first_only else at_least

    def cheapest_search(self) -> CheapestSearch:
        """What the engine calls every round for :meth:`cheapest`, read once per run: the bound
        method itself, or an equal search that costs less per call."""
        return self.cheapest

    def bind(self, techniques: Sequence[Technique]) -> None:
        """Read what it needs of the other techniques of the run (the catalogue calls it once).

        Most techniques need nothing; the chain kinds share one search that
        ranks the deductions of all kinds by their points.
        """

    def applicable(self, ctx: Context) -> bool:
        """Whether the technique may run at all under ``ctx``."""
        return (ctx.unique or not self.needs_uniqueness) and ctx.cd_level >= self.min_cd_level

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.code}>"


REGISTRY: dict[str, type[Technique]] = {}
#: The synchronous levels a technique may declare (:attr:`Technique.sync_level`).
SYNC_LEVELS = range(2, 8)


def transposed_code(code: str) -> str:
    """The code a step of ``code`` takes in the transposed orientation: its twin's, else its own."""
    cls = REGISTRY.get(code)
    twin = cls.transposed_twin if cls is not None else None
    return twin or code


def register(cls: type[Technique]) -> type[Technique]:
    """Class decorator: make a technique known under its code."""
    code = cls.code
    if code in REGISTRY and REGISTRY[code] is not cls:
        raise ValueError(f"technique code {code} registered twice")
    REGISTRY[code] = cls
    return cls
