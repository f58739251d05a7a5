"""Where a search that found nothing has to look again: the cells changed since.

The engine asks every family of a Stufe again after each step, and most of
them find nothing again: a step changes a few candidates, and a pattern none of
whose cells changed is the pattern it was.  A board only ever loses candidates
and fills cells (:class:`~techniques.board.Board` has no undo), so a later
state of the *same board object* is a descendant of an earlier one.  If a
search found nothing in the earlier state, a pattern whose cells (all those
whose candidates the pattern reads, absences included) are unchanged cannot
yield a step now either: its eliminations are candidates that were there
before too.  Such a search may therefore look only at the patterns that touch
the changed cells.

Which cells a pattern "touches" is each technique's business (a unit-local
search: the unit; a per-digit search: the digit's changed cells); this class
only keeps the state of the last empty search and tells what changed since.
It keeps a reference to that board, so an identity test cannot be fooled by a
new board at a recycled address.  Any other board, or a board on which the
search last found something, gets :data:`EVERYWHERE`: a full search.
"""

from __future__ import annotations

from techniques.board import Board

__all__ = ["EVERYWHERE", "Recheck"]

#: Every cell: what a search without a usable earlier state must look at.
EVERYWHERE = (1 << 81) - 1


class Recheck:
    """The board state at which one search last found nothing (one object per search)."""

    __slots__ = ("board", "positions", "empty")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.positions: list[int] = []
        self.empty = 0

    def changed(self, board: Board) -> int:
        """The cells whose candidates changed since the search last found nothing on ``board``.

        0: nothing changed, the search finds nothing again.  :data:`EVERYWHERE`
        when there is no such earlier state of this board.
        """
        if self.board is not board:
            return EVERYWHERE
        last = self.positions
        now = board.positions
        changed = self.empty ^ board.empty
        for d in range(1, 10):
            changed |= last[d] ^ now[d]
        return changed

    def done(self, board: Board, found: bool) -> None:
        """Record the outcome of a search of ``board`` run to its end (``found``: it yielded a step).

        Only an empty outcome is kept; after a step was found the next search
        is a full one again.
        """
        if found:
            self.board = None
            self.positions = []
        else:
            self.seen(board)

    def seen(self, board: Board) -> None:
        """Record the state of ``board`` whatever the search found.

        For a search that keeps its own findings per pattern and brings them up
        to date from the changed cells: a pattern none of whose cells changed
        is found again, with what is left of its eliminations.
        """
        self.board = board
        self.positions = board.positions[:]
        self.empty = board.empty
