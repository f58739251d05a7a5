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

from puzzles.geometry import Grid
from rater.result import Rating, Status
from rater.run.engine import Engine, UnsoundStep
from techniques.base import Context
from techniques.board import Board
from techniques.step import Step


def first_unsound(rating: Rating) -> UnsoundStep | None:
    """The first step that places a wrong digit or removes the solution's digit; None if all agree.

    Needs ``rating.solution`` (a puzzle with one solution).
    """
    if rating.solution is None:
        raise ValueError("a rating without a unique solution cannot be verified")
    solution = rating.solution
    return next((wrong for number, step in enumerate(rating.steps, 1)
                 if (wrong := UnsoundStep.of(step, solution, number)) is not None), None)


class VerifyingEngine(Engine):
    """An engine that, rating with ``verify=True``, ends the rating at the first wrong step.

    That step (:class:`UnsoundStep`, raised by :func:`apply_counted`) is the rating's last one;
    the rating says ``stuck``.
    """

    def _solve(self, board: Board, ctx: Context, steps: list[Step], solution: Grid | None, deadline: float | None,
               alternatives: dict[int, list[Step]], stop_above: float | None = None,
               direct_only: bool = False) -> Status | None:
        try:
            return super()._solve(board, ctx, steps, solution, deadline, alternatives, stop_above, direct_only)
        except UnsoundStep as wrong:
            steps.append(wrong.step)
            return Status.STUCK
