"""Minlex form by brute force over all 3,359,232 elements of G, independent of :mod:`canon.minlex_search`.

Every element (transposition x row map x column map, the row maps rebuilt in
:func:`canon.burnside.row_group`) is one row of a numpy table.  The
images are compared cell by cell in reading order: each row relabels its
digits in order of first appearance as it goes (``0`` stays ``0``), only the
rows whose cell equals the smallest survive to the next cell.  That is the
lexicographic minimum over all images, computed without building them; the
rows left at the end are the elements reaching it, so their number is the
automorphism count.  About a second per input.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from canon.burnside import row_group


def brute_minlex(grid: Sequence[int]) -> tuple[tuple[int, ...], int]:
    """(minlex form, number of elements of G reaching it) of 81 cell values (0 = empty)."""
    maps = np.array(row_group(), dtype=np.int16)  # (1296, 9)
    count = len(maps)
    square = np.asarray(grid, dtype=np.int8).reshape(9, 9)
    both = np.stack([square, square.T])  # (2, 9, 9)
    flat = np.arange(2 * count * count, dtype=np.int32)
    turn = (flat // (count * count)).astype(np.int8)
    row_map = (flat // count % count).astype(np.int16)
    col_map = (flat % count).astype(np.int16)
    del flat
    labels = np.zeros((len(turn), 10), dtype=np.int8)
    nxt = np.ones(len(turn), dtype=np.int8)
    form = []
    for cell in range(81):
        r, c = divmod(cell, 9)
        values = both[turn, maps[row_map, r], maps[col_map, c]].astype(np.intp)
        index = np.arange(len(values))
        label = labels[index, values]
        new = (values > 0) & (label == 0)
        labels[index[new], values[new]] = nxt[new]
        label = np.where(new, nxt, label)
        nxt = nxt + new
        smallest = int(label.min())
        form.append(smallest)
        keep = label == smallest
        if not keep.all():
            turn, row_map, col_map, labels, nxt = turn[keep], row_map[keep], col_map[keep], labels[keep], nxt[keep]
    return tuple(form), len(turn)
