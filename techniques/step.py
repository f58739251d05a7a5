"""What a technique reports: one deduction with its points and its evidence."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Final

Candidate = tuple[int, int]
"""A (cell, digit) pair; cell 0..80, digit 1..9."""

#: The code of the step that writes all candidates (its bonus points count in
#: the sum but not in the norms, and applying it switches the board to pencil marks).
WRITE_CANDIDATES: Final = "PM"

#: Builds a step's evidence on demand: ``(used, detail)``.
Explain = Callable[..., tuple[tuple[Candidate, ...], Mapping[str, object]]]

_EMPTY: Final[Mapping[str, object]] = MappingProxyType({})


class Step:
    """One deduction found in a board.

    ``used`` lists the candidates (or, with digit 0, whole cells) the deduction
    rests on, so that a walkthrough can highlight them.  ``detail`` is the
    finding, typed and free of words (:mod:`techniques.findings`): pattern
    cells, digits, units, chain nodes, nested fragments and the measure the
    points come from, under the field names the technique declares.  The
    explanation is written from it by one renderer and a per-language template
    (:mod:`techniques.texts`), and a symmetry of the grid maps it value by
    value (:func:`techniques.findings.transform`).

    A step is not changed once made, and two steps are equal only when they are
    the same object.  On the compiled path it is an extension type
    (``step.pxd``) with the same Python-visible attributes, so that making one
    costs no dictionary of slots.  The singles are found dozens of times per puzzle and
    almost all are never applied nor shown, so :meth:`deferred` makes a step
    whose ``used`` and ``detail`` are built on first reading: the engine
    chooses on code, points and placements alone.
    """

    __slots__ = ("code", "points", "placements", "eliminations", "_used", "_detail", "_explain")

    def __init__(
        self,
        code: str,
        points: float,
        placements: tuple[Candidate, ...] = (),
        eliminations: tuple[Candidate, ...] = (),
        used: tuple[Candidate, ...] = (),
        detail: Mapping[str, object] | None = None,
    ) -> None:
        self.code = code
        self.points = points
        self.placements = placements
        self.eliminations = eliminations
        self._used = used
        self._detail = _EMPTY if detail is None else detail
        self._explain: tuple[Explain, tuple[Any, ...]] | None = None

    @classmethod
    def deferred(cls, code: str, points: float, placements: tuple[Candidate, ...],
                 explain: Explain, *args: Any, eliminations: tuple[Candidate, ...] = ()) -> Step:
        """A step whose ``used`` and ``detail`` are ``explain(*args)``, computed when first read.

        ``explain`` reads its arguments only (the board may have changed by then).
        """
        return deferred_step(cls, code, points, placements, eliminations, explain, args)

    def _resolve(self) -> None:
        assert self._explain is not None
        explain, args = self._explain
        self._used, self._detail = explain(*args)
        self._explain = None

    @property
    def used(self) -> tuple[Candidate, ...]:
        if self._explain is not None:
            self._resolve()
        return self._used

    @property
    def detail(self) -> Mapping[str, object]:
        if self._explain is not None:
            self._resolve()
        return self._detail

    @property
    def cells(self) -> frozenset[int]:
        """Cells this step changes, used to tell overlapping steps apart."""
        return frozenset(c for c, _ in self.placements) | frozenset(c for c, _ in self.eliminations)

    def __repr__(self) -> str:
        return (f"Step(code={self.code!r}, points={self.points!r}, placements={self.placements!r}, "
                f"eliminations={self.eliminations!r}, used={self.used!r}, detail={dict(self.detail)!r})")

    def __getstate__(self) -> tuple[Any, ...]:
        return (self.code, self.points, self.placements, self.eliminations, self.used, self.detail)

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self.code, self.points, self.placements, self.eliminations, self._used, self._detail = state
        self._explain = None


def deferred_step(cls: type[Step], code: str, points: float, placements: tuple[Candidate, ...],
                  eliminations: tuple[Candidate, ...], explain: Explain, args: tuple[Any, ...]) -> Step:
    """:meth:`Step.deferred` with every argument in place: the singles make one per single found,
    and a plain function is called without parsing ``*args`` and keywords.  Its name differs
    from the method's, which Cython would take for the same declaration (``step.pxd``)."""
    step: Step = cls.__new__(cls)
    step.code = code
    step.points = points
    step.placements = placements
    step.eliminations = eliminations
    step._explain = (explain, args)
    return step
