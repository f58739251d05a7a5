"""Pure helpers of the fidelity measurements (``bench/fidelity.py``, ``bench/fidelity_readings.py``).

What the seed states about its examples (read from ``tests/data/examples.csv``),
the metrics that compare our figures with it, the singles a Bowman's Bingo
contradiction rests on, and the catalogue with other box-test points. Their
examples are doctests, which ``tests/test_bench_doctests.py`` runs (the tests
import nothing of ``bench/``).
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
    """(thinning steps, points) where the seed says the run without Bowman's Bingo stops.

    >>> stated_stuck("without BB: stops after 8 thinning steps at 188.5 points (1 s)")
    (8, 188.5)
    >>> stated_stuck("without BB: stuck after 3 thinning steps at 34 points")
    (3, 34.0)
    >>> stated_stuck("1 Bowman's bingo") is None
    True
    """
    match = _STUCK.search(step_info)
    return (int(match.group(1)), float(match.group(2))) if match else None


def stated_thinning(text: str) -> int | None:
    """The stated thinning-step count of a complete run (not "4 (before BB)", which is a stuck count).

    >>> stated_thinning("15"), stated_thinning("4 (before BB)"), stated_thinning("")
    (15, None, None)
    """
    return int(text) if text.strip().isdigit() else None


def within(pairs: Sequence[tuple[float, float]], tolerance: float) -> int:
    """How many (ours, stated) pairs lie within ``tolerance`` (0.10 = ±10 %) of the stated value:
    both sides count, and the boundary.

    >>> pairs = [(110.0, 100.0), (90.0, 100.0), (111.0, 100.0), (75.0, 100.0), (100.0, 100.0)]
    >>> within(pairs, 0.10), within(pairs, 0.25)
    (3, 5)
    """
    return sum(1 for ours, stated in pairs if abs(ours / stated - 1) <= tolerance + 1e-12)


def mean_abs_log(pairs: Sequence[tuple[float, float]]) -> float:
    """Mean |ln(ours / stated)|: symmetric in over- and underrating (0 = exact; 0.1 ≈ 10 % off).

    >>> mean_abs_log([(200.0, 100.0), (50.0, 100.0)]) == math.log(2)
    True
    >>> mean_abs_log([(7.0, 7.0)]), mean_abs_log([])
    (0.0, 0.0)
    """
    return sum(abs(math.log(ours / stated)) for ours, stated in pairs) / len(pairs) if pairs else 0.0


def matched(pairs: Iterable[tuple[object, object]]) -> tuple[int, int]:
    """(exact matches, facts): pairs whose stated value (second) is None are not facts.

    >>> matched([(3, 3), (4, 5), (2, None), (None, 1)])
    (1, 3)
    """
    facts = [(ours, stated) for ours, stated in pairs if stated is not None]
    return sum(1 for ours, stated in facts if ours == stated), len(facts)


def rested_on(board: Board, order: Sequence[tuple[int, int]]) -> int:
    """Of a walk that ends in a contradiction (``order``: the assumption, then the singles in the
    order placed), the singles the contradiction rests on: those reachable backwards from it
    through the placements that made each single (the fewest where several do).
    A step of a walk is every single of it, not only those the contradiction rests on ("im Mittel
    etwa 17-18 Schritte nachzuvollziehen, ehe man auf einen Widerspruch stößt"): in example 50's
    position the first bingo, (2:4)4, fails after 15 singles and rests on 12 of them; counting
    only those would halve the mean length ("Readings measured" (d)).

    >>> from bench.fidelity import load_rows
    >>> from rater.run.engine import Engine
    >>> from rater.views import render  # the views a rating's positions are drawn with
    >>> example = {row["id"]: row for row in load_rows()}["50"]
    >>> rating = Engine("2001").rate(example["puzzle"])
    >>> before = rating.position(next(n for n, s in enumerate(rating.steps) if s.code == "BB"))
    >>> step = before.next_step
    >>> walk = list(step.eliminations) + [(int(a.cell), int(a.digits[0])) for a in step.detail["walk"]]
    >>> step.detail["steps"], rested_on(before.board, walk)
    (15, 12)
    """
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
    """The packaged techniques with both box tests at ``points``.

    The seed's box-test rating is lost, so its value is measured ("Readings measured" (j)). Box
    tests (I) share their Stufe with the N-tuples (II), so their points decide between a box test
    and a 2-tuple (2 points): at 0 points example 44 takes a box test where the packaged 2 points
    take the 2-tuple that removes more.

    >>> from bench.fidelity import load_rows
    >>> from rater.run.engine import Engine, default_catalogue
    >>> puzzle = {row["id"]: row for row in load_rows()}["44"]["puzzle"]
    >>> def box_tests(catalogue: Catalogue | None) -> int:
    ...     return sum(s.code in BOX_TESTS for s in Engine("2001", catalogue).rate(puzzle).steps)
    >>> box_tests(with_box_test_points(0)) > box_tests(None)
    True
    >>> {default_catalogue().entry(code).technique.params["points"] for code in BOX_TESTS}
    {2}
    """
    return with_params(BOX_TESTS, points=points)


def mean_abs_difference(pairs: Iterable[tuple[int, int | None]]) -> float:
    """Mean |ours - stated| over the pairs with a stated value: finer than exact matches.

    >>> mean_abs_difference([(7, 6), (9, 13), (5, None)]), mean_abs_difference([])
    (2.5, 0.0)
    """
    diffs = [abs(ours - stated) for ours, stated in pairs if stated is not None]
    return sum(diffs) / len(diffs) if diffs else 0.0
