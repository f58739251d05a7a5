"""Generating puzzles to order: difficulty, techniques, symmetry, rules, clue count, all distinct.

How one *attempt* (number ``n`` of a run) goes, every choice drawn from a
random generator seeded by the run's seed and ``n`` alone, so that a run is
reproducible and gives the same puzzles whatever the number of processes:

1. a random solution grid of the rules (:func:`puzzles.solver.random_solution`)
   moved by a uniformly random element of the rules' symmetry group, so
   every orientation and labelling is equally likely;
2. the givens are taken away one *orbit* of the asked pattern symmetry at a
   time (:mod:`canon.pattern_symmetry`), in random order, whenever the puzzle
   stays unique: the result is minimal within the symmetry (no orbit can go);
3. the puzzle is rated by the engine of the run's
   :class:`rater.settings.RunSettings` (the one ``rate`` builds from the same
   options, ``--exclude`` being its ``--disable``), and kept when the rating meets every
   condition (:meth:`Target.verdict`);
4. otherwise a neighbourhood search climbs towards the conditions for at
   most ``climb`` steps: take one orbit of givens away and add another from
   the solution, keep the result when it is still unique (then remove what
   became removable), rate it, and move there when it is no further from the
   target than the current puzzle.  Hard puzzles are rare among random
   minimal ones (docs/performance.md, "Generating"); the neighbours of a hard
   puzzle are often hard, which is how puzzle hunters search.

With a pattern of givens (``generate --pattern``) the givens of every puzzle
are exactly the pattern's cells: step 2 searches the digits on the pattern
for a unique puzzle instead (:func:`rater.generation.pattern.unique_start`),
and a neighbour in step 4 is the puzzle with one given set to another digit,
kept when still unique.

A run keeps an attempt's puzzle only when no earlier output has the same
canonical form under the rules' group (:func:`canonical_key`), so no two
outputs are the same puzzle up to symmetry and relabelling.
"""

from __future__ import annotations

import math
import os
import random
import secrets
import time
from collections import Counter
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final

from canon.pattern_symmetry import PatternSymmetry, parse_symmetry
from puzzles.collector import settle
from puzzles.errors import MAX_SEED, InputError, whole_number
from puzzles.geometry import Grid
from puzzles.lifeline import start_worker
from puzzles.reduction import UniquenessChecks, checks_for, count_givens, reduce_orbits, stays_unique
from puzzles.rules import Rules
from puzzles.solver import random_solution
from rater.generation.pattern import GIVE_UP_AFTER, check_pattern, neighbour, read_pattern, unique_start
from rater.levels import Level, LevelTable, level_name, load_levels
from rater.result import Rating
from rater.run.engine import Engine
from rater.settings import RunSettings, given_settings, per_thread
from techniques.base import Context

#: Neighbourhood steps per random start (``--climb``); 0 is the random method alone.
DEFAULT_CLIMB: Final = 30
#: Fewest givens of a standard Sudoku with one solution (McGuire, Tugemann and Civario, 2012).
STANDARD_MIN_GIVENS: Final = 17
#: Seeds drawn for a run without one are below this: short enough to read out and type again.
DRAWN_SEEDS: Final = 2**32


class GenerateError(InputError):
    """Conditions that cannot be met or read: one line, the command exits 2."""


@dataclass(frozen=True)
class GenerateSettings:
    """Everything that decides a run's puzzles: picklable, so worker processes get it whole.

    ``rating`` is the rating part (option, rules, technique text, the excluded
    codes as ``disable``, language): the one object every engine of the run is
    built from, in this process, its workers and cluster tasks alike.  The
    rest are the conditions a rated puzzle must meet and how to search.
    """

    rating: RunSettings = field(default_factory=RunSettings)
    symmetry: str = "none"
    #: The accepted levels' keys (``rater/levels.yaml``; empty: any level).
    levels: tuple[str, ...] = ()
    #: Inclusive points range of the rating (None: any).
    points: tuple[float, float] | None = None
    require: tuple[str, ...] = ()
    first_hard: str | None = None
    #: Inclusive range of the number of givens.
    clues: tuple[int, int] = (0, 81)
    minimal: bool = True
    seed: int = 0
    climb: int = DEFAULT_CLIMB
    #: The cells every puzzle has its givens on, exactly (ascending), or None: givens chosen by reduction.
    pattern: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        """Refuse (GenerateError) a value of the wrong type or out of range, whoever made these settings."""
        if not isinstance(self.rating, RunSettings):
            raise GenerateError(f"settings must be a RunSettings, not {type(self.rating).__name__}")
        if not isinstance(self.symmetry, str) or not isinstance(self.minimal, bool) \
                or not (self.first_hard is None or isinstance(self.first_hard, str)) \
                or not (isinstance(self.require, tuple) and all(isinstance(code, str) for code in self.require)):
            raise GenerateError("symmetry and first_hard are names, require a sequence of codes, minimal True or False")
        if self.points is not None and not _is_range(self.points, float):
            raise GenerateError(f"points must be a range like '120..240' or (low, high), not {self.points!r:.40}")
        if not _is_range(self.clues, int) or not 0 <= self.clues[0] <= self.clues[1] <= 81:
            raise GenerateError(f"clues must be a count range within 0..81 like '22..26', not {self.clues!r:.40}")
        whole_number(self.seed, "seed", 0, MAX_SEED)
        whole_number(self.climb, "climb")


def draw_seed() -> int:
    """A fresh seed for a run given none, from the system's entropy: a setter's daily run gets new puzzles."""
    return secrets.randbelow(DRAWN_SEEDS)


def _is_range(value: object, kind: type) -> bool:
    """Whether ``value`` is a pair ``(low, high)`` of numbers of ``kind`` (ints count as floats), low <= high."""
    kinds = (int, float) if kind is float else (int,)
    return isinstance(value, tuple) and len(value) == 2 \
        and all(isinstance(end, kinds) and not isinstance(end, bool) and not math.isnan(end) for end in value) \
        and value[0] <= value[1]


# --- reading the conditions ------------------------------------------------------------


def parse_levels(text: str, table: LevelTable, lang: str = "en") -> tuple[str, ...]:
    """The keys of a level or a range ``low..high`` of levels, each named by its key or in any language.

    Levels run from easiest to hardest with both top levels last ("inhuman"
    before trial & error), as :meth:`LevelTable.levels` lists them; messages
    name levels in ``lang``.
    """
    levels = table.levels()
    index = {name.lower(): i for i, level in enumerate(levels) for name in (level.key, *level.names.values())}

    def find(part: str) -> int:
        found = index.get(" ".join(part.split()).lower())
        if found is None:
            raise GenerateError(f"unknown level {part.strip()!r}; levels: "
                                f"{', '.join(level_name(level.names, lang) for level in levels)} "
                                "(or their names in another language, or their keys)")
        return found

    low, dots, high = text.partition("..")
    first = find(low)
    last = find(high) if dots else first
    if last < first:
        raise GenerateError(f"empty level range {text!r}: {level_name(levels[first].names, lang)} is harder than "
                            f"{level_name(levels[last].names, lang)}")
    return tuple(level.key for level in levels[first:last + 1])


def parse_points(text: str) -> tuple[float, float]:
    """``A..B`` (either end may be left out) as an inclusive range; an empty range is a GenerateError."""
    low, dots, high = text.partition("..")
    if not dots:
        raise GenerateError(f"--points needs a range like 120..240, got {text!r}")
    try:
        lo = float(low) if low.strip() else 0.0
        hi = float(high) if high.strip() else math.inf
    except ValueError:
        raise GenerateError(f"--points needs numbers like 120..240, got {text!r}") from None
    if math.isnan(lo) or math.isnan(hi) or lo > hi or lo == math.inf:
        raise GenerateError(f"empty points range {text!r}")
    return lo, hi


def parse_clues(text: str) -> tuple[int, int]:
    """``A..B`` or ``N`` givens, within 0..81."""
    low, dots, high = text.partition("..")
    try:
        lo = int(low) if low.strip() else 0
        hi = (int(high) if high.strip() else 81) if dots else lo
    except ValueError:
        raise GenerateError(f"--clues needs a count or a range like 22..26, got {text!r}") from None
    if not 0 <= lo <= hi <= 81:
        raise GenerateError(f"empty or impossible clue range {text!r} (0..81)")
    return lo, hi


def parse_codes(text: str | None, flag: str) -> tuple[str, ...]:
    """The technique codes of a comma list, in order, without repeats."""
    if text is None:
        return ()
    codes = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    if not codes:
        raise GenerateError(f"{flag} needs technique codes, e.g. {flag} UR")
    return codes


def pattern_cells(pattern: str | Sequence[int] | None) -> tuple[int, ...] | None:
    """The given cells of a pattern given as text (:func:`read_pattern`) or as cells, ascending; None for none."""
    if pattern is None or isinstance(pattern, str):
        return None if pattern is None else read_pattern(pattern)
    cells = tuple(sorted(set(pattern)))
    if any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 81 for c in cells):
        raise GenerateError(f"a pattern's cells are whole numbers 0..80, not {list(pattern)!r}")
    return cells


# --- the target -----------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """The conditions of a run, checked against one rating, and the points band climbed towards."""

    levels: frozenset[str]
    band: tuple[float, float]
    points: tuple[float, float] | None
    require: tuple[str, ...]
    first_hard: str | None
    clues: tuple[int, int]

    def verdict(self, rating: Rating, givens: int) -> str | None:
        """None when ``rating`` meets every condition, else the first reason it does not."""
        if rating.status == "over":
            return "too hard"
        if rating.status != "solved":
            return "not solved"
        if not self.clues[0] <= givens <= self.clues[1]:
            return "clue count"
        points = round(rating.points, 2)
        if points < self.band[0]:
            return "too easy"
        if points > self.band[1]:
            return "too hard"
        if self.levels and rating.level not in self.levels:
            return "level"
        counts = rating.technique_counts()
        if any(code not in counts for code in self.require):
            return "technique missing"
        if self.first_hard is not None and self._off_hardest(rating) != (0.0, 0.0):
            return "hardest step"
        return None

    def distance(self, rating: Rating, givens: int) -> tuple[float, ...]:
        """How far ``rating`` is from the target, compared as a tuple: smaller is closer."""
        counts = rating.technique_counts()
        missing = sum(code not in counts for code in self.require)
        rated = rating.status in ("solved", "over")  # "over": the points so far, a lower bound
        points = rating.points if rated else math.inf
        lo, hi = self.band
        off_band = lo - points if points < lo else points - hi if points > hi else 0.0
        off_clues = max(self.clues[0] - givens, givens - self.clues[1], 0)
        return float(not rated), float(missing), *self._off_hardest(rating), off_band, float(off_clues)

    def _off_hardest(self, rating: Rating) -> tuple[float, float]:
        """How far ``first_hard`` is from the hardest step: not used at all, then the points of harder steps.

        (0, 0) when a step of the most points is ``first_hard`` (ties count:
        among equally hard steps, the order the rating met them is chance).
        """
        if self.first_hard is None:
            return 0.0, 0.0
        own = [step.points for step in rating.steps if step.code == self.first_hard]
        if not own:
            return 1.0, 0.0
        return 0.0, rating.max - max(own)


def level_band(table: LevelTable, levels: Sequence[str], synchronous: bool) -> tuple[float, float]:
    """The smallest points range holding every total that :meth:`LevelTable.grade` gives a level of ``levels`` (keys).

    Synchronous options report one grade lower, so their level ``L`` covers the
    points of grade ``L + 1``.
    """
    bounds = [bound for bound, _level in table.grades]
    wanted = set(levels)
    low, high = math.inf, -math.inf
    for grade in range(len(bounds) + 1):
        lo = bounds[grade - 1] if grade else 0.0
        hi = bounds[grade] if grade < len(bounds) else math.inf
        reported = max(grade - 1, 0) if synchronous else grade
        reached: tuple[Level, ...] = (table.grades[reported][1],) if reported < len(bounds) \
            else (table.top_other, table.top_te)
        if {level.key for level in reached} & wanted:
            low, high = min(low, lo), max(high, hi)
    return low, high


def available_codes(engine: Engine, rules: Rules) -> set[str]:
    """Codes of the techniques a run of ``engine`` under ``rules`` can use at all."""
    ctx = Context(cd_level=engine.options.cd_level, unique=rules.standard)
    techniques = [*engine.direct, *engine.pencil, *engine.singles,
                  *(t for _family, ts in engine.thinning for t in ts),
                  *(t for _family, ts in engine.last_resorts for t in ts)]
    return {t.code for t in techniques if t.applicable(ctx)}


@dataclass(frozen=True)
class Plan:
    """The checked settings of a run: its rules, symmetry, engine and target."""

    settings: GenerateSettings
    rules: Rules
    symmetry: PatternSymmetry
    engine: Engine
    target: Target


def plan(settings: GenerateSettings) -> Plan:
    """Check the settings and build what a run needs; a GenerateError for what cannot be met.

    Refused as impossible: codes the run cannot use (unknown, switched off,
    excluded, or uniqueness-based under variant rules, where those are off),
    a level the option never reports, an empty points band, a clue range no
    union of the symmetry's orbits reaches (or below 17 givens in standard
    Sudoku), and a symmetry whose elements are not symmetries of the rules.
    """
    rules = settings.rating.rule_set()
    symmetry = parse_symmetry(settings.symmetry)
    engine = settings.rating.engine()
    excluded = settings.rating.disable
    known = {entry.code for entry in engine.catalogue}
    usable = available_codes(engine, rules)
    both = [code for code in settings.require if code in excluded]
    if both:
        raise GenerateError(f"{both[0]} is both required and excluded")
    if settings.first_hard in excluded:
        raise GenerateError(f"the hardest step cannot be {settings.first_hard}: it is excluded")
    for code in (*settings.require, *((settings.first_hard,) if settings.first_hard else ())):
        if code not in known:
            raise GenerateError(f"unknown technique code {code!r} (known: {', '.join(sorted(known))})")
        if code not in usable:
            why = ("uniqueness-based techniques are off under variant rules" if not rules.standard
                   and any(e.code == code and e.technique.needs_uniqueness for e in engine.catalogue)
                   else "the option or technique file switches it off")
            raise GenerateError(f"no rating can use {code}: {why}")
    table = engine.levels
    synchronous = engine.options.sync_level > 0
    band: tuple[float, float] = (0.0, math.inf)
    if settings.levels:
        band = level_band(table, settings.levels, synchronous)
        if band[0] > band[1]:
            names = {level.key: level.names for level in table.levels()}
            raise GenerateError(f"option {settings.rating.option} never reports the level "
                                f"{level_name(names[settings.levels[0]], settings.rating.lang)!r} "
                                "(synchronous options grade one level lower)")
        if not engine.guessing & usable and set(settings.levels) <= {table.top_te.key}:
            raise GenerateError("that level needs trial & error, which is excluded or switched off")
    if settings.points is not None:
        band = (max(band[0], settings.points[0]), min(band[1], settings.points[1]))
        if band[0] > band[1]:
            raise GenerateError("the points range and the level have no points in common")
    lo, hi = settings.clues
    if not any(lo <= n <= hi for n in symmetry.clue_counts()):
        raise GenerateError(f"no {symmetry.name}-symmetric pattern has {lo}..{hi} givens "
                            f"(its orbits have sizes {', '.join(map(str, sorted({len(o) for o in symmetry.orbits})))})")
    if rules.standard and hi < STANDARD_MIN_GIVENS:
        raise GenerateError(f"no standard Sudoku with fewer than {STANDARD_MIN_GIVENS} givens has one solution")
    clash = symmetry.clashing_element(rules)
    if clash is not None:
        raise GenerateError(f"the {symmetry.name} symmetry does not keep the units of {rules.name} Sudoku "
                            f"(element {clash})")
    if settings.pattern is not None:
        check_pattern(settings.pattern, rules, symmetry, settings.clues,
                      STANDARD_MIN_GIVENS if rules.standard else 0)
    target = Target(frozenset(settings.levels), band, settings.points, settings.require, settings.first_hard,
                    settings.clues)
    return Plan(settings, rules, symmetry, engine, target)


# --- one attempt ----------------------------------------------------------------------


@dataclass
class Attempt:
    """What attempt ``number`` found: a puzzle meeting the target (or None) and what it cost."""

    number: int
    rating: Rating | None = None
    #: The canonical form of the puzzle under the rules' group, for the distinct check.
    key: Grid | None = None
    ratings: int = 0
    #: Why rated candidates were turned down, counted.
    rejected: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    #: The CPU time of the attempt (its process's), which a busy machine disturbs less than ``seconds``.
    cpu_seconds: float = 0.0
    #: Whether the attempt reached a unique puzzle to rate (with a pattern it may not; without one, always).
    started: bool = True
    #: The run's deadline came within the attempt: it found nothing yet proves nothing, and is made
    #: again, whole, by a resumed run (so a run stays a function of its seed).
    cut_short: bool = False


def attempt_rng(seed: int, number: int) -> random.Random:
    """The random generator of attempt ``number``: a function of the seed and the number only."""
    return random.Random(f"generate {seed} {number}")


def random_grid(rng: random.Random, rules: Rules) -> Grid:
    """A random solution grid under a uniformly random element of the rules' group."""
    from canon.group import random_transformation
    from canon.variant_group import random_variant_transformation

    grid = random_solution(rng, rules=rules)
    element = random_transformation(rng) if rules.standard else random_variant_transformation(rng, rules)
    return element.apply(grid)


def canonical_key(grid: Sequence[int], rules: Rules) -> Grid:
    """The canonical form of a puzzle under the rules' group with relabelling (same key, same puzzle)."""
    if rules.standard:
        from canon.canonical import canonical_form

        return canonical_form(grid).form
    from canon.variant_group import variant_canonical

    return variant_canonical(grid, rules)[0]


def run_attempt(p: Plan, number: int, deadline: float | None = None) -> Attempt:
    """Attempt ``number`` of a run (module docstring): a random start, then the climb.

    ``deadline`` (a ``time.time()`` value, so that it means the same in every
    process and on every cluster machine) ends the climb: ``--max-seconds``
    bounds the wall time, not the number of attempts.
    """
    began, cpu = time.perf_counter(), time.process_time()
    rng = attempt_rng(p.settings.seed, number)
    checks = checks_for(p.rules)
    floor = 0 if p.settings.minimal else p.settings.clues[0]
    solution = random_grid(rng, p.rules)
    result = Attempt(number)
    pattern = p.settings.pattern
    start = _start(rng, p, solution, checks, floor)
    if start is None:
        result.rejected["no unique start on the pattern"] += 1
        result.started = False
        return _timed(result, began, cpu)
    puzzle = start
    # past the band's top a rating is turned down whatever follows: no need to rate the rest
    stop_above = p.target.band[1] if math.isfinite(p.target.band[1]) else None

    def rate(candidate: Grid) -> tuple[Rating, tuple[float, ...] | None]:
        rating = p.engine.rate(candidate, rules=p.rules, stop_above=stop_above)
        result.ratings += 1
        givens = count_givens(candidate)
        reason = p.target.verdict(rating, givens)
        if reason is None:
            return rating, None
        result.rejected[reason] += 1
        return rating, p.target.distance(rating, givens)

    rating, distance = rate(puzzle)
    steps = 0
    while distance is not None and steps < p.settings.climb:
        if deadline is not None and time.time() >= deadline:
            result.cut_short = True
            return result
        steps += 1
        if pattern is not None:
            nearby = neighbour(rng, puzzle, pattern, p.rules)
        elif all(puzzle[o[0]] for o in p.symmetry.orbits) or not any(puzzle[o[0]] for o in p.symmetry.orbits):
            break
        else:
            nearby = _moved_orbit(rng, p, puzzle, solution, checks, floor)
        if nearby is None:
            continue
        new_rating, new_distance = rate(nearby)
        if new_distance is None or new_distance <= distance:
            puzzle, rating, distance = nearby, new_rating, new_distance
    if distance is None:
        rating.seed = p.settings.seed
        result.rating = rating
        result.key = canonical_key(puzzle, p.rules)
    return _timed(result, began, cpu)


def _start(rng: random.Random, p: Plan, solution: Grid, checks: UniquenessChecks, floor: int) -> Grid | None:
    """An attempt's first puzzle: the solution reduced in a random order of the orbits, or a unique puzzle
    exactly on the pattern (None when the attempt found none)."""
    if p.settings.pattern is not None:
        return unique_start(rng, solution, p.settings.pattern, p.rules)
    orbits = list(p.symmetry.orbits)
    rng.shuffle(orbits)
    return reduce_orbits(solution, solution, orbits, checks, floor)


def _moved_orbit(rng: random.Random, p: Plan, puzzle: Grid, solution: Grid, checks: UniquenessChecks,
                 floor: int) -> Grid | None:
    """The climb's neighbour without a pattern: one orbit of givens moved to an empty orbit (the solution's
    digits), the rest reduced again in a random order; None when the move loses uniqueness."""
    given = [o for o in p.symmetry.orbits if puzzle[o[0]]]
    empty = [o for o in p.symmetry.orbits if not puzzle[o[0]]]
    out, into = rng.choice(given), rng.choice(empty)
    candidate = list(puzzle)
    for cell in out:
        candidate[cell] = 0
    for cell in into:
        candidate[cell] = solution[cell]
    if not stays_unique(candidate, out, solution, checks):
        return None
    rest = [o for o in given if o is not out]
    rng.shuffle(rest)
    return reduce_orbits(candidate, solution, rest, checks, floor)


def _timed(result: Attempt, began: float, cpu: float) -> Attempt:
    """``result`` with the wall-clock and CPU time since ``began`` and ``cpu``."""
    result.seconds = time.perf_counter() - began
    result.cpu_seconds = time.process_time() - cpu
    return result


# --- many attempts --------------------------------------------------------------------


def _plan_of(settings: GenerateSettings) -> Plan:
    """This thread's plan of ``settings``, built once: an engine keeps search state, so threads never share one."""
    return per_thread("plans", settings, lambda: plan(settings))  # a worker serves one run at a time


def _init_worker(settings: GenerateSettings, parent: int) -> None:
    """Per-process initializer of ``--jobs``: the plan (and engine) built once; Ctrl-C and dying with the
    parent are :func:`puzzles.lifeline.start_worker`'s business."""
    start_worker(parent)
    _plan_of(settings)
    settle()  # the plan lives as long as the worker: out of the collector's scans


def remote_attempt(settings: GenerateSettings, number: int, deadline: float | None = None) -> Attempt:
    """Attempt ``number`` in a worker process or cluster thread: its plan is built on the first task and kept."""
    return run_attempt(_plan_of(settings), number, deadline)


def attempts(p: Plan, first: int = 0, jobs: int = 1, cluster: Any = None,
             deadline: float | None = None) -> Generator[Attempt, None, None]:
    """Attempts ``first``, ``first + 1``, ... in order, made by ``jobs`` processes (1: this one) or on a cluster.

    ``cluster`` is a Dask client (``generate --cluster``); its futures are
    awaited like those of the local pool.  Results come in attempt order
    whatever the number of processes, so a run is the same with any ``--jobs``
    or cluster; a few attempts run ahead of the one awaited (twice the
    processes), and the rest are never started.

    A run on a pattern whose first :data:`GIVE_UP_AFTER` attempts found no
    unique puzzle on it is given up with a GenerateError: the pattern most
    likely has none, and the run would search for ever.  Every attempt stops at
    ``deadline`` (see :func:`run_attempt`).
    """
    started = p.settings.pattern is None or first > 0
    stream = _attempts(p, first, jobs, cluster, deadline)
    try:
        for attempt in stream:
            started = started or attempt.started
            if not started and attempt.number + 1 >= GIVE_UP_AFTER:
                raise GenerateError(f"no unique puzzle found on the pattern in the first {GIVE_UP_AFTER} attempts "
                                    "(each from a random grid): most likely the pattern allows none")
            yield attempt
    finally:
        stream.close()  # the workers stop with the run, not when the garbage collector gets to them


def _attempts(p: Plan, first: int = 0, jobs: int = 1, cluster: Any = None,
              deadline: float | None = None) -> Generator[Attempt, None, None]:
    """The attempts of :func:`attempts`, without the pattern's guard."""
    if jobs <= 1 and cluster is None:
        number = first
        while True:
            yield run_attempt(p, number, deadline)
            number += 1
    if cluster is not None:
        ahead = 2 * max(1, sum(cluster.nthreads().values()))

        def submit(n: int) -> Any:
            return cluster.submit(remote_attempt, p.settings, n, deadline, pure=False)
    else:
        ahead = 2 * jobs
        pool = ProcessPoolExecutor(jobs, initializer=_init_worker, initargs=(p.settings, os.getpid()))

        def submit(n: int) -> Any:
            return pool.submit(remote_attempt, p.settings, n, deadline)
    pending: dict[int, Any] = {}
    number = first
    try:
        while True:
            while len(pending) < ahead:
                pending[number + len(pending)] = submit(number + len(pending))
            yield pending.pop(number).result()
            number += 1
    finally:
        for future in pending.values():
            future.cancel()
        if cluster is None:
            pool.shutdown(wait=False, cancel_futures=True)


def distinct(found: Iterator[Attempt], seen: set[Grid]) -> Generator[Attempt, None, None]:
    """Every attempt, with a found puzzle whose canonical form ``seen`` already holds dropped (and counted)."""
    for attempt in found:
        if attempt.key is not None:
            if attempt.key in seen:
                attempt.rejected["duplicate"] += 1
                attempt.rating = None
            else:
                seen.add(attempt.key)
        yield attempt


def _codes_of(require: object) -> tuple[Any, ...]:
    """``require`` as a tuple (its codes are checked by :class:`GenerateSettings`); a GenerateError if no sequence."""
    if not isinstance(require, Iterable) or isinstance(require, (str, bytes, Mapping)):
        raise GenerateError(f"require is a sequence of technique codes, not {require!r:.40}")
    return tuple(require)


def generate(count: int = 1, *, level: str | None = None, points: str | tuple[float, float] | None = None,
             require: Sequence[str] = (), first_hard: str | None = None, symmetry: str = "none",
             clues: str | tuple[int, int] = (0, 81), minimal: bool = True, seed: int | None = None,
             climb: int = DEFAULT_CLIMB, jobs: int = 1, max_seconds: float | None = None,
             pattern: str | Sequence[int] | None = None, settings: RunSettings | None = None,
             **values: Any) -> Iterator[Rating]:
    """Ratings of ``count`` distinct puzzles meeting every condition (the ``generate`` command's, as Python).

    Conditions as in the command: ``level`` a level's key or name in any
    language, or a range (``"hard..very hard"``), ``points`` a range of the
    option's points, techniques by code.  The rating part is ``settings`` or
    its :class:`RunSettings` fields as keywords, as for :func:`rater.rate`
    (``option="2001"``, ``rules="diagonal"``, ``disable=("BB",)``: the
    techniques a puzzle must be solved without, ``generate --exclude``).
    ``pattern`` puts every puzzle's givens exactly on a pattern: 81
    characters (a digit or ``x`` a given) or a file holding them, as
    ``--pattern`` reads it, or the given cells (0..80).  Without ``seed`` a
    fresh one is drawn (:func:`draw_seed`); every rating carries its run's
    seed as ``Rating.seed``, and the same seed gives the same puzzles.
    Stops early, without an error, when ``max_seconds`` have passed; bad
    conditions raise :class:`GenerateError` (an :class:`InputError`).
    """
    whole_number(count, "count")
    whole_number(jobs, "jobs", 1)
    if max_seconds is not None and (isinstance(max_seconds, bool) or not isinstance(max_seconds, (int, float))
                                    or not max_seconds >= 0):
        raise GenerateError(f"max_seconds must be a number of seconds >= 0 or None, not {max_seconds!r:.20}")
    if not (level is None or isinstance(level, str)) or isinstance(require, str):
        raise GenerateError("level is a name or a range of names; require is a sequence of codes, not one string")
    rating = given_settings(settings, values)
    run = GenerateSettings(
        rating=rating, symmetry=symmetry,
        levels=parse_levels(level, load_levels(), rating.lang) if level else (),
        points=parse_points(points) if isinstance(points, str) else points,
        require=_codes_of(require), first_hard=first_hard,
        clues=parse_clues(clues) if isinstance(clues, str) else clues, minimal=minimal,
        seed=draw_seed() if seed is None else seed, climb=climb, pattern=pattern_cells(pattern))
    p = plan(run)
    deadline = None if max_seconds is None else time.time() + max_seconds
    made = 0
    if count < 1:
        return
    stream = attempts(p, 0, jobs, deadline=deadline)
    try:
        for attempt in distinct(stream, set()):
            if attempt.cut_short:
                return
            if attempt.rating is not None:
                yield attempt.rating
                made += 1
                if made >= count:
                    return
            if deadline is not None and time.time() > deadline:
                return
    finally:
        stream.close()
