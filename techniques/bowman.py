"""Bowman's Bingo, the first special method.

Assume a candidate is the cell's digit and follow the simplest consequences,
naked and hidden singles (methods E and F), one placement at a time.  If a cell
runs out of candidates or a digit out of places in a unit, the assumption was
wrong and the candidate goes.  It is a net of consequences, not a chain, and
close to trial & error, but a person can still follow it; the original caps it
at 28 steps for readability.  Points 16 + 2 x steps, steps = the singles
placed after the assumption up to the one that shows the contradiction.

The consequences are followed breadth first (the singles of the assumption
first, then theirs ...), each in scan order, so a step count is the length of
one plain, reproducible walk.  Cells are tried as the seed reports success:
first those with 3-5 candidates, and only if none of them gives a bingo those
with 2-4 (the windows are parameters).  The first candidate (cells in scan
order, digits ascending) whose walk fails within the cap is the bingo, as a
person stops at the first contradiction found; taking the shortest of all
would give walks of about 9 steps where the seed reports 17-18 on average
(docs/decisions.md, "Chains and Bowman's Bingo").
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from puzzles.geometry import CELL_BIT, cells_of
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Cell, Digit, assertions, negations
from techniques.points import linear_floor
from techniques.step import Step


class _Walk:
    """Singles from one assumption, on a private copy of the candidates."""

    __slots__ = ("cands", "positions", "placed", "queue", "order", "rules")

    def __init__(self, board: Board, placed: list[int]) -> None:
        self.cands = board.cands[:]
        self.positions = board.positions[:]
        self.rules = board.rules
        self.placed = placed[:]
        self.queue: deque[tuple[int, int]] = deque()
        self.order: list[tuple[int, int]] = []

    def place(self, cell: int, digit: int) -> bool:
        """Place and queue the new singles; False if a contradiction shows."""
        cands = self.cands
        positions = self.positions
        bit = CELL_BIT[cell]
        mask = cands[cell]
        cands[cell] = 0
        self.placed[digit] |= bit
        self.order.append((cell, digit))
        others = mask & ~(1 << (digit - 1))
        for d in range(1, 10):
            if mask >> (d - 1) & 1:
                positions[d] &= ~bit
        geo = self.rules
        hit = positions[digit] & geo.peer_mask[cell]
        positions[digit] &= ~hit
        dbit = ~(1 << (digit - 1))
        for p in cells_of(hit):
            m = cands[p] & dbit
            cands[p] = m
            if not m:
                return False
            if not m & (m - 1):
                self.queue.append((p, m.bit_length()))
        # digit: every unit still needs a place; units down to one place give hidden singles
        pd = positions[digit]
        done = self.placed[digit]
        for u_mask in geo.scan_unit_mask:
            if done & u_mask:
                continue
            where = pd & u_mask
            if not where:
                return False
            if not where & (where - 1):
                self.queue.append((where.bit_length() - 1, digit))
        # the cell's other digits lost a place in the cell's three units
        for d in range(1, 10):
            if others >> (d - 1) & 1:
                for u in geo.cell_units[cell]:
                    u_mask = geo.unit_mask[u]
                    if self.placed[d] & u_mask:
                        continue
                    where = positions[d] & u_mask
                    if not where:
                        return False
                    if not where & (where - 1):
                        self.queue.append((where.bit_length() - 1, d))
        return True

    def run(self, cell: int, digit: int, limit: int) -> int | None:
        """Steps until a contradiction, or None if none shows within ``limit``."""
        if not self.place(cell, digit):
            return 0
        steps = 0
        while self.queue:
            c, d = self.queue.popleft()
            if not self.cands[c] >> (d - 1) & 1:
                continue  # already placed, or its loss was checked when it happened
            steps += 1
            if steps > limit:
                return None
            if not self.place(c, d):
                return steps
        return None


@register
class BowmansBingo(Technique):
    code = "BB"
    fields = frozenset({"digit", "cell", "steps", "walk", "removed"})
    group = "BB"
    family = "BB"
    phase = Phase.LAST_RESORT
    defaults = {
        "points_offset": 16,
        "points_per_step": 2,
        "max_steps": 28,
        "first_min_cands": 3,
        "first_max_cands": 5,
        "second_min_cands": 2,
        "second_max_cands": 4,
    }

    def points(self, steps: int) -> float:
        """The offset plus the points per step of the walk to the contradiction."""
        return float(self.params["points_offset"]) + float(self.params["points_per_step"]) * steps

    def floor(self) -> float:
        p = self.params
        return linear_floor(p["points_offset"], p["points_per_step"], 0, int(p["max_steps"]))

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        p = self.params
        placed = [0] * 10
        for c in range(81):
            if board.values[c]:
                placed[board.values[c]] |= CELL_BIT[c]
        open_cells = [c for c in range(81) if board.empty >> c & 1]
        tried: set[int] = set()
        for low, high in ((p["first_min_cands"], p["first_max_cands"]),
                          (p["second_min_cands"], p["second_max_cands"])):
            cells = [c for c in open_cells if low <= board.cands[c].bit_count() <= high and c not in tried]
            tried.update(cells)
            found = self._bingos(board, placed, cells)
            if found:
                yield from found
                return

    def _bingos(self, board: Board, placed: list[int], cells: list[int]) -> list[Step]:
        """The first bingo among ``cells`` (scan order, digits ascending), or none."""
        limit = int(self.params["max_steps"])
        for c in cells:
            for d in range(1, 10):
                if not board.cands[c] >> (d - 1) & 1:
                    continue
                walk = _Walk(board, placed)
                steps = walk.run(c, d, limit)
                if steps is None:
                    continue
                return [Step(
                    self.code,
                    self.points(steps),
                    eliminations=((c, d),),
                    used=((c, d),),
                    detail={"digit": Digit(d), "cell": Cell(c), "steps": steps, "walk": assertions(walk.order[1:]),
                            "removed": negations(((c, d),))},
                )]
        return []
