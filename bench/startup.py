"""Wall time of a whole short command, start-up included, for two or more Pythons or trees, interleaved.

    python bench/startup.py --runs 30 [--cmd CMD ...] [--cwd DIR ...] [--python PY ...] -- ARG ...

Each side is a Python (``--python``, default this one) run in a directory (``--cwd``, default the
repository) as ``PY -m rater.cli ARG ...``, or ``PY CMD ...`` with ``--cmd`` (once for every side,
or once per side: e.g. ``--cmd "-c 'from rater.launch import rate; rate()'"``, what the installed
``rate`` script runs, beside ``-m rater.cli`` of a tree that has no launcher); the sides take turns
so that a shared machine's load falls on all of them alike.  Prints the median, quartiles and
the ratio of each side's median to the first side's.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def one_run(python: str, cwd: str, argv: list[str]) -> float:
    """Seconds of wall time of one command, its output discarded."""
    start = time.perf_counter()
    subprocess.run([python, *argv], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--python", action="append", help="a side's interpreter (repeat; one for all sides if once)")
    ap.add_argument("--cwd", action="append", help="a side's working directory (repeat)")
    ap.add_argument("--cmd", action="append",
                    help="what follows a side's interpreter, in shell words (repeat; default: -m rater.cli)")
    ap.add_argument("args", nargs="*", help="the command's arguments, e.g. a puzzle")
    args = ap.parse_args()
    cwds = args.cwd or [str(REPO)]
    pythons = args.python or [sys.executable]
    cmds = args.cmd or ["-m rater.cli"]
    sides = max(len(cwds), len(pythons), len(cmds))
    cwds = cwds * sides if len(cwds) == 1 else cwds
    pythons = pythons * sides if len(pythons) == 1 else pythons
    cmds = cmds * sides if len(cmds) == 1 else cmds
    argvs = [[*shlex.split(cmd), *args.args] for cmd in cmds]
    times: list[list[float]] = [[] for _ in range(sides)]
    for _ in range(args.runs):
        for side in range(sides):
            times[side].append(one_run(pythons[side], cwds[side], argvs[side]))
    first = statistics.median(times[0])
    for side in range(sides):
        med = statistics.median(times[side])
        q1, _, q3 = statistics.quantiles(times[side], n=4) if len(times[side]) > 1 else (med, med, med)
        print(f"{pythons[side]} {cmds[side]} in {cwds[side]}: median {med * 1000:.0f} ms (quartiles {q1 * 1000:.0f}-"
              f"{q3 * 1000:.0f}), ratio {med / first:.3f}")


if __name__ == "__main__":
    main()
