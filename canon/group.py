"""The Sudoku group G, the digit group Z = S9 and the mixed group G* = Z x G.

An element of G* is stored as a :class:`Transformation`: a transposition flag,
band and stack rearrangements, row rearrangements inside each band, column
rearrangements inside each stack and a digit map.  This compact form is what
people read and type (``canon transform --spec``), and every element of G has
exactly one such description because G is the semidirect product
(S3 wr S3)^2 x| <t> (seed 002, section 1.2).  For computation the same element
is turned into a numpy *gather* array of 81 cell indices.

Semantics (listing form, see :mod:`canon.blocks`): the transformed grid is
built by

1. transposing the input if ``transpose`` is set, then
2. showing at new row ``3k + m`` the row ``3 * bands[k] + rows[k][m]`` of that
   grid and at new column ``3l + n`` its column ``3 * stacks[l] + cols[l][n]``,
3. writing digit ``digits[d - 1]`` where the input had ``d``.

``rows[k]`` belongs to the *new* band ``k``.  Composition ``a.then(b)`` means
"apply ``a``, then ``b``".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import product
from numbers import Integral
from typing import Any, Final

import numpy as np

from canon.blocks import BLOCK_OPS, PERMS3
from puzzles.errors import InputError
from puzzles.parsing import Puzzle, read_cells

#: |G| = 2 * 6^8 (seed 002, (1.2)).
GROUP_ORDER: Final = 3_359_232
Perm3 = tuple[int, int, int]
_ID3: Final[Perm3] = (0, 1, 2)
_ID_DIGITS: Final = tuple(range(1, 10))
_SPEC_KEYS: Final = ("transpose", "bands", "stacks", "rows", "cols", "digits")


#: Each permutation of 0..2 by itself, so that any equal sequence is looked up as the one tuple of ints.
_PERM3_OF: Final[dict[tuple[Any, ...], Perm3]] = {p: p for p in PERMS3}
_DIGIT_SET: Final = frozenset(_ID_DIGITS)


def _perm3(values: Any, what: str) -> Perm3:
    """``values`` as the tuple of a permutation of 0..2; an InputError otherwise."""
    try:
        perm = _PERM3_OF.get(values if type(values) is tuple else tuple(values))
    except TypeError:  # not iterable, or holding something unhashable
        perm = None
    if perm is None:
        raise InputError(f"{what} must be a permutation of 0..2, got {values!r:.40}")
    return perm


def _perms3(values: Any, what: str) -> tuple[Perm3, Perm3, Perm3]:
    """Three permutations of 0..2 (the rows of each band, or the columns of each stack)."""
    try:
        parts = tuple(values)
    except TypeError:
        parts = ()
    if len(parts) != 3:
        raise InputError(f"{what} must be three permutations of 0..2, got {values!r:.40}")
    return _perm3(parts[0], f"{what} 0"), _perm3(parts[1], f"{what} 1"), _perm3(parts[2], f"{what} 2")


def _digit_map(values: Any) -> tuple[int, ...]:
    """``values`` as a tuple of ints if it is a permutation of 1..9; an InputError otherwise."""
    try:
        digits = tuple(values)
        if set(map(type, digits)) != {int}:  # NumPy integers become ints; anything else leaves a digit out
            digits = tuple(int(d) for d in digits if isinstance(d, Integral) and not isinstance(d, bool))
        valid = len(digits) == 9 and set(digits) == _DIGIT_SET
    except TypeError:
        valid = False
    if not valid:
        raise InputError(f"digits must be a permutation of 1..9, got {values!r:.40}")
    return digits


@dataclass(frozen=True)
class Transformation:
    """One element of G* = Z x G in the readable band/stack/row/column/digit form."""

    transpose: bool = False
    bands: Perm3 = _ID3
    stacks: Perm3 = _ID3
    rows: tuple[Perm3, Perm3, Perm3] = (_ID3, _ID3, _ID3)
    cols: tuple[Perm3, Perm3, Perm3] = (_ID3, _ID3, _ID3)
    digits: tuple[int, ...] = _ID_DIGITS
    _sources: np.ndarray = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        """Check every part (an InputError names the bad one) and keep it as tuples, so the element hashes."""
        if self.transpose not in (False, True):
            raise InputError(f"transpose must be True or False, got {self.transpose!r:.20}")
        object.__setattr__(self, "transpose", bool(self.transpose))
        object.__setattr__(self, "bands", _perm3(self.bands, "bands"))
        object.__setattr__(self, "stacks", _perm3(self.stacks, "stacks"))
        object.__setattr__(self, "rows", _perms3(self.rows, "rows of band"))
        object.__setattr__(self, "cols", _perms3(self.cols, "cols of stack"))
        object.__setattr__(self, "digits", _digit_map(self.digits))
        object.__setattr__(self, "_sources", self._build_sources())

    # --- the cell permutation ---------------------------------------------------
    def row_sources(self) -> tuple[int, ...]:
        """Row of the (possibly transposed) input shown at each new row."""
        return tuple(3 * self.bands[k] + self.rows[k][m] for k in range(3) for m in range(3))

    def col_sources(self) -> tuple[int, ...]:
        """Column of the (possibly transposed) input shown at each new column."""
        return tuple(3 * self.stacks[l] + self.cols[l][n] for l in range(3) for n in range(3))

    def _build_sources(self) -> np.ndarray:
        rs = np.array(self.row_sources())
        cs = np.array(self.col_sources())
        src: np.ndarray
        if self.transpose:
            src = 9 * cs[None, :] + rs[:, None]
        else:
            src = 9 * rs[:, None] + cs[None, :]
        src = src.reshape(81)
        src.setflags(write=False)
        return src

    @property
    def cell_sources(self) -> np.ndarray:
        """Gather array: new cell ``i`` takes the input's cell ``cell_sources[i]``."""
        return self._sources

    # --- acting on puzzles ------------------------------------------------------
    def apply(self, grid: Puzzle) -> tuple[int, ...]:
        """The transformed puzzle (0 stays 0, so patterns can be transformed too).

        ``grid`` takes the forms of :func:`puzzles.parsing.read_cells` (an InputError otherwise).
        """
        dmap = (0,) + self.digits
        cells = read_cells(grid)
        return tuple(dmap[cells[s]] for s in self._sources.tolist())

    # --- group operations -------------------------------------------------------
    def then(self, other: Transformation) -> Transformation:
        """The element "first ``self``, then ``other``"."""
        src = self._sources[other._sources]
        digits = tuple(other.digits[d - 1] for d in self.digits)
        return from_cell_sources(src, digits)

    def inverse(self) -> Transformation:
        """The element undoing this one."""
        inv = np.empty(81, dtype=np.intp)
        inv[self._sources] = np.arange(81)
        digits = [0] * 9
        for d, image in enumerate(self.digits, start=1):
            digits[image - 1] = d
        return from_cell_sources(inv, tuple(digits))

    # --- text form --------------------------------------------------------------
    def __str__(self) -> str:
        return format_spec(self)


def from_cell_sources(sources: Sequence[int] | np.ndarray, digits: Sequence[int] = _ID_DIGITS) -> Transformation:
    """Decode a gather array back into the compact form; InputError if it is not in G.

    Decoding is cheap because an element of G is fixed by where the first row
    and the first column come from; the final equality check rejects every
    permutation of the 81 cells outside G.
    """
    src = np.asarray(sources, dtype=np.intp)
    if src.shape != (81,):
        raise InputError("a cell permutation needs 81 entries")
    transpose = bool(src[0] // 9 != src[1] // 9)
    if transpose:
        row_src = [int(src[9 * r]) % 9 for r in range(9)]
        col_src = [int(src[c]) // 9 for c in range(9)]
    else:
        row_src = [int(src[9 * r]) // 9 for r in range(9)]
        col_src = [int(src[c]) % 9 for c in range(9)]
    try:
        bands = tuple(row_src[3 * k] // 3 for k in range(3))
        stacks = tuple(col_src[3 * l] // 3 for l in range(3))
        rows = tuple(tuple(row_src[3 * k + m] % 3 for m in range(3)) for k in range(3))
        cols = tuple(tuple(col_src[3 * l + n] % 3 for n in range(3)) for l in range(3))
        result = Transformation(transpose, bands, stacks, rows, cols, tuple(digits))  # type: ignore[arg-type]
    except InputError as exc:
        raise InputError(f"not an element of the Sudoku group: {exc}") from None
    if not (result.cell_sources == src).all():
        raise InputError("not an element of the Sudoku group: cells do not move in whole rows and columns")
    return result


IDENTITY: Final = Transformation()


def random_transformation(rng: random.Random, *, digits: bool = True) -> Transformation:
    """A uniformly random element of G* (or of G when ``digits`` is False)."""
    if not isinstance(rng, random.Random):
        raise InputError(f"rng must be a random.Random, not {type(rng).__name__}")

    def perm() -> Perm3:
        return PERMS3[rng.randrange(6)]

    digit_map = tuple(rng.sample(range(1, 10), 9)) if digits else _ID_DIGITS
    return Transformation(
        transpose=rng.random() < 0.5,
        bands=perm(),
        stacks=perm(),
        rows=(perm(), perm(), perm()),
        cols=(perm(), perm(), perm()),
        digits=digit_map,
    )


def block_operations() -> tuple[Transformation, ...]:
    """The 72 block-level operations (transpose x band x stack rearrangements).

    These move whole blocks and decide the first three key components; the
    canonical form starts by optimising over them (seed 001, "Schritt 1").
    """
    return tuple(Transformation(t, bands, stacks) for t, bands, stacks in BLOCK_OPS)


def row_group_sources() -> np.ndarray:
    """All 1296 row-source maps of the row part S3 wr S3, shape (1296, 9).

    G is two copies of this group (rows, columns) plus transposition, so the
    brute-force oracle and the Burnside count iterate over it instead of G.
    """
    maps = [
        [3 * bands[k] + rows[k][m] for k in range(3) for m in range(3)]
        for bands in PERMS3
        for rows in product(PERMS3, repeat=3)
    ]
    return np.array(maps, dtype=np.intp)


# --- spec strings -----------------------------------------------------------------
def format_spec(t: Transformation) -> str:
    """``transpose=0 bands=012 stacks=012 rows=012/012/012 cols=012/012/012 digits=123456789``."""

    def p(perm: Sequence[int]) -> str:
        return "".join(map(str, perm))

    return (
        f"transpose={int(t.transpose)} bands={p(t.bands)} stacks={p(t.stacks)} "
        f"rows={'/'.join(p(r) for r in t.rows)} cols={'/'.join(p(c) for c in t.cols)} digits={p(t.digits)}"
    )


def parse_spec(text: str) -> Transformation:
    """Read the :func:`format_spec` form; omitted keys mean identity.

    Raises InputError with a one-line message naming the bad part.
    """
    fields: dict[str, object] = {}

    def digits_of(value: str, size: int, key: str) -> tuple[int, ...]:
        if len(value) != size or not (value.isascii() and value.isdigit()):
            raise InputError(f"{key}= needs {size} digits, got {value!r}")
        return tuple(int(ch) for ch in value)

    for token in text.replace(",", " ").split():
        key, sep, value = token.partition("=")
        key = key.strip().lower()
        if not sep or key not in _SPEC_KEYS:
            raise InputError(f"unknown transformation part {token!r}; use {', '.join(k + '=' for k in _SPEC_KEYS)}")
        if key in fields:
            raise InputError(f"{key}= given twice")
        if key == "transpose":
            if value not in ("0", "1"):
                raise InputError(f"transpose= must be 0 or 1, got {value!r}")
            fields[key] = value == "1"
        elif key in ("bands", "stacks"):
            fields[key] = digits_of(value, 3, key)
        elif key in ("rows", "cols"):
            parts = value.split("/")
            if len(parts) != 3:
                raise InputError(f"{key}= needs three groups like 012/102/012, got {value!r}")
            fields[key] = tuple(digits_of(part, 3, key) for part in parts)
        else:
            fields[key] = digits_of(value, 9, key)
    return Transformation(**fields)  # type: ignore[arg-type]
