"""How long ``rate --count`` takes to reach its limit on grids with too many solutions to count.

Counts the empty grid and puzzles of top95 cut to their first N givens
(N = 10..14) up to a limit (the default of ``--count-limit`` unless given),
each in a fresh process, and prints the count, the wall and CPU seconds and
the peak memory of the process.

    python3 bench/count_limit.py                 # limit 100,000, 3 puzzles per N
    python3 bench/count_limit.py --limit 1000000 --per-size 1

The data directory is ``../shared/data`` next to the repository, or
``$SUDOKU_DATA``; without it only the empty grid is counted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA_DIR = Path(os.environ.get("SUDOKU_DATA", ROOT.parent / "shared" / "data"))
#: Run in a child: the count, its wall and CPU seconds, the peak resident memory.
CHILD = """
import json, resource, sys, time
from puzzles.parsing import parse_line
from puzzles.solver import count_solutions
grid, limit = parse_line(sys.argv[1]), int(sys.argv[2])
wall, cpu = time.perf_counter(), time.process_time()
found = count_solutions(grid, limit)
print(json.dumps({"count": found, "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
                  "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def cut(puzzle: str, givens: int) -> str:
    """``puzzle`` with only its first ``givens`` givens (row by row)."""
    out, kept = [], 0
    for ch in puzzle:
        keep = ch in "123456789" and kept < givens
        kept += keep
        out.append(ch if keep else ".")
    return "".join(out)


def puzzles(per_size: int) -> list[tuple[str, str]]:
    found = [("empty grid", "." * 81)]
    path = DATA_DIR / "top95.txt"
    if path.is_file():
        lines = [line.strip() for line in path.read_text().splitlines() if len(line.strip()) == 81]
        for givens in range(10, 15):
            found += [(f"top95 #{i + 1} cut to {givens}", cut(lines[i], givens)) for i in range(per_size)]
    return found


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from rater.run.count import DEFAULT_LIMIT

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=DEFAULT_LIMIT)
    parser.add_argument("--per-size", type=int, default=3)
    args = parser.parse_args()
    print(f"limit {args.limit:,}")
    print(f"{'puzzle':<24} {'count':>10} {'wall s':>7} {'cpu s':>6} {'peak MB':>8}")
    for name, puzzle in puzzles(args.per_size):
        out = subprocess.run([sys.executable, "-c", CHILD, puzzle, str(args.limit)], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
        r = json.loads(out)
        shown = f"{r['count']:,}" + ("+" if r["count"] >= args.limit else "")
        print(f"{name:<24} {shown:>10} {r['wall']:7.1f} {r['cpu']:6.1f} {r['mb']:8.0f}")


if __name__ == "__main__":
    main()
