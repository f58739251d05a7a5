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

from collections.abc import Iterator, Sequence
from typing import Final

from puzzles.geometry import CELL_BIT
from puzzles.rules import Rules
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import Cell, Digit, assertions, negations
from techniques.points import linear_floor
from techniques.step import Step


class _Tables:
    """Per-rules lookups of the walk, built once per variant.

    ``cell_scan_units[c]`` has bit ``i`` set when cell ``c`` lies in the
    ``i``-th unit in scan order, so the units touched by a set of cells come
    out in scan order by reading the bits upwards.
    """

    __slots__ = ("peer_mask", "scan_unit_mask", "cell_scan_units", "cell_unit_masks")

    def __init__(self, rules: Rules) -> None:
        self.peer_mask = rules.peer_mask
        self.scan_unit_mask = rules.scan_unit_mask
        self.cell_scan_units = tuple(
            sum(1 << i for i, u_mask in enumerate(rules.scan_unit_mask) if u_mask >> c & 1) for c in range(81))
        self.cell_unit_masks = tuple(tuple(rules.unit_mask[u] for u in rules.cell_units[c]) for c in range(81))


_TABLES: dict[Rules, _Tables] = {}


def _tables(rules: Rules) -> _Tables:
    tables = _TABLES.get(rules)
    if tables is None:
        tables = _TABLES[rules] = _Tables(rules)
    return tables


def placed_by_digit(board: Board) -> list[int]:
    """Per digit (index 1-9), the bitboard of the cells holding it."""
    placed = [0] * 10
    for c in range(81):
        if board.values[c]:
            placed[board.values[c]] |= CELL_BIT[c]
    return placed


def _open_units(board: Board, placed: list[int], tables: _Tables) -> list[int]:
    """Per digit, the units (scan-order bits) still open with at most one place.

    A board between techniques has none (they would be singles or a
    contradiction); the walk checks them on every placement of their digit
    all the same, so that it sees exactly what a sweep over all units sees.
    """
    out = [0] * 10
    for d in range(1, 10):
        for i, u_mask in enumerate(tables.scan_unit_mask):
            if not placed[d] & u_mask and (board.positions[d] & u_mask).bit_count() <= 1:
                out[d] |= 1 << i
    return out


#: :func:`_walk` found no contradiction within the step limit
_CAPPED: Final = -1
#: :func:`_walk` placed every single there was without a contradiction
_SETTLED: Final = -2


def _walk(board: Board, placed: list[int], tables: _Tables, open_units: list[int],
          cell: int, digit: int, limit: int, order: list[tuple[int, int]]) -> int:
    """Steps from assuming ``digit`` in ``cell`` to a contradiction, else
    :data:`_CAPPED` or :data:`_SETTLED`; the placements go to ``order`` (the
    assumption first).

    Singles are queued as a placement makes them and placed first come, first
    served, on private copies of the candidates.  After a placement only the
    units that lost a place for a digit can have become a hidden single or a
    contradiction: those of the peers that lost the placed digit, and the
    cell's own units for its other digits.  A unit that did not change was
    checked when it last changed, and a single found again would be a repeat
    in the queue, skipped when it comes up; so checking only the changed units
    (plus the board's own open units, see :func:`_open_units`) queues the same
    singles in the same order as a sweep over every unit.  One function with
    local names, as this loop is most of the technique's time.
    """
    cands = board.cands[:]
    positions = board.positions[:]
    placed = placed[:]
    peer_mask = tables.peer_mask
    scan_unit_mask = tables.scan_unit_mask
    cell_scan_units = tables.cell_scan_units
    cell_unit_masks = tables.cell_unit_masks
    queue = [(cell, digit)]
    head = 0
    steps = -1  # the assumption itself is not a step
    while head < len(queue):
        cell, digit = queue[head]
        head += 1
        mask = cands[cell]
        if not mask >> (digit - 1) & 1:
            continue  # already placed, or its loss was checked when it happened
        steps += 1
        if steps > limit:
            return _CAPPED
        # place: the cell leaves the places of its digits, its peers lose the digit
        bit = 1 << cell
        cands[cell] = 0
        placed[digit] |= bit
        order.append((cell, digit))
        rest = mask
        while rest:
            low = rest & -rest
            positions[low.bit_length()] &= ~bit
            rest ^= low
        hit = positions[digit] & peer_mask[cell]
        positions[digit] ^= hit
        dbit = ~(1 << (digit - 1))
        changed = open_units[digit]
        while hit:
            low = hit & -hit
            hit ^= low
            p = low.bit_length() - 1
            m = cands[p] & dbit
            cands[p] = m
            if not m:
                return steps
            if not m & (m - 1):
                queue.append((p, m.bit_length()))
            changed |= cell_scan_units[p]
        # every unit that lost a place for a digit still needs one; one place left is a hidden
        # single: the placed digit in the changed units, then the cell's other digits in its units
        units = []
        while changed:
            low = changed & -changed
            changed ^= low
            units.append(scan_unit_mask[low.bit_length() - 1])
        checks: list[tuple[int, Sequence[int]]] = [(digit, units)]
        others = mask & dbit
        while others:
            low = others & -others
            others ^= low
            checks.append((low.bit_length(), cell_unit_masks[cell]))
        for d, unit_masks in checks:
            pos = positions[d]
            done = placed[d]
            for u_mask in unit_masks:
                if done & u_mask:
                    continue
                where = pos & u_mask
                if not where:
                    return steps
                if not where & (where - 1):
                    queue.append((where.bit_length() - 1, d))
    return _SETTLED


@register
class BowmansBingo(Technique):
    code = "BB"
    measure = "steps"
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

    def step(self, cell: int, digit: int, steps: int, walk: Sequence[tuple[int, int]]) -> Step:
        """The bingo removing ``digit`` from ``cell``: its walk (the singles after the assumption)
        met a contradiction after ``steps`` steps."""
        return Step(self.code, self.points(steps), eliminations=((cell, digit),), used=((cell, digit),),
                    detail={"digit": Digit(digit), "cell": Cell(cell), "steps": steps, "walk": assertions(walk),
                            "removed": negations(((cell, digit),))})

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        p = self.params
        placed = placed_by_digit(board)
        open_cells = [c for c in range(81) if board.empty >> c & 1]
        tried: set[int] = set()
        tables = _tables(board.rules)
        open_units = _open_units(board, placed, tables)
        single_free = not any(open_units) and all(board.cands[c] & (board.cands[c] - 1) for c in open_cells)
        # cells per digit known to give no contradiction (see _bingos), kept for the second window
        settled = [0] * 10 if single_free else None
        for low, high in ((p["first_min_cands"], p["first_max_cands"]),
                          (p["second_min_cands"], p["second_max_cands"])):
            cells = [c for c in open_cells if low <= board.cands[c].bit_count() <= high and c not in tried]
            tried.update(cells)
            found = self._bingos(board, placed, cells, tables, open_units, settled)
            if found:
                yield from found
                return

    def _bingos(self, board: Board, placed: list[int], cells: list[int], tables: _Tables,
                open_units: list[int], settled: list[int] | None) -> list[Step]:
        """The first bingo among ``cells`` (scan order, digits ascending), or none.

        On a board without singles (``settled`` is None otherwise), a walk
        that runs out of singles without a contradiction has reached the end
        of its singles.  Every digit it placed then needs no walk of its own:
        that digit's singles are a part of these (each single stays forced
        whatever else is placed), so they cannot meet a contradiction either,
        and its walk would also end without a bingo.
        """
        limit = int(self.params["max_steps"])
        for c in cells:
            for d in range(1, 10):
                if not board.cands[c] >> (d - 1) & 1:
                    continue
                if settled is not None and settled[d] >> c & 1:
                    continue
                order: list[tuple[int, int]] = []
                steps = _walk(board, placed, tables, open_units, c, d, limit, order)
                if steps == _SETTLED and settled is not None:
                    for cell, digit in order:
                        settled[digit] |= 1 << cell
                if steps < 0:
                    continue
                return [self.step(c, d, steps, order[1:])]
        return []
