"""Reading and writing puzzles.

A puzzle is a tuple of 81 ints, 0 for an empty cell.  Two text forms are read:

* one line of 81 characters, row by row, where ``1``-``9`` are givens and any
  other printable character is an empty cell (as the original program does);
* a grid of 9 lines of 9 cells, optionally framed with ``|``, ``+``, ``-`` and
  ``=`` (lines made only of frame characters are skipped), as in ``.sdk`` files.

Every problem is reported by :class:`PuzzleError` with a message of one line
that names the problem exactly (the length found, the duplicate digit with its
unit and both cells), because researchers paste puzzles from many sources and
need to see at once what is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import repeat
from numbers import Integral
from typing import Final, TypeAlias

from puzzles.errors import InputError
from puzzles.geometry import BOX_OF, COL_OF, ROW_OF, UNITS, Grid, cell_name, unit_name

FRAME_CHARS: Final = frozenset("|+-=_ \t")
_DIGIT_VALUE: Final = {str(d): d for d in range(1, 10)}
#: :data:`_DIGIT_VALUE` as a byte table: ``1``-``9`` to their values, every other byte to 0 (an empty cell).
_BYTE_VALUE: Final = bytes(_DIGIT_VALUE.get(chr(b), 0) for b in range(256))
#: A puzzle as every API takes it: any text form :func:`parse_puzzle` reads, or 81 ints 0-9.
Puzzle: TypeAlias = str | Sequence[int]
_PLAIN_INTS: Final = {int}
#: For cell c and digit d, the names (unit, digit) a given d in c takes in its row, column and box.
_UNIT_DIGITS: Final = tuple(
    tuple((10 * ROW_OF[c] + d, 10 * (9 + COL_OF[c]) + d, 10 * (18 + BOX_OF[c]) + d) for d in range(10))
    for c in range(81)
)


class PuzzleError(InputError):
    """A puzzle text that cannot be read or breaks the rules.

    ``kind`` is a short machine-readable tag (``length``, ``character``,
    ``duplicate``, ``grid``) used by reports and tests.
    """

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _cells_from_line(line: str) -> Grid:
    # The whole line at once (the space is the one printable white-space character), so that
    # a bulk run does not pay a Python loop per cell; the loop only names the culprit.
    if not line.isprintable() or " " in line:
        for ch in line:
            if not ch.isprintable() or ch.isspace():
                raise PuzzleError("character", f"illegal character {ch!r} in puzzle")
    if line.isascii():  # nearly every line: one translation in C, the values read off its bytes
        return tuple(line.encode("ascii").translate(_BYTE_VALUE))
    return tuple(map(_DIGIT_VALUE.get, line, repeat(0, len(line))))


def parse_line(text: str) -> Grid:
    """Parse one 81-character puzzle line (surrounding white space ignored)."""
    line = text.strip()
    if len(line) != 81:
        raise PuzzleError("length", f"a puzzle needs 81 cells, got {len(line)} characters")
    return _cells_from_line(line)


def parse_grid_lines(lines: Sequence[str]) -> Grid:
    """Parse a 9x9 grid given as text lines, with or without frames."""
    rows: list[str] = []
    for raw in lines:
        line = raw.rstrip("\n")
        if not line.strip() or all(ch in FRAME_CHARS for ch in line):
            continue
        cells = "".join(ch for ch in line if ch not in "|+ \t")
        if len(cells) != 9:
            shown = line.strip()
            shown = shown if len(shown) <= 40 else shown[:37] + "..."  # a message is one short line
            raise PuzzleError("grid", f"grid row {len(rows) + 1} has {len(cells)} cells, expected 9: {shown!r}")
        rows.append(cells)
    if len(rows) != 9:
        raise PuzzleError("grid", f"a grid needs 9 rows of cells, got {len(rows)}")
    return _cells_from_line("".join(rows))


def parse_puzzle(text: str) -> Grid:
    """Parse a puzzle in any supported text form and check its givens.

    Raises :class:`PuzzleError` for a wrong length, an unreadable grid or a
    digit given twice in one unit.
    """
    if not isinstance(text, str):
        raise PuzzleError("type", f"a puzzle text is a string, not {type(text).__name__}")
    grid = _read_text(text)
    check_givens(grid)
    return grid


def _read_text(text: str) -> Grid:
    """The cells of a one-line or 9-line text, as written (givens not checked)."""
    stripped = text.strip()
    return parse_grid_lines(stripped.splitlines()) if "\n" in stripped else parse_line(stripped)


def read_cells(puzzle: Puzzle) -> Grid:
    """The 81 cell values of ``puzzle`` as written, without the givens check: the forms every API takes.

    ``puzzle`` is any text form :func:`parse_puzzle` reads or a sequence of
    81 integers 0-9 (0 empty; NumPy integers too, ``bool`` not).  This is the
    one place those forms are defined and checked, for the engine
    (:func:`as_grid`) and for ``canon``, whose patterns and full grids may
    break the rules on purpose.  Anything else is a :class:`PuzzleError`.
    """
    if isinstance(puzzle, str):
        return _read_text(puzzle)
    if isinstance(puzzle, (bytes, bytearray, Mapping)) or not isinstance(puzzle, Iterable):
        raise PuzzleError("type", f"a puzzle is a string or 81 digits, not {type(puzzle).__name__}")
    values = tuple(puzzle)
    if len(values) != 81:
        raise PuzzleError("length", f"a puzzle needs 81 cells, got {len(values)}")
    if set(map(type, values)) == _PLAIN_INTS and min(values) >= 0 and max(values) <= 9:  # the common case, fast
        return values
    return tuple(_cell_value(cell, value) for cell, value in enumerate(values))


def _cell_value(cell: int, value: object) -> int:
    """``value`` as the int of one cell, or the PuzzleError naming the cell."""
    if isinstance(value, Integral) and not isinstance(value, bool) and 0 <= int(value) <= 9:
        return int(value)
    shown = repr(value) if len(repr(value)) <= 20 else repr(value)[:17] + "..."
    raise PuzzleError("character", f"{cell_name(cell)} holds {shown}: a cell is 0 (empty) or a digit 1-9")


def as_grid(puzzle: Puzzle) -> Grid:
    """The givens of ``puzzle`` (the forms of :func:`read_cells`), checked.

    The one door of the engine and the API: whatever is wrong (type, length,
    character, a value outside 0-9, a digit twice in a unit) is a
    :class:`PuzzleError` with the message the command line prints.
    """
    grid = read_cells(puzzle)
    check_givens(grid)
    return grid


def find_conflict(grid: Sequence[int]) -> tuple[int, int, int, int] | None:
    """First (digit, unit, cell_a, cell_b) where a digit stands twice, in scan order.

    Every given names its digit in its three units; only when two names coincide are the
    units scanned for the first conflict (a bulk run checks every line, nearly all clean).
    """
    names = [name for c, d in enumerate(grid) if d for name in _UNIT_DIGITS[c][d]]
    if len(set(names)) == len(names):
        return None
    for u, unit in enumerate(UNITS):
        seen: dict[int, int] = {}
        for c in unit:
            d = grid[c]
            if d:
                if d in seen:
                    return d, u, seen[d], c
                seen[d] = c
    return None


def check_givens(grid: Sequence[int]) -> None:
    """Raise :class:`PuzzleError` if a digit appears twice in a row, column or box."""
    conflict = find_conflict(grid)
    if conflict:
        d, u, a, b = conflict
        raise PuzzleError(
            "duplicate", f"digit {d} appears twice in {unit_name(u)}: {cell_name(a)} and {cell_name(b)}"
        )


def format_line(grid: Puzzle, empty: str = ".") -> str:
    """The 81-character form of a puzzle (the forms of :func:`read_cells`), ``empty`` for empty cells."""
    mark = _empty_mark(empty)
    cells = read_cells(grid)
    if mark.isascii():
        return grid_line(cells, mark)
    return "".join(str(d) if d else mark for d in cells)


def grid_line(cells: Grid, empty: str = ".") -> str:
    """:func:`format_line` of a grid already read (81 ints 0-9) with an ASCII ``empty`` mark, unchecked.

    One translation of the 81 values as bytes: every bulk record writes its puzzle, from a grid
    its reader made, so it skips the checks of a puzzle from outside.
    """
    return bytes(cells).translate(_line_table(empty)).decode("ascii")


@lru_cache(maxsize=8)
def _line_table(mark: str) -> bytes:
    """The byte table from cell values 0-9 to their characters, ``mark`` for 0."""
    return bytes.maketrans(bytes(range(10)), (mark + "123456789").encode("ascii"))


def format_grid(grid: Puzzle, empty: str = ".") -> str:
    """A framed 9-line grid for plain-text output."""
    mark = _empty_mark(empty)
    cells = read_cells(grid)
    out = []
    for r in range(9):
        if r and r % 3 == 0:
            out.append("------+-------+------")
        row = [str(cells[9 * r + c]) if cells[9 * r + c] else mark for c in range(9)]
        out.append(" | ".join(" ".join(row[i : i + 3]) for i in (0, 3, 6)))
    return "\n".join(out)


def _empty_mark(empty: object) -> str:
    """``empty`` if it is one character that reads back as an empty cell; an InputError otherwise."""
    if not isinstance(empty, str) or len(empty) != 1 or empty in _DIGIT_VALUE or not empty.isprintable() \
            or empty.isspace():
        raise InputError(f"the empty-cell mark is one printable character other than 1-9, not {empty!r:.20}")
    return empty
