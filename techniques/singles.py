"""Methods E (hidden single) and F (naked single) on the written candidates.

After the switch to pencil marks these are the only placing methods: thinning
removes candidates until a digit has one place left in a unit (E) or a cell
has one candidate left (F).  Points follow DECISIONS.md #8.
"""

from __future__ import annotations

from collections.abc import Iterator

from puzzles.geometry import CELL_BIT, CELL_UNITS, PEER_MASK, UNIT_MASK
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Cell, Digit, Fragment, fragment_kind
from techniques.direct import HiddenSingle, naked_singles, scan_key
from techniques.points import CANDIDATE_SINGLE, band
from techniques.step import Step


LAST = fragment_kind("last_possibility")
ONLY = fragment_kind("only_possibility", "open_peers")


class CandidateHiddenSingle(HiddenSingle):
    """E1/E2/E3: a candidate that occurs once in a row, column or box."""

    group = "E"
    family = "singles"
    phase = Phase.SINGLES
    bands = CANDIDATE_SINGLE
    highlight_unit = False


@register
class CandidateHiddenSingleRow(CandidateHiddenSingle):
    code = "E1"
    units = range(0, 9)


@register
class CandidateHiddenSingleColumn(CandidateHiddenSingle):
    code = "E2"
    units = range(9, 18)


@register
class CandidateHiddenSingleBox(CandidateHiddenSingle):
    code = "E3"
    units = range(18, 27)


@register
class CandidateNakedSingle(Technique):
    """F0: a cell with one candidate left.

    It scores 0 as the "last possibility" (the last empty cell of one of its
    units) and otherwise by the number of empty cells among its peers.
    """

    code = "F0"
    group = "F"
    family = "singles"
    phase = Phase.SINGLES
    fields = frozenset({"digit", "cell", "kind"})

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        empty = board.empty
        found = []
        for cell, digit in naked_singles(board):
            last = any((empty & UNIT_MASK[u]) == CELL_BIT[cell] for u in CELL_UNITS[cell])
            open_peers = (empty & PEER_MASK[cell]).bit_count()
            points = 0 if last else band(open_peers, CANDIDATE_SINGLE)
            found.append(Step(
                self.code,
                points,
                placements=((cell, digit),),
                used=((cell, digit),),
                detail={
                    "digit": Digit(digit),
                    "cell": Cell(cell),
                    "kind": Fragment.of(LAST) if last else Fragment.of(ONLY, open_peers=open_peers),
                },
            ))
        found.sort(key=scan_key)
        yield from found
