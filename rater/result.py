"""The outcome of rating one puzzle, and its JSON form."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from puzzles.errors import InputError
from puzzles.geometry import COL_OF, ROW_OF, Grid
from puzzles.parsing import format_line
from puzzles.version import __version__
from rater.figures import figures, total
from rater.levels import level_name
from rater.options import Options
from techniques.base import REGISTRY
from techniques.step import Step


class Picture(Protocol):
    """A position of a rating as a picture (:class:`rater.views.render.Position`)."""

    def svg(self, marked: bool = False) -> str: ...

    def _repr_svg_(self) -> str: ...


#: How a rating draws itself in a notebook: ``position`` (rating, number) and ``notebook`` (rating), set
#: by :func:`register_drawing` when :mod:`rater.views.render` loads (the ``rater`` package loads it
#: with the first name of its interface used).
#: The views depend on the rating; the rating only looks its pictures up here.
_DRAWING: dict[str, Callable[..., Any]] = {}


def register_drawing(position: Callable[[Rating, int], Picture], notebook: Callable[[Rating], str]) -> None:
    """Make :meth:`Rating.position` and the notebook display of a rating use these views."""
    _DRAWING.update(position=position, notebook=notebook)


def _drawing(name: str) -> Callable[..., Any]:
    if name not in _DRAWING:
        raise RuntimeError("no views are loaded: use the rater package (rater.rate, rater.RunSettings, ...) "
                           "or import rater.views.render to draw a rating")
    return _DRAWING[name]


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
    #: The points passed the caller's ``stop_above`` (:meth:`rater.run.engine.Engine.rate`); the rest was not rated.
    OVER = "over"

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return repr(self.value)

    @classmethod
    def _missing_(cls, value: object) -> Status:
        """``Status("bogus")`` is an InputError naming the statuses (not the bare ValueError of enum)."""
        raise InputError(f"unknown status {value!r:.20}: choose {', '.join(s.value for s in cls)}")

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)



@dataclass
class Rating:
    """Steps and figures of one rating run.

    ``steps`` holds every counted step in the order applied, including the
    candidate-writing bonus line (code ``PM``), which counts in ``points`` but
    not in the norms: the norms describe solving steps.

    The grids are :data:`puzzles.geometry.Grid` values and the option an
    :class:`Options`: the run, the views and the verifier read them as they
    are; only the record (:meth:`to_record`) and the reports write them as text.
    """

    puzzle: Grid
    option: Options
    status: Status
    steps: list[Step] = field(default_factory=list)
    solution: Grid | None = None
    final_grid: Grid | None = None
    #: The input as written, for a rating that stands for input the run did not rate (unreadable, or
    #: lost with its worker): the record shows it instead of ``puzzle``, which is then empty.
    text: str | None = None
    #: The difficulty level's stable key (``very_hard``; :mod:`rater.levels`), None without a level.
    level: str | None = None
    #: The level's name per language, for reports (:meth:`level_text`).
    level_names: dict[str, str] = field(default_factory=dict)
    seconds: float = 0.0
    uniqueness_techniques: bool = True
    message: str = ""
    #: The variant the puzzle was rated as (:mod:`puzzles.rules`).
    rules: str = "standard"
    #: ``canonical`` when the canonical form was rated and the steps mapped back, else ``given``.
    orientation: str = "given"
    #: The program version that rated (:mod:`puzzles.version`).
    version: str = __version__
    #: The digest of the engine's effective technique catalogue (:mod:`rater.digest`).
    catalogue_digest: str = ""
    #: Option digit 2: steps found in the same position but not applied, by the index (in
    #: ``steps``) of the first step applied there.  Printing only: they never count.
    alternatives: dict[int, list[Step]] = field(default_factory=dict)
    #: The seed of the ``generate`` run that made the puzzle (:mod:`rater.generation`); None when rated as given.
    seed: int | None = None

    @property
    def points(self) -> float:
        return total(self.steps)

    @property
    def solving_points(self) -> list[float]:
        return figures(self.steps).solving

    @property
    def norm2(self) -> float:
        return figures(self.steps).norm2

    @property
    def max(self) -> float:
        return figures(self.steps).max

    @property
    def thinning_steps(self) -> int:
        """Steps that only eliminate."""
        return figures(self.steps).thinning_steps

    def level_text(self, lang: str = "en") -> str | None:
        """The level's name in ``lang`` (English where the language has none), None without a level."""
        return level_name(self.level_names, lang) if self.level else None

    def technique_counts(self) -> dict[str, int]:
        """Steps per technique code, in the order of each code's first step."""
        return figures(self.steps).counts

    def position(self, number: int) -> Picture:
        """The grid after step ``number`` (0: the start); it shows itself as SVG in a notebook."""
        picture: Picture = _drawing("position")(self, number)
        return picture

    def _repr_html_(self) -> str:
        """The walkthrough page (:mod:`rater.views.html`) in a frame, for notebooks."""
        page: str = _drawing("notebook")(self)
        return page

    @property
    def rated(self) -> bool:
        """Whether the figures are a rating: solved, stuck, or stopped at a deadline after some steps."""
        return self.status in RATED or (self.status == Status.TIMEOUT and bool(self.steps))

    def to_record(self, lang: str = "en") -> dict[str, Any]:
        """The record of this rating (``docs/records.md``, ``rater/record.schema.json``).

        The fields every output shares: a bulk line adds ``line`` and
        ``comment``, a ``--json`` report ``solution`` and the ``steps`` list.
        Figures are rounded as the reports print them; ``level_text`` is the
        level in ``lang``; a generated puzzle's record adds its run's ``seed``.  Plain JSON values only, so
        ``pandas.DataFrame([r.to_record() for r in ratings])`` is a table.
        """
        return record_of(self, lang, self.text if self.text is not None else format_line(self.puzzle))


def record_of(rating: Rating, lang: str, puzzle: str) -> dict[str, Any]:
    """:meth:`Rating.to_record` with ``puzzle`` as the puzzle's text.

    A bulk record (:func:`rater.records.rating_record`) writes the puzzle as its input line has
    it, so it need not write the grid first; every figure comes from one reading of the steps
    (a bulk run makes millions of records).
    """
    rated = rating.rated
    graded = rating.status in RATED and rating.level is not None
    tally = figures(rating.steps)
    record = {
        "puzzle": puzzle,
        "status": str(rating.status),
        "points": number(tally.points) if rated else None,
        "norm2": number(tally.norm2) if rated else None,
        "max": number(tally.max) if rated else None,
        "level": rating.level if graded else None,
        "level_text": rating.level_text(lang) if graded else None,
        "thinning_steps": tally.thinning_steps if rated else None,
        "step_count": len(rating.steps) if rated else None,
        "techniques": tally.counts,
        "seconds": round(rating.seconds, 4),
        "message": " ".join(rating.message.split()),
        "rules": rating.rules,
        "option": rating.option.code,
        "orientation": rating.orientation,
        "uniqueness_techniques": rating.uniqueness_techniques,
        "version": rating.version,
        "catalogue_digest": rating.catalogue_digest,
    }
    if rating.seed is not None:
        record["seed"] = rating.seed
    return record


#: Statuses that are a rating; every other one is reported as not rated.
RATED: Final = ("solved", "stuck")


def number(value: float) -> float | int:
    """Rounded to 2 decimals, whole numbers as ints (so text and JSON print ``15``, not ``15.0``)."""
    value = round(float(value), 2)
    return int(value) if value.is_integer() else value


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


def rating_to_json(rating: Rating, texts: list[str], groups: list[str], lang: str = "en") -> dict[str, Any]:
    """The ``--json`` object: the record (:meth:`Rating.to_record`), the solution and every step.

    ``texts``/``groups`` are per step, already localized.
    """
    return {
        **rating.to_record(lang),
        "solution": format_line(rating.solution) if rating.solution else None,
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
