"""Our rating time beside another rater's (a peer such as skfr), part by part of a puzzle file.

    python bench/peers.py --peer "env OMP_NUM_THREADS=1 /tmp/skfr/src/skfr -i{stem}"
                          [--tree DIR ...] [--file sample1000.txt] [--parts SPEC] [--option 2001]
                          [--rounds 3] [--core 1] [--limit N]

Why: the speed of a rater means little alone; beside a well-known program, rating the same
puzzles on the same core, it says where we stand and on which kind of puzzle the gap lies.

Each part of the file (for sample1000 the collections its lines come from, as in
``bench/compare.py``) is written to a file ``PART.txt`` in a temporary directory, and three
things are timed on it:

- **command**: our whole command, start-up included, ``rate --file PART.txt -j 1 -q --format
  jsonl --output /dev/null --option OPTION`` as the installed script runs it (the tree's
  ``rater.launch``, or ``python -m rater.cli`` in a tree without it), run in each ``--tree`` (so
  that tree's code, compiled where it is built in place, rates);
- **engine**: the rating loop alone in a worker process that lives for the whole run (one per
  tree, its ``Engine`` built once): the sum of ``time.process_time`` around each rating, as
  ``bench/compare.py`` measures it;
- **peer**: the ``--peer`` command, run in the temporary directory, ``{file}`` replaced by the
  part file's path and ``{stem}`` by that path without ``.txt`` (skfr adds ``.txt`` itself and
  writes its results beside the input; built with OpenMP, ``OMP_NUM_THREADS=1`` keeps it to one
  thread).

The commands' times are CPU seconds (user + system of the child, from ``getrusage``) and wall
seconds; the engine's are CPU seconds.  Everything runs on one core (``--core``, the children
inherit the pinning), the measurements take turns in an order that rotates from part to part and
round to round, so that a change of the machine's load falls on all alike, and the median of the
rounds is printed per part with the ratios ours / peer (below 1: we are faster).

Exit code 0; 2 on bad arguments or when a command fails: exits with an error or writes on stderr
(skfr says "problem in open input" there and exits with 0).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.compare import SAMPLE1000_PARTS, load_parts, load_puzzles  # noqa: E402

REPO = Path(__file__).resolve().parents[1]


# -- the engine worker: one tree, one engine, part files rated on request ---------------------


def worker(tree: Path, option: str) -> None:
    """Serve requests on stdin: a part file's path in, the CPU seconds of rating it out.

    The engine is imported from ``tree``: ``rater.run.engine`` since 0.3.0, ``rater.engine`` before
    (told by the files, since the editable install of another tree may answer an import that fails).
    """
    sys.path.insert(0, str(tree))
    module = "rater.run.engine" if (tree / "rater" / "run" / "engine.py").exists() else "rater.engine"
    engine = importlib.import_module(module).Engine(option)
    for line in sys.stdin:
        puzzles = load_puzzles(line.strip(), None)
        cpu = 0.0
        for p in puzzles:
            began = time.process_time()
            engine.rate(p)
            cpu += time.process_time() - began
        print(json.dumps({"cpu": cpu}), flush=True)


class EngineWorker:
    """A worker process on one tree, talked to over pipes."""

    def __init__(self, tree: Path, option: str) -> None:
        self.tree = tree
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), "--option", option]
        self.proc = subprocess.Popen(cmd, cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def rate(self, part_file: Path) -> float:
        """CPU seconds of rating every puzzle of ``part_file``."""
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(f"{part_file}\n")
        stdin.flush()
        reply = stdout.readline()
        if not reply:
            raise RuntimeError(f"the engine worker on {self.tree} ended (exit {self.proc.wait()})")
        return float(json.loads(reply)["cpu"])

    def close(self) -> None:
        if self.proc.stdin:
            try:
                self.proc.stdin.close()
            except BrokenPipeError:  # the worker ended already; its error is on stderr
                pass
        self.proc.wait()


# -- timing a whole command --------------------------------------------------------------------


@dataclass
class Spent:
    """The CPU and wall seconds of one command run."""

    cpu: float
    wall: float


def run_command(argv: list[str], cwd: Path) -> Spent:
    """Run ``argv`` to its end; its CPU time (user + system, from ``getrusage``) and wall time.

    The children's usage grows only when a child ends and is waited for, and only one child runs
    at a time here (the engine workers live on and are not counted), so the difference is this
    command's.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"{shlex.join(argv)} exited with {done.returncode}: {done.stderr.strip()[-300:]}")
    if done.stderr.strip():  # e.g. skfr's "problem in open input", which exits with 0
        raise RuntimeError(f"{shlex.join(argv)} wrote on stderr: {done.stderr.strip()[-300:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Spent(cpu, wall)


def our_command(tree: Path, option: str, part_file: Path) -> list[str]:
    """Our rating command for a part file, run in ``tree``: the whole command, start-up included.

    What the installed ``rate`` script runs: its launcher (``rater/launch.py``) where the tree has
    one, else ``python -m rater.cli``.
    """
    start = ["-c", "from rater.launch import rate; rate()"] if (tree / "rater" / "launch.py").exists() \
        else ["-m", "rater.cli"]
    return [sys.executable, *start, "--file", str(part_file), "-j", "1", "-q", "--format", "jsonl",
            "--output", os.devnull, "--option", option]


def peer_command(template: str, part_file: Path) -> list[str]:
    """The peer's command for a part file: ``{file}`` and ``{stem}`` of the template filled in.

    >>> peer_command("env OMP_NUM_THREADS=1 /opt/skfr -i{stem}", Path("/tmp/p/17clue.txt"))
    ['env', 'OMP_NUM_THREADS=1', '/opt/skfr', '-i/tmp/p/17clue']
    >>> peer_command("rater --in '{file}'", Path("/tmp/p/a b.txt"))
    ['rater', '--in', '/tmp/p/a b.txt']
    """
    return [word.replace("{file}", str(part_file)).replace("{stem}", str(part_file.with_suffix("")))
            for word in shlex.split(template)]


def version(tree: Path) -> str:
    """What ``rate --version`` says in ``tree`` (release, and whether the compiled path runs)."""
    done = subprocess.run([sys.executable, "-m", "rater.cli", "--version"], cwd=tree, capture_output=True, text=True,
                          check=False)
    if done.returncode:
        raise RuntimeError(f"rate --version in {tree} exited with {done.returncode}: {done.stderr.strip()[-300:]}")
    return done.stdout.strip()


# -- the rounds and the printout ---------------------------------------------------------------


@dataclass
class Times:
    """Per part and measurement, the seconds of each round."""

    cpu: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    wall: dict[tuple[str, str], list[float]] = field(default_factory=dict)

    def add(self, part: str, what: str, cpu: float, wall: float | None = None) -> None:
        self.cpu.setdefault((part, what), []).append(cpu)
        if wall is not None:
            self.wall.setdefault((part, what), []).append(wall)


def run(trees: list[Path], workers: list[EngineWorker], peer: str, parts: list[tuple[str, Path, int]],
        args: argparse.Namespace) -> Times:
    """The rounds: per part, every measurement once, in an order that rotates."""
    jobs: list[tuple[str, int]] = [("peer", -1)]
    for t in range(len(trees)):
        jobs += [("command", t), ("engine", t)]
    times = Times()
    for r in range(args.rounds):
        for k, (name, path, _count) in enumerate(parts):
            shift = (r * len(parts) + k) % len(jobs)
            for what, t in jobs[shift:] + jobs[:shift]:
                if what == "peer":
                    spent = run_command(peer_command(peer, path), path.parent)
                    times.add(name, "peer", spent.cpu, spent.wall)
                elif what == "command":
                    spent = run_command(our_command(trees[t], args.option, path), trees[t])
                    times.add(name, f"command {t}", spent.cpu, spent.wall)
                else:
                    times.add(name, f"engine {t}", workers[t].rate(path))
        print(f"round {r + 1} done, load average {os.getloadavg()[0]:.1f}", flush=True)
    return times


def report(trees: list[Path], parts: list[tuple[str, Path, int]], times: Times) -> None:
    """Per tree and part: the medians of the rounds and the ratios ours / peer, then the totals."""
    names = [name for name, _path, _count in parts]
    counts = {name: count for name, _path, count in parts}

    def median(table: dict[tuple[str, str], list[float]], part: str, what: str) -> float:
        if part == "total":
            return sum(statistics.median(table[(name, what)]) for name in names)
        return statistics.median(table[(part, what)])

    for t, tree in enumerate(trees):
        print(f"\ntree {tree}")
        print(f"{'part':<10} {'puzzles':>7} | {'CPU s: command':>14} {'engine':>7} {'peer':>7} "
              f"{'cmd/peer':>8} {'eng/peer':>8} | {'wall s: command':>15} {'peer':>7} {'cmd/peer':>8}")
        for part in [*names, "total"]:
            count = sum(counts.values()) if part == "total" else counts[part]
            cmd, eng, peer = (median(times.cpu, part, w) for w in (f"command {t}", f"engine {t}", "peer"))
            wcmd, wpeer = (median(times.wall, part, w) for w in (f"command {t}", "peer"))
            print(f"{part:<10} {count:>7} | {cmd:>14.2f} {eng:>7.2f} {peer:>7.3f} {cmd / peer:>8.2f} "
                  f"{eng / peer:>8.2f} | {wcmd:>15.2f} {wpeer:>7.3f} {wcmd / wpeer:>8.2f}")
    print("\nper round, CPU s (" + ", ".join(["peer", *(f"command/engine of tree {t}" for t in range(len(trees)))])
          + "): " + "; ".join(
              f"{name} " + " ".join(f"{x:.3f}" for x in times.cpu[(name, "peer")]) + " | " + " | ".join(
                  " ".join(f"{c:.2f}/{e:.2f}" for c, e in zip(times.cpu[(name, f"command {t}")],
                                                             times.cpu[(name, f"engine {t}")]))
                  for t in range(len(trees)))
              for name in names))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 epilog="See the module's docstring (the top of bench/peers.py) for what is timed.")
    ap.add_argument("--peer", help="the peer's command, in shell words; {file} is the part file, {stem} the part file "
                                   "without .txt (e.g. \"env OMP_NUM_THREADS=1 /tmp/skfr/src/skfr -i{stem}\")")
    ap.add_argument("--tree", type=Path, action="append",
                    help="a tree of ours to run (repeat to set several side by side; default this repository)")
    ap.add_argument("--file", default="sample1000.txt", help="puzzle file (path, or name in the data folder)")
    ap.add_argument("--parts", default=None,
                    help=f"name:first-end or name:FILE, comma-separated (default for sample1000: {SAMPLE1000_PARTS}; "
                         "else the whole file)")
    ap.add_argument("--limit", type=int, default=None, help="only the first N puzzles of the file")
    ap.add_argument("--option", default="2001", help="our option code (default 2001)")
    ap.add_argument("--rounds", type=int, default=3, help="rounds; the median is printed (default 3)")
    ap.add_argument("--core", type=int, default=1, help="the core everything is pinned to (-1: no pinning)")
    ap.add_argument("--worker", type=Path, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker is not None:
        worker(args.worker, args.option)
        return 0
    if not args.peer:
        ap.error("--peer is required")
    if args.core >= 0:
        if args.core not in os.sched_getaffinity(0):
            print(f"peers: error: core {args.core} is not available here", file=sys.stderr)
            return 2
        os.sched_setaffinity(0, {args.core})  # the commands and workers started below inherit it
    trees = [tree.resolve() for tree in (args.tree or [REPO])]
    for tree in trees:
        if not (tree / "rater").is_dir():
            print(f"peers: error: {tree} holds no project tree", file=sys.stderr)
            return 2
    try:
        puzzles, indexed = load_parts(args.file, args.limit, args.parts)
    except (OSError, ValueError) as exc:
        print(f"peers: error: {exc}", file=sys.stderr)
        return 2
    print(f"file {args.file}  option {args.option}  rounds {args.rounds}  core {args.core}  "
          f"load average at start {os.getloadavg()[0]:.1f}")
    print(f"peer: {args.peer}")
    try:
        for t, tree in enumerate(trees):
            print(f"tree {t}: {tree}: {version(tree)}")
    except RuntimeError as exc:
        print(f"peers: error: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="peers-") as tmp:
        parts = []
        for name, indices in indexed:
            path = Path(tmp) / f"{name}.txt"
            path.write_text("".join(puzzles[i] + "\n" for i in indices))
            parts.append((name, path, len(indices)))
        workers = [EngineWorker(tree, args.option) for tree in trees]
        try:
            times = run(trees, workers, args.peer, parts, args)
        except (OSError, RuntimeError) as exc:
            print(f"peers: error: {exc}", file=sys.stderr)
            return 2
        finally:
            for w in workers:
                w.close()
    print(f"load average at end {os.getloadavg()[0]:.1f}")
    report(trees, parts, times)
    return 0


if __name__ == "__main__":
    sys.exit(main())
