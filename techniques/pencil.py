"""Writing all candidates when the direct methods are stuck.

Writing every candidate by hand is tedious and error-prone, so the original
adds 25 % of the number of candidates as extra points, once, at the moment the
direct phase ends (docs/decisions.md: unrounded, its own step line, counted in
the sum but not in the norms).
"""

from __future__ import annotations

from collections.abc import Iterator

from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.step import WRITE_CANDIDATES, Step


@register
class WriteCandidates(Technique):
    code = WRITE_CANDIDATES
    group = WRITE_CANDIDATES
    family = "pencil"
    phase = Phase.PENCIL
    defaults = {"share": 0.25}
    fields = frozenset({"count", "share"})

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        if board.pencil:
            return
        count = board.candidate_count()
        share = float(self.params["share"])
        yield Step(
            self.code,
            share * count,
            detail={"count": count, "share": share},
        )
