"""Check that a change of the code leaves every rating record as it was.

    python bench/compare_records.py --save FILE     # record the current tree's ratings
    python bench/compare_records.py FILE            # compare the current tree with them

The fixed sample: tests/data/sample1000_every3.txt, tests/data/hard_symmetry.txt and the
standard puzzles of tests/data/examples.csv, each rated under the options 2001, 2000,
1001, 0001 and 2005 (``--options`` to change).  A record is the status, the total points
and, per step, code, points, placements and eliminations.  Exit code 0 when every record
equals the saved one, 1 otherwise (the first differences are printed).  Refactorings
that must not change behaviour run it before and after; ``--limit N`` takes the first N
puzzles of the sample for a quick check, ``--jobs`` splits the work over processes.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import EXAMPLES, REPO  # noqa: E402
from rater.run.engine import Engine  # noqa: E402

OPTIONS = ("2001", "2000", "1001", "0001", "2005")


def sample() -> list[str]:
    """The fixed puzzle sample, in a stable order."""
    puzzles: list[str] = []
    for name in ("sample1000_every3.txt", "hard_symmetry.txt"):
        text = (REPO / "tests" / "data" / name).read_text()
        puzzles += [ln.strip() for ln in text.splitlines() if len(ln.strip()) == 81]
    with EXAMPLES.open(newline="") as fh:
        puzzles += [r["puzzle"] for r in csv.DictReader(fh) if r["variant"] == "std"]
    return puzzles


def record(engine: Engine, puzzle: str) -> dict[str, Any]:
    """What must stay equal: status, total points and every step's evidence."""
    rating = engine.rate(puzzle)
    return {
        "status": str(rating.status),
        "points": rating.points,
        "steps": [[s.code, s.points, [list(p) for p in s.placements], [list(e) for e in s.eliminations]]
                  for s in rating.steps],
    }


def _rate_chunk(args: tuple[str, list[str]]) -> tuple[list[dict[str, Any]], float]:
    option, puzzles = args
    engine = Engine(option)
    began = time.process_time()
    records = [record(engine, p) for p in puzzles]
    return records, time.process_time() - began


def rate_all(puzzles: list[str], options: list[str], jobs: int) -> tuple[dict[str, list[dict[str, Any]]], float]:
    """Records per option (in sample order) and the CPU seconds spent rating."""
    chunks = [(opt, puzzles[i::jobs]) for opt in options for i in range(jobs)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(_rate_chunk, chunks))
    out: dict[str, list[dict[str, Any]]] = {}
    cpu = sum(seconds for _, seconds in results)
    for k, opt in enumerate(options):
        merged: list[dict[str, Any]] = [{}] * len(puzzles)
        for i in range(jobs):
            merged[i::jobs] = results[k * jobs + i][0]
        out[opt] = merged
    return out, cpu


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file", help="the saved records (JSON)")
    ap.add_argument("--save", action="store_true", help="write the current records to FILE instead of comparing")
    ap.add_argument("--options", default=",".join(OPTIONS), help="comma-separated option codes")
    ap.add_argument("--limit", type=int, default=None, help="only the first N puzzles of the sample")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = ap.parse_args()
    puzzles = sample()[: args.limit] if args.limit else sample()
    options = [o.strip() for o in args.options.split(",") if o.strip()]
    current, cpu = rate_all(puzzles, options, max(1, args.jobs))
    data = {"puzzles": puzzles, "records": current}
    print(f"{len(puzzles)} puzzles x {len(options)} options rated in {cpu:.1f} s CPU")
    path = Path(args.file)
    if args.save:
        path.write_text(json.dumps(data), encoding="utf-8")
        print(f"saved to {path}")
        return 0
    saved = json.loads(path.read_text(encoding="utf-8"))
    index = {p: i for i, p in enumerate(saved["puzzles"])}
    differences = 0
    for opt in options:
        if opt not in saved["records"]:
            print(f"option {opt}: not in {path}")
            differences += 1
            continue
        for p, rec in zip(puzzles, current[opt]):
            if p not in index:
                print(f"{p}: not in {path}")
                differences += 1
            elif saved["records"][opt][index[p]] != rec:
                differences += 1
                if differences <= 10:
                    print(f"option {opt} {p}: differs (saved {saved['records'][opt][index[p]]['points']}, "
                          f"now {rec['points']})")
    checked = len(puzzles) * len(options)
    print("identical" if not differences else f"{differences} of {checked} records differ")
    return 0 if not differences else 1


if __name__ == "__main__":
    sys.exit(main())
