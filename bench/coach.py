"""Latency and throughput of the coach's JSON API against a ``coach`` server on loopback.

Starts ``coach --port 0 --no-browser`` (the worktree's code), then on the
first --count puzzles of tests/data/sample1000_every3.txt measures, one
request at a time, the latency of ``GET /api/rate`` and of ``POST /api/hint``
from the position halfway through each rating (digits only), p50 and p95 in
milliseconds; then requests per second of ``/api/rate`` with --clients
clients at once, for at most --seconds seconds or --count x 4 requests.
Prints markdown.

Usage: python3 bench/coach.py [--count 100] [--clients 20] [--seconds 20] [--workers N]
Timings are wall-clock on whatever machine runs it; on a shared box they are noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import REPO, load, percentile  # noqa: E402
from rater.coach.serving import served  # noqa: E402

SAMPLE = REPO / "tests" / "data" / "sample1000_every3.txt"


def timed(request: urllib.request.Request | str) -> tuple[float, dict]:
    began = time.perf_counter()
    with urllib.request.urlopen(request, timeout=300) as answer:
        data = json.load(answer)
    return (time.perf_counter() - began) * 1000, data


def midway(record: dict) -> str:
    """The position after the first half of a rating's steps (their placements)."""
    cells = list(record["puzzle"])
    steps = record["steps"]
    for step in steps[: len(steps) // 2]:
        for r, c, d in step["placements"]:
            cells[(r - 1) * 9 + c - 1] = str(d)
    return "".join(cells)


def hint_request(url: str, puzzle: str, position: str) -> urllib.request.Request:
    body = json.dumps({"puzzle": puzzle, "position": position}).encode()
    return urllib.request.Request(url + "api/hint", data=body, headers={"content-type": "application/json"})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    puzzles = load(str(SAMPLE), args.count)
    extra = ["--workers", str(args.workers)] if args.workers else []
    with served(*extra) as url:
        rate_ms, hint_ms, records = [], [], []
        for puzzle in puzzles:
            ms, record = timed(url + "api/rate?" + urllib.parse.urlencode({"puzzle": puzzle}))
            rate_ms.append(ms)
            records.append(record)
        for record in records:
            ms, _ = timed(hint_request(url, record["puzzle"], midway(record)))
            hint_ms.append(ms)
        done, failed = 0, 0
        limit = args.count * 4
        lock = threading.Lock()
        end = time.monotonic() + args.seconds

        def client(k: int) -> None:
            nonlocal done, failed
            i = k
            while time.monotonic() < end:
                with lock:
                    if done + failed >= limit:
                        return
                try:
                    timed(url + "api/rate?" + urllib.parse.urlencode({"puzzle": puzzles[i % len(puzzles)]}))
                    with lock:
                        done += 1
                except OSError:
                    with lock:
                        failed += 1
                i += args.clients

        began = time.perf_counter()
        threads = [threading.Thread(target=client, args=(k,)) for k in range(args.clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        wall = time.perf_counter() - began
    print(f"{len(puzzles)} puzzles of {SAMPLE.name}; {platform.machine()}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}\n")
    print("| request | p50 ms | p95 ms |\n|---|---|---|")
    print(f"| GET /api/rate | {percentile(rate_ms, 0.5):.0f} | {percentile(rate_ms, 0.95):.0f} |")
    print(f"| POST /api/hint (halfway, digits only) | {percentile(hint_ms, 0.5):.0f} | "
          f"{percentile(hint_ms, 0.95):.0f} |")
    print(f"\n{args.clients} clients: {done} ratings in {wall:.1f} s = {done / wall:.1f} requests/s, {failed} failed")


if __name__ == "__main__":
    main()
