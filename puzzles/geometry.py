"""Grid geometry of the standard 9x9 Sudoku as precomputed tables.

Everything here is computed once at import time so that the hot loops of the
solver and the techniques only index tuples.  Cells are numbered 0..80 row by
row; a *bitboard* is an int whose bit ``c`` stands for cell ``c`` (the
python-chess idea: set operations on 81-bit ints are single C-level ops).

Units are numbered in the original program's scan order: rows 0..8, columns
9..17, boxes 18..26.  The English names here serve messages about bad input;
the reports write cells, units and boxes in the reader's language from the
language files (:mod:`techniques.texts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

from puzzles.errors import whole_number

#: A puzzle or solution: 81 digits row by row, 0 for an empty cell (the one definition of the packages).
Grid: TypeAlias = tuple[int, ...]

CELL_COUNT: Final = 81
DIGITS: Final = range(1, 10)
ALL_CELLS: Final = (1 << 81) - 1
ALL_DIGITS_MASK: Final = 0x1FF  # bit d-1 set for every digit d

ROW_OF: Final = tuple(c // 9 for c in range(81))
COL_OF: Final = tuple(c % 9 for c in range(81))
BOX_OF: Final = tuple(3 * (c // 27) + (c % 9) // 3 for c in range(81))

ROWS: Final = tuple(tuple(range(9 * r, 9 * r + 9)) for r in range(9))
COLS: Final = tuple(tuple(range(c, 81, 9)) for c in range(9))
BOXES: Final = tuple(
    tuple(27 * (b // 3) + 3 * (b % 3) + 9 * i + j for i in range(3) for j in range(3))
    for b in range(9)
)

#: All 27 units in scan order: rows, columns, boxes.
UNITS: Final = ROWS + COLS + BOXES
ROW_UNIT, COL_UNIT, BOX_UNIT = 0, 1, 2
#: Kind of each unit (0 row, 1 column, 2 box), indexed by unit number.
UNIT_KIND: Final = tuple(u // 9 for u in range(27))
#: The three units of a cell: (row unit, column unit, box unit).
CELL_UNITS: Final = tuple((ROW_OF[c], 9 + COL_OF[c], 18 + BOX_OF[c]) for c in range(81))

PEERS: Final = tuple(
    tuple(sorted({p for u in CELL_UNITS[c] for p in UNITS[u]} - {c})) for c in range(81)
)


def bitboard(cells: object) -> int:
    """Return the bitboard of an iterable of cell numbers."""
    mask = 0
    for c in cells:  # type: ignore[attr-defined]
        mask |= 1 << c
    return mask


CELL_BIT: Final = tuple(1 << c for c in range(81))
UNIT_MASK: Final = tuple(bitboard(u) for u in UNITS)
PEER_MASK: Final = tuple(bitboard(p) for p in PEERS)
ROW_MASK: Final = UNIT_MASK[0:9]
COL_MASK: Final = UNIT_MASK[9:18]
BOX_MASK: Final = UNIT_MASK[18:27]

_BOX_LABELS: Final = ("TL", "TM", "TR", "ML", "MM", "MR", "BL", "BM", "BR")
_UNIT_WORDS: Final = ("row", "column", "box")


#: The cell of a one-cell bitboard by its remainder modulo 83: 2 is a primitive root modulo 83, so
#: the 81 powers of 2 leave distinct remainders (-1 marks the two remainders no cell leaves). A
#: remainder is C arithmetic where the compiled path holds bitboards in 128-bit C integers; each
#: such module copies the table into a C array of its own (its ``.pxd``), as ``cells_of`` does here.
CELL_OF_BIT_MOD_83: Final = tuple(next((c for c in range(81) if (1 << c) % 83 == r), -1) for r in range(83))
_CELL_OF_BIT_MOD_83: Final = CELL_OF_BIT_MOD_83

#: Per 9-bit candidate mask: how many digits it holds, its lowest digit and its highest digit (0
#: for the empty mask; of a one-digit mask, that digit). Lookups rather than method calls, so that
#: a module whose compiled path holds masks in C integers reads them on C integers; each such
#: module copies the tables it reads into C arrays of its own (its ``.pxd``), as with
#: :data:`CELL_OF_BIT_MOD_83`.
DIGIT_COUNT: Final = tuple(m.bit_count() for m in range(512))
LOW_DIGIT: Final = tuple((m & -m).bit_length() for m in range(512))
HIGH_DIGIT: Final = tuple(m.bit_length() for m in range(512))


def _digit_tuples() -> tuple[tuple[int, ...], ...]:
    """The digits of every 9-bit mask, ascending: a loop on C integers on the compiled path (``geometry.pxd``)."""
    out = []
    for mask in range(512):
        digits = []
        for d in range(1, 10):
            if mask >> (d - 1) & 1:
                digits.append(d)
        out.append(tuple(digits))
    return tuple(out)


#: The digits of every 9-bit candidate mask, ascending (:func:`digits_of` as a lookup, for the
#: searches that ask for them per cell).
DIGITS_OF_MASK: Final = _digit_tuples()


def cells_of(mask: int) -> list[int]:
    """Cells of a bitboard in ascending (scan) order.

    Each lowest bit is named by a table lookup on its remainder modulo 83
    rather than by ``bit_length``: the same work in Python, and on the
    compiled path (``geometry.pxd``) C arithmetic on a 128-bit integer with
    no Python object made per cell but the cell number.  Only cells: a set of
    other things (the chain search's nodes) has its own lister.
    """
    if mask >> 81:
        raise ValueError("cells_of takes a bitboard of the 81 cells")
    out = []
    cell_of_bit = _CELL_OF_BIT_MOD_83
    while mask:
        low = mask & -mask
        out.append(cell_of_bit[low % 83])
        mask ^= low
    return out


def digits_of(mask: int) -> list[int]:
    """Digits of a 9-bit candidate mask (bit d-1 = digit d), ascending."""
    return [d for d in range(1, 10) if mask >> (d - 1) & 1]


def digit_string(mask: int) -> str:
    """A candidate mask written as the original's 'Rest', e.g. ``235``."""
    return "".join(str(d) for d in digits_of(mask))


def cell_name(cell: int) -> str:
    """The original notation ``(r:c)``, 1-based."""
    whole_number(cell, "a cell number", 0, 80)
    return f"({ROW_OF[cell] + 1}:{COL_OF[cell] + 1})"


def box_name(box: int) -> str:
    """Box label in the original style, e.g. ``Box 3#2 (BM)`` (English, for messages)."""
    whole_number(box, "a box number", 0, 8)
    return f"Box {box // 3 + 1}#{box % 3 + 1} ({_BOX_LABELS[box]})"


def unit_name(unit: int) -> str:
    """English name of unit 0..26 for messages: ``row 3``, ``column 5`` or ``Box 1#2 (TM)``."""
    whole_number(unit, "a unit number", 0, 26)
    kind, index = divmod(unit, 9)
    if kind == BOX_UNIT:
        return box_name(index)
    return f"{_UNIT_WORDS[kind]} {index + 1}"


def transposed(rows: Sequence[int]) -> list[int]:
    """Nine 9-bit masks read the other way: bit i of entry j is bit j of ``rows[i]``.

    E.g. a digit's columns per row become its rows per column, or the
    candidates per cell of a unit become the cells per digit.  Bit by bit,
    which the compiled path (``geometry.pxd``) runs on C integers.
    """
    out = [0, 0, 0, 0, 0, 0, 0, 0, 0]
    i = 0
    for row in rows:
        bits = row
        j = 0
        while bits:
            if bits & 1:
                out[j] |= 1 << i
            bits >>= 1
            j += 1
        i += 1
    return out
