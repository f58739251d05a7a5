"""Rating throughput on a fixed sample: puzzles/s and per-puzzle percentiles.

    python bench/rate.py [--file sample1000.txt] [--option 2001] [--limit N]

One process, one core: the figure to compare with HoDoKu (60 s for
sample1000), Sudoku Explainer (171 s) and hodoku-py (997 s).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import load, percentile  # noqa: E402
from rater.run.engine import Engine  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="sample1000.txt")
    ap.add_argument("--option", default="2001")
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args()
    puzzles = load(args.file, args.limit)
    engine = Engine(args.option)
    times, statuses, last_resort = [], Counter(), Counter()
    began = time.perf_counter()
    for p in puzzles:
        t = time.perf_counter()
        rating = engine.rate(p)
        times.append(time.perf_counter() - t)
        statuses[rating.status] += 1
        codes = {s.code for s in rating.steps}
        last_resort["trial & error" if "TE" in codes else "no trial & error"] += 1
    total = time.perf_counter() - began
    ms = [1000 * t for t in times]
    print(f"file {args.file}  option {args.option}  puzzles {len(puzzles)}")
    print(f"total {total:.1f} s   {len(puzzles) / total:.1f} puzzles/s")
    print(f"per puzzle ms: p50 {percentile(ms, .5):.1f}  p95 {percentile(ms, .95):.1f}  max {max(ms):.1f}")
    print("status:", dict(statuses))
    print("solved with/without trial & error:", dict(last_resort))


if __name__ == "__main__":
    main()
