"""Human solving techniques: the board, the technique registry and one module per family.

Importing this package registers every technique class; the order and the
settings of a run come from ``techniques.yaml`` (see ``techniques.catalogue``).
Each family module below is imported for its registrations.
"""

import puzzles  # noqa: F401  first: SUDOKU_RATER_PURE=1 must act before a compiled module loads
from puzzles.version import __version__

# Family modules, in search order (one import per module; keep the list sorted by family).
from techniques import direct  # noqa: F401  A, B
from techniques import obvious_singles  # noqa: F401  C, D
from techniques import pencil  # noqa: F401  PM
from techniques import singles  # noqa: F401  E, F
from techniques import boxtest  # noqa: F401  I: BT1, BT2
from techniques import tuples  # noqa: F401  II: NT, HT
from techniques import remote_pairs  # noqa: F401  RP, CRP
from techniques import golden_chains  # noqa: F401  III: GC
from techniques import wings  # noqa: F401  III: XYZ, WXYZ
from techniques import fish  # noqa: F401  IV: SG
from techniques import single_digit_chains  # noqa: F401  IV: SC, SCC
from techniques import unique_rectangles  # noqa: F401  V: UR, QUR
from techniques import unique_loops  # noqa: F401  V: UL, QUL
from techniques import chains  # noqa: F401  VI: CC, CCS, ICC, ACS, ACR
from techniques import bowman  # noqa: F401  BB
from techniques import trial  # noqa: F401  TE

from techniques.base import Context, Phase, Technique  # noqa: E402
from techniques.board import Board  # noqa: E402
from techniques.catalogue import Catalogue, CatalogueError  # noqa: E402
from techniques.step import Step  # noqa: E402

__all__ = ["Board", "Catalogue", "CatalogueError", "Context", "Phase", "Step", "Technique", "__version__"]
