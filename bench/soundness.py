"""Soundness over whole collections: every applied step checked against the solution.

    python bench/soundness.py [--files 17clue.txt forum_hardest_1106.txt ...] [--limit N] [--jobs 2]
    python bench/soundness.py --rules diagonal --files tests/data/variant_diagonal_200.txt

Prints, per file, the puzzles checked, wrong placements / removed solution
candidates (must be 0), statuses and time.  ``Engine.rate(verify=True)``
raises on the first unsound step of a puzzle; the script records it and goes
on with the next puzzle.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import load  # noqa: E402
from puzzles.rules import STANDARD, Rules, parse_rules  # noqa: E402
from rater.run.engine import Engine, UnsoundStep  # noqa: E402

_engine: Engine | None = None
_rules: Rules = STANDARD


def _init(option: str, rules: str) -> None:
    global _engine, _rules
    _engine = Engine(option)
    _rules = parse_rules(rules)


def _check(puzzle: str) -> tuple[str, str]:
    assert _engine is not None
    try:
        rating = _engine.rate(puzzle, verify=True, rules=_rules)
    except UnsoundStep as exc:
        return "UNSOUND", f"{puzzle} {exc}"
    return rating.status, ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--files", nargs="+", default=["17clue.txt", "forum_hardest_1106.txt", "top1465.txt"])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--option", default="2001")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="standard", help="the Sudoku variant the puzzles are rated as")
    args = ap.parse_args()
    with Pool(args.jobs, initializer=_init, initargs=(args.option, args.rules)) as pool:
        for name in args.files:
            puzzles = load(name, args.limit)
            began = time.perf_counter()
            statuses: Counter[str] = Counter()
            unsound = []
            for status, info in pool.imap(_check, puzzles, chunksize=8):
                statuses[status] += 1
                if info:
                    unsound.append(info)
            took = time.perf_counter() - began
            print(f"{name}: {len(puzzles)} puzzles, {len(unsound)} unsound, statuses {dict(statuses)}, "
                  f"{took:.0f} s ({len(puzzles) / took:.1f}/s with {args.jobs} jobs)")
            for line in unsound[:20]:
                print("  UNSOUND", line)


if __name__ == "__main__":
    main()
