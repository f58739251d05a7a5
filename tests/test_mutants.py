"""bench/mutants.py still fits the code: every mutant's text occurs exactly once in its file.

The mutation check (docs/reliability.md, "Mutation check") takes minutes and is run by hand; a
mutant whose text was edited away would stop it, or, worse, count nothing. This test runs only
the list's own check (``--check``: no copy, no tests), as a script, the way it is run.
"""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def test_every_mutant_fits_the_code() -> None:
    done = subprocess.run([sys.executable, str(REPO / "bench" / "mutants.py"), "--check"], cwd=REPO,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
