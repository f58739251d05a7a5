"""The guessing search of trial & error, run on the exact solver's bit state.

Trial & error's rating is its search: the cell with the fewest candidates
(the first such cell in scan order), its digits ascending, naked and hidden
singles after every guess, backing up on a contradiction, stopping at the
first complete grid.  The number of guesses and the deepest nesting are the
step's figures, so the search must stay exactly this one.  Running it on
:class:`~techniques.board.Board` objects spends most of a very hard puzzle's
rating time copying boards and sweeping cells one by one; the same search on
the solver's 729-bit candidate int (:mod:`puzzles.solver`) does each singles
round in a few big-int operations and a guess costs no copy at all.

Both give the same search: propagating singles to the end reaches the same
state in any order (each single stays forced while others are placed, so the
fixpoint, or the contradiction, does not depend on the order), and at that
fixpoint every open cell has at least two candidates, where the solver's
branch cell (the first bivalue cell, else the first with fewest candidates)
is the first cell with the fewest.  ``tests/test_trial_search.py`` pins this
against the plain search on boards.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.geometry import Grid
from puzzles.rules import Rules
from puzzles.solver import CELL_BITS, branch_cell, grid_of, initial_state, lane_tables, propagate


class GuessSearch:
    """Depth-first guessing from one board state; counts its guesses and deepest level."""

    def __init__(self, values: Sequence[int], cands: Sequence[int], rules: Rules) -> None:
        """The search from a board's digits and candidate masks (under ``rules``)."""
        self.lanes, self.clear = lane_tables(rules)
        self.state = initial_state(values, cands, self.clear)
        self.tries = 0
        self.max_depth = 0

    def first_solution(self, cell: int, digit: int) -> Grid | None:
        """The first grid completed after guessing ``digit`` in ``cell`` at level 1, or None.

        The guess itself is counted by the caller, which walks the digits of
        its own root cell.
        """
        if self.state is None:
            return None
        cand, placed = self.state
        bit = 1 << 81 * (digit - 1) + cell
        solved = self._solve(cand & ~self.clear[bit], placed | bit, 1)
        return None if solved is None else grid_of(solved)

    def _solve(self, cand: int, placed: int, depth: int) -> int | None:
        """The placed bits of the first solution below this state, or None."""
        result = propagate(cand, placed, self.lanes, self.clear)
        if result is None:
            return None
        cand, placed = result
        if placed.bit_count() == 81:
            return placed
        clear = self.clear
        options = cand & CELL_BITS[branch_cell(cand, placed)]
        depth += 1
        while options:
            low = options & -options
            options ^= low
            self.tries += 1
            if depth > self.max_depth:
                self.max_depth = depth
            solved = self._solve(cand & ~clear[low], placed | low, depth)
            if solved is not None:
                return solved
        return None
