"""``rate PUZZLE --verify``: every step of a rating checked against the puzzle's solution.

The built-in techniques are checked this way over thousands of puzzles by the
soundness tests and ``bench/soundness.py``; a plugin technique is its author's
responsibility, and this is how a user checks it on the puzzles at hand.  The
check reads the finished rating (steps in the user's orientation, also in the
half-synchronous mode), so it names cells as the report does.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzles.geometry import cell_name
from puzzles.parsing import parse_puzzle
from rater.result import Rating
from techniques.step import Step


@dataclass(frozen=True)
class UnsoundStep:
    """The first step of a rating that contradicts the solution."""

    number: int  # 1-based, as the report counts
    step: Step
    reason: str


def first_unsound(rating: Rating) -> UnsoundStep | None:
    """The first step that places a wrong digit or removes the solution's digit; None if all agree.

    Needs ``rating.solution`` (a puzzle with one solution).
    """
    if rating.solution is None:
        raise ValueError("a rating without a unique solution cannot be verified")
    solution = parse_puzzle(rating.solution)
    for number, step in enumerate(rating.steps, 1):
        for cell, digit in step.placements:
            if solution[cell] != digit:
                return UnsoundStep(number, step, f"places {digit} at {cell_name(cell)}, "
                                                 f"the solution has {solution[cell]}")
        for cell, digit in step.eliminations:
            if solution[cell] == digit:
                return UnsoundStep(number, step, f"removes {digit} from {cell_name(cell)}, the solution's digit")
    return None
