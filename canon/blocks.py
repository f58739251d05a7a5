"""Precomputed tables for one 3x3 block and for the 72 block-level operations.

Both the canonical form and the enumeration spend nearly all their time asking
"what does this block look like after permuting its rows and columns?".  A
block's occupancy is a 9-bit mask whose most significant bit is the top-left
cell (bit ``8 - (3*a + b)`` for cell row ``a``, column ``b``), so that comparing
masks as ints *is* comparing the seed's bit strings lexicographically.  With
all 512 masks x 36 row/column permutations tabulated once, every step of the
search is a tuple lookup.

Permutations are in *listing* form: ``p[m]`` is the old index shown at new
position ``m``.  The same convention is used for bands, stacks, rows and
columns everywhere in :mod:`canon`.
"""

from __future__ import annotations

from itertools import permutations
from typing import Final

import numpy as np

#: The six permutations of (0, 1, 2), identity first.
PERMS3: Final[tuple[tuple[int, int, int], ...]] = tuple((a, b, c) for a, b, c in permutations(range(3)))


def _build_local() -> tuple[tuple[int, ...], ...]:
    """LOCAL[mask][6*p + q]: the mask after rows listed by PERMS3[p], columns by PERMS3[q]."""
    masks = np.arange(512)
    bits = (masks[:, None] >> (8 - np.arange(9))) & 1  # (512, 9), bit k = cell k of the block
    weights = 1 << (8 - np.arange(9))
    table = np.empty((512, 36), dtype=np.int64)
    for pi, p in enumerate(PERMS3):
        for qi, q in enumerate(PERMS3):
            source = [3 * p[m] + q[n] for m in range(3) for n in range(3)]
            table[:, 6 * pi + qi] = bits[:, source] @ weights
    return tuple(tuple(int(v) for v in row) for row in table)


LOCAL: Final = _build_local()
#: TRANSPOSE[mask]: the block mirrored at its main diagonal.
TRANSPOSE: Final = tuple(
    sum(1 << (8 - (3 * b + a)) for a in range(3) for b in range(3) if mask >> (8 - (3 * a + b)) & 1)
    for mask in range(512)
)
POPCOUNT: Final = tuple(bin(m).count("1") for m in range(512))
#: Rows (bit 2 - a for row a) and columns touched by a mask, for the prefix rule.
ROWS_OF_MASK: Final = tuple(sum(1 << (2 - a) for a in range(3) if m >> (6 - 3 * a) & 7) for m in range(512))
COLS_OF_MASK: Final = tuple(
    sum(1 << (2 - b) for b in range(3) if any(m >> (8 - (3 * a + b)) & 1 for a in range(3))) for m in range(512)
)
#: Row/column sets that are a prefix {0..r}: the only ones a maximal configuration can use.
PREFIX_SETS: Final = frozenset({0b000, 0b100, 0b110, 0b111})
#: Masks of each weight, largest first (the order in which the seed's key prefers them).
MASKS_BY_WEIGHT: Final = tuple(tuple(m for m in range(511, -1, -1) if POPCOUNT[m] == w) for w in range(10))


def _build_block_ops() -> tuple[tuple[bool, tuple[int, int, int], tuple[int, int, int]], ...]:
    return tuple((t, bands, stacks) for t in (False, True) for bands in PERMS3 for stacks in PERMS3)


#: The 72 block-level operations (transpose flag, band listing, stack listing).
BLOCK_OPS: Final = _build_block_ops()
#: BLOCK_SOURCES[op][3k + l]: original block shown at block position (k, l) after op.
BLOCK_SOURCES: Final = tuple(
    tuple((3 * stacks[l] + bands[k]) if t else (3 * bands[k] + stacks[l]) for k in range(3) for l in range(3))
    for t, bands, stacks in BLOCK_OPS
)
BLOCK_SOURCES_ARRAY: Final = np.array(BLOCK_SOURCES, dtype=np.intp)
