"""The outcome of rating one puzzle, and its JSON form."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import Any

from puzzles.geometry import COL_OF, ROW_OF
from techniques.base import REGISTRY
from techniques.step import WRITE_CANDIDATES, Step

class Status(str, enum.Enum):
    """How a rating run ended; a string, so that JSON and CSV records show the plain value.

    ``error`` is only set by the bulk runner.
    """

    SOLVED = "solved"
    STUCK = "stuck"
    INVALID = "invalid"
    NO_SOLUTION = "no_solution"
    MULTIPLE_SOLUTIONS = "multiple_solutions"
    ERROR = "error"
    TIMEOUT = "timeout"
    #: The points passed the caller's ``stop_above`` (:meth:`rater.engine.Engine.rate`); the rest was not rated.
    OVER = "over"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return repr(self.value)

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)



@dataclass
class Rating:
    """Steps and figures of one rating run.

    ``steps`` holds every counted step in the order applied, including the
    candidate-writing bonus line (code ``PM``), which counts in ``points`` but
    not in the norms: the norms describe solving steps.
    """

    puzzle: str
    option: str
    status: Status
    steps: list[Step] = field(default_factory=list)
    solution: str | None = None
    final_grid: str | None = None
    level: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    uniqueness_techniques: bool = True
    message: str = ""
    #: The variant the puzzle was rated as (:mod:`puzzles.rules`).
    rules: str = "standard"
    #: Option digit 2: steps found in the same position but not applied, by the index (in
    #: ``steps``) of the first step applied there.  Printing only: they never count.
    alternatives: dict[int, list[Step]] = field(default_factory=dict)

    @property
    def points(self) -> float:
        return sum(s.points for s in self.steps)

    @property
    def solving_points(self) -> list[float]:
        return [s.points for s in self.steps if s.code != WRITE_CANDIDATES]

    @property
    def norm2(self) -> float:
        return math.sqrt(sum(p * p for p in self.solving_points))

    @property
    def max(self) -> float:
        return max(self.solving_points, default=0.0)

    @property
    def thinning_steps(self) -> int:
        return sum(1 for s in self.steps if s.eliminations and not s.placements)

    def technique_counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for s in self.steps:
            counts[s.code] = counts.get(s.code, 0) + 1
        return counts


def step_size(step: Step) -> int | None:
    """The measure a step's points come from, the uniform ``size`` of a ``--json`` step.

    Each technique names the finding field (``Technique.measure``): missing
    numbers (A, E), visible numbers (B0), the candidates written (PM), tuple and
    grid sizes, chain and loop lengths, re-added candidates of a quasi
    rectangle, Bowman's Bingo steps, the trial & error depth.  Techniques with
    fixed points, or points from several counts at once (C, D, F0, box test,
    chute remote pairs, XYZ/WXYZ, unique rectangles), have none.
    """
    technique = REGISTRY.get(step.code)
    value = step.detail.get(technique.measure or "") if technique is not None else None
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else None


def rcd(pairs: tuple[tuple[int, int], ...]) -> list[list[int]]:
    return [[ROW_OF[c] + 1, COL_OF[c] + 1, d] for c, d in pairs]


def rating_to_json(rating: Rating, texts: list[str], groups: list[str]) -> dict[str, Any]:
    """The ``--json`` object; ``texts``/``groups`` are per step, already localized."""
    return {
        "puzzle": rating.puzzle,
        "option": rating.option,
        "rules": rating.rules,
        "status": rating.status,
        "message": rating.message,
        "solution": rating.solution,
        "points": round(rating.points, 2),
        "norm2": round(rating.norm2, 2),
        "max": round(rating.max, 2),
        "level": rating.level,
        "thinning_steps": rating.thinning_steps,
        "uniqueness_techniques": rating.uniqueness_techniques,
        "seconds": round(rating.seconds, 4),
        "steps": [
            {
                "index": i,
                "code": s.code,
                "group": groups[i - 1],
                "points": s.points,
                "size": step_size(s),
                "placements": rcd(s.placements),
                "eliminations": rcd(s.eliminations),
                "text": texts[i - 1],
            }
            for i, s in enumerate(rating.steps, 1)
        ],
    }
