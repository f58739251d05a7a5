"""Benchmark of ``canon dedup``: a collection with random isomorphic copies must come back whole.

Builds a file of BASE puzzles (the first lines of 17clue.txt, one puzzle per
isomorphism class by the list's construction, or of another collection with
--source) plus COPIES images of them under uniformly random elements of G*,
shuffled together; runs ``python -m canon dedup`` on it in a child process
for each --jobs value and prints the classes kept (must be BASE), the
wall-clock time and the child's peak memory (max RSS).  Then the memory of the
digest set alone, measured for --set-size random digests, and a projection
for 10^7 puzzles.

Usage: python3 bench/dedup.py [--base 10000] [--copies 40000] [--jobs 1 2] [--source 17clue.txt]
Data: ../shared/data beside the repository, or $SUDOKU_DATA.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from canon.group import random_transformation  # noqa: E402
from canon.minlex_search import minlex  # noqa: E402
from puzzles.parsing import format_line, parse_line  # noqa: E402

DATA = Path(os.environ.get("SUDOKU_DATA", REPO.parent / "shared" / "data"))


def build(source: str, base: int, copies: int, path: Path, seed: int = 29) -> list[str]:
    """Write the test file; return the base puzzles."""
    lines = [ln.split()[0] for ln in (DATA / source).read_text().splitlines() if ln.strip() and ln[0] not in "#["]
    originals = lines[:base]
    rng = random.Random(seed)
    out = list(originals)
    for _ in range(copies):
        out.append(format_line(random_transformation(rng).apply(parse_line(rng.choice(originals)))))
    rng.shuffle(out)
    path.write_text("\n".join(out) + "\n")
    return originals


def run(path: Path, jobs: int, output: Path) -> tuple[float, float, float, str]:
    """(seconds, CPU seconds of the child and its workers, peak MiB of one process, the summary line)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    before, cpu_before = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "canon", "dedup", str(path), "--output", str(output), "--jobs", str(jobs), "--no-progress"],
        cwd=REPO, capture_output=True, text=True, check=True,
    )
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    # ru_maxrss of children is the largest process so far (KiB on Linux), workers included
    return seconds, usage.ru_utime + usage.ru_stime - cpu_before, max(usage.ru_maxrss, before) / 1024, \
        done.stderr.strip().splitlines()[-1]


def set_memory(size: int) -> float:
    """Bytes per entry of a set of ``size`` random 16-byte digests (resident memory growth)."""

    def rss() -> int:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    start = rss()
    rng = random.Random(1)
    digests = {rng.getrandbits(128).to_bytes(16, "big") for _ in range(size)}
    grown = rss() - start
    assert len(digests) == size
    return grown / size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=int, default=10_000)
    parser.add_argument("--copies", type=int, default=40_000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--source", default="17clue.txt")
    parser.add_argument("--set-size", type=int, default=1_000_000)
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "collection.txt"
        originals = build(args.source, args.base, args.copies, path)
        total = args.base + args.copies
        print("| input | jobs | classes kept | seconds | puzzles/s | CPU ms per puzzle | peak MiB |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for jobs in args.jobs:
            output = Path(tmp) / f"out{jobs}.txt"
            seconds, cpu, peak, summary = run(path, jobs, output)
            kept = output.read_text().splitlines()
            assert len(kept) == args.base, summary
            assert {minlex(p) for p in kept[:200]} <= {minlex(p) for p in originals}
            print(f"| {args.base:,} of {args.source} + {args.copies:,} copies | {jobs} | {len(kept):,} | "
                  f"{seconds:.1f} | {total / seconds:,.0f} | {1000 * cpu / total:.3f} | {peak:.0f} |", flush=True)
    per_entry = set_memory(args.set_size)
    print(f"\ndigest set: {per_entry:.0f} bytes per class ({args.set_size:,} random 16-byte digests); "
          f"10^7 classes: {per_entry * 1e7 / 2**30:.2f} GiB for the set")


if __name__ == "__main__":
    main()
