"""Wall time of a whole short command, start-up included, for two or more Pythons or trees, interleaved.

    python bench/startup.py --runs 30 [--cmd CMD ...] [--cwd DIR ...] [--python PY ...] -- ARG ...

Each side is a Python (``--python``, default this one) run in a directory (``--cwd``, default the
repository) as ``PY -m rater.cli ARG ...``, or ``PY CMD ...`` with ``--cmd`` (once for every side,
or once per side: e.g. ``--cmd "-c 'from rater.launch import rate; rate()'"``, what the installed
``rate`` script runs, beside ``-m rater.cli`` of a tree that has no launcher); the sides take turns
so that a shared machine's load falls on all of them alike.  Prints the median wall time,
its quartiles and the ratio of each side's median to the first side's, and the same medians
and ratio of the CPU time (user + system) of the command.
"""

from __future__ import annotations

import argparse
import resource
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def one_run(python: str, cwd: str, argv: list[str]) -> tuple[float, float]:
    """Seconds of wall time and of CPU time (user + system) of one command, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([python, *argv], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


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
    walls: list[list[float]] = [[] for _ in range(sides)]
    cpus: list[list[float]] = [[] for _ in range(sides)]
    for _ in range(args.runs):
        for side in range(sides):
            wall, cpu = one_run(pythons[side], cwds[side], argvs[side])
            walls[side].append(wall)
            cpus[side].append(cpu)
    first_wall, first_cpu = statistics.median(walls[0]), statistics.median(cpus[0])
    for side in range(sides):
        med = statistics.median(walls[side])
        q1, _, q3 = statistics.quantiles(walls[side], n=4) if len(walls[side]) > 1 else (med, med, med)
        cpu = statistics.median(cpus[side])
        print(f"{pythons[side]} {cmds[side]} in {cwds[side]}: median {med * 1000:.0f} ms (quartiles {q1 * 1000:.0f}-"
              f"{q3 * 1000:.0f}), ratio {med / first_wall:.3f}; CPU median {cpu * 1000:.0f} ms, ratio "
              f"{cpu / first_cpu:.3f}")


if __name__ == "__main__":
    main()
