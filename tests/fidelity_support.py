"""Pure helpers of the fidelity measurements (``bench/fidelity.py``, ``bench/fidelity_readings.py``),
kept here so that the tests check them without importing the bench scripts.

What the seed states about its examples (read from ``tests/data/examples.csv``),
the metrics that compare our figures with it, the singles a Bowman's Bingo
contradiction rests on, and the catalogue with other box-test points.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence

import yaml

from techniques.board import Board
from techniques.bowman import placed_by_digit
from techniques.catalogue import DEFAULT_PATH, Catalogue

#: How step_info states where the run without Bowman's Bingo stops: "... after 8 thinning steps at 188.5 points".
_STUCK = re.compile(r"after (\d+) thinning steps? at ([\d.]+) points")


def stated_stuck(step_info: str) -> tuple[int, float] | None:
    """(thinning steps, points) where the seed says the run without Bowman's Bingo stops."""
    match = _STUCK.search(step_info)
    return (int(match.group(1)), float(match.group(2))) if match else None


def stated_thinning(text: str) -> int | None:
    """The stated thinning-step count of a complete run (not "4 (before BB)", which is a stuck count)."""
    return int(text) if text.strip().isdigit() else None


def within(pairs: Sequence[tuple[float, float]], tolerance: float) -> int:
    """How many (ours, stated) pairs lie within ``tolerance`` (0.10 = ±10 %) of the stated value."""
    return sum(1 for ours, stated in pairs if abs(ours / stated - 1) <= tolerance + 1e-12)


def mean_abs_log(pairs: Sequence[tuple[float, float]]) -> float:
    """Mean |ln(ours / stated)|: symmetric in over- and underrating (0 = exact; 0.1 ≈ 10 % off)."""
    return sum(abs(math.log(ours / stated)) for ours, stated in pairs) / len(pairs) if pairs else 0.0


def matched(pairs: Iterable[tuple[object, object]]) -> tuple[int, int]:
    """(exact matches, facts): pairs whose stated value (second) is None are not facts."""
    facts = [(ours, stated) for ours, stated in pairs if stated is not None]
    return sum(1 for ours, stated in facts if ours == stated), len(facts)


def rested_on(board: Board, order: Sequence[tuple[int, int]]) -> int:
    """Of a walk that ends in a contradiction (``order``: the assumption, then the singles in the
    order placed), the singles the contradiction rests on: those reachable backwards from it
    through the placements that made each single (the fewest where several do)."""
    rules = board.rules
    cands, positions, placed = board.cands[:], board.positions[:], placed_by_digit(board)
    removed_by: dict[tuple[int, int], int] = {}
    reasons: list[frozenset[int]] = []

    def why(cells: int, digit: int, skip: int = -1) -> frozenset[int]:
        return frozenset(removed_by[c, digit] for c in range(81)
                         if c != skip and board.positions[digit] >> c & 1 and cells >> c & 1)

    def cause(cell: int, digit: int) -> frozenset[int]:
        """The placements that made ``digit`` a single in ``cell``: naked, or hidden in one unit."""
        ways = []
        if cands[cell] == 1 << (digit - 1):
            ways.append(frozenset(removed_by[cell, d] for d in range(1, 10)
                                  if d != digit and board.cands[cell] >> (d - 1) & 1))
        for u in rules.cell_units[cell]:
            if positions[digit] & rules.unit_mask[u] == 1 << cell:
                ways.append(why(rules.unit_mask[u], digit, skip=cell))
        return min(ways, key=len)

    for index, (cell, digit) in enumerate(order):
        reasons.append(cause(cell, digit) if index else frozenset())
        for d in range(1, 10):
            if cands[cell] >> (d - 1) & 1:
                removed_by[cell, d] = index
                positions[d] &= ~(1 << cell)
        cands[cell] = 0
        placed[digit] |= 1 << cell
        for q in range(81):
            if rules.peer_mask[cell] >> q & 1 and cands[q] >> (digit - 1) & 1:
                cands[q] &= ~(1 << (digit - 1))
                positions[digit] &= ~(1 << q)
                removed_by[q, digit] = index
    walked = {cell for cell, _digit in order}
    ends = [frozenset(removed_by[c, d] for d in range(1, 10) if board.cands[c] >> (d - 1) & 1)
            for c in range(81) if board.empty >> c & 1 and not cands[c] and c not in walked]
    ends += [why(u_mask, d) for d in range(1, 10) for u_mask in rules.scan_unit_mask
             if not placed[d] & u_mask and not positions[d] & u_mask]
    todo, seen = list(min(ends, key=len)), set()
    while todo:
        index = todo.pop()
        if index not in seen:
            seen.add(index)
            todo.extend(reasons[index])
    return len(seen - {0})



BOX_TESTS = ("BT1", "BT2")


def with_params(codes: Iterable[str], **params: int) -> Catalogue:
    """The packaged techniques with ``params`` set on each of ``codes``."""
    chosen = set(codes)
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    for entry in data["techniques"]:
        if entry["code"] in chosen:
            entry["params"] = {**entry.get("params", {}), **params}
    return Catalogue.from_data(data, f"{DEFAULT_PATH} with {', '.join(sorted(chosen))} {params}")


def with_box_test_points(points: int) -> Catalogue:
    """The packaged techniques with both box tests at ``points``."""
    return with_params(BOX_TESTS, points=points)


def mean_abs_difference(pairs: Iterable[tuple[int, int | None]]) -> float:
    """Mean |ours - stated| over the pairs with a stated value: finer than exact matches."""
    diffs = [abs(ours - stated) for ours, stated in pairs if stated is not None]
    return sum(diffs) / len(diffs) if diffs else 0.0
