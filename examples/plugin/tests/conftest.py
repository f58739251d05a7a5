"""Run from the sudoku-rater repository root: ``python3 -m pytest examples/plugin/tests``.

The plugin's package is imported from this source tree, so the tests need no installation;
sudoku-rater itself comes from the repository root (or from an installed copy).
"""

import sys
from pathlib import Path

PLUGIN = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PLUGIN))
sys.path.insert(0, str(PLUGIN.parents[1]))
