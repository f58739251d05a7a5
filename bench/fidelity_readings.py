"""Readings of the seed that the engine had to choose between, each measured against the seed's facts.

    python3 bench/fidelity_readings.py [--part a|b|c|d|e|i|j|k] [--top1465 N] [--hardest N] [--bingo N]
        [--kinds N] [--copies N] [--jobs N]

Nothing here changes the engine: every reading is tried on a subclass or
inside a temporary patch, and only the figures are printed ("engine" marks the
reading the engine applies).

(a) What a "Stufe" of the thinning selection is: per family, per complexity
    level (the family sets of the synchronous levels, {I, II}, {RP, III},
    {IV}, {V}, {VI}; the engine), one selection over all thinning families
    I-VI, each with a point window of 3 and of 0 (the engine: window 0, "im
    nicht-synchronen Fall wird nur der gefundene Ausdünnschritt mit der
    kleinsten Punktzahl gewertet").  Figures:
    stated thinning-step counts matched exactly (examples 1-5, 10, 43-48,
    55-58, 86, 87), the examples within ±10 %, and the mean
    |ln(ours/stated)| over all examples with points.
(b) Rounding of the candidate-writing bonus (25 % of the candidates): none,
    floor, half up (the engine), ceiling.  The bonus does not change the
    solving path, so each total is the rated total with the bonus replaced.
(c) The cell trial & error guesses in: fewest candidates first (the
    engine's), first empty cell in scan order, most candidates first; at the
    root and at every level of the search.  Bowman's Bingo is off, as in the
    seed's statistic; depth = deepest level searched (the points' N), also the
    level the solution was found on.
(d) Which Bowman's Bingo is taken: the first found (cells with 3-5, then 2-4
    candidates in scan order, digits ascending; the engine) or the one with
    the fewest steps; and what a step is: every single of the walk (the
    engine) or only the singles the contradiction rests on ("Schritte
    nachzuvollziehen", steps to follow), for the engine's bingo and with the
    cap of 28 on those singles.  Figures: the examples table and the steps of
    every bingo on top1465 (the seed: mean 17-18, over 85 % in 11-25).
(e) Which chains the second pass of family VI records: closed implication
    chains only (the engine, "Bei den Folgerungs-Ketten wird ... ein zweiter
    Durchlauf ...") or every kind.  Figures: the examples table and where the
    runs without Bowman's Bingo stop.
(i) Which of the cheapest thinning steps of a family is taken: the one with
    the most eliminations, first in search order (the engine, "mit der
    größten Anzahl von Streichungen ... und davon mit die kleinsten
    Punktzahl"); the first, the last, the one with the fewest eliminations;
    the first in the seed's scan order ("links oben nach rechts unten") by
    the first eliminated cell or the pattern's first cell; the most
    eliminations at any points ("bzw. der maximalen Zahl von Streichungen");
    one technique per selection; and a random choice with --seeds seeds,
    which shows how far the table moves on a choice the seed does not fix.
(k) The chain section and the 4-cell single-digit chains: single-digit
    chains from 6 cells (the engine; line 290: skyscraper, turbot fish and
    two-string kite "hier aber nicht eingebaut") or from 4 (line 288: "N = 4
    bis 12", the engine before); which chain the original's search finds and
    takes: alternative chains as a Stufe before the other kinds; setting steps
    first at equal points; (A) closed chains that pass a pair cell on one digit
    (the engine drops a loop using a candidate twice); what a chain's length N
    is ((D) cells, (N) links); (B) contradiction chains from pair cells only;
    the kinds as Stufen in a fixed order ((H) line 423's, (H') loops first);
    (G, G') chains without "!" before those with; (L) the shortest chain first
    at equal points; (W) which WXYZ-wings are "standard"; (T) alternative
    chains from cells of 3 candidates ("Prinzipiell ..."); and combinations
    with A.  Figures: the table, the stuck and kind facts, the kind facts on
    --copies symmetric copies of each example, single-digit contradiction
    chains against single-digit chains and the standard WXYZ-wings' share
    found on --kinds puzzles of top1465; with --loops N every closed chain of
    reading A checked against the solution on N puzzles each of three
    collections; with --population READING the population figures under it.
(j) The points of a box test, which the seed does not give (its rating line
    is lost; the engine: 2): the table for 0-4 points, and for each example
    the value that would make its total exact.  Box tests are family I, so
    their points change no choice and each total moves by points x box tests.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import math
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rater.run.engine  # noqa: E402
import rater.run.modes  # noqa: E402
import techniques.chains  # noqa: E402
from bench._common import load  # noqa: E402
from bench.fidelity import (  # noqa: E402
    EngineFactory,
    Outcome,
    load_rows,
    matched,
    mean_abs_difference,
    mean_abs_log,
    measure,
    option_of,
    stuck_after,
    within,
)
from bench.fidelity_support import rested_on, with_box_test_points, with_params  # noqa: E402
from bench.trial_readings import CELL_RULES, Chooser, search  # noqa: E402
from puzzles.geometry import cells_of  # noqa: E402
from rater.options import Mode  # noqa: E402
from rater.run.engine import Engine, default_catalogue  # noqa: E402
from rater.run.modes import settled  # noqa: E402
from techniques.base import Context, Technique  # noqa: E402
from techniques.board import Board  # noqa: E402
from techniques.bowman import BowmansBingo, _Tables, _walk  # noqa: E402
from techniques.catalogue import Catalogue  # noqa: E402
from techniques.step import Step  # noqa: E402
from techniques.trial import TrialAndError  # noqa: E402
from techniques.wings import WXYZWing  # noqa: E402

#: The examples whose thinning-step count the seed states for a complete run.
THINNING_EXAMPLES = ("1", "2", "3", "4", "5", "10", "43", "44", "45", "46", "47", "48", "55", "56", "57", "58",
                     "86", "87")


# --- (a) the "Stufe" ------------------------------------------------------------------------


class PerFamilyEngine(Engine):
    """Every thinning family a Stufe of its own: the engine with no level grouping families."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.family_levels = {}


class AllFamiliesEngine(Engine):
    """One selection over the steps of every thinning family I-VI (the last resorts stay apart)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if self.thinning:
            self.thinning = [("I-VI", [t for _family, techs in self.thinning for t in techs])]


@contextlib.contextmanager
def point_window(points: float) -> Iterator[None]:
    """The thinning selection's point window set to ``points`` for the duration."""
    saved = rater.run.modes.POINT_WINDOW
    rater.run.modes.POINT_WINDOW = points
    try:
        yield
    finally:
        rater.run.modes.POINT_WINDOW = saved


def factory(engine_class: type[Engine], base: Catalogue | None = None) -> EngineFactory:
    """Engines of ``engine_class`` by (option, disabled codes), on ``base`` (default: the packaged techniques)."""
    cache: dict[tuple[str, tuple[str, ...]], Engine] = {}

    def make(option: str, disabled: tuple[str, ...]) -> Engine:
        if (option, disabled) not in cache:
            catalogue = base or default_catalogue()
            cache[option, disabled] = engine_class(option, catalogue.without(disabled) if disabled else catalogue)
        return cache[option, disabled]

    return make


def part_a() -> list[str]:
    rows = load_rows()
    readings = [("per family, window 3", PerFamilyEngine, 3.0), ("per level, window 3", Engine, 3.0),
                ("all families I-VI, window 3", AllFamiliesEngine, 3.0), ("per family, window 0", PerFamilyEngine, 0.0),
                ("per level, window 0 (engine)", Engine, 0.0), ("all families I-VI, window 0", AllFamiliesEngine, 0.0)]
    lines = ["| reading | thinning counts matched | mean abs difference | stuck without BB matched | within ±10 % | "
             "within ±25 % | mean abs ln | counts ours |", "|---|---:|---:|---:|---:|---:|---:|---|"]
    for name, cls, window in readings:
        with point_window(window):
            outcomes = measure(rows, factory(cls))
        counts = [o for o in outcomes if o.id in THINNING_EXAMPLES]
        hit, total = matched((o.thinning, o.stated_thinning) for o in counts)
        difference = mean_abs_difference((o.thinning, o.stated_thinning) for o in counts)
        stuck_hit, stuck_total = matched((stuck_after(o), o.stated_stuck[0]) for o in outcomes if o.stated_stuck)
        points = [(o.ours, o.stated) for o in outcomes if o.stated]
        shown = ", ".join(f"{o.id}: {o.thinning}/{o.stated_thinning}" for o in counts)
        lines.append(f"| {name} | {hit} of {total} | {difference:.2f} | {stuck_hit} of {stuck_total} | "
                     f"{within(points, 0.10)} of {len(points)} | {within(points, 0.25)} | {mean_abs_log(points):.3f} | "
                     f"{shown} |")
    return lines


# --- (b) the candidate bonus ------------------------------------------------------------------------

ROUNDINGS: dict[str, Callable[[float], float]] = {
    "none": lambda x: x,
    "floor": math.floor,
    "half up (engine)": lambda x: math.floor(x + 0.5),
    "ceiling": math.ceil,
}


def part_b() -> list[str]:
    outcomes: list[tuple[str, float, float, float]] = []  # (id, stated, total without the bonus, bonus)
    make = factory(Engine)
    for r in load_rows():
        if r["variant"] != "std" or not r["points"]:
            continue
        rating = make(option_of(r["option"]), ("BB",) if r["bowman"] == "off" else ()).rate(r["puzzle"])
        charged = sum(s.points for s in rating.steps if s.code == "PM")
        bonus = sum(cast(float, s.detail["share"]) * cast(int, s.detail["count"])  # unrounded
                    for s in rating.steps if s.code == "PM")
        if any(s.code == "PM" for s in rating.steps):
            outcomes.append((r["id"], float(r["points"]), rating.points - charged, bonus))
    close = [f"{i} ({stated:g}: {rest:g} + {bonus:g})" for i, stated, rest, bonus in outcomes
             if abs(rest + bonus - stated) < 1]
    lines = [f"Within one point of the stated total (stated: rest + bonus): "
             f"{'; '.join(close) or 'none'}.", "",
             f"{len(outcomes)} examples with points and a candidate phase; stated totals all whole numbers: "
             f"{all(s == int(s) for _i, s, _t, _b in outcomes)}; bonus values whole already: "
             f"{sum(b == int(b) for *_x, b in outcomes)}.", "",
             "| rounding of 25 % of the candidates | exact totals (ids) | whole totals | within ±10 % | mean abs ln |",
             "|---|---:|---:|---:|---:|"]
    for name, fn in ROUNDINGS.items():
        totals = [(rest + fn(bonus), stated) for _i, stated, rest, bonus in outcomes]
        exact = [i for (i, *_x), (ours, stated) in zip(outcomes, totals) if abs(ours - stated) < 1e-9]
        whole = sum(1 for ours, _s in totals if ours == int(ours))
        lines.append(f"| {name} | {len(exact)} ({', '.join(exact) or '-'}) | {whole} of {len(totals)} | "
                     f"{within(totals, 0.10)} | "
                     f"{mean_abs_log(totals):.3f} |")
    return lines


# --- (c) trial & error depth ------------------------------------------------------------------------

CHOOSERS: dict[str, Chooser] = {
    "fewest candidates (engine)": CELL_RULES["fewest"],
    "first empty cell": CELL_RULES["first"],
    "most candidates": lambda cands, cells: max(cells, key=lambda c: cands[c].bit_count()),
}


def search_depths(board: Board, choose: Chooser) -> tuple[int, int]:
    """(deepest level searched, level of the solution) of a depth-first search guessing by ``choose``.

    The search is the engine's (singles after every guess, digits ascending,
    stop at the first solution), only the guessed cell is chosen by the
    reading; it is the plain search of ``bench/trial_readings.py``.
    """
    return search((list(board.values), list(board.cands)), "both", choose, False)


_RECORDED: list[dict[str, tuple[int, int]]] = []
_ORIGINAL_FIND = TrialAndError.find


def _recording_find(self: TrialAndError, board: Board, ctx: Context) -> Iterator[Step]:
    """The engine's trial & error step, after recording the depths every reading would need here."""
    _RECORDED.append({name: search_depths(board, choose) for name, choose in CHOOSERS.items()})
    yield from _ORIGINAL_FIND(self, board, ctx)


def depths_of(puzzle: str) -> list[dict[str, tuple[int, int]]]:
    """The depths of every trial & error step of ``puzzle`` rated with Bowman's Bingo off."""
    _RECORDED.clear()
    TrialAndError.find = _recording_find  # type: ignore[method-assign]
    try:
        Engine("2001", default_catalogue().without(["BB"])).rate(puzzle)
    finally:
        TrialAndError.find = _ORIGINAL_FIND  # type: ignore[method-assign]
    return list(_RECORDED)


def part_c(samples: Sequence[tuple[str, list[str]]], jobs: int) -> list[str]:
    lines = ["| collection (trial & error steps) | cell choice | mean depth | median | 3-13 | "
             "mean level of the solution |", "|---|---|---:|---:|---:|---:|"]
    for name, puzzles in samples:
        if jobs > 1:
            with ProcessPoolExecutor(jobs) as pool:
                found = [d for ds in pool.map(depths_of, puzzles, chunksize=4) for d in ds]
        else:
            found = [d for p in puzzles for d in depths_of(p)]
        for rule in CHOOSERS:
            deepest = [d[rule][0] for d in found]
            solved_at = [d[rule][1] for d in found]
            if not deepest:
                continue
            share = sum(3 <= x <= 13 for x in deepest) / len(deepest)
            lines.append(f"| {name} ({len(found)} of {len(puzzles)} puzzles) | {rule} | "
                         f"{statistics.fmean(deepest):.1f} | {statistics.median(deepest):g} | {share:.0%} | "
                         f"{statistics.fmean(solved_at):.1f} |")
    lines.append("| seed (about 30,000 puzzles ending in trial & error) | ? | about 8-9 | | about 90 % | about 6 |")
    return lines + ["", "The seed's examples (Bowman's Bingo off): deepest level per cell choice, beside the stated or "
                        "implied depth", "", "| example | stated | " + " | ".join(CHOOSERS) + " |",
                    "|---|---:|" + "---:|" * len(CHOOSERS)] + example_depths()


def example_depths() -> list[str]:
    """Examples 11 (depth 10 stated), 12, 53, 54 (depths implied by their totals) under each cell choice."""
    stated = {"11": "10", "12": "≈8", "53": "≈14", "54": "≈20"}
    lines = []
    for r in load_rows():
        if r["id"] in stated:
            found = depths_of(r["puzzle"])
            cells = [", ".join(str(d[rule][0]) for d in found) or "-" for rule in CHOOSERS]
            lines.append(f"| {r['id']} | {stated[r['id']]} | " + " | ".join(cells) + " |")
    return lines


# --- (d) which Bowman's Bingo ------------------------------------------------------------------------

_FIRST_BINGO = BowmansBingo._bingos


def _shortest_bingos(self: BowmansBingo, board: Board, placed: list[int], cells: list[int], tables: _Tables,
                     open_units: list[int], settled: list[int] | None) -> list[Step]:
    """Every bingo with the fewest steps among ``cells`` (the reading the engine had before)."""
    limit = int(self.params["max_steps"])
    found: list[tuple[int, int, int, tuple[tuple[int, int], ...]]] = []
    for c in cells:
        for d in range(1, 10):
            if board.cands[c] >> (d - 1) & 1:
                order: list[tuple[int, int]] = []
                steps = _walk(board, placed, tables, open_units, c, d, limit, order)
                if steps >= 0:
                    found.append((steps, c, d, tuple(order[1:])))
                    limit = min(limit, steps)
    best = min((f[0] for f in found), default=0)
    return [self.step(c, d, n, order) for n, c, d, order in sorted(found) if n == best]


def _rested_on_bingos(cap_walk: int | None) -> Callable[..., list[Step]]:
    """Bingos whose steps are the singles the contradiction rests on.  With ``cap_walk`` None the
    engine's bingo (the first whose walk fails within the cap) counted so; else walks run up to
    ``cap_walk`` singles and the first whose contradiction rests on at most the cap is taken."""

    def bingos(self: BowmansBingo, board: Board, placed: list[int], cells: list[int], tables: _Tables,
               open_units: list[int], settled: list[int] | None) -> list[Step]:
        limit = int(self.params["max_steps"])
        for c in cells:
            for d in range(1, 10):
                if not board.cands[c] >> (d - 1) & 1:
                    continue
                order: list[tuple[int, int]] = []
                if _walk(board, placed, tables, open_units, c, d, cap_walk or limit, order) < 0:
                    continue
                steps = rested_on(board, order)
                if steps > limit:
                    continue
                return [self.step(c, d, steps, order[1:])]
        return []

    return bingos


BINGO_READINGS = {"first found (engine)": _FIRST_BINGO, "fewest steps": _shortest_bingos,
                  "first found, counting the singles the contradiction rests on": _rested_on_bingos(None),
                  "first whose contradiction rests on at most 28 singles (walks up to 81)": _rested_on_bingos(81)}


def _bingo_steps(job: tuple[str, str]) -> list[int]:
    reading, puzzle = job
    BowmansBingo._bingos = BINGO_READINGS[reading]  # type: ignore[method-assign]
    try:
        rating = Engine("2001", default_catalogue().without(["TE"])).rate(puzzle)
    finally:
        BowmansBingo._bingos = _FIRST_BINGO  # type: ignore[method-assign]
    return [cast(int, s.detail["steps"]) for s in rating.steps if s.code == "BB"]


def part_d(puzzles: Sequence[str], jobs: int) -> list[str]:
    lines = ["| reading | within ±10 % | within ±25 % | mean abs ln | bingo counts matched | bingos on top1465 | "
             "mean steps | 11-25 | 3-10 |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    rows = load_rows()
    for reading, method in BINGO_READINGS.items():
        BowmansBingo._bingos = method  # type: ignore[method-assign]
        try:
            outcomes = measure(rows, factory(Engine))
        finally:
            BowmansBingo._bingos = _FIRST_BINGO  # type: ignore[method-assign]
        with ProcessPoolExecutor(max(1, jobs)) as pool:
            steps = [n for ns in pool.map(_bingo_steps, [(reading, p) for p in puzzles], chunksize=4) for n in ns]
        points = [(o.ours, o.stated) for o in outcomes if o.stated]
        hit, total = matched((o.bingos, o.stated_bingos) for o in outcomes if o.stated_bingos)
        count = max(1, len(steps))
        lines.append(f"| {reading} | {within(points, 0.10)} | {within(points, 0.25)} | {mean_abs_log(points):.3f} | "
                     f"{hit} of {total} | {len(steps)} | {statistics.fmean(steps) if steps else 0:.1f} | "
                     f"{sum(11 <= n <= 25 for n in steps) / count:.0%} | {sum(3 <= n <= 10 for n in steps) / count:.0%} |")
    lines.append("| seed | | | | | | about 17-18 | over 85 % | \"sometimes\" |")
    return lines


# --- (e) the second chain pass ------------------------------------------------------------------------


class _EveryKindSearch(techniques.chains._Search):
    """The chain search recording every kind in its second pass too (the reading the engine had before).

    The engine before also started alternative chains from cells with 3
    candidates in the second pass; that setting is gone with the search's one
    ``alt_cands`` parameter, so the reading here differs in the recorded kinds alone.
    """

    @property
    def second_pass(self) -> bool:
        return False

    @second_pass.setter
    def second_pass(self, value: bool) -> None:
        pass


def part_e() -> list[str]:
    lines = ["| second pass records | within ±10 % | within ±25 % | mean abs ln | stuck without BB matched | "
             "stuck ours / stated (8, 59, 60, 61, 62) |", "|---|---:|---:|---:|---:|---|"]
    rows = load_rows()
    original = techniques.chains._Search
    for name, chain_search in (("closed implication chains (engine)", original), ("every kind", _EveryKindSearch)):
        techniques.chains._Search = chain_search  # type: ignore[misc]
        try:
            outcomes = measure(rows, factory(Engine))
        finally:
            techniques.chains._Search = original  # type: ignore[misc]
        points = [(o.ours, o.stated) for o in outcomes if o.stated]
        stuck = [o for o in outcomes if o.stated_stuck]
        hit, total = matched((o.stuck[0] if o.stuck and o.stuck[2] == "stuck" else None, o.stated_stuck[0])
                             for o in stuck if o.stated_stuck)
        shown = ", ".join(f"{o.id}: {o.stuck[0] if o.stuck else '-'}{'' if o.stuck and o.stuck[2] == 'stuck' else '*'}"
                          f"/{o.stated_stuck[0]}" for o in stuck if o.stated_stuck)
        lines.append(f"| {name} | {within(points, 0.10)} | {within(points, 0.25)} | {mean_abs_log(points):.3f} | "
                     f"{hit} of {total} | {shown} |")
    return lines + ["", "* = solved without Bowman's Bingo and trial & error (the seed: stuck)."]


# --- (i) the choice between the cheapest thinning steps ------------------------------------------------

Pick = Callable[[Sequence[Step]], Step]
Selection = Callable[[Sequence[Step], Mode], list[Step]]


def _first_eliminated(step: Step) -> tuple[int, int]:
    return min(step.eliminations or step.placements)


def _first_pattern_cell(step: Step) -> tuple[int, int]:
    used = step.used or step.eliminations or step.placements
    return min(cell for cell, _digit in used), min(digit for _cell, digit in used)


def _choosing(pick: Pick, most_eliminations: bool, window: float = 0.0) -> Selection:
    """The pseudo-synchronous thinning selection as a reading: of the steps within ``window`` points
    of the cheapest (with ``most_eliminations`` only those eliminating most, then the cheapest of
    them), the one ``pick`` names.  The other modes keep the engine's rule (every example with
    thinning is rated pseudo-synchronously)."""

    def choose(found: Sequence[Step], mode: Mode) -> list[Step]:
        if mode is not Mode.PSEUDO_SYNC or not found:
            return rater.run.modes.choose_thinning(found, mode)
        chosen = [s for s in found if s.points <= min(s.points for s in found) + window]
        if most_eliminations:
            most = max(settled(s) for s in chosen)
            chosen = [s for s in chosen if settled(s) == most]
        least = min(s.points for s in chosen)
        return [pick([s for s in chosen if s.points == least])]

    return choose


@contextlib.contextmanager
def thinning_choice(choose: Selection) -> Iterator[None]:
    """The engine's thinning selection replaced by ``choose`` for the duration."""
    saved = rater.run.engine.choose_thinning
    rater.run.engine.choose_thinning = choose  # type: ignore[assignment]
    try:
        yield
    finally:
        rater.run.engine.choose_thinning = saved


class PerTechniqueEngine(Engine):
    """Every thinning technique a selection of its own, tried in the technique order."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.thinning = [(t.code, [t]) for _family, techs in self.thinning for t in techs]


def _table_row(outcomes: Sequence[Outcome]) -> tuple[int, int, int, float]:
    """Thinning counts matched, within ±10 %, within ±25 %, mean |ln(ours/stated)|."""
    counts = [o for o in outcomes if o.id in THINNING_EXAMPLES]
    hit, _total = matched((o.thinning, o.stated_thinning) for o in counts)
    points = [(o.ours, o.stated) for o in outcomes if o.stated]
    return hit, within(points, 0.10), within(points, 0.25), mean_abs_log(points)


def part_i(seeds: int) -> list[str]:
    rows = load_rows()
    first: Pick = lambda steps: steps[0]  # noqa: E731
    readings: list[tuple[str, Selection, type[Engine]]] = [
        ("cheapest, most eliminations, first found (engine)", _choosing(first, True), Engine),
        ("cheapest, first found", _choosing(first, False), Engine),
        ("cheapest, last found", _choosing(lambda steps: steps[-1], False), Engine),
        ("cheapest, fewest eliminations", _choosing(lambda steps: min(steps, key=settled), False), Engine),
        ("cheapest, most eliminations, first eliminated cell in scan order",
         _choosing(lambda steps: min(steps, key=_first_eliminated), True), Engine),
        ("cheapest, most eliminations, first pattern cell in scan order",
         _choosing(lambda steps: min(steps, key=_first_pattern_cell), True), Engine),
        ("most eliminations at any points, then cheapest", _choosing(first, True, math.inf), Engine),
        ("one technique per selection, cheapest, most eliminations", _choosing(first, True), PerTechniqueEngine),
    ]
    lines = ["| reading | thinning counts matched (of 18) | within ±10 % | within ±25 % | mean abs ln |",
             "|---|---:|---:|---:|---:|"]
    for name, choose, engine_class in readings:
        with thinning_choice(choose):
            hit, in10, in25, ln = _table_row(measure(rows, factory(engine_class)))
        lines.append(f"| {name} | {hit} | {in10} | {in25} | {ln:.3f} |")
    figures = []
    for seed in range(seeds):
        rng = random.Random(seed)
        with thinning_choice(_choosing(lambda steps: rng.choice(list(steps)), False)):
            figures.append(_table_row(measure(rows, factory(Engine))))
    if figures:
        hits, in10s, in25s, lns = zip(*figures)
        lines.append(f"| cheapest, a random one ({seeds} seeds: min-max) | {min(hits)}-{max(hits)} | "
                     f"{min(in10s)}-{max(in10s)} | {min(in25s)}-{max(in25s)} | {min(lns):.3f}-{max(lns):.3f} |")
    return lines


# --- (j) the points of a box test ------------------------------------------------------------------------

def part_j() -> list[str]:
    rows = load_rows()
    runs = {points: measure(rows, factory(Engine, with_box_test_points(points))) for points in range(5)}
    lines = ["| box-test points | within ±10 % | within ±25 % | mean abs ln | stuck totals 59, 60 (stated 50, 34) |",
             "|---:|---:|---:|---:|---|"]
    for points, outcomes in runs.items():
        _hit, in10, in25, ln = _table_row(outcomes)
        stuck = ", ".join(f"{o.stuck[1]:g}" for o in outcomes if o.id in ("59", "60") and o.stuck)
        lines.append(f"| {points}{' (engine)' if points == 2 else ''} | {in10} | {in25} | {ln:.4f} | {stuck} |")
    lines += ["", "| id | stated | ours (2) | box tests | exact at | within ±10 % for |", "|---|---:|---:|---:|---:|---|"]
    plausible = []
    for zero, two in zip(runs[0], runs[2]):
        tests = (two.ours - zero.ours) / 2
        if not two.stated or not tests:
            continue
        exact = (two.stated - zero.ours) / tests
        low, high = (two.stated / 1.1 - zero.ours) / tests, (two.stated / 0.9 - zero.ours) / tests
        lines.append(f"| {two.id} | {two.stated:g} | {two.ours:g} | {tests:g} | {exact:.2f} | {low:.2f} to {high:.2f} |")
        if 0 <= exact <= 10:
            plausible.append(exact)
    return lines + ["", f"Exact at 0-10 points (where box tests alone could explain the total): {len(plausible)} examples, "
                        f"median {statistics.median(plausible):.2f}."]


# --- (k) the chain section -------------------------------------------------------------------


ALTERNATIVE = frozenset({"ACS", "ACR"})
CHAIN_CODES = frozenset({"CC", "CCS", "ICC"}) | ALTERNATIVE


@contextlib.contextmanager
def replaced(owner: object, name: str, value: object) -> Iterator[None]:
    """``owner.name`` set to ``value`` for the duration (a reading tried on the engine's own code);
    what is restored is the attribute as stored, so a static method stays one."""
    saved = vars(owner)[name]
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, saved)


class AlternativeFirstEngine(Engine):
    """The alternative chains a Stufe of their own, searched before the other chain kinds."""

    def _lists(self, ctx: Context) -> rater.run.engine._Techniques:
        run = super()._lists(ctx)

        def mixed(techs: Sequence[Technique]) -> bool:
            return len({t.code in ALTERNATIVE for t in techs}) == 2

        if any(mixed(techs) for _families, techs in run.stufen):
            stufen = []
            for families, techs in run.stufen:
                if mixed(techs):
                    stufen.append((families, [t for t in techs if t.code in ALTERNATIVE]))
                    stufen.append((families, [t for t in techs if t.code not in ALTERNATIVE]))
                else:
                    stufen.append((families, techs))
            run = self._runs[ctx.unique] = run._replace(stufen=stufen)
        return run


def setting_first() -> contextlib.AbstractContextManager[None]:
    """Among equally cheap thinning steps, one that sets a digit before any that only eliminates."""
    return replaced(rater.run.modes, "settled", lambda step: len(step.eliminations) + 81 * len(step.placements))


def _closed_walk_eliminations(search: techniques.chains._Search, path: list[int]
                              ) -> tuple[tuple[tuple[int, int], ...], tuple[bool, ...]] | None:
    """A closed chain's eliminations by the seed's two rules, without the engine's check that no
    candidate is used twice.  Every assertion of a closed chain implies the next, so all are
    equivalent, and each link then holds both ways: the argument needs no candidate to be used
    once.  The case the check drops: a pair cell ``de`` entered by a weak link on d and left by
    the strong link of d, as in ``(3:2)8 = (3:9)5 - (6:9)8 - (6:2)7 = (3:2)8`` (example 33)."""
    g = search.graph
    parts = techniques.chains.node_parts
    removed: set[tuple[int, int]] = set()
    strong: list[bool] = []
    for a, b in zip(path, path[1:] + path[:1]):
        (ca, d, _), (cb, e, _) = parts(a), parts(b)
        if g.strong(a, b):
            strong.append(True)
            if d != e:  # A holds d or e
                removed |= {(ca, x) for x in range(1, 10) if x not in (d, e) and g.cands[ca] >> (x - 1) & 1}
        elif g.weak_pair(a, b):  # one of A, B holds d
            strong.append(False)
            removed |= {(x, d) for x in cells_of(g.peer_mask[ca] & g.peer_mask[cb] & g.positions[d])}
        else:
            return None
    return tuple(sorted(removed)), tuple(strong)


def loops_through_pairs() -> contextlib.AbstractContextManager[None]:
    return replaced(techniques.chains._Search, "_loop_eliminations", _closed_walk_eliminations)


_engine_add = techniques.chains._Search._add


def _length_reading(shorter: Callable[[techniques.chains.Found], bool]) -> contextlib.AbstractContextManager[None]:
    """Chains for which ``shorter`` holds counted one assertion shorter."""

    def add(search: techniques.chains._Search, found: techniques.chains.Found) -> None:
        _engine_add(search, dataclasses.replace(found, nodes=found.nodes - 1) if shorter(found) else found)

    return replaced(techniques.chains._Search, "_add", add)


def length_in_cells() -> contextlib.AbstractContextManager[None]:
    """N = the cells of a chain: a contradiction chain ending in its own start cell, ``(1:2)5 - ... -
    (1:2)2``, is one shorter than its assertions."""
    slot = techniques.chains._SLOT
    return _length_reading(lambda f: f.kind == "CC" and f.chains[0][-1] // slot == f.chains[0][0] // slot)


def length_in_links() -> contextlib.AbstractContextManager[None]:
    """N = the links written: contradiction chains (the bracketed closing not counted) and each
    branch of an alternative chain one shorter; setting chains and loops have as many links as
    assertions."""
    return _length_reading(lambda f: f.kind in ("CC", "ACS", "ACR"))


_engine_contradiction = techniques.chains._Search._contradiction


def contradictions_from_pairs() -> contextlib.AbstractContextManager[None]:
    """Contradiction chains (CC, CCS) start only in pair cells."""

    def contradiction(search: techniques.chains._Search, start: int, depth: int, end: int) -> None:
        if search.graph.cands[start // techniques.chains._SLOT].bit_count() == 2:
            _engine_contradiction(search, start, depth, end)

    return replaced(techniques.chains._Search, "_contradiction", contradiction)


def contradictions_from_placements() -> contextlib.AbstractContextManager[None]:
    """Contradiction chains start only from an assertion "d is in A": no setting contradiction chains."""

    def contradiction(search: techniques.chains._Search, start: int, depth: int, end: int) -> None:
        if not techniques.chains.node_parts(start)[2]:
            _engine_contradiction(search, start, depth, end)

    return replaced(techniques.chains._Search, "_contradiction", contradiction)


ChainGroup = Callable[[Step], bool]


@contextlib.contextmanager
def chain_groups(*groups: ChainGroup) -> Iterator[None]:
    """Family VI as several Stufen: of the chain steps found, only the first group that has any
    is chosen from.  The search's point window is lifted meanwhile, so that a group's chains are
    found even when another group's are cheaper."""
    engine_choice = rater.run.engine.choose_thinning

    def choose(found: Sequence[Step], mode: Mode) -> list[Step]:
        if found and all(s.code in CHAIN_CODES for s in found):
            for group in groups:
                chosen = [s for s in found if group(s)]
                if chosen:
                    return engine_choice(chosen, mode)
        return engine_choice(found, mode)

    with replaced(rater.run.engine, "choose_thinning", choose), replaced(techniques.chains, "_WINDOW", 16):
        yield


def _negation(step: Step) -> bool:
    return bool(step.detail.get("negation"))


def kinds_in_order() -> contextlib.AbstractContextManager[None]:
    """Contradiction chains, then closed implication chains, then alternative chains (line 423's order)."""
    return chain_groups(lambda s: s.code in ("CC", "CCS"), lambda s: s.code == "ICC", lambda s: True)


def loops_first() -> contextlib.AbstractContextManager[None]:
    return chain_groups(lambda s: s.code == "ICC", lambda s: True)


def without_negation_first() -> contextlib.AbstractContextManager[None]:
    """Contradiction and implication chains without "!" inside before every other chain."""
    return chain_groups(lambda s: s.code in ("CC", "CCS", "ICC") and not _negation(s), lambda s: True)


def plain_rate_first() -> contextlib.AbstractContextManager[None]:
    """Chains scored without the "!" premium (alternative chains too) before those scored with it."""
    return chain_groups(lambda s: not _negation(s), lambda s: True)


@contextlib.contextmanager
def shortest_first() -> Iterator[None]:
    """Of equally cheap chain deductions with equally many eliminations, the one with the fewest
    assertions: the first a search growing every chain by one link at a time would meet."""
    search_class = techniques.chains._Search

    def rank(search: techniques.chains._Search, f: techniques.chains.Found) -> tuple[float, int, int, tuple[int, int]]:
        return search._points_floor(f), f.nodes, techniques.chains._KIND_ORDER.index(f.kind), f.start

    def beaten(search: techniques.chains._Search, kind: str, placements: tuple[tuple[int, int], ...],
               eliminations: tuple[tuple[int, int], ...], least_points: float, start: tuple[int, int]) -> bool:
        old = search.found.get(search._key(kind, placements, eliminations))
        return old is not None and search._points_floor(old) < least_points

    def settles(step: Step) -> int:
        length = step.detail.get("length") if step.code in CHAIN_CODES else 0
        return 1000 * settled(step) - int(cast(int, length) or 0)

    with replaced(search_class, "_rank", rank), replaced(search_class, "_beaten", beaten), \
            replaced(rater.run.modes, "settled", settles):
        yield


def _hinge_and_pairs(cands: list[int], group: tuple[int, ...], union: int, z: int) -> bool:
    """A standard WXYZ-wing as any hinge holding the four digits with three pair cells."""
    hinges = [c for c in group if cands[c] == union]
    return len(hinges) == 1 and all(cands[c].bit_count() == 2 for c in group if c != hinges[0])


def standard_wxyz_with_any_pairs() -> contextlib.AbstractContextManager[None]:
    return replaced(WXYZWing, "_standard", staticmethod(_hinge_and_pairs))


@contextlib.contextmanager
def together(*readings: contextlib.AbstractContextManager[None]) -> Iterator[None]:
    with contextlib.ExitStack() as stack:
        for reading in readings:
            stack.enter_context(reading)
        yield


def _kind_counts(puzzle: str, make: EngineFactory) -> Counter[str]:
    """The kinds of thinning step found in the states of the puzzle's rating (``bench/population.py``)."""
    from bench.population import found_and_applied

    found, _applied = found_and_applied(make("2101", ()).rate(puzzle))
    return found


def _facts_on_copies(make: EngineFactory, copies: int) -> dict[str, int]:
    """Per kind fact, on how many of ``copies`` symmetric copies of its example (the canonical form
    and seeded random ones) it holds: a fact the original met in one orientation should not
    depend on the orientation, so this tells a difference in the search from one in the path."""
    from bench.fidelity import KIND_FACTS
    from canon.copies import iter_copies

    rows = {r["id"]: r for r in load_rows()}
    engine = make("2001", ())
    return {fact: sum(bool(test(engine.rate(copy)))
                      for copy, _way in iter_copies([int(ch) for ch in rows[fact]["puzzle"]], copies, 1))
            for fact, (_words, test) in KIND_FACTS.items()}


ChainReading = tuple[str, EngineFactory, Callable[[], contextlib.AbstractContextManager[None]]]


def chain_readings() -> list[ChainReading]:
    """The readings of (k): a name, the engines, and the patch that applies the reading."""
    four = with_params(["SC"], min_length=4)
    three = with_params(sorted(CHAIN_CODES), alt_cands=3)
    nothing = contextlib.nullcontext
    return [
        ("single-digit chains from 4 cells (the engine before)", factory(Engine, four), nothing),
        ("single-digit chains from 6 cells (engine)", factory(Engine), nothing),
        ("alternative chains first", factory(AlternativeFirstEngine), nothing),
        ("setting steps first at equal points", factory(Engine), setting_first),
        ("alternative chains first, setting first", factory(AlternativeFirstEngine), setting_first),
        ("4 cells, alternative chains first", factory(AlternativeFirstEngine, four), nothing),
        ("A: loops may pass a pair cell on one digit", factory(Engine), loops_through_pairs),
        ("D: length = cells", factory(Engine), length_in_cells),
        ("N: length = links", factory(Engine), length_in_links),
        ("B: contradiction chains from pair cells only", factory(Engine), contradictions_from_pairs),
        ("B': contradiction chains only from a placement (A)d", factory(Engine), contradictions_from_placements),
        ("H: a Stufe per kind, CC/CCS, ICC, alternative", factory(Engine), kinds_in_order),
        ("H': closed implication chains first", factory(Engine), loops_first),
        ("G: chains without \"!\" first", factory(Engine), without_negation_first),
        ("G': chains without the \"!\" premium first", factory(Engine), plain_rate_first),
        ("L: shortest chain first at equal points", factory(Engine), shortest_first),
        ("W: standard WXYZ = hinge and any three pairs", factory(Engine), standard_wxyz_with_any_pairs),
        ("T: alternative chains from cells of 3 candidates too", factory(Engine, three), nothing),
        ("A + D", factory(Engine), lambda: together(loops_through_pairs(), length_in_cells())),
        ("A + N", factory(Engine), lambda: together(loops_through_pairs(), length_in_links())),
        ("A + B", factory(Engine), lambda: together(loops_through_pairs(), contradictions_from_pairs())),
        ("A + H'", factory(Engine), lambda: together(loops_through_pairs(), loops_first())),
        ("A + G", factory(Engine), lambda: together(loops_through_pairs(), without_negation_first())),
        ("A + G'", factory(Engine), lambda: together(loops_through_pairs(), plain_rate_first())),
        ("A + L", factory(Engine), lambda: together(loops_through_pairs(), shortest_first())),
        ("A + setting first", factory(Engine), lambda: together(loops_through_pairs(), setting_first())),
        ("A + W", factory(Engine), lambda: together(loops_through_pairs(), standard_wxyz_with_any_pairs())),
        ("A + alternative chains first", factory(AlternativeFirstEngine), loops_through_pairs),
        ("A + T", factory(Engine, three), loops_through_pairs),
    ]


class _LoopChecker(Engine):
    """Checks every closed chain the search finds in each candidate state (chosen or not) against
    the solution, under the reading in force: (removals checked, wrong)."""

    solution: Sequence[int] = ()
    checked = wrong = 0

    def _next_steps(self, board: Board, ctx: Context, found: list[Step]) -> list[Step]:
        if board.pencil:
            chain = next(t for _family, techs in self.thinning for t in techs
                         if isinstance(t, techniques.chains.ChainTechnique))
            for f in techniques.chains._Search(board, chain.params, chain.offsets).run():
                if f.kind == "ICC":
                    self.checked += len(f.eliminations)
                    self.wrong += sum(self.solution[c] == d for c, d in f.eliminations)
        return super()._next_steps(board, ctx, found)


def loops_sound(puzzles: Sequence[str]) -> str:
    """Reading A's loops checked against the solution in every state of ``puzzles``."""
    from puzzles.parsing import as_grid
    from puzzles.solver import analyse

    checker = _LoopChecker("2001")
    with loops_through_pairs():
        for puzzle in puzzles:
            solution = analyse(as_grid(puzzle), limit=2).solution
            checker.solution = solution or ()
            checker.rate(puzzle, verify=True)
    return (f"A: every closed chain found in every candidate state of {len(puzzles)} puzzles: "
            f"{checker.checked} removals, {checker.wrong} wrong")


def _ratio(part: int, whole: int) -> str:
    return f"{part / whole if whole else float('nan'):.1f} : 1 ({part} : {whole})"


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole if whole else float('nan'):.1f} % ({part} of {whole})"


def part_k(puzzles: Sequence[str], copies: int, only: Sequence[str] = ()) -> list[str]:
    """The (k) table; ``only``: the readings whose name starts with one of these (default all)."""
    from bench.fidelity import KIND_FACTS, stuck_after

    rows = load_rows()
    readings = [r for r in chain_readings() if not only or r[0].startswith(tuple(only))]
    lines = ["| reading | within ±10 % | within ±25 % | mean abs ln | thinning exact (of 18) | mean abs difference | "
             f"stuck matched | kind facts | kind facts on {copies} copies each | SCC : SC found | "
             "standard WXYZ found |",
             "|---|---:|---:|---:|---:|---:|---:|---|---|---:|---:|"]
    for name, make, reading in readings:
        with reading():
            outcomes = measure(rows, make)
            on_copies = _facts_on_copies(make, copies) if copies else {}
            found: Counter[str] = sum((_kind_counts(puzzle, make) for puzzle in puzzles), Counter())
        hit, in10, in25, ln = _table_row(outcomes)
        counts = [(o.thinning, o.stated_thinning) for o in outcomes if o.id in THINNING_EXAMPLES]
        stuck_hit, stuck_total = matched((stuck_after(o), o.stated_stuck[0]) for o in outcomes if o.stated_stuck)
        kinds = [o for o in outcomes if o.id in KIND_FACTS]
        held = ", ".join(o.id for o in kinds if o.kind_fact) or "none"
        copied = ", ".join(f"{fact}: {n}" for fact, n in on_copies.items() if n) or "none"
        wxyz = found["WXYZ standard"] + found["WXYZ extended"]
        lines.append(f"| {name} | {in10} | {in25} | {ln:.3f} | {hit} | {mean_abs_difference(counts):.2f} | "
                     f"{stuck_hit} of {stuck_total} | {sum(bool(o.kind_fact) for o in kinds)} of {len(kinds)} ({held}) | "
                     f"{copied} | {_ratio(found['SCC'], found['SC'])} | {_share(found['WXYZ standard'], wxyz)} |")
    return lines


def population_under(prefix: str, jobs: int) -> None:
    """Every figure of ``bench/population.py`` with the first (k) reading whose name starts with
    ``prefix`` applied (its worker processes are forked inside the patch)."""
    import bench.population

    name, _make, reading = next(r for r in chain_readings() if r[0].startswith(prefix))
    print(f"population figures under {name}:")
    saved = sys.argv
    sys.argv = ["population.py", "--jobs", str(jobs)]
    try:
        with reading():
            bench.population.main()
    finally:
        sys.argv = saved


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--part", choices=["a", "b", "c", "d", "e", "i", "j", "k"], action="append",
                    help="only these parts (default all)")
    ap.add_argument("--top1465", type=int, default=150, help="puzzles of top1465.txt (every k-th) for (c)")
    ap.add_argument("--hardest", type=int, default=100, help="puzzles of forum_hardest_1106.txt for (c)")
    ap.add_argument("--bingo", type=int, default=40, help="puzzles of top1465.txt (every k-th) for (d)")
    ap.add_argument("--seeds", type=int, default=10, help="random choices for (i)")
    ap.add_argument("--kinds", type=int, default=100, help="puzzles of top1465.txt (every k-th) for (k)")
    ap.add_argument("--copies", type=int, default=24, help="symmetric copies of each kind-fact example for (k)")
    ap.add_argument("--only", action="append", default=[], help="(k): only the readings whose name starts so")
    ap.add_argument("--loops", type=int, default=0,
                    help="(k): check reading A's loops on this many puzzles each of three collections")
    ap.add_argument("--population", default=None, metavar="READING",
                    help="(k): bench/population.py's figures (its defaults, --jobs) under the reading so named")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    parts = args.part or ["a", "b", "c", "d", "e", "i", "j", "k"]
    if "a" in parts:
        print("(a) the Stufe of the thinning selection\n" + "\n".join(part_a()) + "\n")
    if "b" in parts:
        print("(b) rounding of the candidate bonus\n" + "\n".join(part_b()) + "\n")
    def every(name: str, count: int) -> list[str]:
        lines = load(name)
        return lines[:: max(1, len(lines) // count)][:count]

    if "c" in parts:
        samples = [("top1465", every("top1465.txt", args.top1465)),
                   ("forum_hardest_1106", every("forum_hardest_1106.txt", args.hardest))]
        print("(c) trial & error depth by the guessed cell, Bowman's Bingo off\n"
              + "\n".join(part_c(samples, args.jobs)) + "\n")
    if "d" in parts:
        print("(d) which Bowman's Bingo is taken\n" + "\n".join(part_d(every("top1465.txt", args.bingo), args.jobs)) + "\n")
    if "e" in parts:
        print("(e) the second chain pass\n" + "\n".join(part_e()) + "\n")
    if "i" in parts:
        print("(i) the choice between the cheapest thinning steps\n" + "\n".join(part_i(args.seeds)) + "\n")
    if "j" in parts:
        print("(j) the points of a box test\n" + "\n".join(part_j()) + "\n")
    if "k" in parts:
        print("(k) the chain section and the 4-cell single-digit chains\n"
              + "\n".join(part_k(every("top1465.txt", args.kinds), args.copies, args.only)))
        if args.loops:
            print(loops_sound([p for name in ("top1465.txt", "forum_hardest_1106.txt", "sample1000.txt")
                               for p in load(name, args.loops)]))
        if args.population:
            population_under(args.population, args.jobs)


if __name__ == "__main__":
    main()
