"""The rules of a Sudoku variant as data: its units and what each cell sees.

Why data and not code
---------------------
The variants differ only in which groups of nine cells must hold 1-9: the
standard 27 units, plus the two main diagonals (*diagonal* or X-Sudoku), plus
the nine "disjoint groups" of cells at the same position inside each box
(*colour* Sudoku, German *Farb-Sudoku*), or both (*colour-diagonal*).  Every
solver and technique that reasons over "a unit" or "the cells a cell sees"
reads the tables of one :class:`Rules` object, so a variant costs no code of
its own.  The tables are built once per variant at import time.

Unit numbers are global, the same under every rules, so that a unit number
in a step names one group of cells whatever the variant: 0-8 rows, 9-17
columns, 18-26 boxes (as in :mod:`puzzles.geometry`), 27 the main diagonal
(top left to bottom right), 28 the anti-diagonal (top right to bottom left),
29-37 the colour groups (group ``k`` is the ``k``-th cell, row-major, of every
box).  ``Rules.unit_ids`` lists the units a variant has in scan order (rows,
columns, boxes, then diagonals, then colour groups); tables indexed by unit
number have an empty entry for the units a variant lacks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from puzzles.errors import InputError
from puzzles.geometry import BOXES, COLS, ROWS, bitboard, cells_of
from puzzles.geometry import unit_name as standard_unit_name

#: Kinds of unit, as in :data:`puzzles.geometry.UNIT_KIND` plus the two extra kinds.
ROW, COLUMN, BOX, DIAGONAL, COLOUR = 0, 1, 2, 3, 4
MAIN_DIAGONAL: Final = 27
ANTI_DIAGONAL: Final = 28
FIRST_COLOUR: Final = 29
UNIT_COUNT: Final = 38

_DIAGONALS: Final = (tuple(10 * k for k in range(9)), tuple(8 + 8 * k for k in range(9)))
_COLOURS: Final = tuple(tuple(box[k] for box in BOXES) for k in range(9))
#: Cells of every global unit number.
ALL_UNITS: Final = ROWS + COLS + BOXES + _DIAGONALS + _COLOURS
#: The bitboard of every global unit number (a unit number names the same cells under every rules).
ALL_UNIT_MASKS: Final = tuple(bitboard(cells) for cells in ALL_UNITS)
#: Kind of every global unit number.
KIND_OF_UNIT: Final = (ROW,) * 9 + (COLUMN,) * 9 + (BOX,) * 9 + (DIAGONAL,) * 2 + (COLOUR,) * 9


@dataclass(frozen=True, eq=False)
class Rules:
    """One variant: its names and its precomputed unit and peer tables.

    Compared by identity: there is one object per variant (:data:`VARIANTS`).
    """

    name: str
    aliases: tuple[str, ...]
    #: The variant's unit numbers in scan order.
    unit_ids: tuple[int, ...]
    #: Cells of each unit, indexed by global unit number (empty when absent).
    units: tuple[tuple[int, ...], ...] = field(init=False)
    unit_mask: tuple[int, ...] = field(init=False)
    #: Cells of the variant's own units, in scan order (``units[u] for u in unit_ids``).
    scan_units: tuple[tuple[int, ...], ...] = field(init=False)
    #: Bitboards of the variant's own units, in scan order.
    scan_unit_mask: tuple[int, ...] = field(init=False)
    #: Kind of each unit number (:data:`ROW` ... :data:`COLOUR`).
    unit_kind: tuple[int, ...] = field(init=False)
    #: The units of each cell, in scan order.
    cell_units: tuple[tuple[int, ...], ...] = field(init=False)
    peers: tuple[tuple[int, ...], ...] = field(init=False)
    peer_mask: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        # Every process builds the four variants on import, so each table is made from the
        # units once: a cell's units by walking the units, its peers from the bitboards of its
        # units (the cells of a bitboard come in ascending order), never by asking every unit
        # about every cell.
        have = set(self.unit_ids)
        units = tuple(cells if u in have else () for u, cells in enumerate(ALL_UNITS))
        unit_mask = tuple(bitboard(cells) for cells in units)
        by_cell: list[list[int]] = [[] for _ in range(81)]
        for u in self.unit_ids:  # in scan order, so each cell's units are too
            for c in units[u]:
                by_cell[c].append(u)
        cell_units = tuple(map(tuple, by_cell))
        peer_mask = []
        for c in range(81):
            mask = 0
            for u in cell_units[c]:
                mask |= unit_mask[u]
            peer_mask.append(mask & ~(1 << c))
        peers = tuple(tuple(cells_of(mask)) for mask in peer_mask)
        set_ = object.__setattr__
        set_(self, "units", units)
        set_(self, "unit_mask", unit_mask)
        set_(self, "scan_units", tuple(units[u] for u in self.unit_ids))
        set_(self, "scan_unit_mask", tuple(unit_mask[u] for u in self.unit_ids))
        set_(self, "unit_kind", KIND_OF_UNIT)
        set_(self, "cell_units", cell_units)
        set_(self, "peers", peers)
        set_(self, "peer_mask", tuple(peer_mask))

    @property
    def standard(self) -> bool:
        """True for plain Sudoku (only the standard techniques' assumptions hold)."""
        return len(self.unit_ids) == 27

    @property
    def extra_units(self) -> tuple[int, ...]:
        """The variant's units beyond rows, columns and boxes."""
        return self.unit_ids[27:]

    def __repr__(self) -> str:
        return f"Rules({self.name})"


_BASE: Final = tuple(range(27))
STANDARD: Final = Rules("standard", ("std",), _BASE)
DIAGONAL_RULES: Final = Rules("diagonal", ("diag", "x"), _BASE + (27, 28))
COLOUR_RULES: Final = Rules("colour", ("color", "farb"), _BASE + tuple(range(29, 38)))
COLOUR_DIAGONAL_RULES: Final = Rules(
    "colour-diagonal",
    ("colourdiag", "colordiag", "color-diagonal", "farbdiag"),
    _BASE + (27, 28) + tuple(range(29, 38)),
)
#: Every variant, in the order help texts list them.
VARIANTS: Final = (STANDARD, DIAGONAL_RULES, COLOUR_RULES, COLOUR_DIAGONAL_RULES)
_BY_NAME: Final = {alias: r for r in VARIANTS for alias in (r.name, *r.aliases)}
#: The accepted spellings, for help texts and errors.
CHOICES: Final = "standard|diagonal|colour|colour-diagonal (also std, diag, colourdiag, farb, farbdiag, color)"


def unit_name(unit: int) -> str:
    """English name of any unit number for messages (``main diagonal``, ``colour group 3``)."""
    if unit < MAIN_DIAGONAL:
        return standard_unit_name(unit)
    if unit < FIRST_COLOUR:
        return ("main diagonal", "anti-diagonal")[unit - MAIN_DIAGONAL]
    return f"colour group {unit - FIRST_COLOUR + 1}"


class RulesError(InputError):
    """An unknown variant name; the message is one line listing the choices."""


def parse_rules(text: str) -> Rules:
    """The variant named ``text`` (case-insensitive, any listed spelling)."""
    if not isinstance(text, str):
        raise RulesError(f"rules are named by a string, not {type(text).__name__}: choose {CHOICES}")
    rules = _BY_NAME.get(text.strip().lower())
    if rules is None:
        raise RulesError(f"unknown rules {text!r}: choose {CHOICES}")
    return rules


def item_rules(comment: str, default: Rules) -> Rules:
    """The rules a puzzle line's comment names (``... # diag``), else ``default``.

    The comment's first word counts when it is a variant name; any other
    comment is a plain note, so files with free-text comments keep the default.
    """
    words = comment.split(maxsplit=1)
    return _BY_NAME.get(words[0].lower(), default) if words else default
