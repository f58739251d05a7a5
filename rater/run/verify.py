"""``rate PUZZLE --verify``: every step of a rating checked against the puzzle's solution.

The built-in techniques are checked this way over thousands of puzzles by the
soundness tests and ``bench/soundness.py``; a plugin technique is its author's
responsibility, and this is how a user checks it on the puzzles at hand.

The rating stops at the first wrong step (:class:`VerifyingEngine`): the
techniques after it would search a board without a solution, which can take
very long.  The check then reads the rating's steps, which are in the user's
orientation also in the half-synchronous mode, so it names cells as the
report does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzles.geometry import Grid, cell_name
from puzzles.parsing import parse_puzzle
from rater.result import Rating, Status
from rater.run.engine import Engine
from techniques.base import Context
from techniques.board import Board
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
        reason = _reason(step, solution)
        if reason:
            return UnsoundStep(number, step, reason)
    return None


def _reason(step: Step, solution: Sequence[int]) -> str | None:
    """Why ``step`` contradicts ``solution`` (None if it does not)."""
    for cell, digit in step.placements:
        if solution[cell] != digit:
            return f"places {digit} at {cell_name(cell)}, the solution has {solution[cell]}"
    for cell, digit in step.eliminations:
        if solution[cell] == digit:
            return f"removes {digit} from {cell_name(cell)}, the solution's digit"
    return None


class _WrongStep(Exception):
    def __init__(self, step: Step) -> None:
        super().__init__(step.code)
        self.step = step


class VerifyingEngine(Engine):
    """An engine that, rating with ``verify=True``, ends the rating at the first wrong step.

    That step is the rating's last one; the rating says ``stuck``.
    """

    def _apply(self, board: Board, step: Step, solution: Grid | None, synchronous: bool) -> bool:
        if solution is not None and _reason(step, solution):
            raise _WrongStep(step)
        return super()._apply(board, step, None, synchronous)

    def _solve(self, board: Board, ctx: Context, steps: list[Step], solution: Grid | None, deadline: float | None,
               alternatives: dict[int, list[Step]], stop_above: float | None = None,
               direct_only: bool = False) -> Status | None:
        try:
            return super()._solve(board, ctx, steps, solution, deadline, alternatives, stop_above, direct_only)
        except _WrongStep as wrong:
            steps.append(wrong.step)
            return Status.STUCK
