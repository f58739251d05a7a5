"""Writing all candidates when the direct methods are stuck.

Writing every candidate by hand is tedious and error-prone, so the original
adds 25 % of the number of candidates as extra points, once, at the moment the
direct phase ends (docs/decisions.md: rounded half up to a whole number, since
every total the original states for a puzzle with a candidate phase is whole;
its own step line, counted in the sum but not in the norms).  The step's
``count`` (its ``size``) keeps the number of candidates written.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.step import WRITE_CANDIDATES, Step


@register
class WriteCandidates(Technique):
    code = WRITE_CANDIDATES
    measure = "count"
    group = WRITE_CANDIDATES
    family = "pencil"
    formula = "{share} x candidates written"
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
            float(math.floor(share * count + 0.5)),
            detail={"count": count, "share": share},
        )
