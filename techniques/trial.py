"""Trial & error, the last resort (48 x N points, N = the deepest level used).

A person who is stuck guesses a digit in a cell with few candidates, follows
the singles, and guesses again when those run dry, backing up on a
contradiction.  The step made here does exactly that from the current
candidates: it guesses in the first cell with the fewest candidates (digits
ascending) and searches depth-first with naked and hidden singles after each
guess, until the grid is complete.  The step places every remaining digit:
the seed's examples are solved by "1x trial & error to depth 10" (example 11:
our search from the same point also needs depth 10, 480 points), so one trial
& error step ends the puzzle (docs/decisions.md).  N is the deepest nesting of
guesses the search needed, counted from 1 at the first guess.  The search
below the first guess runs on the exact solver's bit state
(:mod:`techniques.trial_search`); it is the same search, only cheaper.
"""

from __future__ import annotations

from collections.abc import Iterator

from puzzles.geometry import CELL_BIT
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Cell, Digit
from techniques.points import linear_floor
from techniques.step import Step
from techniques.trial_search import GuessSearch


@register
class TrialAndError(Technique):
    code = "TE"
    measure = "depth"
    fields = frozenset({"digit", "cell", "tries", "depth", "placed"})
    group = "TE"
    family = "TE"
    formula = "{points_per_level} x depth"
    phase = Phase.LAST_RESORT
    guesses = True
    defaults = {"points_per_level": 48}

    def points(self, depth: int) -> float:
        """Points per level of guessing, times the deepest level used."""
        return float(self.params["points_per_level"]) * depth

    def floor(self) -> float:
        return linear_floor(0, self.params["points_per_level"], 1)

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        open_cells = [c for c in range(81) if board.empty & CELL_BIT[c]]
        if not open_cells:
            return
        root = min(open_cells, key=lambda c: board.cands[c].bit_count())
        search = GuessSearch(board.values, board.cands, board.rules)
        mask = board.cands[root]
        for d in range(1, 10):
            if not mask >> (d - 1) & 1:
                continue
            search.tries += 1
            search.max_depth = max(search.max_depth, 1)
            solved = search.first_solution(root, d)
            if solved is not None:
                depth = search.max_depth
                yield Step(
                    self.code,
                    self.points(depth),
                    placements=tuple((c, solved[c]) for c in open_cells),
                    used=((root, d),),
                    detail={"digit": Digit(d), "cell": Cell(root), "tries": search.tries, "depth": depth,
                            "placed": len(open_cells)},
                )
                return
