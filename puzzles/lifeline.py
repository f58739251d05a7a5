"""Worker processes that never outlive the run that started them.

A pool's workers are separate processes: when their parent is killed
(``kill -9``, an OOM kill, a closed terminal) nothing tells them, so they
would rate or search on for minutes, holding the parent's stdout open (a
pipeline that never ends) and printing ``KeyboardInterrupt`` tracebacks when
a later Ctrl-C reaches them.  Every pool (``rate --file --jobs``, ``generate
--jobs``, ``canon dedup --jobs``, ``canon enumerate --jobs``, the sweep of
the studies) therefore starts each worker with :func:`start_worker`:

* Ctrl-C is ignored: interrupting is the parent's business, which ends its
  workers itself; SIGTERM ends a worker at once (a forked worker would
  otherwise inherit the parent's handler and die with a
  ``KeyboardInterrupt`` traceback);
* on Linux the kernel kills the worker when its parent dies
  (``PR_SET_PDEATHSIG``, asked for through ``ctypes``);
* everywhere a daemon thread checks once a second that the parent is still
  the one that started the worker, and ends the worker quietly
  (``os._exit``: no traceback, no clean-up that could block) when it is not.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from typing import Final

#: ``prctl`` option of Linux: the signal a process gets when its parent dies.
PR_SET_PDEATHSIG: Final = 1
#: Seconds between two looks at the parent.
WATCH_SECONDS: Final = 1.0


def start_worker(parent: int | None = None) -> None:
    """Make this (worker) process end with ``parent`` (default: its parent now); call it first in a worker."""
    parent = os.getppid() if parent is None else parent
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, which raises KeyboardInterrupt
    _ask_kernel()
    if os.getppid() != parent:  # the parent died before the kernel was asked
        os._exit(0)
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _ask_kernel() -> None:
    """Linux: SIGKILL this process when its parent dies; nothing elsewhere, or if ``prctl`` is missing."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _watch(parent: int) -> None:
    """End the process once its parent is gone (it is then re-parented: ``getppid`` changes)."""
    while True:
        time.sleep(WATCH_SECONDS)
        if os.getppid() != parent:
            os._exit(0)
