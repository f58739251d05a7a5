"""Canonical form of a complete grid, fast, for the same order as :mod:`canon.canonical`.

For a complete grid key components 1-4 are the same for every element of G
(all 81 cells are clues), so the canonical form is decided by component 5
alone: the smallest relabelled value sequence read block by block (B00, B01,
..., B22, cells row by row inside a block).  Trying all 3,359,232 elements is
never needed, because that reading order decides almost everything greedily:

1. Block B00 contains every digit once, so its relabelled values are always
   1..9 and it fixes the whole digit map.  B00 is chosen by the transposition
   flag, the band and stack moved to position 0 and the row and column order
   inside them: 2 x 3 x 3 x 6 x 6 = 648 candidates.
2. With rows 0-2 fixed, B01 is smallest when its first cell is: the column of
   the six remaining with the smallest label in row 0 opens stack 1, and the
   columns of a stack are in ascending order of their row-0 labels.  Row 0
   holds nine distinct digits, so this order is unique; stack 2 follows.
3. Likewise B10 is smallest when the rows of bands 1 and 2 are sorted by
   their label in column 0 (nine distinct digits again), the band holding the
   smallest opening band 1.

So each candidate has exactly one best completion, and the canonical form is
the smallest of 648 relabelled grids, all computed at once with numpy.  The
candidates reaching it are exactly the elements of G* that map the grid onto
its form; there are as many as the grid has automorphisms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from canon.blocks import PERMS3
from canon.group import Transformation
from canon.key import BLOCK_ORDER
from canon.value_stage import pack_sequences, smallest_rows


def _candidates() -> tuple[np.ndarray, ...]:
    """Transposition flag, band, stack, row order of the band, column order of the stack for B00."""
    rows = [(t, b, s, p, q) for t in (0, 1) for b in range(3) for s in range(3) for p in PERMS3 for q in PERMS3]
    flags = np.array([r[0] for r in rows], dtype=np.intp)
    band_rows = np.array([[3 * r[1] + m for m in r[3]] for r in rows], dtype=np.intp)
    stack_cols = np.array([[3 * r[2] + n for n in r[4]] for r in rows], dtype=np.intp)
    return flags, band_rows, stack_cols


def _fixed_keys(fixed: np.ndarray) -> np.ndarray:
    """Sort keys -10, -9, -8 for the chosen lines of the fixed unit (in their order), 0 elsewhere."""
    keys = np.zeros((len(fixed), 9), dtype=np.intp)
    keys[np.arange(len(fixed))[:, None], fixed] = np.arange(3) - 10
    return keys


_FLAG, _BAND_ROWS, _STACK_COLS = _candidates()
_COUNT: Final = len(_FLAG)  # 648
_INDEX: Final = np.arange(_COUNT)
_LINE_UNIT: Final = np.arange(9) // 3  # band (stack) of each row (column)
#: Flat positions in the stacked array (grid, transposed grid) of 162 values.
_BAND0_CELLS: Final = (81 * _FLAG[:, None, None] + 9 * _BAND_ROWS[:, :, None] + np.arange(9)).reshape(_COUNT, 27)
_B00_CELLS: Final = (81 * _FLAG[:, None, None] + 9 * _BAND_ROWS[:, :, None] + _STACK_COLS[:, None, :]).reshape(
    _COUNT, 9
)
_COLUMN0_CELLS: Final = 81 * _FLAG[:, None] + 9 * np.arange(9) + _STACK_COLS[:, :1]
_LABEL_BASE: Final = 10 * _INDEX
_FIXED_COLUMN_KEYS: Final = _fixed_keys(_STACK_COLS)
_FIXED_ROW_KEYS: Final = _fixed_keys(_BAND_ROWS)
#: Blocks B01 and B02 in reading order, as (row offset in band 0, index into the new column order).
_BAND0_ROW_OFFSETS: Final = np.tile(np.repeat(9 * np.arange(3), 3), 2)
_BAND0_COLUMN_PICKS: Final = np.array([3, 4, 5] * 3 + [6, 7, 8] * 3)
_LATER_CELLS: Final = np.array(BLOCK_ORDER[9:], dtype=np.intp)


def _opening_order(fixed_keys: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """Line order: the fixed unit first (in its chosen order), then the others by their labels.

    ``labels[i, x]`` is the label of line ``x`` (row or column) for candidate
    ``i``; lines of the same band/stack stay together, the unit whose smallest
    label is smaller comes first, and inside a unit the labels ascend.
    """
    units = labels.reshape(len(labels), 3, 3)
    unit_min = np.minimum(np.minimum(units[:, :, 0], units[:, :, 1]), units[:, :, 2])[:, _LINE_UNIT]
    keys = np.where(fixed_keys < 0, fixed_keys, 16 * unit_min + labels)  # the fixed unit below every label key
    return np.argsort(keys, axis=1, kind="stable")  # distinct keys; "stable" is numpy's fastest here


def is_complete_grid(grid: Sequence[int]) -> bool:
    """True for a valid solution grid: every row, column and box holds 1..9 once."""
    if len(grid) != 81 or 0 in grid:  # the quick answer for every puzzle
        return False
    values = np.asarray(grid)
    if values.min() < 1 or values.max() > 9:
        return False
    full = (1 << 10) - 2
    bits = 1 << values.reshape(9, 9)
    boxes = bits.reshape(3, 3, 3, 3).swapaxes(1, 2).reshape(9, 9)
    return all((np.bitwise_or.reduce(part, axis=1) == full).all() for part in (bits, bits.T, boxes))


def complete_grid_form(grid: Sequence[int]) -> tuple[tuple[int, ...], list[Transformation]]:
    """The canonical form of a valid complete grid and every element of G* reaching it.

    The caller checks :func:`is_complete_grid`; the greedy steps rely on every
    row, column and box holding nine distinct digits.  Band 0 is compared for
    all 648 candidates first; usually one or a few survive (as many as the
    grid has automorphisms at most), and only those are completed.
    """
    values = np.asarray(grid, dtype=np.intp).reshape(9, 9)
    flat = np.concatenate([values.ravel(), values.T.ravel()])
    labels = np.zeros(10 * _COUNT, dtype=np.intp)
    labels[_LABEL_BASE[:, None] + flat[_B00_CELLS]] = np.arange(1, 10)

    band0 = labels[_LABEL_BASE[:, None] + flat[_BAND0_CELLS]]  # (648, 27): labels of rows 0-2, source columns
    cols = _opening_order(_FIXED_COLUMN_KEYS, band0[:, :9])
    picks = _BAND0_ROW_OFFSETS + cols[:, _BAND0_COLUMN_PICKS]  # B01 then B02, row by row
    band0_rest = np.take_along_axis(band0, picks, axis=1)
    survivors = smallest_rows(pack_sequences(band0_rest))

    count = len(survivors)
    subset = np.arange(count)
    sub_labels = labels.reshape(_COUNT, 10)[survivors]
    column0 = sub_labels[subset[:, None], flat[_COLUMN0_CELLS[survivors]]]
    rows = _opening_order(_FIXED_ROW_KEYS[survivors], column0)
    sub_cols = cols[survivors]
    base = flat.reshape(2, 9, 9)[_FLAG[survivors]]
    image = base[subset[:, None, None], rows[:, :, None], sub_cols[:, None, :]].reshape(count, 81)
    relabelled = sub_labels[subset[:, None], image]
    best = smallest_rows(pack_sequences(relabelled[:, _LATER_CELLS]))

    form = tuple(int(v) for v in relabelled[best[0]])
    elements = [
        transformation_from_lines(bool(_FLAG[survivors[i]]), rows[i].tolist(), sub_cols[i].tolist(), sub_labels[i, 1:].tolist())
        for i in best
    ]
    return form, elements


def transformation_from_lines(
    transpose: bool, rows: Sequence[int], cols: Sequence[int], digits: Sequence[int]
) -> Transformation:
    """The element of G* showing source row ``rows[i]`` at new row ``i`` (columns alike), digit d as ``digits[d - 1]``."""
    return Transformation(
        transpose=transpose,
        bands=tuple(rows[3 * k] // 3 for k in range(3)),  # type: ignore[arg-type]
        stacks=tuple(cols[3 * l] // 3 for l in range(3)),  # type: ignore[arg-type]
        rows=tuple(tuple(rows[3 * k + m] % 3 for m in range(3)) for k in range(3)),  # type: ignore[arg-type]
        cols=tuple(tuple(cols[3 * l + n] % 3 for n in range(3)) for l in range(3)),  # type: ignore[arg-type]
        digits=tuple(int(v) for v in digits),
    )
