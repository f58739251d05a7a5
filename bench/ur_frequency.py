"""How often each unique-rectangle type is used, beside the shares seed 004 reports.

    python bench/ur_frequency.py [--file sample1000.txt] [--option 2002] [--limit N]

Rates every puzzle with ``rater.run.engine.rate`` and counts the steps of the
codes UR, QUR, UL and QUL by their type (``step.detail["type"]``).  Shares
are per code among that code's steps; the seed's shares are for direct URs
over 136,000 puzzles in a fully synchronous run.  With option digit 4 = 2
the synchronous set stops before method V, so URs are counted from the
half-synchronous fallback; 2005 or 2007 run V synchronously (docs/decisions.md, "Modes").
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import load  # noqa: E402

CODES = ("UR", "QUR", "UL", "QUL")
#: Shares among direct URs in percent as given in seed 004's type table ("<x" printed as x).
SEED_SHARES: dict[str, str] = {
    "1": "13", "2": "5", "3A": "3.5", "3B": "1", "3C": "0.25", "3D": "0.1", "3E": "0.02", "3F": "<0.01",
    "4A": "22", "4B": "8", "4C": "9.5", "5A": "<0.01", "5B": "0.03", "5C": "<0.01", "5D": "<0.01",
    "5E": "<0.0001", "6": "<0.5", "7A": "6", "7B": "17", "7C": "3", "8A": "9.5", "8B": "2", "8C": "0.5",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="sample1000.txt")
    ap.add_argument("--option", default="2002")
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args()
    try:
        from rater import rate
    except ImportError as exc:
        sys.exit(f"ur_frequency: rater.rate is not available ({exc}); nothing to count")
    puzzles = load(args.file, args.limit)
    counts: dict[str, Counter[str]] = {code: Counter() for code in CODES}
    with_ur = 0
    began = time.perf_counter()
    for p in puzzles:
        rating = rate(p, args.option)
        found = False
        for step in rating.steps:
            if step.code in counts:
                counts[step.code][str(step.detail.get("type", "?"))] += 1
                found = True
        with_ur += found
    seconds = time.perf_counter() - began
    totals = {code: sum(c.values()) for code, c in counts.items()}
    print(f"{len(puzzles)} puzzles from {args.file}, option {args.option}, {seconds:.1f} s; "
          f"{with_ur} puzzles use method V")
    print(f"{'type':<5} {'seed %':>8} " + " ".join(f"{code:>6} {'%':>6}" for code in CODES))
    for label in sorted(set(SEED_SHARES) | {t for c in counts.values() for t in c}):
        cells = []
        for code in CODES:
            n = counts[code][label]
            share = 100.0 * n / totals[code] if totals[code] else 0.0
            cells.append(f"{n:>6} {share:>6.1f}")
        print(f"{label:<5} {SEED_SHARES.get(label, '-'):>8} " + " ".join(cells))
    print(f"{'all':<5} {'':>8} " + " ".join(f"{totals[code]:>6} {'':>6}" for code in CODES))


if __name__ == "__main__":
    main()
