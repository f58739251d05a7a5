"""A ``coach`` server in a child process on a free loopback port, for the tests and the benchmark.

The browser test, the loopback test and bench/coach.py all need the real
thing (uvicorn, the lifespan that starts the worker pool, HTTP over a
socket) rather than an in-process client, and each needs it started,
awaited and stopped the same way; this is that one way.  The child runs
``python -m rater.coach.cli`` from the directory that holds this copy of the
package, so it serves the same code as the process that starts it.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Final

#: The directory that holds the four packages this module was loaded from.
ROOT: Final = Path(__file__).resolve().parents[2]
#: How long the server may take to answer ``/api/meta`` after it printed its address.
READY_SECONDS: Final = 60.0


class ServerFailed(RuntimeError):
    """The child process did not print the address it serves (its stderr, which it shares with ours, tells why)."""


@contextmanager
def served(*options: str) -> Iterator[str]:
    """``coach --port 0 --no-browser OPTIONS`` in a process of its own; its address, ``http://127.0.0.1:PORT/``.

    The address is yielded once ``/api/meta`` answers, so the first request
    is not refused; leaving the block terminates the server (killed if it
    does not stop within 20 seconds).  The child writes its log to our
    stderr rather than to a pipe nobody reads, which could fill and stall it.
    """
    command = [sys.executable, "-m", "rater.coach.cli", "--port", "0", "--no-browser", *options]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            found = re.search(r"http://127\.0\.0\.1:\d+/", line)
            if not found:
                raise ServerFailed(f"the coach did not print its address: {line.strip() or 'no output'}")
            url = found.group(0)
            _wait_until_ready(url)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_ready(url: str) -> None:
    end = time.monotonic() + READY_SECONDS
    while True:
        try:
            with urllib.request.urlopen(url + "api/meta", timeout=5):
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.2)
