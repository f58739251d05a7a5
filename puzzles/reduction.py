"""Reduction: take givens away while the puzzle stays unique, down to a minimal puzzle.

The original program's author reduced his puzzles this way and counted the
*necessary givens* of the result: a puzzle is *minimal* when every given is
necessary, i.e. taking any one away leaves several solutions.

Why it is cheap
---------------
* **The solution is known.**  All sub-puzzles of a unique puzzle that are
  still unique have its solution ``S``.  So removing the given of cell ``c``
  keeps the puzzle unique exactly when no solution puts another digit than
  ``S[c]`` into ``c`` (see :func:`puzzles.solver.has_solution_avoiding`): one
  search for a solution with one candidate struck, which usually fails in
  propagation, instead of counting solutions.
* **Necessity is inherited.**  Fewer givens only widen the search: if taking
  ``c`` away from puzzle ``Q`` leaves several solutions, it does so from every
  sub-puzzle of ``Q`` too.  So the greedy pass tests each given once, and what
  it keeps is minimal without a second pass; the enumeration of all minimal
  puzzles hands the necessary cells found at a node down to its children.

Other rules (diagonal or colour Sudoku) only change the uniqueness check:
pass :class:`UniquenessChecks` with their solver (:func:`checks_for`); nothing here knows the units.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from puzzles.errors import InputError
from puzzles.geometry import Grid
from puzzles.rules import Rules
from puzzles.solver import SolveResult, analyse, has_solution_avoiding


@dataclass(frozen=True)
class UniquenessChecks:
    """The uniqueness checks of one set of Sudoku rules.

    ``analyse(grid)`` counts solutions up to at least 2 and returns the first
    one found; ``avoiding(grid, cell, digit)`` says whether some solution of
    ``grid`` does not hold ``digit`` in ``cell``.  :meth:`counting` builds the
    second from the first for rules that have only a solution counter.
    """

    name: str
    analyse: Callable[[Sequence[int]], SolveResult]
    avoiding: Callable[[Sequence[int], int, int], bool]

    @classmethod
    def counting(cls, name: str, analyse: Callable[[Sequence[int]], SolveResult]) -> UniquenessChecks:
        """Checks from a counter alone: slower, but right wherever this module asks.

        The reduction only asks ``avoiding`` of a grid whose sub-puzzle with
        ``digit`` in ``cell`` is unique; then a solution avoids ``digit``
        exactly when the grid has two solutions or more.
        """
        return cls(name, analyse, lambda grid, _cell, _digit: analyse(grid).count >= 2)


#: Standard Sudoku: rows, columns and boxes.
STANDARD: Final = UniquenessChecks("standard", lambda grid: analyse(grid, limit=2), has_solution_avoiding)


class NotUniqueError(InputError):
    """The puzzle has no solution or several, so it has no necessary givens."""

    def __init__(self, count: int) -> None:
        super().__init__("the puzzle has no solution" if count == 0 else "the puzzle has several solutions")
        self.count = count


@dataclass(frozen=True)
class Reduction:
    """One removal path from ``puzzle`` to the minimal puzzle ``reduced``.

    ``removed`` holds the (cell, digit) givens taken away, in the order they
    went; ``checks`` counts the uniqueness checks the path needed.
    """

    puzzle: Grid
    solution: Grid
    reduced: Grid
    removed: tuple[tuple[int, int], ...]
    checks: int

    @property
    def givens(self) -> int:
        return count_givens(self.puzzle)

    @property
    def necessary(self) -> int:
        """Givens of the minimal puzzle: the necessary givens on this path."""
        return count_givens(self.reduced)

    @property
    def already_minimal(self) -> bool:
        return not self.removed


def count_givens(grid: Sequence[int]) -> int:
    return sum(1 for d in grid if d)


def unique_solution(grid: Sequence[int], rules: UniquenessChecks = STANDARD) -> Grid:
    """The solution of ``grid``; NotUniqueError when there is none or several."""
    result = rules.analyse(grid)
    if result.count != 1 or result.solution is None:
        raise NotUniqueError(result.count)
    return tuple(result.solution)


def _scan(grid: Sequence[int], order: Sequence[int] | None) -> list[int]:
    """The givens of ``grid`` in the order they are tried (default: cells 0..80)."""
    if order is None:
        return [c for c in range(81) if grid[c]]
    cells = list(order)
    listed = set(cells)
    if len(listed) != len(cells) or any(not 0 <= c < 81 for c in cells):
        raise ValueError("a removal order lists cells 0..80, each at most once")
    missing = [c for c in range(81) if grid[c] and c not in listed]
    if missing:
        raise ValueError(f"the removal order leaves out the givens of cells {missing}")
    return [c for c in cells if grid[c]]


def reduce_puzzle(grid: Sequence[int], order: Sequence[int] | None = None, rules: UniquenessChecks = STANDARD) -> Reduction:
    """Remove givens in ``order`` (default: cell order 0..80), each when the puzzle stays unique.

    This is the original's procedure with "the first removable given" as its
    choice among the removable ones: a given that cannot be removed now
    cannot be removed later either, so one pass in cell order takes exactly
    the givens that repeated "remove the first removable given" would take.
    """
    solution = unique_solution(grid, rules)
    current = list(grid)
    removed: list[tuple[int, int]] = []
    checks = 0
    for cell in _scan(grid, order):
        digit = current[cell]
        current[cell] = 0
        checks += 1
        if rules.avoiding(current, cell, digit):
            current[cell] = digit  # necessary here, hence in every sub-puzzle
        else:
            removed.append((cell, digit))
    return Reduction(tuple(grid), solution, tuple(current), tuple(removed), checks)


@dataclass
class MinimalPuzzles:
    """The distinct minimal puzzles found below one puzzle.

    ``complete`` is True when the search visited every unique sub-puzzle, so
    ``puzzles`` are all the minimal puzzles there are (every minimal unique
    subset of the givens is reachable: the puzzles between it and the start
    are unique too); False when ``limit`` or ``max_checks`` stopped it.
    """

    puzzle: Grid
    solution: Grid
    limit: int
    puzzles: list[Grid] = field(default_factory=list)
    complete: bool = True
    checks: int = 0
    visited: int = 0

    def necessary_range(self) -> tuple[int, int]:
        counts = [count_givens(p) for p in self.puzzles]
        return min(counts), max(counts)


class _Stop(Exception):
    """Unwinds the search when a limit is reached."""


def all_minimal_puzzles(
    grid: Sequence[int], limit: int = 100, max_checks: int = 200_000, rules: UniquenessChecks = STANDARD
) -> MinimalPuzzles:
    """The distinct minimal puzzles reachable from ``grid`` by removing givens, up to ``limit``.

    A depth-first search over the unique sub-puzzles (each visited once,
    removals tried in cell order), so the first one found is the one of
    :func:`reduce_puzzle` and further ones follow quickly.  ``max_checks``
    bounds the uniqueness checks: the number of unique sub-puzzles grows
    exponentially with the number of removable givens.
    """
    if limit < 1 or max_checks < 1:
        raise ValueError("limit and max_checks must be >= 1")
    solution = unique_solution(grid, rules)
    result = MinimalPuzzles(tuple(grid), solution, limit)
    current = list(grid)
    seen: set[int] = set()

    def visit(removed_mask: int, necessary: int) -> None:
        if removed_mask in seen:
            return
        seen.add(removed_mask)
        result.visited += 1
        removable = []
        for cell in range(81):
            digit = current[cell]
            if not digit or necessary >> cell & 1:
                continue
            if result.checks >= max_checks:
                raise _Stop
            result.checks += 1
            current[cell] = 0
            if rules.avoiding(current, cell, digit):
                necessary |= 1 << cell
            else:
                removable.append(cell)
            current[cell] = digit
        if not removable:
            result.puzzles.append(tuple(current))
            if len(result.puzzles) >= limit:
                raise _Stop
            return
        for cell in removable:
            digit = current[cell]
            current[cell] = 0
            visit(removed_mask | 1 << cell, necessary)
            current[cell] = digit

    try:
        visit(0, 0)
    except _Stop:
        result.complete = False
    return result


def checks_for(rules: Rules) -> UniquenessChecks:
    """The uniqueness checks of a variant's rules (:mod:`puzzles.rules`): the solver's, with its units."""
    if rules.standard:
        return STANDARD
    return UniquenessChecks(rules.name, lambda grid: analyse(grid, limit=2, rules=rules),
                 lambda grid, cell, digit: has_solution_avoiding(grid, cell, digit, rules=rules))


def stays_unique(grid: Sequence[int], cells: Sequence[int], solution: Sequence[int], rules: UniquenessChecks = STANDARD) -> bool:
    """Whether ``grid``, a unique puzzle with ``solution`` less the givens of ``cells``, is still unique.

    A solution of the smaller puzzle that agrees with ``solution`` on
    ``cells`` solves the larger one, so it is ``solution`` itself: another
    solution must differ in one of ``cells``.  So one search per cell for a
    solution avoiding its digit settles it, each usually ending in
    propagation, as for a single given.
    """
    return not any(rules.avoiding(grid, cell, solution[cell]) for cell in cells)


def reduce_orbits(grid: Sequence[int], solution: Sequence[int], orbits: Sequence[Sequence[int]],
                  rules: UniquenessChecks = STANDARD, floor: int = 0) -> Grid:
    """Remove whole orbits of givens, in the order given, each when the puzzle stays unique.

    The symmetric form of :func:`reduce_puzzle`: a pattern that must stay
    symmetric loses all cells of an orbit or none.  Necessity is inherited
    here too (an orbit whose removal leaves several solutions leaves them
    from every sub-puzzle), so one pass gives a puzzle from which no orbit can
    be removed.  An orbit is kept when removing it would leave fewer than
    ``floor`` givens (extra givens a setter asked for).
    """
    current = list(grid)
    givens = count_givens(current)
    for orbit in orbits:
        cells = [c for c in orbit if current[c]]
        if not cells or givens - len(cells) < floor:
            continue
        for c in cells:
            current[c] = 0
        if stays_unique(current, cells, solution, rules):
            givens -= len(cells)
        else:
            for c in cells:
                current[c] = solution[c]
    return tuple(current)

