"""Wall-clock figures of the bulk rater's guards, measured here instead of asserted in tests.

A test that asserts a time limit fails on a loaded machine for no fault of the
code; the tests assert the deterministic side (error records never wait for a
worker, a hung worker's record says it was killed) and this script prints the
times:

1. ``rate --file`` over N malformed lines and one puzzle, one worker (the error
   records must flow as fast as the parser reads: seconds, not minutes);
2. ``rate --file --cluster tcp://127.0.0.1:9``: how soon an unreachable
   scheduler is reported (needs the cluster extra; skipped without Dask).

    python3 bench/bulk_limits.py              # 20,000 malformed lines
    python3 bench/bulk_limits.py --lines 300000
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EASY = "800000003009000000040706090005904100000000000003002700090108070002000400700000005"


def timed_rate(*args: str) -> tuple[float, int]:
    """Seconds and exit code of one ``rate`` process."""
    began = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "rater.cli", *args], cwd=REPO, capture_output=True)
    return time.monotonic() - began, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=20_000, help="malformed lines (default 20,000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "bad.txt"
        source.write_text("".join(f"malformed line {i}\n" for i in range(args.lines)) + EASY + "\n")
        seconds, code = timed_rate("--file", str(source), "--output", str(Path(folder) / "o.csv"), "-j", "1", "-q")
        print(f"malformed lines: {args.lines:,} + 1 puzzle, 1 worker: {seconds:.1f} s wall (exit {code})")
        if importlib.util.find_spec("distributed") is None:
            print("unreachable scheduler: skipped (Dask is not installed)")
            return
        seconds, code = timed_rate("--file", str(source), "--output", str(Path(folder) / "c.csv"),
                                   "--cluster", "tcp://127.0.0.1:9")
        print(f"unreachable scheduler: reported after {seconds:.1f} s (exit {code})")


if __name__ == "__main__":
    main()
