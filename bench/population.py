"""The seed's population statistics, measured on the public collections, each beside the seed's figure.

    python bench/population.py [--quick] [--jobs N]

The rating program's documentation describes its behaviour not only by single
examples but by figures over thousands of puzzles.  A change that moves the
examples table towards the original but breaks one of these figures is wrong,
so every fidelity change is measured here too:

* 17-clue puzzles (Royle's collection): share solved by A and B alone, and by
  the direct methods A-D without thinning; shares graded "extremely easy" and
  "very easy" (the author's run over Royle's puzzles, on his Royle page);
* Bowman's Bingo: mean number of steps and share in 11-25 (puzzles reaching BB);
* trial & error with Bowman's Bingo off (and, on the very hard puzzles, on): mean depth and
  share in 3-13;
* half-synchronous total over pseudo-synchronous total (median ratio);
* spread (max - min) of pseudo-synchronous totals over 12 random symmetric
  copies, and the share with a spread of at most 5 points;
* WXYZ-wings against XYZ-wings, and the standard form's share of the WXYZ-wings;
* single-digit contradiction chains against single-digit chains, found and applied;
* the shares of 4-tuples and of 5- to 7-tuples among the N-tuples;
* the share of 17-clue puzzles that need Bowman's Bingo or trial & error.

"Found" counts what a family finds in the states where it is searched (the
steps applied and the alternatives option digit 2 prints beside them: the
seed's counts are "inklusive der zusätzlich möglichen ... Lösungsschritte"),
"applied" only the steps of the rating.

The sample sizes are arguments; ``--quick`` divides them by ten for a smoke run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import load  # noqa: E402
from rater.result import Rating, step_size  # noqa: E402
from rater.run.engine import Engine, default_catalogue  # noqa: E402
from techniques.step import Step  # noqa: E402

#: The seed's figures (documentation of the original program, seed 004), quoted in docs/fidelity.md.
SEED = {
    "ab_only": "about 33 % of about 57,000 17-clue puzzles",
    "direct_only": "over four fifths (80-81 %)",
    "bingo_mean": "about 17-18 steps",
    "bingo_11_25": "over 85 %",
    "te_mean": "about 8-9 levels",
    "te_3_13": "about 90 %",
    "half_over_pseudo": "10-15 % higher",
    "spread": "small (often 3-5 points) in three quarters of cases",
    "wxyz_xyz": "4 : 1",
    "wxyz_standard": "3 % of WXYZ-wings (line 274)",
    "scc_sc": "about 10 : 1 (line 281)",
    "tuple4": "about 10 % of N-tuple cases (line 245)",
    "tuple5_7": "1-2 % (line 245)",
    "clue17_last_resort": "about 0.5 % not solvable without them (line 85)",
    "extremely_easy": "22.0 % (10,820 of Royle's 49,158; Royle page)",
    "very_easy": "52.7 % (11,085 + 14,816 of 49,158; Royle page)",
}


def engine_without(option: str, disabled: Iterable[str] = ()) -> Engine:
    """An engine with the packaged catalogue less the ``disabled`` codes, as ``rate --disable`` builds it
    (the original's version without BB)."""
    codes = tuple(disabled)
    return Engine(option, default_catalogue().without(codes) if codes else None)


def _group(rating: Rating, engine: Engine) -> set[str]:
    return {engine.catalogue.entry(s.code).technique.group for s in rating.steps}


def _sizes(rating: Rating, code: str) -> list[int]:
    """The measures (``--json`` ``size``) of the steps of one technique: bingo steps, trial depth."""
    return [size for s in rating.steps if s.code == code and (size := step_size(s)) is not None]


# --- one task per puzzle: every worker builds its engines once ------------------------------------

_ENGINES: dict[tuple[str, tuple[str, ...]], Engine] = {}


def _engine(option: str, disabled: tuple[str, ...] = ()) -> Engine:
    key = (option, disabled)
    if key not in _ENGINES:
        _ENGINES[key] = engine_without(option, disabled)
    return _ENGINES[key]


#: Option 2001 with the thinning alternatives listed (digit 2 = 1): the same rating, plus what was found.
FOUND_OPTION = "2101"


def found_and_applied(rating: Rating) -> tuple[Counter[str], Counter[str]]:
    """Kind counts of the steps found (applied and listed alternatives) and of the steps applied.

    Kinds are technique codes, with WXYZ split into ``WXYZ standard`` / ``WXYZ extended`` and
    naked tuples into ``NT<size>``.
    """
    def kind(step: Step) -> str:
        if step.code == "WXYZ":
            return "WXYZ " + ("standard" if step.detail.get("standard") else "extended")
        if step.code == "NT":
            return f"NT{step_size(step)}"
        return step.code

    applied = Counter(kind(s) for s in rating.steps)
    found = applied + Counter(kind(s) for others in rating.alternatives.values() for s in others)
    return found, applied


def task_17clue(puzzle: str) -> tuple[bool, bool, str, bool]:
    """(solved by A and B alone, solved by A-D without pencil marks, English grade under option 2001,
    needs Bowman's Bingo or trial & error)."""
    ab_engine = _engine("0001")
    ab = ab_engine.rate(puzzle)
    ab_only = ab.status == "solved" and _group(ab, ab_engine) <= {"A", "B"}
    direct = _engine("2001").rate(puzzle)
    return (ab_only, direct.status == "solved" and all(s.code != "PM" for s in direct.steps),
            direct.level_text("en") or "", any(s.code in ("BB", "TE") for s in direct.steps))


def task_hard(puzzle: str) -> dict[str, Any]:
    """Bingo lengths (BB on), trial depths (BB off), wing counts and found/applied kinds of one hard puzzle."""
    with_bb = _engine(FOUND_OPTION).rate(puzzle)
    without_bb = _engine("2001", ("BB",)).rate(puzzle)
    counts = with_bb.technique_counts()
    found, applied = found_and_applied(with_bb)
    return {
        "bingo": _sizes(with_bb, "BB"),
        "depth": _sizes(without_bb, "TE"),
        "xyz": counts.get("XYZ", 0),
        "wxyz": counts.get("WXYZ", 0),
        "found": found,
        "applied": applied,
    }


def task_trial(puzzle: str) -> tuple[list[int], list[int]]:
    """Trial & error depths of one very hard puzzle with Bowman's Bingo off, and with it on.

    The seed's figure is over the puzzles "die Trial&Error als letzten Schritt hatten" without
    saying whether Bowman's Bingo ran before it; with it on, trial & error starts only where no
    bingo is found, so both are measured.
    """
    return (_sizes(_engine("2001", ("BB",)).rate(puzzle), "TE"),
            _sizes(_engine("2001").rate(puzzle), "TE"))


def task_modes(puzzle: str) -> tuple[float, float, Counter[str], Counter[str]]:
    """(half-synchronous total, pseudo-synchronous total, kinds found, kinds applied)."""
    pseudo = _engine(FOUND_OPTION).rate(puzzle)
    return (_engine("2000").rate(puzzle).points, pseudo.points, *found_and_applied(pseudo))


def task_spread(puzzle: str) -> float:
    """Max - min of the pseudo-synchronous totals over 12 symmetric copies (canonical form + 11 random)."""
    from rater.copies import rate_copies

    summary = rate_copies(_engine("2001"), [int(ch) if ch.isdigit() else 0 for ch in puzzle], 12, seed=1)
    low, _mid, high = summary.figures()
    return high - low


def run(task: Callable[[str], Any], puzzles: Sequence[str], jobs: int) -> list[Any]:
    if jobs <= 1:
        return [task(p) for p in puzzles]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(task, puzzles, chunksize=8))


def share(values: Sequence[bool | int]) -> str:
    return f"{100 * sum(bool(v) for v in values) / len(values):.1f} %" if values else "n/a"


def ratio(part: int, whole: int) -> str:
    return f"{part / whole:.1f} : 1" if whole else "n/a"


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "n/a"


def kind_rows(found: Counter[str], applied: Counter[str]) -> list[tuple[str, str, str]]:
    """The figures on kinds of thinning step: SCC : SC, the tuple sizes, the standard WXYZ share."""
    tuples = sum(n for k, n in found.items() if k.startswith("NT"))
    big = sum(found[f"NT{n}"] for n in (5, 6, 7))
    applied_tuples = sum(n for k, n in applied.items() if k.startswith("NT"))
    applied_big = sum(applied[f"NT{n}"] for n in (5, 6, 7))
    wxyz = found["WXYZ standard"] + found["WXYZ extended"]
    return [
        (f"single-digit contradiction : single-digit chains, found ({found['SCC']} : {found['SC']})",
         ratio(found["SCC"], found["SC"]), SEED["scc_sc"]),
        (f"  the same, applied ({applied['SCC']} : {applied['SC']})", ratio(applied["SCC"], applied["SC"]),
         SEED["scc_sc"]),
        (f"4-tuples among naked N-tuples found ({found['NT4']} of {tuples})", percent(found["NT4"], tuples),
         SEED["tuple4"]),
        (f"5- to 7-tuples among naked N-tuples found ({big} of {tuples})", percent(big, tuples), SEED["tuple5_7"]),
        (f"  4-tuples among naked N-tuples applied ({applied['NT4']} of {applied_tuples})",
         percent(applied["NT4"], applied_tuples), SEED["tuple4"]),
        (f"  5- to 7-tuples among naked N-tuples applied ({applied_big} of {applied_tuples})",
         percent(applied_big, applied_tuples), SEED["tuple5_7"]),
        (f"standard WXYZ-wings among WXYZ-wings found ({found['WXYZ standard']} of {wxyz})",
         percent(found["WXYZ standard"], wxyz), SEED["wxyz_standard"]),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clue17", type=int, default=4000, help="17-clue puzzles (every k-th of 17clue.txt)")
    ap.add_argument("--hard", type=int, default=300, help="hard puzzles (top1465.txt, every k-th)")
    ap.add_argument("--hardest", type=int, default=200,
                    help="very hard puzzles (forum_hardest_1106.txt) for the trial & error depth")
    ap.add_argument("--modes", type=int, default=400, help="puzzles of sample1000.txt for the mode ratio")
    ap.add_argument("--spread", type=int, default=100, help="puzzles of sample1000.txt for the variant spread")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--quick", action="store_true", help="a tenth of every sample")
    args = ap.parse_args()
    scale = 10 if args.quick else 1

    def sample(name: str, count: int) -> list[str]:
        lines = load(name)
        count = max(1, count // scale)
        return lines[:: max(1, len(lines) // count)][:count]

    rows: list[tuple[str, str, str]] = []
    began = time.perf_counter()

    clue17 = run(task_17clue, sample("17clue.txt", args.clue17), args.jobs)
    rows.append((f"17-clue solved by A and B alone (n={len(clue17)})", share([c[0] for c in clue17]), SEED["ab_only"]))
    rows.append(("17-clue solved by A-D without thinning", share([c[1] for c in clue17]), SEED["direct_only"]))
    rows.append(("17-clue graded extremely easy (option 2001)", share([c[2] == "extremely easy" for c in clue17]),
                 SEED["extremely_easy"]))
    rows.append(("17-clue graded very easy", share([c[2] == "very easy" for c in clue17]), SEED["very_easy"]))
    rows.append(("17-clue needing Bowman's Bingo or trial & error", share([c[3] for c in clue17]),
                 SEED["clue17_last_resort"]))

    hard = run(task_hard, sample("top1465.txt", args.hard), args.jobs)
    bingo = [n for h in hard for n in h["bingo"]]
    depth = [n for h in hard for n in h["depth"]]
    rows.append((f"Bowman's Bingo steps, mean (n={len(bingo)} bingos)",
                 f"{statistics.fmean(bingo):.1f}" if bingo else "n/a", SEED["bingo_mean"]))
    rows.append(("Bowman's Bingo steps in 11-25", share([11 <= n <= 25 for n in bingo]), SEED["bingo_11_25"]))
    rows.append((f"trial & error depth without BB on top1465, mean (n={len(depth)})",
                 f"{statistics.fmean(depth):.1f}" if depth else "n/a", SEED["te_mean"]))
    rows.append(("trial & error depth in 3-13", share([3 <= n <= 13 for n in depth]), SEED["te_3_13"]))
    trials = run(task_trial, sample("forum_hardest_1106.txt", args.hardest), args.jobs)
    for label, which in (("without BB", 0), ("with BB", 1)):
        hardest = [n for t in trials for n in t[which]]
        rows.append((f"  trial & error depth {label} on forum_hardest_1106, mean (n={len(hardest)})",
                     f"{statistics.fmean(hardest):.1f}" if hardest else "n/a", SEED["te_mean"]))
        rows.append(("  depth in 3-13", share([3 <= n <= 13 for n in hardest]), SEED["te_3_13"]))
    xyz, wxyz = sum(h["xyz"] for h in hard), sum(h["wxyz"] for h in hard)
    rows.append((f"WXYZ : XYZ on the hard puzzles ({wxyz} : {xyz})",
                 f"{wxyz / xyz:.1f} : 1" if xyz else "n/a", SEED["wxyz_xyz"]))

    modes = run(task_modes, sample("sample1000.txt", args.modes), args.jobs)
    ratios = [m[0] / m[1] for m in modes if m[1] > 0]
    rows.append((f"half-synchronous / pseudo-synchronous, median (n={len(ratios)})",
                 f"{statistics.median(ratios):.3f}" if ratios else "n/a", SEED["half_over_pseudo"]))

    found = sum((h["found"] for h in hard), Counter()) + sum((m[2] for m in modes), Counter())
    applied = sum((h["applied"] for h in hard), Counter()) + sum((m[3] for m in modes), Counter())
    rows.append(("kinds of thinning step, on the top1465 and sample1000 puzzles above:", "", ""))
    rows += kind_rows(found, applied)

    spreads = run(task_spread, sample("sample1000.txt", args.spread), args.jobs)
    rows.append((f"pseudo-synchronous spread over 12 symmetric copies, median (n={len(spreads)})",
                 f"{statistics.median(spreads):.1f} points" if spreads else "n/a", SEED["spread"]))
    rows.append(("spread of at most 5 points", share([s <= 5 for s in spreads]), SEED["spread"]))

    width = max(len(r[0]) for r in rows)
    print(f"{'figure':<{width}}  {'ours':>12}  seed")
    for name, ours, seed in rows:
        print(f"{name:<{width}}  {ours:>12}  {seed}")
    print(f"\n{time.perf_counter() - began:.0f} s with {args.jobs} jobs")
    reached = Counter("BB" if h["bingo"] else "no BB" for h in hard)
    print(f"hard puzzles reaching Bowman's Bingo: {reached['BB']} of {len(hard)}")


if __name__ == "__main__":
    main()
