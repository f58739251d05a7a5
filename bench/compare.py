"""Rating time and records of the working tree against a git revision, in one interleaved run.

    python bench/compare.py [--baseline main] [--file sample1000.txt] [--option 2001]
                            [--parts mixed:sudoku_exchange_mixed.txt,17clue:17clue.txt,top1465:top1465.txt]
                            [--rounds 3] [--chunk 20] [--core 0] [--limit N]

The revision is exported with ``git archive`` into a temporary directory.  Two worker
processes, one per tree, are pinned to the same core and kept for the whole run (so
interpreter start-up and imports are not timed; each builds its ``Engine`` once).  Round by
round and part by part they take turns every ``--chunk`` puzzles (a few seconds at most),
alternating which goes first, so that a change of the machine's load hits both alike: on a shared machine the ratio of
the two times is the figure to trust, not the times.  Times are CPU seconds of the rating loop
(``time.process_time``); the median over the rounds is printed per part, with the ratio
current / baseline (below 1: the working tree is faster), and the median puzzle's time of each
part (the typical puzzle, which the totals of the hard parts hide).

The working tree runs its compiled path when its extensions are built (``setup.py build_ext
--inplace``) unless ``SUDOKU_RATER_PURE=1``; the exported baseline is pure Python unless
``--compiled-baseline`` builds it too (about two minutes), which compares compiled with compiled.

The records of the first round are compared: status, total points, per step code, points,
placements and eliminations (the record of ``bench/compare_records.py``) and the level.
Exit code 0 when every record is identical, 1 when some differ, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

REPO = Path(__file__).resolve().parents[1]
#: sample1000.txt is shuffled: its parts are told by the collection each line comes from
#: (400 of sudoku_exchange_mixed.txt, 300 of 17clue.txt, 300 of top1465.txt).
SAMPLE1000_PARTS = "mixed:sudoku_exchange_mixed.txt,17clue:17clue.txt,top1465:top1465.txt"


# -- the worker: one tree, one engine, parts rated on request --------------------------------


class _Replay:
    """Hands ``compare_records.record`` a rating already made, so that only rating is timed."""

    def __init__(self, ratings: dict[str, Any]) -> None:
        self.ratings = ratings

    def rate(self, puzzle: str) -> Any:
        return self.ratings[puzzle]


def worker(tree: Path, option: str, core: int | None) -> None:
    """Serve requests on stdin: a JSON list of puzzles in, a JSON line with time and records out.

    Everything is imported from ``tree`` (the record definition too, which both trees share).
    """
    if core is not None:
        os.sched_setaffinity(0, {core})
    sys.path.insert(0, str(tree))
    from bench.compare_records import record  # the tree's own copy: same definition in both

    # The engine's module as the tree lays it out (rater/engine.py up to 0.2.2).
    layout = "rater.run.engine" if (tree / "rater" / "run" / "engine.py").exists() else "rater.engine"
    Engine = importlib.import_module(layout).Engine

    engine = Engine(option)
    for line in sys.stdin:
        request = json.loads(line)
        puzzles: list[str] = request["puzzles"]
        ratings = []
        each: list[float] = []
        for p in puzzles:
            began = time.process_time()
            ratings.append(engine.rate(p))
            each.append(time.process_time() - began)
        cpu = sum(each)
        records: list[dict[str, Any]] = []
        if request["records"]:
            replay = _Replay(dict(zip(puzzles, ratings)))
            records = [{**record(replay, p), "level": r.level} for p, r in zip(puzzles, ratings)]  # type: ignore[arg-type]
        print(json.dumps({"cpu": cpu, "each": each, "records": records}), flush=True)


# -- the coordinator ---------------------------------------------------------------------------


class Worker:
    """A worker process on one tree, talked to over pipes."""

    def __init__(self, tree: Path, option: str, core: int | None) -> None:
        self.tree = tree
        cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), "--option", option]
        if core is not None:
            cmd += ["--core", str(core)]
        self.proc = subprocess.Popen(cmd, cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def rate(self, puzzles: list[str], records: bool) -> tuple[float, list[float], list[dict[str, Any]]]:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps({"puzzles": puzzles, "records": records}) + "\n")
        stdin.flush()
        reply = stdout.readline()
        if not reply:
            raise RuntimeError(f"the worker on {self.tree} ended (exit {self.proc.wait()})")
        data = json.loads(reply)
        return data["cpu"], data["each"], data["records"]

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


def export(revision: str, into: Path) -> Path:
    """The files of ``revision`` (``git archive``) under ``into``."""
    archive = subprocess.run(["git", "archive", "--format=tar", revision], cwd=REPO, capture_output=True, check=True)
    tar_path = into / "tree.tar"
    tar_path.write_bytes(archive.stdout)
    tree = into / "tree"
    with tarfile.open(tar_path) as tar:
        tar.extractall(tree, filter="data")
    return tree


def parse_parts(spec: str, puzzles: list[str]) -> list[tuple[str, list[int]]]:
    """``name:first-end`` (a range of lines) or ``name:FILE`` (the lines found in FILE), comma-separated.

    Each part is its name and the indices of its puzzles; empty parts are left out.
    """
    parts = []
    for item in spec.split(","):
        name, _, what = item.strip().partition(":")
        low, dash, high = what.partition("-")
        if not name or not what:
            raise ValueError(f"bad part {item!r} (expected name:first-end or name:FILE)")
        if dash and low.isdigit() and high.isdigit():
            indices = list(range(int(low), min(int(high), len(puzzles))))
        else:
            members = set(load_puzzles(what, None))
            indices = [i for i, p in enumerate(puzzles) if p in members]
        if indices:
            parts.append((name, indices))
    return parts


def load_parts(name: str, limit: int | None, spec: str | None) -> tuple[list[str], list[tuple[str, list[int]]]]:
    """The puzzles of a file (:func:`load_puzzles`) and its parts (:func:`parse_parts` of ``spec``;
    by default the collections of sample1000.txt, else the whole file)."""
    puzzles = load_puzzles(name, limit)
    spec = spec or (SAMPLE1000_PARTS if Path(name).name == "sample1000.txt" else f"all:0-{len(puzzles)}")
    return puzzles, parse_parts(spec, puzzles)


def load_puzzles(name: str, limit: int | None) -> list[str]:
    """Puzzle lines (81 characters) of a file given by path or by name in the data folder."""
    data = Path(os.environ.get("SUDOKU_DATA", REPO.parent / "shared" / "data"))
    path = Path(name) if os.sep in name else data / name
    lines = [ln.strip()[:81] for ln in path.read_text().splitlines() if len(ln.strip()) >= 81]
    return lines[:limit] if limit else lines


def differences(base: list[dict[str, Any]], current: list[dict[str, Any]], puzzles: list[str],
                out: TextIO, shown: int) -> int:
    """How many records differ; the first few are printed."""
    count = 0
    for p, b, c in zip(puzzles, base, current):
        if b != c:
            count += 1
            if shown + count <= 10:
                what = [k for k in ("status", "points", "level", "steps") if b.get(k) != c.get(k)]
                print(f"  differs: {p} ({', '.join(what)}; points {b['points']} -> {c['points']})", file=out)
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="main", help="git revision to compare with (default main)")
    ap.add_argument("--file", default="sample1000.txt", help="puzzle file (path, or name in the data folder)")
    ap.add_argument("--option", default="2001")
    ap.add_argument("--parts", default=None,
                    help=f"name:first-end,... (default for sample1000: {SAMPLE1000_PARTS}; else the whole file)")
    ap.add_argument("--limit", type=int, default=None, help="only the first N puzzles of the file")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=20,
                    help="puzzles per turn: the trees take turns every CHUNK puzzles (default 20)")
    ap.add_argument("--core", type=int, default=0, help="the core both workers are pinned to (-1: no pinning)")
    ap.add_argument("--baseline-tree", type=Path, default=None,
                    help="a directory holding the baseline's files (e.g. an export already built with "
                         "--compiled-baseline's command) instead of exporting --baseline")
    ap.add_argument("--compiled-baseline", action="store_true",
                    help="build the baseline's compiled path too (setup.py build_ext), to compare compiled with "
                         "compiled; the working tree is compiled when its extensions are built")
    ap.add_argument("--worker", type=Path, default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    core = None if args.core < 0 else args.core
    if args.worker is not None:
        worker(args.worker, args.option, core)
        return 0
    if core is not None and core not in os.sched_getaffinity(0):
        print(f"compare: error: core {core} is not available here", file=sys.stderr)
        return 2
    try:
        puzzles, parts = load_parts(args.file, args.limit, args.parts)
    except (OSError, ValueError) as exc:
        print(f"compare: error: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="compare-") as tmp:
        if args.baseline_tree is not None:
            base_tree = args.baseline_tree.resolve()
            if not (base_tree / "rater").is_dir():
                print(f"compare: error: {base_tree} holds no project tree", file=sys.stderr)
                return 2
            args.baseline = str(base_tree)
        else:
            try:
                base_tree = export(args.baseline, Path(tmp))
            except subprocess.CalledProcessError as exc:
                print(f"compare: error: git archive {args.baseline}: {exc.stderr.decode().strip()}",
                      file=sys.stderr)
                return 2
        if args.compiled_baseline:
            built = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace", "-j", "2"], cwd=base_tree,
                                   capture_output=True, text=True)
            if built.returncode:
                print(f"compare: error: building the baseline: {built.stderr.strip()[-300:]}", file=sys.stderr)
                return 2
        workers = {"baseline": Worker(base_tree, args.option, core), "current": Worker(REPO, args.option, core)}
        try:
            return run(workers, puzzles, parts, args)
        except RuntimeError as exc:  # a worker ended, e.g. a revision without bench/compare_records.py
            print(f"compare: error: {exc}", file=sys.stderr)
            return 2
        finally:
            for w in workers.values():
                w.close()


def run(workers: dict[str, Worker], puzzles: list[str], parts: list[tuple[str, list[int]]],
        args: argparse.Namespace) -> int:
    """The interleaved rounds and the printout."""
    print(f"file {args.file}  option {args.option}  baseline {args.baseline}  rounds {args.rounds}  "
          f"core {args.core}  load average at start {os.getloadavg()[0]:.1f}")
    times: dict[tuple[str, str], list[float]] = {}
    medians: dict[tuple[str, str], list[float]] = {}
    records: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in range(args.rounds):
        for name, indices in parts:
            spent: dict[str, list[float]] = {"baseline": [], "current": []}
            rated: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
            for k, first in enumerate(range(0, len(indices), args.chunk)):
                chunk = [puzzles[i] for i in indices[first:first + args.chunk]]
                order = ("baseline", "current") if (r + k) % 2 == 0 else ("current", "baseline")
                for tree in order:
                    _cpu, each, recs = workers[tree].rate(chunk, records=(r == 0))
                    spent[tree] += each
                    rated[tree] += recs
            for tree, each in spent.items():
                times.setdefault((name, tree), []).append(sum(each))
                medians.setdefault((name, tree), []).append(statistics.median(each))
                if r == 0:
                    records[(name, tree)] = rated[tree]
    print(f"load average at end {os.getloadavg()[0]:.1f}")
    print(f"{'part':<10} {'puzzles':>7} {'baseline s':>11} {'current s':>10} {'ratio':>6}  records")
    differing = 0
    totals = {"baseline": 0.0, "current": 0.0}
    for name, indices in parts:
        base = statistics.median(times[(name, "baseline")])
        cur = statistics.median(times[(name, "current")])
        totals["baseline"] += base
        totals["current"] += cur
        diff = differences(records[(name, "baseline")], records[(name, "current")], [puzzles[i] for i in indices], sys.stdout,
                           differing)
        differing += diff
        verdict = "identical" if not diff else f"{diff} differ"
        print(f"{name:<10} {len(indices):>7} {base:>11.2f} {cur:>10.2f} {cur / base:>6.3f}  {verdict}")
    count = sum(len(indices) for _, indices in parts)
    print(f"{'total':<10} {count:>7} {totals['baseline']:>11.2f} {totals['current']:>10.2f} "
          f"{totals['current'] / totals['baseline']:>6.3f}  "
          f"{'all identical' if not differing else f'{differing} differ'}")
    print("median puzzle, ms (baseline/current, ratio; median of the rounds): " + "; ".join(
        f"{name} {1000 * statistics.median(medians[(name, 'baseline')]):.2f}/"
        f"{1000 * statistics.median(medians[(name, 'current')]):.2f} "
        f"{statistics.median(medians[(name, 'current')]) / statistics.median(medians[(name, 'baseline')]):.3f}"
        for name, _ in parts))
    print("per round (baseline/current s): " + "; ".join(
        f"{name} " + " ".join(f"{x:.2f}/{y:.2f}" for x, y in zip(times[(name, 'baseline')], times[(name, 'current')]))
        for name, _ in parts))
    return 0 if not differing else 1


if __name__ == "__main__":
    sys.exit(main())
