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
only keeps the state of the last empty search and tells what changed since:
the cells (:meth:`Recheck.changed`), per digit the cells that lost it
(:meth:`Recheck.changed_places`) or, for a search that reads each digit's
places on their own, the digits (:meth:`Recheck.changed_digits`).
It keeps a reference to that board, so an identity test cannot be fooled by a
new board at a recycled address.  Any other board, or a board on which the
search last found something (unless it named the parts that did,
:meth:`Recheck.done_except`), gets :data:`EVERYWHERE`: a full search.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from techniques.base import Technique
from techniques.board import Board

__all__ = ["ALL_DIGITS", "EVERYWHERE", "Recheck", "Rechecking"]

#: Every cell: what a search without a usable earlier state must look at.
EVERYWHERE = (1 << 81) - 1
#: Every digit (bit d-1 for digit d): what a per-digit search without a usable earlier state must look at.
ALL_DIGITS = 0x1FF


class Recheck:
    """The board state at which one search last found nothing (one object per search).

    Or found something only in some of its parts (:meth:`done_except`): a
    search made of parts that read apart (units, digits) finds nothing again
    in a part that found nothing and whose cells did not change, whatever
    the other parts found.
    """

    __slots__ = ("board", "positions", "empty", "again")

    def __init__(self) -> None:
        self.board: Board | None = None
        self.positions: list[int] = []
        self.empty = 0
        #: The parts to search again whatever changed (see :meth:`done_except`).
        self.again = 0

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

    def changed_digits(self, board: Board) -> int:
        """The digits whose places changed since the search last found nothing on ``board``.

        Bit d-1 for digit d; 0: nothing changed.  :data:`ALL_DIGITS` when
        there is no such earlier state of this board.  A search that reads
        each digit's places apart (box tests, fish, single-digit chains)
        finds nothing again for a digit whose places are the same.
        """
        if self.board is not board:
            return ALL_DIGITS
        last = self.positions
        now = board.positions
        digits = 0
        for d in range(1, 10):
            if last[d] != now[d]:
                digits |= 1 << (d - 1)
        return digits

    def changed_places(self, board: Board) -> list[int]:
        """Per digit ``d`` (index ``d``, as in ``Board.positions``) the cells whose candidate ``d``
        went since the search last found nothing on ``board``; :data:`EVERYWHERE` for every
        digit when there is no such earlier state of this board.

        A pattern that reads only some digits outside its own cells (the strong
        links of its two main candidates) looks at these.
        """
        if self.board is not board:
            return [EVERYWHERE] * 10
        last = self.positions
        now = board.positions
        return [last[d] ^ now[d] for d in range(10)]

    def done(self, board: Board, found: bool) -> None:
        """Record the outcome of a search of ``board`` run to its end (``found``: it yielded a step).

        Only an empty outcome is kept; after a step was found the next search
        is a full one again.
        """
        if found:
            self.board = None
            self.positions = []
        else:
            self.done_except(board, 0)

    def done_except(self, board: Board, again: int) -> None:
        """Record a search of ``board`` run to its end in which only the parts ``again`` found something.

        The parts are the search's own (bit u for unit u, bit d-1 for digit
        d, ...): the next search of this board looks at them whatever
        changed, at the others only where something changed.  ``again`` 0 is
        ``done(board, found=False)``.
        """
        self.board = board
        self.positions = board.positions[:]
        self.empty = board.empty
        self.again = again

    def seen(self, board: Board) -> None:
        """Record the state of ``board`` whatever the search found.

        For a search that keeps its own findings per pattern and brings them up
        to date from the changed cells: a pattern none of whose cells changed
        is found again, with what is left of its eliminations.
        """
        self.done_except(board, 0)


class Rechecking(Technique):
    """A technique whose search keeps its own :class:`Recheck` (one per technique object)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        #: Where the search last found nothing.
        self.recheck = Recheck()
