"""Our points and step facts beside the original's, for every example of examples.csv that states any.

    python3 bench/fidelity.py [--write docs/fidelity.md]

For each standard-Sudoku example with stated points or stated step facts: the
option (stated, inferred, or 2001 when the seed names none), the stated and our
points, the ratio, the thinning steps, the Bowman's Bingo steps, the trial &
error depth, where the run without Bowman's Bingo gets stuck, the technique
that decided (our most expensive step) and the chain and wing steps taken.
Examples with column ``bowman`` = ``off`` (runs the seed states "ohne Bowman's
Bingo", and 52-54, docs/decisions.md) are rated with BB switched off, the way
``rate --disable BB`` does.  Below the table: the share within ±10 % and ±25 %,
the mean |ln(ours/stated)|, how many of each stated fact we match, the mean
absolute difference of thinning-step counts and the chain and wing kind facts
(KIND_FACTS); with --write, the table replaces the generated block of
docs/fidelity.md.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import EXAMPLES  # noqa: E402
from bench.fidelity_support import (  # noqa: E402
    matched,
    mean_abs_difference,
    mean_abs_log,
    stated_stuck,
    stated_thinning,
    within,
)
from rater.result import Rating, step_size  # noqa: E402
from rater.run.engine import Engine, default_catalogue  # noqa: E402

#: Bowman's Bingo steps the seed states per example: "3 Bowman's Bingo-Schritten" (9), "Mit 1 / 2 / 4
#: Mal Bowman's Bingo gelöst" (49-51), "mit 2 Mal Bowman's Bingo" (59), "mit Bowman's Bingo gelöst" (60).
STATED_BINGOS = {"9": 3, "49": 1, "50": 2, "51": 4, "59": 2, "60": 1}
#: Trial & error depths: 11 is stated ("1 Mal Trial&Error bis Tiefe 10"); 12, 53 and 54 are implied
#: by their totals (48 points per level, the rest for the candidates and the thinning before it).
STATED_DEPTHS = {"11": 10}
IMPLIED_DEPTHS = {"12": 8, "53": 14, "54": 20}
EngineFactory = Callable[[str, tuple[str, ...]], Engine]


def _wxyz_kinds(rating: Rating) -> set[bool]:
    """The WXYZ-wing forms used: True for the standard form, False for the extended one."""
    return {bool(s.detail.get("standard")) for s in rating.steps if s.code == "WXYZ"}


#: What kind of chain or wing the seed says an example is solved with (its lines 29, 51, 74-76, 80),
#: as (the seed's words, a test of our rating).  The seed names no option for them: 2001.
KIND_FACTS: dict[str, tuple[str, Callable[[Rating], bool]]] = {
    "10": ("mit 2 Widerspruchs-Ketten: 2 contradiction chains",
           lambda r: _count(r, "CC", "CCS") == 2),
    "15": ("beiden Typen von WXYZ-Wings: a standard and an extended WXYZ-wing",
           lambda r: _wxyz_kinds(r) == {True, False}),
    "29": ("1 Setzenden Alternativ-Ketten: one setting alternative chain",
           lambda r: _count(r, "ACS") == 1),
    "30": ("1 Reduzierenden Alternativ-Ketten: one reducing alternative chain",
           lambda r: _count(r, "ACR") == 1),
    "31": ("beiden Typen von Alternativ-Ketten: both kinds of alternative chains",
           lambda r: _count(r, "ACS") >= 1 and _count(r, "ACR") >= 1),
    "33": ("Geschlossener Folgerungs-Kette (ohne \"!\" innen): a closed implication chain without a negation",
           lambda r: any(s.code == "ICC" and not s.detail.get("negation") for s in r.steps)),
}


def kinds_used(rating: Rating) -> str:
    """The chain and wing steps of a rating, counted by code (WXYZ split into standard and extended).

    With :data:`KIND_FACTS`, which test codes, counts and the WXYZ form:

    >>> from rater.result import Status
    >>> from techniques.step import Step
    >>> def rating(*steps: Step) -> Rating:
    ...     return Rating(puzzle="", option="2001", status=Status.SOLVED, steps=list(steps))
    >>> def wxyz(standard: bool) -> Step:
    ...     return Step("WXYZ", 10 if standard else 11, eliminations=((0, 1),), detail={"standard": standard})
    >>> acs, acr = Step("ACS", 21, placements=((0, 1),)), Step("ACR", 22, eliminations=((0, 1),))
    >>> cc = Step("CC", 17, eliminations=((0, 1),), detail={"negation": False})
    >>> icc = Step("ICC", 18, eliminations=((0, 1),), detail={"negation": True})
    >>> kinds_used(rating(cc, wxyz(False), cc))
    '2 CC 1 WXYZe'
    >>> def holds(fact: str, *steps: Step) -> bool:
    ...     return KIND_FACTS[fact][1](rating(*steps))
    >>> holds("10", cc, cc), holds("10", cc, cc, cc)
    (True, False)
    >>> holds("15", wxyz(True), wxyz(False)), holds("15", wxyz(False))
    (True, False)
    >>> holds("29", acs, cc), holds("29", acs, acs), holds("30", acr), holds("30", acs)
    (True, False, True, False)
    >>> holds("31", acs, acr), holds("31", acs)
    (True, False)
    >>> holds("33", icc), holds("33", Step("ICC", 17, detail={"negation": False}))
    (False, True)
    """
    counts: dict[str, int] = {}
    for s in rating.steps:
        if s.code in ("CC", "CCS", "ICC", "ACS", "ACR", "WXYZ", "SC", "SCC"):
            name = s.code if s.code != "WXYZ" else "WXYZ" + ("s" if s.detail.get("standard") else "e")
            counts[name] = counts.get(name, 0) + 1
    return " ".join(f"{n} {c}" for c, n in sorted(counts.items())) or "-"


def option_of(text: str) -> str:
    digits = text.strip()[:4]
    return digits if digits.isdigit() and len(digits) == 4 else "2001"


def engine_factory() -> EngineFactory:
    """Engines by (option, disabled codes), built once each, through the public ``Catalogue.without``."""
    cache: dict[tuple[str, tuple[str, ...]], Engine] = {}

    def make(option: str, disabled: tuple[str, ...]) -> Engine:
        key = (option, disabled)
        if key not in cache:
            cache[key] = Engine(option, default_catalogue().without(disabled) if disabled else None)
        return cache[key]

    return make


@dataclass
class Outcome:
    """One example: what the seed states and what we get."""

    id: str
    option: str
    bowman_off: bool
    stated: float | None
    ours: float
    thinning: int
    stated_thinning: int | None
    bingos: int
    stated_bingos: int | None
    depth: int | None
    stated_depth: int | None
    implied_depth: int | None
    stuck: tuple[int, float, str] | None  # (thinning steps, points, status) without BB and TE
    stated_stuck: tuple[int, float] | None
    decider: str
    method: str
    status: str
    kind_fact: bool | None = None  # the seed's chain or wing fact holds (None: it states none)
    kinds: str = "-"

    @property
    def ratio(self) -> float | None:
        return self.ours / self.stated if self.stated else None


def relevant(row: dict[str, str]) -> bool:
    """A standard example with stated points or a stated fact about its steps."""
    return row["variant"] == "std" and bool(
        row["points"] or stated_thinning(row["thinning_steps"]) is not None or stated_stuck(row["step_info"])
        or row["id"] in STATED_BINGOS or row["id"] in STATED_DEPTHS or row["id"] in IMPLIED_DEPTHS
        or row["id"] in KIND_FACTS)


def measure(rows: Iterable[dict[str, str]], make: EngineFactory) -> list[Outcome]:
    """Rate every relevant example with engines from ``make`` (the readings bench passes its own)."""
    out = []
    for r in rows:
        if not relevant(r):
            continue
        opt = option_of(r["option"])
        off = r["bowman"] == "off"
        rating = make(opt, ("BB",) if off else ()).rate(r["puzzle"])
        facts = stated_stuck(r["step_info"])
        stuck = None
        if facts:
            alone = make(opt, ("BB", "TE")).rate(r["puzzle"])
            stuck = (alone.thinning_steps, alone.points, alone.status)
        out.append(Outcome(
            r["id"], opt + ("" if r["option"].startswith(opt) else "*"), off,
            float(r["points"]) if r["points"] else None, rating.points, rating.thinning_steps,
            stated_thinning(r["thinning_steps"]), _count(rating, "BB"), STATED_BINGOS.get(r["id"]),
            _depth(rating), STATED_DEPTHS.get(r["id"]), IMPLIED_DEPTHS.get(r["id"]), stuck, facts,
            _decider(rating), r["solved_with"], rating.status,
            KIND_FACTS[r["id"]][1](rating) if r["id"] in KIND_FACTS else None, kinds_used(rating)))
    return out


def _count(rating: Rating, *codes: str) -> int:
    return sum(1 for s in rating.steps if s.code in codes)


def _depth(rating: Rating) -> int | None:
    depths = [step_size(s) for s in rating.steps if s.code == "TE"]
    return max((d for d in depths if d is not None), default=None)


def _decider(rating: Rating) -> str:
    solving = [s for s in rating.steps if s.code != "PM"]
    return max(solving, key=lambda s: s.points).code if solving else "-"


# --- the summary (its metrics: bench/fidelity_support.py) ----------------------------------


def summary(outcomes: Sequence[Outcome]) -> list[str]:
    """The figures printed below the table."""
    points = [(o.ours, o.stated) for o in outcomes if o.stated]
    n = len(points)
    lines = [
        f"{n} examples with points: {within(points, 0.10)} within ±10 % ({within(points, 0.10) / n:.0%}), "
        f"{within(points, 0.25)} within ±25 % ({within(points, 0.25) / n:.0%}); "
        f"mean |ln(ours/stated)| = {mean_abs_log(points):.3f}.",
    ]
    facts = [
        ("thinning-step counts", matched((o.thinning, o.stated_thinning) for o in outcomes)),
        ("'stuck without BB after N thinning steps'",
         matched((stuck_after(o), o.stated_stuck[0] if o.stated_stuck else None) for o in outcomes)),
        ("Bowman's Bingo counts", matched((o.bingos, o.stated_bingos) for o in outcomes)),
        ("trial & error depths (stated)", matched((o.depth, o.stated_depth) for o in outcomes)),
        ("trial & error depths (implied by the total)", matched((o.depth, o.implied_depth) for o in outcomes)),
    ]
    lines += [f"{name} matched exactly: {hit} of {total}." for name, (hit, total) in facts]
    counts = [(o.thinning, o.stated_thinning) for o in outcomes if o.stated_thinning]
    hit, total = matched(counts)
    lines.append(f"thinning-step counts of the {total} examples that thin: {hit} exact, "
                 f"mean |ours - stated| = {mean_abs_difference(counts):.2f} steps.")
    kinds = [o for o in outcomes if o.kind_fact is not None]
    lines.append(f"chain and wing kind facts held: {sum(bool(o.kind_fact) for o in kinds)} of {len(kinds)} ("
                 + ", ".join(f"{o.id} {'yes' if o.kind_fact else 'no'}" for o in kinds) + ").")
    lines.append("* = option not stated, 2001 used; BB off = rated without Bowman's Bingo (`--disable BB`); "
                 "stuck = rated without BB and trial & error: thinning steps at points (status if it does "
                 "not stop).")
    return lines


def stuck_after(o: Outcome) -> int | None:
    """Our thinning steps before the run without BB and trial & error stops; None if it does not stop."""
    return o.stuck[0] if o.stuck and o.stuck[2] == "stuck" else None


def table(outcomes: Sequence[Outcome]) -> list[str]:
    header = ("id", "option", "BB", "stated", "ours", "ratio", "thinning ours / stated", "BB steps ours / stated",
              "T&E depth ours / stated", "stuck without BB ours / stated", "deciding step (ours)", "stated method",
              "chains and wings (ours)", "status")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for o in outcomes:
        depth_stated = (str(o.stated_depth) if o.stated_depth is not None
                        else f"≈{o.implied_depth}" if o.implied_depth is not None else "-")
        ours_stuck = "-" if not o.stuck else ("" if o.stuck[2] == "stuck" else f"{o.stuck[2]}, ") + (
            f"{o.stuck[0]} at {o.stuck[1]:g}")
        stuck = ours_stuck + " / " + (
            f"{o.stated_stuck[0]} at {o.stated_stuck[1]:g}" if o.stated_stuck else "-")
        cells = (o.id, o.option, "off" if o.bowman_off else "on", f"{o.stated:g}" if o.stated else "-",
                 f"{o.ours:g}", f"{o.ratio:.2f}" if o.ratio else "-",
                 f"{o.thinning} / {o.stated_thinning if o.stated_thinning is not None else '-'}",
                 f"{o.bingos} / {o.stated_bingos if o.stated_bingos is not None else '-'}",
                 f"{o.depth if o.depth is not None else '-'} / {depth_stated}", stuck, o.decider, o.method,
                 o.kinds + ("" if o.kind_fact is None else " (fact " + ("held)" if o.kind_fact else "missed)")),
                 o.status)
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def load_rows() -> list[dict[str, str]]:
    with EXAMPLES.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", default=None, help="markdown file whose generated table is replaced")
    args = ap.parse_args()
    outcomes = measure(load_rows(), engine_factory())
    text = "\n".join(table(outcomes)) + "\n\n" + "\n".join(summary(outcomes))
    print(text)
    if args.write:
        write_table(Path(args.write), text)


BEGIN, END = "<!-- fidelity-table:begin -->", "<!-- fidelity-table:end -->"


def write_table(path: Path, block_text: str) -> None:
    """Replace the generated table between the markers, keeping the hand-written notes."""
    block = f"{BEGIN}\n{block_text}\n{END}"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Fidelity\n\n" + block + "\n"
    if BEGIN in text and END in text:
        text = text[: text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
