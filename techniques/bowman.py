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

from puzzles.geometry import CELL_BIT, CELL_OF_BIT_MOD_83, LOW_DIGIT
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

    __slots__ = ("peer_mask", "scan_unit_mask", "cell_scan_units")

    def __init__(self, rules: Rules) -> None:
        self.peer_mask = rules.peer_mask
        self.scan_unit_mask = rules.scan_unit_mask
        self.cell_scan_units = tuple(
            sum(1 << i for i, u_mask in enumerate(rules.scan_unit_mask) if u_mask >> c & 1) for c in range(81))


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


def _placed_units(placed: list[int], tables: _Tables) -> list[int]:
    """Per digit, the units (scan-order bits) that hold it placed."""
    out = [0] * 10
    scan_unit_mask = tables.scan_unit_mask
    for d in range(1, 10):
        cells = placed[d]
        units = 0
        unit_bit = 1
        for u_mask in scan_unit_mask:
            if cells & u_mask:
                units |= unit_bit
            unit_bit <<= 1
        out[d] = units
    return out


def _open_units(board: Board, placed: list[int], tables: _Tables) -> list[int]:
    """Per digit, the units (scan-order bits) still open with at most one place.

    A board between techniques has none (they would be singles or a
    contradiction); the walk checks them on every placement of their digit
    all the same, so that it sees exactly what a sweep over all units sees.
    """
    out = [0] * 10
    scan_unit_mask = tables.scan_unit_mask
    positions = board.positions
    for d in range(1, 10):
        cells = placed[d]
        places = positions[d]
        units = 0
        unit_bit = 1
        for u_mask in scan_unit_mask:
            where = places & u_mask
            if not cells & u_mask and not where & (where - 1):
                units |= unit_bit
            unit_bit <<= 1
        out[d] = units
    return out


#: :func:`_walk` found no contradiction within the step limit
_CAPPED: Final = -1
#: :func:`_walk` placed every single there was without a contradiction
_SETTLED: Final = -2
#: The digit of a 9-bit candidate mask's lowest bit (that of a naked single):
#: :data:`~puzzles.geometry.LOW_DIGIT`, a C array on the compiled path (``bowman.pxd``).
_DIGIT_OF_LOW: Final = LOW_DIGIT
#: :data:`~puzzles.geometry.CELL_OF_BIT_MOD_83`, a C array on the compiled path (``bowman.pxd``).
_CELL_OF_BIT_MOD_83: Final = CELL_OF_BIT_MOD_83


def _walk(board: Board, placed_units: list[int], tables: _Tables, open_units: list[int],
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
    local names, as this loop is most of the technique's time.  Cells, digits,
    candidate masks, unit sets (``placed_units``, scan-order bits) and queue
    entries (``cell << 4 | digit``) are small integers, which the compiled path
    keeps in C integers (``bowman.pxd``), and so are the places of the digits
    (81-bit bitboards, 128-bit C integers there).
    """
    cands = board.cands[:]
    positions = board.positions[:]
    done_units = placed_units[:]
    peer_mask = tables.peer_mask
    scan_unit_mask = tables.scan_unit_mask
    cell_scan_units = tables.cell_scan_units
    digit_of_low = _DIGIT_OF_LOW
    cell_of_bit = _CELL_OF_BIT_MOD_83
    cell_bit = CELL_BIT
    queue = [cell << 4 | digit]
    head = 0
    steps = -1  # the assumption itself is not a step
    while head < len(queue):
        entry = queue[head]
        head += 1
        cell = entry >> 4
        digit = entry & 15
        mask = cands[cell]
        dbit = 1 << (digit - 1)
        if not mask & dbit:
            continue  # already placed, or its loss was checked when it happened
        steps += 1
        if steps > limit:
            return _CAPPED
        # place: the cell leaves the places of its digits, its peers lose the digit
        # (table entries are read into names first, which the compiled path types)
        bit = cell_bit[cell]
        outside = ~bit
        cands[cell] = 0
        order.append((cell, digit))
        units = cell_scan_units[cell]
        done_units[digit] |= units
        rest = mask
        while rest:
            positions[digit_of_low[rest]] &= outside
            rest &= rest - 1
        hit = peer_mask[cell]
        hit &= positions[digit]
        positions[digit] ^= hit
        units = open_units[digit]
        while hit:
            low = hit & -hit
            hit ^= low
            p = cell_of_bit[low % 83]
            m = cands[p] ^ dbit
            cands[p] = m
            if not m:
                return steps
            if not m & (m - 1):
                queue.append(p << 4 | digit_of_low[m])
            more = cell_scan_units[p]
            units |= more
        # every unit that lost a place for a digit still needs one; one place left is a hidden
        # single: the placed digit in the changed units, then the cell's other digits in its units
        others = mask ^ dbit
        d = digit
        while True:
            pos = positions[d]
            done = done_units[d]
            base = 0
            while units:
                chunk = units & 511  # nine units at a time, their bits read with the digit table
                while chunk:
                    i = base + digit_of_low[chunk] - 1
                    chunk &= chunk - 1
                    if not done >> i & 1:
                        where = scan_unit_mask[i]
                        where &= pos
                        if not where:
                            return steps
                        if not where & (where - 1):
                            queue.append(cell_of_bit[where % 83] << 4 | d)
                units >>= 9
                base += 9
            if not others:
                break
            d = digit_of_low[others]
            others &= others - 1
            units = cell_scan_units[cell]
    return _SETTLED


@register
class BowmansBingo(Technique):
    code = "BB"
    measure = "steps"
    fields = frozenset({"digit", "cell", "steps", "walk", "removed"})
    group = "BB"
    family = "BB"
    sync_level = 7
    formula = "{points_offset} + {points_per_step} x steps (at most {max_steps})"
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
        placed_units = _placed_units(placed, tables)
        single_free = not any(open_units) and all(board.cands[c] & (board.cands[c] - 1) for c in open_cells)
        # cells per digit known to give no contradiction (see _bingos), kept for the second window
        settled = [0] * 10 if single_free else None
        for low, high in ((p["first_min_cands"], p["first_max_cands"]),
                          (p["second_min_cands"], p["second_max_cands"])):
            cells = [c for c in open_cells if low <= board.cands[c].bit_count() <= high and c not in tried]
            tried.update(cells)
            found = self._bingos(board, placed_units, cells, tables, open_units, settled)
            if found:
                yield from found
                return

    def _bingos(self, board: Board, placed_units: list[int], cells: list[int], tables: _Tables,
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
            cand = board.cands[c]
            for d in range(1, 10):
                if not cand >> (d - 1) & 1:
                    continue
                if settled is not None and settled[d] >> c & 1:
                    continue
                order: list[tuple[int, int]] = []
                steps = _walk(board, placed_units, tables, open_units, c, d, limit, order)
                if steps == _SETTLED and settled is not None:
                    for cell, digit in order:
                        settled[digit] |= 1 << cell
                if steps < 0:
                    continue
                return [self.step(c, d, steps, order[1:])]
        return []
