"""Methods E (hidden single) and F (naked single) on the written candidates.

After the switch to pencil marks these are the only placing methods: thinning
removes candidates until a digit has one place left in a unit (E) or a cell
has one candidate left (F).  Points follow docs/decisions.md.
"""

from __future__ import annotations

from typing import Any

from puzzles.geometry import CELL_BIT
from techniques.base import Phase, register
from techniques.board import Board
from techniques.direct import (
    HiddenSingle,
    NakedSingleSearch,
    digit_then_cell,
    naked_singles,
    point_table,
)
from techniques.findings import Cell, Digit, Fragment, fragment_kind
from techniques.points import CANDIDATE_SINGLE, band, band_floor, bands_of
from techniques.step import Candidate, Step, deferred_step

LAST = fragment_kind("last_possibility")
ONLY = fragment_kind("only_possibility", "open_peers")


class CandidateHiddenSingle(HiddenSingle):
    """E1/E2/E3: a candidate that occurs once in a row, column or box."""

    group = "E"
    family = "singles"
    phase = Phase.SINGLES
    defaults = CANDIDATE_SINGLE
    highlight_unit = False


@register
class CandidateHiddenSingleRow(CandidateHiddenSingle):
    code = "E1"
    transposed_twin = "E2"
    measure = "missing"
    units = range(0, 9)


@register
class CandidateHiddenSingleColumn(CandidateHiddenSingle):
    code = "E2"
    transposed_twin = "E1"
    measure = "missing"
    units = range(9, 18)


@register
class CandidateHiddenSingleBox(CandidateHiddenSingle):
    code = "E3"
    measure = "missing"
    units = range(18, 27)
    with_extra_units = True


@register
class CandidateNakedSingle(NakedSingleSearch):
    """F0: a cell with one candidate left.

    It scores 0 as the "last possibility" (the last empty cell of one of its
    units) and otherwise by the number of empty cells among its peers.
    """

    code = "F0"
    formula = "last possibility {last_points}, else empty peers {bands}"
    group = "F"
    family = "singles"
    phase = Phase.SINGLES
    fields = frozenset({"digit", "cell", "kind"})
    defaults = {**CANDIDATE_SINGLE, "last_points": 0}

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        self.bands = bands_of(self.params)
        self.by_open_peers = point_table(self.bands)

    def floor(self) -> float:
        floor: float = min(band_floor(bands_of(self.params)), self.params["last_points"])
        return floor

    def points(self, last: bool, open_peers: int) -> float:
        """The last possibility of a unit, else the band of the cell's open peers."""
        return self.params["last_points"] if last else band(open_peers, self.bands)

    def _singles(self, board: Board) -> list[tuple[float, int, int, bool, int]]:
        """(points, digit, cell, last, open peers) of every naked single, in scan order."""
        empty = board.empty
        last_points = self.params["last_points"]
        by_open_peers = self.by_open_peers
        geo = board.rules
        unit_mask = geo.unit_mask
        found = []
        for cell, digit in naked_singles(board):
            bit = CELL_BIT[cell]
            last = any((empty & unit_mask[u]) == bit for u in geo.cell_units[cell])
            open_peers = (empty & geo.peer_mask[cell]).bit_count()
            points = last_points if last else by_open_peers[open_peers]
            found.append((points, digit, cell, last, open_peers))
        if len(found) > 1:
            found.sort(key=digit_then_cell)
        return found

    def _steps(self, singles: list[tuple[float, int, int, bool, int]]) -> list[Step]:
        code = self.code
        return [deferred_step(Step, code, points, ((cell, digit),), (), _naked_detail, (cell, digit, last, open_peers))
                for points, digit, cell, last, open_peers in singles]


def _naked_detail(cell: int, digit: int, last: bool, open_peers: int) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    kind = Fragment.of(LAST) if last else Fragment.of(ONLY, open_peers=open_peers)
    return ((cell, digit),), {"digit": Digit(digit), "cell": Cell(cell), "kind": kind}
