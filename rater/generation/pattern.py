"""Puzzles on a fixed pattern of givens (``generate --pattern``): reading the pattern, and finding puzzles on it.

A pattern fixes *where* the givens stand, not their digits, so every puzzle
of the run has exactly the pattern's cells as givens (a symmetric pattern
gives symmetric puzzles by construction).  Taking a random solution grid's
digits on the pattern almost never gives a unique puzzle when the pattern
has few givens (none in 200 tries on 23- and 24-given patterns), so a start
is searched for instead: from a random grid's digits on the pattern, one
given at a time takes another digit whenever the puzzle keeps a solution and
does not gain solutions (counted up to :data:`COUNT_LIMIT`), until one
solution is left or :data:`START_STEPS` changes were tried.  The neighbours
of a puzzle in the generator's climb are the same move: one given takes
another digit and the puzzle stays unique.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from canon.pattern_symmetry import PatternSymmetry
from puzzles.errors import InputError
from puzzles.geometry import COL_OF, ROW_OF, Grid
from puzzles.rules import Rules
from puzzles.solver import analyse

#: Characters of a pattern that stand for a given, and for an empty cell.
GIVEN_MARKS: Final = frozenset("123456789xX")
EMPTY_MARKS: Final = frozenset(".0-")
#: Solutions counted at most when a start is searched: enough to tell "fewer" from "more".
COUNT_LIMIT: Final = 50
#: Digit changes tried per attempt to reach a unique start.
START_STEPS: Final = 300
#: Digit changes tried for one neighbour in the climb.
NEIGHBOUR_TRIES: Final = 20
#: Attempts of a run that may all fail to find a unique start before the pattern is given up.
GIVE_UP_AFTER: Final = 200


class PatternError(InputError):
    """A pattern that cannot be read, or on which no unique puzzle can exist."""


def read_pattern(text: str) -> tuple[int, ...]:
    """The given cells (0..80, ascending) of a pattern: 81 characters, or a file holding them.

    A digit 1-9 or ``x``/``X`` is a given, ``.``, ``0`` or ``-`` an empty
    cell.  A file holds one pattern line (its first word), or a 9 x 9 grid
    whose words together are the 81 characters.
    """
    line = text.strip()
    if len(line) != 81:
        line = _pattern_in_file(text)
    wrong = sorted(set(line) - GIVEN_MARKS - EMPTY_MARKS)
    if wrong:
        raise PatternError(f"--pattern: {wrong[0]!r} is neither a given (a digit or x) nor an empty cell (. 0 -)")
    return tuple(cell for cell, mark in enumerate(line) if mark in GIVEN_MARKS)


def _pattern_in_file(text: str) -> str:
    path = Path(text)
    if not path.is_file():
        raise PatternError(f"--pattern needs 81 characters (a digit or x for a given, . or 0 for an empty cell) "
                           f"or a file holding them; got {len(text.strip())} characters")
    try:
        words = path.read_text(encoding="utf-8", errors="replace").split()
    except OSError as exc:
        raise PatternError(f"cannot read the pattern file {text}: {exc.strerror}") from None
    if words and len(words[0]) == 81:
        return words[0]
    joined = "".join(words)
    if len(joined) != 81:
        raise PatternError(f"the pattern file {text} holds no line of 81 characters and no 9 x 9 grid")
    return joined


def pattern_text(cells: Sequence[int]) -> str:
    """The pattern as 81 characters, ``x`` for a given and ``.`` for an empty cell (the run file's form)."""
    given = set(cells)
    return "".join("x" if cell in given else "." for cell in range(81))


def check_pattern(cells: Sequence[int], rules: Rules, symmetry: PatternSymmetry, clues: tuple[int, int],
                  fewest: int) -> None:
    """A PatternError when no puzzle of the run can be on the pattern.

    Refused: fewer than ``fewest`` givens (standard Sudoku: 17); a given
    count outside ``clues``; a pattern that is not a union of the asked
    symmetry's orbits; and, in standard Sudoku, two empty rows of one band or
    two empty columns of one stack, which can be swapped in any solution
    without touching a given, so every puzzle on the pattern has two solutions.
    """
    given = set(cells)
    if len(given) < fewest:
        raise PatternError(f"the pattern has {len(given)} givens: no {rules.name} Sudoku with fewer than "
                           f"{fewest} givens has one solution")
    if not clues[0] <= len(given) <= clues[1]:
        raise PatternError(f"the pattern has {len(given)} givens, outside --clues {clues[0]}..{clues[1]}")
    broken = next((orbit for orbit in symmetry.orbits if 0 < len(given.intersection(orbit)) < len(orbit)), None)
    if broken is not None:
        raise PatternError(f"the pattern is not {symmetry.name}-symmetric (cell r{ROW_OF[broken[0]] + 1}"
                           f"c{COL_OF[broken[0]] + 1} and its images are not all givens or all empty)")
    if rules.standard:
        for name, line_of in (("rows", ROW_OF), ("columns", COL_OF)):
            empty = [line for line in range(9) if not any(line_of[cell] == line for cell in given)]
            for first, second in zip(empty, empty[1:]):
                if first // 3 == second // 3:
                    raise PatternError(f"{name} {first + 1} and {second + 1} of the pattern are both empty: swapping "
                                       "them in a solution gives another, so no puzzle on it has one solution")


def _free_digits(puzzle: Sequence[int], cell: int, rules: Rules) -> list[int]:
    """The digits ``cell`` may take beside its current one without clashing with a given it sees."""
    seen = {puzzle[peer] for peer in rules.peers[cell]}
    return [digit for digit in range(1, 10) if digit not in seen and digit != puzzle[cell]]


def unique_start(rng: random.Random, solution: Grid, cells: Sequence[int], rules: Rules) -> Grid | None:
    """A unique puzzle with givens exactly on ``cells``, searched from ``solution``'s digits there; None if not found.

    The solution count (up to :data:`COUNT_LIMIT`) never grows along the
    search, and never drops to 0: each kept change leaves a puzzle with at
    least one solution and no more than before.
    """
    puzzle = [0] * 81
    for cell in cells:
        puzzle[cell] = solution[cell]
    count = analyse(puzzle, limit=COUNT_LIMIT, rules=rules).count
    for _step in range(START_STEPS):
        if count == 1:
            return tuple(puzzle)
        cell = rng.choice(cells)
        digits = _free_digits(puzzle, cell, rules)
        if not digits:
            continue
        old, puzzle[cell] = puzzle[cell], rng.choice(digits)
        changed = analyse(puzzle, limit=COUNT_LIMIT, rules=rules).count
        if 1 <= changed <= count:
            count = changed
        else:
            puzzle[cell] = old
    return tuple(puzzle) if count == 1 else None


def neighbour(rng: random.Random, puzzle: Grid, cells: Sequence[int], rules: Rules) -> Grid | None:
    """``puzzle`` with one given set to another digit, when that stays unique; else None.

    Most such changes leave several solutions or none, so up to
    :data:`NEIGHBOUR_TRIES` changes are tried.
    """
    for _try in range(NEIGHBOUR_TRIES):
        cell = rng.choice(cells)
        digits = _free_digits(puzzle, cell, rules)
        if not digits:
            continue
        candidate = list(puzzle)
        candidate[cell] = rng.choice(digits)
        if analyse(candidate, limit=2, rules=rules).count == 1:
            return tuple(candidate)
    return None
