"""The rating engine: solve a puzzle the way a person does and score every step.

The pipeline of the original program:

1. direct phase: methods A-D on placed digits only, no pencil marks;
2. when they are stuck, all candidates are written (bonus points, step ``PM``);
3. candidate phase: placements by E/F, else the thinning families in order,
   else the last resorts (Bowman's Bingo, trial & error);
4. after every applied step (or round, when synchronous) the search restarts
   with the simplest method.

Which of the steps found in a state are applied is the mode's business
(:mod:`rater.run.modes`).  The half-synchronous mode rates the puzzle's canonical
form and maps the steps back (:mod:`rater.run.orientation`), so that it gives all
symmetric copies the same rating, whatever the searches' scan order.  Uniqueness is established first with the exact solver:
multi-solution and unsolvable puzzles are refused unless the caller allows
several solutions, in which case uniqueness-based techniques stay off.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from puzzles.errors import InputError
from puzzles.geometry import Grid, cell_name
from puzzles.parsing import PuzzleError, as_grid
from puzzles.rules import STANDARD, Rules, unit_name
from puzzles.solver import analyse
from rater.digest import catalogue_digest
from rater.levels import LevelTable, load_levels
from rater.options import Mode, Options
from rater.result import Rating, Status
from rater.run.modes import choose_placements, choose_thinning
from techniques.base import INFINITY, CheapestSearch, Context, Phase, Technique
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.step import WRITE_CANDIDATES, Step


class UnsoundStep(AssertionError):
    """A step that contradicts the puzzle's solution: a wrong placement or a removed solution digit.

    ``Engine.rate(..., verify=True)`` raises it at the first such step (the soundness tests);
    :func:`rater.run.verify.first_unsound` returns it with the step's ``number`` in the rating
    (``rate --verify``).  One class and one check (:meth:`of`) for both.
    """

    def __init__(self, step: Step, reason: str, number: int = 0) -> None:
        super().__init__(f"{step.code} {reason}")
        self.step = step
        self.reason = reason
        #: The step's place in the rating, 1-based as the report counts (0: not known).
        self.number = number

    @classmethod
    def of(cls, step: Step, solution: Sequence[int], number: int = 0) -> UnsoundStep | None:
        """How ``step`` contradicts ``solution``, or None if it agrees."""
        for cell, digit in step.placements:
            if solution[cell] != digit:
                return cls(step, f"places {digit} at {cell_name(cell)}, the solution has {solution[cell]}", number)
        for cell, digit in step.eliminations:
            if solution[cell] == digit:
                return cls(step, f"removes {digit} from {cell_name(cell)}, the solution's digit", number)
        return None


def _families(techs: Sequence[Technique]) -> list[tuple[str, list[Technique]]]:
    """Consecutive techniques of one family, in catalogue order."""
    groups: list[tuple[str, list[Technique]]] = []
    for t in techs:
        if groups and groups[-1][0] == t.family:
            groups[-1][1].append(t)
        else:
            groups.append((t.family, [t]))
    return groups


def _stufen(families: Sequence[tuple[str, list[Technique]]],
            level_of: Mapping[str, int]) -> list[tuple[frozenset[str], list[Technique]]]:
    """Consecutive families of one complexity level form one "Stufe" of the thinning selection.

    "alle diejenigen einer Stufe mit der größten Anzahl von Streichungen" (all those of a Stufe
    with the most eliminations): a Stufe is a complexity level, the family sets of the
    synchronous levels the families declare (``level_of``, :meth:`Catalogue.family_levels`:
    {I, II}, {RP, III}, {IV}, {V}, {VI}, {BB}); a family without a level is a Stufe of its own
    (docs/decisions.md, "Modes").
    """
    stufen: list[tuple[frozenset[str], list[Technique]]] = []
    previous: int | None = None
    for family, techs in families:
        level = level_of.get(family)
        if stufen and level is not None and level == previous:
            stufen[-1] = (stufen[-1][0] | {family}, stufen[-1][1] + techs)
        else:
            stufen.append((frozenset({family}), list(techs)))
        previous = level
    return stufen


class Engine:
    """A configured rater: catalogue + options; ``rate`` may be called many times."""

    def __init__(
        self,
        options: Options | str = "2001",
        catalogue: Catalogue | None = None,
        levels: LevelTable | None = None,
        canonical: bool | None = None,
    ) -> None:
        """``canonical``: rate in the canonical orientation (True), in the given one (False), or as the
        mode does by default (None: canonical for the half-synchronous mode only, given otherwise).

        Programs build engines through :meth:`rater.settings.RunSettings.engine`,
        which validates every setting once; this constructor is the low-level door.
        """
        if not isinstance(catalogue, (Catalogue, type(None))) or not isinstance(levels, (LevelTable, type(None))):
            raise InputError("an engine takes a techniques.catalogue.Catalogue and a rater.levels.LevelTable (or None)")
        self.options = options if isinstance(options, Options) else Options.parse(options)
        self.catalogue = catalogue or default_catalogue()
        self.levels = levels or load_levels()
        #: What every rating names as its catalogue (:mod:`rater.digest`).
        self.catalogue_digest = catalogue_digest(self.catalogue, self.levels)
        mode = self.options.mode
        self.mode = mode
        self.canonical = mode is Mode.HALF_SYNC if canonical is None else canonical
        #: The pseudo-synchronous mode applies the first cheapest placement alone.
        self.first_only = mode is Mode.PSEUDO_SYNC
        #: Each technique is asked for its cheapest placements alone (:meth:`_next_steps`).
        self.cheapest_only = self.options.detail < 2 and mode is not Mode.SYNC
        self.direct = [
            t
            for t in self.catalogue.enabled(Phase.DIRECT)
            if t.min_cd_level <= self.options.cd_level
            and (mode is Mode.SYNC or not t.sync_only)
        ]
        self.pencil = self.catalogue.enabled(Phase.PENCIL)
        self.singles = self.catalogue.enabled(Phase.SINGLES)
        self.thinning = _families(self.catalogue.enabled(Phase.THINNING))
        self.last_resorts = _families(self.catalogue.enabled(Phase.LAST_RESORT))
        #: Codes of the techniques that guess (trial & error): graded apart.
        self.guessing = frozenset(e.code for e in self.catalogue if e.technique.guesses)
        #: Codes of the techniques only sound on a puzzle with one solution.
        self.assuming_uniqueness = frozenset(e.code for e in self.catalogue if e.technique.needs_uniqueness)
        #: The synchronous level of each family that declares one (:attr:`Technique.sync_level`).
        self.family_levels = self.catalogue.family_levels()
        #: The families searched synchronously: those of the option's level and below.
        self.sync_families = frozenset(
            family for family, level in self.family_levels.items()
            if mode is Mode.SYNC and level <= self.options.sync_level
        )
        #: The techniques of a run per answer of the uniqueness check (:meth:`_lists`).
        self._runs: dict[bool, _Techniques] = {}

    def _lists(self, ctx: Context) -> _Techniques:
        """The technique lists of a run, without those not applicable under ``ctx``.

        ``applicable`` reads the run settings only (C/D level, uniqueness), which
        stay the same for the whole run, so the lists are filtered once per
        setting instead of asking every technique in every round.
        """
        try:
            return self._runs[ctx.unique]  # a subscript, not ``get``: no method call per round
        except KeyError:
            run = self._runs[ctx.unique] = self._filtered(ctx)
            return run

    def _filtered(self, ctx: Context) -> _Techniques:
        """The technique lists of :meth:`_lists`, made once per run setting (apart, so that the
        lookup of every round makes no closure)."""
        def keep(techs: Sequence[Technique]) -> list[Technique]:
            return [t for t in techs if t.applicable(ctx)]

        thinning = [(family, keep(techs)) for family, techs in self.thinning]
        last_resorts = [(family, keep(techs)) for family, techs in self.last_resorts]
        direct = keep(self.direct)
        singles = keep(self.singles)
        return _Techniques(
            direct=direct,
            singles=singles,
            direct_floors=_floors(direct),
            singles_floors=_floors(singles),
            thinning=thinning,
            last_resorts=last_resorts,
            stufen=_stufen(thinning, self.family_levels) + _stufen(last_resorts, self.family_levels),
        )

    # -- public -------------------------------------------------------------------

    def rate(
        self,
        puzzle: str | Sequence[int],
        *,
        allow_multiple: bool = False,
        start: Board | None = None,
        verify: bool = False,
        deadline: float | None = None,
        rules: Rules = STANDARD,
        stop_above: float | None = None,
    ) -> Rating:
        """Rate one puzzle (text or 81 ints) as a Sudoku of ``rules``.

        Input that is no puzzle (wrong length, a character or value that is
        no cell, a digit twice in a unit, a ``start`` of other givens) raises
        :class:`puzzles.PuzzleError`; a puzzle without a solution, or with
        several, is a rating of that status.

        ``start`` begins from a given candidate state instead of the givens;
        ``verify`` checks every step against the solution and raises
        :class:`UnsoundStep` on a wrong one (the soundness tests use it);
        ``deadline`` (a ``time.monotonic()`` value) ends the run as ``timeout``;
        ``stop_above`` ends it as ``over`` once the points pass it (a caller
        that only asks "at most this many points?" need not rate the rest).
        Under variant rules the uniqueness-based techniques stay off
        (:mod:`techniques.uniqueness`).  An argument of the wrong kind is an
        :class:`InputError`.
        """
        _check_arguments(start, deadline, rules, stop_above)
        if self.canonical:
            return self._rate_canonical(puzzle, allow_multiple, start, verify, deadline, rules, stop_above)
        return self._rate(puzzle, allow_multiple, start, verify, deadline, rules, stop_above)

    def _rate_canonical(self, puzzle: str | Sequence[int], allow_multiple: bool, start: Board | None,
                        verify: bool, deadline: float | None, rules: Rules,
                        stop_above: float | None = None) -> Rating:
        """Rate the canonical form and show its steps on the user's grid (module docstring).

        The orientation (and with it ``canon`` and numpy) loads with the first canonical rating:
        the default mode rates the given orientation, and its processes start without them.
        """
        from rater.run.orientation import Orientation

        began = time.perf_counter()
        grid = as_grid(puzzle)
        if start is not None:
            _check_start(grid, start)
        way = Orientation.of(grid, start, rules)
        rating = self._rate(way.grid(grid), allow_multiple, way.board(start) if start else None, verify, deadline,
                            rules, stop_above)
        rating.puzzle = grid
        rating.orientation = "canonical"
        rating.steps = [way.user_step(s) for s in rating.steps]
        rating.alternatives = {i: [way.user_step(s) for s in alts] for i, alts in rating.alternatives.items()}
        if rating.solution:
            rating.solution = way.user_grid(rating.solution)
        if rating.final_grid:
            rating.final_grid = way.user_grid(rating.final_grid)
        rating.seconds = time.perf_counter() - began
        return rating

    def _rate(self, puzzle: str | Sequence[int], allow_multiple: bool, start: Board | None, verify: bool,
              deadline: float | None, rules: Rules, stop_above: float | None = None) -> Rating:
        """Rate ``puzzle`` as given."""
        began = time.perf_counter()
        # a candidate state's contradictions (a digit twice among its filled cells too) are no_solution, named
        contradiction = _start_contradiction(start, rules) if start is not None else ""
        grid = tuple(start.values) if start is not None and contradiction else as_grid(puzzle)
        rating = Rating(puzzle=grid, option=self.options, status=Status.INVALID, rules=rules.name,
                        catalogue_digest=self.catalogue_digest)
        if start is None and not verify and not allow_multiple:
            outcome = self._rate_direct_first(grid, rules, rating, deadline, stop_above)
            if outcome is None:
                return rating
            rating.status, board = outcome
        else:
            if start is not None:
                if not contradiction:
                    _check_start(grid, start)
                if contradiction:
                    rating.status = Status.NO_SOLUTION
                    rating.message = f"the candidates admit no solution: {contradiction}"
                    return rating
                # Solved under the candidate restriction: a solution outside the
                # written candidates is no solution of this state, and rating on it
                # would print a "solution" that contradicts the steps.
                result = analyse(start.grid(), limit=2, allowed=start.cands, rules=rules)
                what = "the candidates admit"
            else:
                result = analyse(grid, limit=2, rules=rules)
                what = "the puzzle has"
            if not _has_solutions(result.count, allow_multiple, what, rating):
                return rating
            unique = result.count == 1
            rating.solution = result.solution if unique else None
            rating.uniqueness_techniques = unique and rules.standard
            ctx = Context(cd_level=self.options.cd_level, unique=rating.uniqueness_techniques)
            board = start.copy() if start else Board.from_grid(grid, rules)
            if board.rules is not rules:
                _adopt_rules(board, rules)
            solution = result.solution if (verify and unique) else None
            rating.status = self._solve(board, ctx, rating.steps, solution, deadline, rating.alternatives,
                                        stop_above) or Status.STUCK
        rating.final_grid = board.grid()
        guessed = _any_code(rating.steps, self.guessing)
        if rating.status == Status.SOLVED:  # a stuck rating's partial total grades nothing
            level = self.levels.grade(rating.points, self.mode is Mode.SYNC, guessed)
            rating.level, rating.level_names = level.key, dict(level.names)
        rating.seconds = time.perf_counter() - began
        return rating

    def _rate_direct_first(self, grid: Grid, rules: Rules, rating: Rating, deadline: float | None,
                           stop_above: float | None) -> tuple[Status, Board] | None:
        """Rate a puzzle whose number of solutions is not known yet: the status and the board it ends
        with, or None when it has not exactly one solution.

        Most puzzles of the big collections are solved by the direct methods
        alone, and those need not be counted first: a direct step is sound on
        every solution (it places a digit that all of them hold), so a valid
        grid the direct phase fills is the only solution.  The direct phase
        runs first as if the puzzle were unique; the exact solver is asked only
        when it does not finish the grid by itself: before the candidates are
        written, when a step that assumes a unique solution was taken, or when
        the filled grid has a digit twice in a unit (two clashing placements
        of one round of a puzzle without a solution).  Its answer decides as
        before: no or several solutions make the rating that status with no
        steps, one lets the rating go on from where the direct phase stopped.
        On a puzzle without a solution the direct methods meet cells without
        candidates, which they pass over (no single is found there), and stop
        short of a full grid.  The steps are those of a rating that counted
        first, which takes the same direct steps under the same settings.
        The solver counts from the grid the direct phase reached: its
        placements hold on every solution, so it has the puzzle's solutions
        and a smaller search (the puzzle's own grid after a step that assumes
        a unique solution).
        """
        ctx = Context(cd_level=self.options.cd_level, unique=rules.standard)
        board = Board.from_grid(grid, rules)
        status = self._solve(board, ctx, rating.steps, None, deadline, rating.alternatives, stop_above,
                             direct_only=True)
        rating.uniqueness_techniques = rules.standard
        assumed = _any_code(rating.steps, self.assuming_uniqueness)
        if status is Status.SOLVED and not assumed and _is_solution(board.values, rules):
            rating.solution = board.grid()
            return status, board
        result = analyse(grid if assumed else board.values, limit=2, rules=rules)
        if not _has_solutions(result.count, False, "the puzzle has", rating):
            rating.steps.clear()
            rating.alternatives.clear()
            rating.uniqueness_techniques = False
            return None
        rating.solution = result.solution
        if status is None:
            status = self._solve(board, ctx, rating.steps, None, deadline, rating.alternatives, stop_above) \
                or Status.STUCK
        return status, board

    # -- the solving loop ----------------------------------------------------------

    def _solve(
        self,
        board: Board,
        ctx: Context,
        steps: list[Step],
        solution: Grid | None,
        deadline: float | None,
        alternatives: dict[int, list[Step]],
        stop_above: float | None = None,
        direct_only: bool = False,
    ) -> Status | None:
        """Solve ``board`` step by step, appending to ``steps``; the status it ends with.

        ``direct_only``: stop (None) where a step other than a direct one
        would be needed, before applying it (:meth:`_rate_direct_first`).
        """
        synchronous = self.mode is Mode.SYNC
        detail = self.options.detail
        next_steps = self._next_steps  # read once: the round's loop makes no bound method
        new_position = ctx.at_new_position
        points = 0.0
        for step in steps:
            points += step.points
        while board.empty:
            if deadline is not None and time.monotonic() > deadline:
                return Status.TIMEOUT
            found: list[Step] = []
            chosen = next_steps(board, new_position(), found)
            if direct_only and (board.pencil or not chosen or chosen[0].code == WRITE_CANDIDATES):
                return None  # the direct phase is over: nothing of this round is applied
            if not chosen:
                return Status.STUCK
            first = len(steps)
            for step in chosen:
                if apply_counted(board, step, solution, synchronous):
                    steps.append(step)
                    points += step.points
            if stop_above is not None and points > stop_above:
                return Status.OVER
            if detail:
                others = self._alternatives(found, chosen)
                if others and len(steps) > first:
                    alternatives[first] = others
        return Status.SOLVED

    def _alternatives(self, found: Sequence[Step], chosen: Sequence[Step]) -> list[Step]:
        """What option digit 2 prints beside a round: the steps found there but not applied.

        1: thinning alternatives; 2: also other placements of the cells placed
        (another method for the same digit); 3: also every placement at the
        round's minimal points; 4: every placement found.  Levels 3 and 4 search
        every direct method (no floor cut-off), which changes no choice.
        """
        level = self.options.detail
        if level == 0:
            return []
        applied = {id(s) for s in chosen}
        rest = [s for s in found if id(s) not in applied]
        if not rest:
            return []
        if not rest[0].placements:
            return rest
        if level == 1:
            return []
        if level == 2:
            cells = {c for s in chosen for c, _ in s.placements}
            return [s for s in rest if s.placements and s.placements[0][0] in cells]
        if level == 3:
            least = min(s.points for s in found)
            return [s for s in rest if s.points == least]
        return rest

    def _next_steps(self, board: Board, ctx: Context, found: list[Step]) -> list[Step]:
        """The steps to apply in this position; ``found`` receives every step seen (option digit 2).

        The placements are those that may matter for the mode's choice and the alternatives
        printed: when no placement alternative is printed (option digit 2 below 2) and the mode
        chooses among the cheapest steps only (not synchronous), each technique is asked for its
        cheapest steps alone (:func:`cheapest_placements`, called here: no method call per round).
        """
        run = self._lists(ctx)
        cheapest = self.cheapest_only
        if not board.pencil:
            found[:] = (cheapest_placements(run.direct_floors, board, ctx, self.first_only) if cheapest
                        else self._all_placements(run.direct, board, ctx))
            chosen = choose_placements(found, self.mode)
            if chosen:
                return chosen
            for t in self.pencil:
                return list(t.find(board, ctx))
            board.pencil = True
        found[:] = (cheapest_placements(run.singles_floors, board, ctx, self.first_only) if cheapest
                    else self._all_placements(run.singles, board, ctx))
        chosen = choose_placements(found, self.mode)
        if chosen:
            return chosen
        if self.mode is Mode.SYNC:
            found[:] = [
                s
                for family, techs in run.thinning + run.last_resorts
                if family in self.sync_families
                for t in techs
                for s in t.find(board, ctx)
            ]
            if found:
                return found
        for families, techs in run.stufen:
            if families <= self.sync_families:
                continue
            found[:] = [s for t in techs for s in t.find(board, ctx)]
            if found:
                mode = Mode.HALF_SYNC if self.mode is Mode.SYNC else self.mode
                return choose_thinning(found, mode)
        return []

    def _all_placements(self, techs: Sequence[Technique], board: Board, ctx: Context) -> list[Step]:
        """All placement steps that may matter for the mode's choice.

        A technique whose cheapest possible step cannot beat (pseudo) or tie
        (half) the cheapest step already found is not searched at all: this is
        what keeps the expensive C/D searches off most rounds.
        """
        found: list[Step] = []
        best = float("inf")
        # Option digit 2 = 3, 4 prints every placement (the choice is the same).
        prune = self.options.detail < 3 and self.mode is not Mode.SYNC
        ties = self.mode is Mode.HALF_SYNC  # half-synchronous takes every step at the minimum
        for t in techs:
            if prune and (t.min_points > best if ties else t.min_points >= best):
                continue
            for s in t.find(board, ctx):
                found.append(s)
                if s.points < best:
                    best = s.points
        return found


def apply_counted(board: Board, step: Step, solution: Grid | None, synchronous: bool) -> bool:
    """Apply a step; False if it changes nothing any more (not counted then).

    In synchronous mode every step found counts, needed or not. A plain
    function rather than an engine method: on the compiled path its call and
    the board's ``apply_step`` are C calls (``engine.pxd``).
    """
    wrong = UnsoundStep.of(step, solution) if solution is not None else None
    if wrong is not None:
        raise wrong
    return board.apply_step(step) or synchronous


def cheapest_placements(floors: Sequence[Floor], board: Board, ctx: Context, first_only: bool) -> list[Step]:
    """The placement steps at the least points of all techniques, in method and scan order.

    Both non-synchronous modes choose among these alone (the first, or one
    per cell), so :func:`~rater.run.modes.choose_placements` gives on them what
    it gives on every step found.  A technique whose floor cannot reach
    the least points found is skipped as in :meth:`Engine._all_placements`, and
    the search ends where no technique left can (``floors``: each
    technique's ``cheapest`` with its floor and the least floor from it on); a technique
    searched makes no steps that cannot change the choice (its bound: the points of the
    steps kept, as the steps carry them).  A function rather than a method: on the compiled
    path (``engine.pxd``) the round's loop compares C numbers and reads the steps' points as C fields.
    """
    at_best: list[Step] = []
    best = INFINITY
    bound: float = INFINITY
    for cheapest, floor, rest in floors:
        if rest >= best if first_only else rest > best:
            break
        if floor >= best if first_only else floor > best:
            continue
        steps = cheapest(board, ctx, first_only, bound)
        if steps:
            first = steps[0]
            points = first.points
            if points < best:
                best = points
                bound = first.points
                at_best = steps
            elif points == best:
                at_best += steps
    return at_best


#: A technique's ``cheapest`` search with its floor and the least floor of it and those after it (as floats).
Floor = tuple[CheapestSearch, float, float]


class _Techniques(NamedTuple):
    """The techniques one rating run may use, in catalogue order."""

    direct: list[Technique]
    singles: list[Technique]
    #: ``direct`` and ``singles`` as :func:`_floors` lists them for :func:`cheapest_placements`.
    direct_floors: list[Floor]
    singles_floors: list[Floor]
    thinning: list[tuple[str, list[Technique]]]
    last_resorts: list[tuple[str, list[Technique]]]
    #: The thinning families and then the last resorts, grouped into the Stufen of the selection.
    stufen: list[tuple[frozenset[str], list[Technique]]]


def _floors(techs: Sequence[Technique]) -> list[Floor]:
    """Each technique's ``cheapest`` with its floor and the least floor of it and those after it.

    The search (:meth:`~techniques.base.Technique.cheapest_search`) is read once per run rather
    than once per round and technique.
    """
    out: list[Floor] = []
    rest = INFINITY
    for t in reversed(techs):
        rest = min(rest, t.min_points)
        out.append((t.cheapest_search(), float(t.min_points), float(rest)))
    out.reverse()
    return out


def _has_solutions(count: int, allow_multiple: bool, what: str, rating: Rating) -> bool:
    """Whether a puzzle of ``count`` solutions (up to 2) is rated; if not, ``rating`` says why."""
    if count == 0:
        rating.status = Status.NO_SOLUTION
        rating.message = f"{what} no solution"
        return False
    if count > 1 and not allow_multiple:
        rating.status = Status.MULTIPLE_SOLUTIONS
        rating.message = f"{what} more than one solution (use --allow-multiple to rate it anyway)"
        return False
    return True


def _is_solution(values: Sequence[int], rules: Rules) -> bool:
    """Whether a filled grid has every digit once in every unit of ``rules``.

    The direct phase of a puzzle without a solution may place two digits of
    one round that clash (the half-synchronous mode places several at once);
    such a grid is no solution, and the puzzle is counted.
    """
    for cells in rules.scan_units:
        seen = 0
        for c in cells:
            digit = values[c]
            bit = 1 << digit
            if seen & bit:
                return False
            seen |= bit
    return True


def _any_code(steps: Sequence[Step], codes: frozenset[str]) -> bool:
    """Whether one of ``steps`` is of one of ``codes`` (a loop, not ``any``: compiled, no generator per rating)."""
    for step in steps:
        if step.code in codes:
            return True
    return False


def _adopt_rules(board: Board, rules: Rules) -> None:
    """A starting board read without rules, put under ``rules``: its digits leave the new peers too."""
    board.rules = rules
    for cell, digit in enumerate(board.values):
        if digit:
            for peer in rules.peers[cell]:
                board.eliminate(peer, digit)


def _check_arguments(start: object, deadline: object, rules: object, stop_above: object) -> None:
    """An InputError for an argument of :meth:`Engine.rate` of the wrong kind (``as_grid`` checks the puzzle)."""
    if not isinstance(start, (Board, type(None))) or not isinstance(rules, Rules):
        raise InputError("start is a techniques.board.Board or None, rules a puzzles.rules.Rules (see parse_rules)")
    for name, value in (("deadline", deadline), ("stop_above", stop_above)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value)):
            raise InputError(f"{name} must be a number or None, not {value!r:.20}")


def _check_start(grid: Grid, start: Board) -> None:
    """A :class:`PuzzleError` if a starting board does not belong to ``grid``: every given must stand on it."""
    for c, d in enumerate(grid):
        if d and start.values[c] != d:
            raise PuzzleError("start", f"the starting board has {start.values[c] or 'no digit'} at {cell_name(c)}, "
                                       f"the givens {d}")


def _start_contradiction(start: Board, rules: Rules) -> str:
    """The first plain contradiction of a candidate state (empty if none).

    An empty cell without candidates, a digit placed twice in a unit, or a
    digit without a place in a unit where it is missing: the exact solver
    would find no solution either, but this names the cell or unit.
    """
    for c in range(81):
        if start.empty >> c & 1 and not start.cands[c]:
            return f"{cell_name(c)} has no candidate left"
    for u in rules.unit_ids:
        unit = rules.units[u]
        placed = [start.values[c] for c in unit if start.values[c]]
        if len(placed) != len(set(placed)):
            return f"a digit stands twice in {unit_name(u)}"
        for d in set(range(1, 10)) - set(placed):
            if not any(start.cands[c] >> (d - 1) & 1 for c in unit if not start.values[c]):
                return f"digit {d} has no place in {unit_name(u)}"
    return ""


_DEFAULT: Catalogue | None = None


def default_catalogue() -> Catalogue:
    """The packaged technique list, loaded once per process."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Catalogue.load()
    return _DEFAULT


