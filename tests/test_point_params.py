"""Every point of a rating comes from the technique file, and every floor from the same numbers.

For each technique, its point parameters are changed in a copy of the packaged
technique file: doubled where the points are a sum of parameter multiples
(bands, caps, fixed points, per-unit weights), raised by one where the points
are a parameter plus a length (chains).  On the states a rating passes
through, the changed technique must find the same deductions with the points
changed accordingly, and its floor (``min_points``, what lets the engine skip a
search) must never exceed a step's points.  The puzzles are five of the test
sample and five more that together use every technique (option 2005 for D7, which only the
synchronous mode reports, and for unique loops; 2006 for reducing alternative chains);
C7 and CCS occur in none of these ratings.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import yaml

from rater.run.engine import Engine, default_catalogue
from techniques.base import Context, Technique
from techniques.board import Board
from techniques.catalogue import DEFAULT_PATH, Catalogue
from techniques.step import Step

PUZZLES = (
    ("2005", "8.4..926..7...2...9..6...475.9..7...4.......3...2..9.....93.854.....8............"),
    ("2005", ".57.38.....61..2.7....9....63......1.7..2..6.5......34....8....2.5..74.....91.37."),
    ("2001", "8.4..926..7...2...9..6...475.9..7...4.......3...2..9.....93.854.....8............"),
    ("2001", "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"),
    ("2001", "105480009040901000900070104218549600593768412467123895059014020624097001001000940"),
    # remote pairs, chute remote pairs and closed implication chains (the seed's examples 15, 13 and
    # 34), unique loops (synchronous through V) and reducing alternative chains (through VI, the seed's
    # example 31) are chosen in none of the ratings above
    ("2001", "000035700000700018080000000059000000710003609060020800000060040004900000070100500"),
    ("2001", "008050000090000400600003000000002050007018600380090071070480000003009825000000040"),
    ("2001", "007200000000080100916000000400050600060070030000008004000063000230800500009400001"),
    ("2005", "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."),
    ("2006", "000001200010020030400700000200010600030407020008050009000009004080030050006800000"),
)
#: Techniques whose points are a parameter plus a length: their offsets go up by one.
SHIFTED = frozenset({"GC", "SC", "SCC", "CC", "CCS", "ICC", "ACS", "ACR"})
#: Techniques that read each other's point parameters change together.
TOGETHER = ({"NT", "HT"}, {"CC", "CCS", "ICC", "ACS", "ACR"})
#: Parameters that are not points (bounds of bands, search limits).
NOT_POINTS = ("_max", "_length", "_cells", "_steps", "_cands", "budget", "_nodes_first", "_nodes_second")
#: Techniques no rating of the test sample uses (their floors are still checked below).
NOT_IN_SAMPLE = frozenset({"C7", "CCS"})
#: At most this many states with steps, and this many tries, per technique and puzzle (keeps the test fast).
CHECKS_PER_PUZZLE = 6
TRIES_PER_PUZZLE = 12


def _changed(code: str, params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with every point parameter doubled (or, for SHIFTED, the offsets raised by one)."""
    out = dict(params)
    for key, value in params.items():
        if any(key.endswith(s) for s in NOT_POINTS):
            continue
        if code in SHIFTED:
            if key.startswith("points_offset"):
                out[key] = value + 1
        else:
            out[key] = value * 2
    return out


def _expected(code: str) -> Callable[[float], float]:
    return (lambda p: p + 1) if code in SHIFTED else (lambda p: 2 * p)


def _wanted(code: str, old: Step, new: Step) -> float:
    """The changed step's points: the candidate bonus is rounded after its share is doubled
    (177 candidates: 44.25 -> 44, then 88.5 -> 89), every other technique by ``_expected``."""
    if code == "PM":
        return math.floor(2 * old.detail["share"] * new.detail["count"] + 0.5)
    return _expected(code)(old.points)


@cache
def _changed_catalogue(code: str) -> Catalogue:
    """The packaged file with ``code``'s points changed (and those of the techniques it reads)."""
    data = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    codes = next((group for group in TOGETHER if code in group), {code})
    entries = []
    for raw in data["techniques"]:
        entry = copy.deepcopy(raw)  # aliases share one dict: change a copy only
        if entry["code"] in codes:
            entry["params"] = _changed(entry["code"], entry.get("params") or {})
        entries.append(entry)
    return Catalogue.from_data({"techniques": entries}, f"changed {code}")


class _RoundRecorder(Engine):
    """The engine, noting each round's state and the codes of the steps it chose there."""

    def __init__(self, option: str) -> None:
        super().__init__(option, canonical=False)
        self.rounds: list[tuple[Board, set[str]]] = []

    def _next_steps(self, board: Board, ctx: Context, found: list[Step]) -> list[Step]:
        state = board.copy()
        chosen = super()._next_steps(board, ctx, found)
        self.rounds.append((state, {s.code for s in chosen}))
        return chosen


def _states(option: str, puzzle: str) -> list[tuple[Board, set[str]]]:
    """(state, codes to try there) for every round of the default rating."""
    engine = _RoundRecorder(option)
    assert engine.rate(puzzle).status == "solved"
    return engine.rounds


def _check(technique: Technique, changed: Technique, board: Board, ctx: Context) -> int:
    old = list(technique.find(board, ctx.at_new_position()))
    new = list(changed.find(board, ctx.at_new_position()))
    assert [(s.placements, s.eliminations) for s in old] == [(s.placements, s.eliminations) for s in new]
    for a, b in zip(old, new):
        assert b.points == pytest.approx(_wanted(technique.code, a, b)), (technique.code, a.points, b.points)
        assert technique.min_points <= a.points, (technique.code, technique.min_points, a.points)
        assert changed.min_points <= b.points, (technique.code, changed.min_points, b.points)
    return len(old)


def test_changed_points_reach_every_technique() -> None:
    catalogue = default_catalogue()
    checked: dict[str, int] = {}
    for option, puzzle in PUZZLES:
        ctx = Context(cd_level=int(option[0]), unique=True)
        hits: dict[str, int] = {}
        tries: dict[str, int] = {}
        for board, codes in _states(option, puzzle):
            for code in sorted(codes):
                if hits.get(code, 0) >= CHECKS_PER_PUZZLE or tries.get(code, 0) >= TRIES_PER_PUZZLE:
                    continue
                tries[code] = tries.get(code, 0) + 1
                technique = catalogue.entry(code).technique
                changed = _changed_catalogue(code).entry(code).technique
                found = _check(technique, changed, board, ctx)
                hits[code] = hits.get(code, 0) + bool(found)
                checked[code] = checked.get(code, 0) + found
    assert set(checked) == {e.code for e in catalogue if e.enabled} - NOT_IN_SAMPLE
    assert all(checked.values()), {code: n for code, n in checked.items() if not n}


def test_floors_follow_the_parameters() -> None:
    """The changed floors are the defaults' floors changed the same way."""
    for entry in default_catalogue():
        code = entry.code
        changed = _changed_catalogue(code).entry(code).technique
        assert changed.min_points == pytest.approx(_expected(code)(entry.technique.min_points)), code
