"""Rate the variant examples 82-85 under readings of how the original treats the extra units.

    python3 -m tests.variant_readings                       # every reading alone, options 2001 and 2000
    python3 -m tests.variant_readings --readings direct-standard+thinning-standard --options 2001,0002
    python3 -m tests.variant_readings --readings as-is --copies 20   # spread over symmetric copies
    python3 -m tests.variant_readings --steps 83c --readings direct-standard+thinning-standard

The seed states the original's totals of four variant ratings (examples 82-85
of tests/data/examples.csv) but not how its methods use the diagonals or
colour groups.  This module measures candidate readings side by side; it
changes nothing in the rater.  A reading is a ``+``-joined list of:

- ``as-is``: the rater as it is (every method uses the variant's units).
- ``direct-standard``: the direct methods A-D work on a standard board of the
  placed digits (rows, columns and boxes only: no extra-unit singles, no
  exclusions along an extra unit, visible numbers out of 20 peers).  The
  candidates written (PM) and everything after them keep the variant's rules.
- ``direct-box``: only the box methods A3/C3/D3 leave out the extra units.
- ``thinning-standard``: every thinning method works on rows, columns and
  boxes only (the candidates and singles keep the variant's rules).
- ``extra-as-line``: a single in an extra unit is found and scored by the
  row methods (A1, C1, D1, E1, the line bands) instead of the box methods.
- ``colour-column-major``: the colour groups are scanned in the order of their
  place in a box counted down the columns (the same groups, another order).
- ``visible-standard``: the naked singles B0 and F0 count the visible numbers
  and open cells among the 20 standard peers (F0's "last possibility" too
  looks at rows, columns and boxes only).
- ``uniqueness-on``: the uniqueness-based methods (UR, UL, D8) stay on, as
  on a standard Sudoku; their steps may be unsound in a variant (see below).
- ``bowman-standard``: Bowman's Bingo follows its singles on rows, columns and
  boxes only (a contradiction there is one in the variant too).
- ``singles-standard``: E3 leaves out the extra units (no hidden single in a
  diagonal or colour group once candidates are written).

Every reading but ``uniqueness-on`` is sound: it only leaves out deductions,
and a deduction on the standard units holds in the variant.  Every step is
checked against the variant's solution all the same (``unsound`` in the table
if one contradicts it).  Trial & error is no reading: on the standard units it would complete the grid to a standard solution, not the
variant's.  Each reading is rated in its own process, because the techniques
keep per-rules tables.  Besides examples 82-85
the module rates the two strings of the pair 82/83 under the other rules
(``82c``: 82's string as colour Sudoku, ``83d``: 83's as diagonal), since
the seed lists them as one example of a puzzle rated in both kinds.

Each reading patches technique classes, so it is rated in a fresh process
(:func:`_fresh`); ``tests/test_variants_readings.py`` checks that the readings
stay sound and leave the rater as it was.
"""

from __future__ import annotations

import argparse
import collections
import csv
import multiprocessing
import random
import statistics
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

from canon.variant_group import random_variant_transformation
from puzzles.rules import _BY_NAME, FIRST_COLOUR, STANDARD, Rules, parse_rules
from rater.run.engine import Engine, UnsoundStep, default_catalogue
from techniques.base import REGISTRY, Context, Phase, Technique
from techniques.board import Board
from techniques.step import Step
from tests.conftest import FIXTURES

EXAMPLES = FIXTURES / "examples.csv"

#: The letter a case name gives each kind (82d: example 82 as diagonal Sudoku).
_LETTER = {"diag": "d", "farb": "c"}
Finder = Callable[[Technique, Board, Context], Iterator[Step]]


Case = tuple[str, str, str, float | None]


def cases() -> list[Case]:
    """(name, puzzle, rules, stated points) of the variant examples and the two crossed strings."""
    with EXAMPLES.open(newline="") as fh:
        rows = {r["id"]: r for r in csv.DictReader(fh) if r["variant"] != "std" and r["points"]}
    found: list[Case] = [(r["id"] + _LETTER[r["variant"]], r["puzzle"], r["variant"], float(r["points"])) for r in rows.values()]
    crossed: list[Case] = [("82c", rows["82"]["puzzle"], "farb", None), ("83d", rows["83"]["puzzle"], "diag", None)]
    return found + crossed


def _on_standard_units(find: Finder) -> Finder:
    """``find`` reading the standard unit and peer tables of the same board."""
    def standard_find(self: Technique, board: Board, ctx: Context) -> Iterator[Step]:
        keep, board.rules = board.rules, STANDARD
        try:
            found = list(find(self, board, ctx))
        finally:
            board.rules = keep
        return iter(found)
    return standard_find


def _on_standard_board(find: Finder) -> Finder:
    """``find`` on a standard board of the same placed digits (the direct phase has no candidates)."""
    def standard_find(self: Technique, board: Board, ctx: Context) -> Iterator[Step]:
        return iter(list(find(self, Board.from_grid(list(board.values), STANDARD), ctx)))
    return standard_find


def _wrap_phase(phase: Phase, wrapper: Callable[[Finder], Finder]) -> None:
    for cls in set(REGISTRY.values()):
        if cls.phase is phase:
            setattr(cls, "find", wrapper(cls.find))


def _extra_as_line() -> None:
    """Singles in an extra unit found and scored by the row methods (A1, C1, D1, E1: line bands)."""
    for box, row in (("A3", "A1"), ("C3", "C1"), ("D3", "D1"), ("E3", "E1")):
        setattr(REGISTRY[box], "with_extra_units", False)
        setattr(REGISTRY[row], "with_extra_units", True)


def _colour_groups_column_major() -> None:
    """Colour group k is the k-th cell of every box counted down the columns (scan order only)."""
    column_major = tuple(FIRST_COLOUR + 3 * (k % 3) + k // 3 for k in range(9))
    rules = Rules("colour", (), tuple(range(27)) + column_major)
    for alias in ("colour", "color", "farb"):
        _BY_NAME[alias] = rules


def _visible_standard() -> None:
    for code in ("B0", "F0"):
        setattr(REGISTRY[code], "find", _on_standard_units(REGISTRY[code].find))


def _uniqueness_on() -> None:
    """The engine's context allows URs, loops and D8 (every case is unique in its variant)."""
    import rater.run.engine
    setattr(rater.run.engine, "Context", lambda cd_level, unique: Context(cd_level=cd_level, unique=True))


def _direct_box() -> None:
    for code in ("A3", "C3", "D3"):
        setattr(REGISTRY[code], "with_extra_units", False)


READINGS: dict[str, Callable[[], None]] = {
    "as-is": lambda: None,
    "direct-standard": lambda: _wrap_phase(Phase.DIRECT, _on_standard_board),
    "direct-box": _direct_box,
    "thinning-standard": lambda: _wrap_phase(Phase.THINNING, _on_standard_units),
    "extra-as-line": _extra_as_line,
    "colour-column-major": _colour_groups_column_major,
    "visible-standard": _visible_standard,
    "uniqueness-on": _uniqueness_on,
    "bowman-standard": lambda: setattr(REGISTRY["BB"], "find", _on_standard_units(REGISTRY["BB"].find)),
    "singles-standard": lambda: setattr(REGISTRY["E3"], "with_extra_units", False),
}


def _engine(option: str, disabled: list[str]) -> Engine:
    return Engine(option, default_catalogue().without(disabled) if disabled else None)


def rate_reading(reading: str, options: list[str], disabled: list[str],
                 copies: int = 0, seed: int = 1) -> list[tuple[str, list[str]]]:
    """Per option, a table cell for every case under ``reading`` (run in a fresh process).

    A cell is the points (and the status unless solved); with ``copies`` it also
    gives the minimum, median and maximum over the string and that many random
    symmetric copies of it (the variant's own symmetries, digits relabelled).
    """
    for part in reading.split("+"):
        READINGS[part]()
    out = []
    for option in options:
        engine = _engine(option, disabled)
        rng = random.Random(seed)
        cells = []
        for _, puzzle, rules, _ in cases():
            points, status = _rated(engine, puzzle, rules)
            cell = f"{points:g}" + ("" if status == "solved" else f" ({status})")
            if copies:
                spread = [points] + [_rated(engine, copy, rules)[0] for copy in _copies(puzzle, rules, copies, rng)]
                cell += f" ({min(spread):g}-{statistics.median(spread):g}-{max(spread):g})"
            cells.append(cell)
        out.append((option, cells))
    return out


def _copies(puzzle: str, rules: str, count: int, rng: random.Random) -> list[str]:
    grid = [int(ch) for ch in puzzle]
    moves = [random_variant_transformation(rng, parse_rules(rules)) for _ in range(count)]
    return ["".join(map(str, move.apply(grid))) for move in moves]


def _rated(engine: Engine, puzzle: str, rules: str) -> tuple[float, str]:
    """Points and status; every step is checked against the solution ("unsound" if one contradicts it)."""
    try:
        rating = engine.rate(puzzle, rules=parse_rules(rules), verify=True)
    except UnsoundStep:
        return float("nan"), "unsound"
    return rating.points, str(rating.status.value)


def step_summary(reading: str, option: str, disabled: list[str], name: str) -> str:
    """Total and per-code count and points of one case under ``reading`` (run in a fresh process)."""
    for part in reading.split("+"):
        READINGS[part]()
    _, puzzle, rules, _ = next(c for c in cases() if c[0] == name)
    rating = _engine(option, disabled).rate(puzzle, rules=parse_rules(rules))
    points: dict[str, float] = collections.defaultdict(float)
    count: collections.Counter[str] = collections.Counter()
    for step in rating.steps:
        points[step.code] += step.points
        count[step.code] += 1
    codes = "  ".join(f"{c} {count[c]}x {points[c]:g}" for c in sorted(points, key=lambda c: -points[c]))
    return f"{name} {option} {reading}: {rating.points:g} ({rating.status.value})\n  {codes}"


def _fresh(fn: Callable[..., object], *args: object) -> object:
    """``fn(*args)`` in a new process, so that a reading's changes stay there."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(fn, *args).result()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--readings", default=",".join(READINGS),
                    help="comma list of readings, each a +-joined list of " + ", ".join(READINGS))
    ap.add_argument("--options", default="2001,2000", help="comma-separated option codes")
    ap.add_argument("--disable", default="", help="comma list of technique codes to switch off (as rate --disable)")
    ap.add_argument("--copies", type=int, default=0,
                    help="also rate this many random symmetric copies of each string: min-median-max")
    ap.add_argument("--seed", type=int, default=1, help="seed of the copies")
    ap.add_argument("--steps", metavar="CASE", help="per-code summary of one case (82d, 83c, 84d, 85c, 82c, 83d)")
    args = ap.parse_args()
    readings = args.readings.split(",")
    disabled = [c for c in args.disable.split(",") if c]
    for reading in readings:
        unknown = set(reading.split("+")) - set(READINGS)
        if unknown:
            ap.error(f"unknown reading {', '.join(sorted(unknown))}")
    if args.steps:
        for reading in readings:
            for option in args.options.split(","):
                print(_fresh(step_summary, reading, option, disabled, args.steps))
        return
    names = [c[0] for c in cases()]
    stated = [c[3] for c in cases()]
    if disabled:
        print(f"switched off: {', '.join(disabled)}")
    print("| reading | option | " + " | ".join(names) + " |")
    print("|---|---|" + "---:|" * len(names))
    print("| stated | | " + " | ".join(f"{s:g}" if s else "-" for s in stated) + " |")
    for reading in readings:
        result = _fresh(rate_reading, reading, args.options.split(","), disabled, args.copies, args.seed)
        assert isinstance(result, list)
        for option, cells in result:
            print(f"| {reading} | {option} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
