"""Dreier-Mengen ("triple sets") of a full grid, seed 002 section 1.4.

Every block of a full grid splits the digits 1..9 into three column sets and
into three row sets.  Schoenhage collects the 27 *vertical* 3-sets (columns of
blocks) and the 27 *horizontal* ones (rows of blocks) with multiplicity.  Local
row moves do not change a block's column sets, local column moves do not
change its row sets, and band/stack moves only carry sets along, so the
multiplicity maps v_A, w_A are invariants of G0; the transposition swaps
them.  A digit relabelling renames the sets but keeps the *shape* of the
multiplicity maps, hence {p_A, q_A} (the partitions of 27) is invariant under
the whole mixed group G* = Z x G.  Section 4 uses the same sets to recognise
fix-sudokus (:mod:`canon.studies.fix`).

A 3-set is a 9-bit mask, bit ``d - 1`` for digit ``d`` (as in
:mod:`puzzles.geometry`), so that comparing, hashing and complementing sets
is integer arithmetic; :func:`set_name` writes it the paper's way, ``678``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from puzzles.geometry import UNITS, digit_string

#: The three (row, column) offsets of the cells of block ``3i + j``, row-major.
BLOCK_CELLS: Final = tuple(
    tuple(27 * (b // 3) + 3 * (b % 3) + 9 * r + c for r in range(3) for c in range(3)) for b in range(9)
)
BlockTriples = tuple[tuple[int, int, int], ...]


def set_name(mask: int) -> str:
    """A 3-set the paper's way: its digits ascending, ``{6, 7, 8}`` -> ``678``."""
    return digit_string(mask)


_UNIT_NAMES: Final = tuple(f"row {r + 1}" for r in range(9)) + tuple(f"column {c + 1}" for c in range(9)) + tuple(
    f"block {b + 1}" for b in range(9)
)
_UNIT_GETTERS: Final = tuple(itemgetter(*unit) for unit in UNITS)
_DIGIT_SET: Final = frozenset(range(1, 10))


def check_full_grid(grid: Sequence[int]) -> None:
    """Raise ValueError unless ``grid`` is a complete, valid Sudoku.

    The invariants and the fix test are defined for full grids only; a hole
    or a repeated digit would silently give sets of fewer than 3 digits.
    One ``itemgetter`` per unit keeps this check at a few microseconds.
    """
    if len(grid) != 81:
        raise ValueError(f"a grid needs 81 cells, got {len(grid)}")
    for name, getter in zip(_UNIT_NAMES, _UNIT_GETTERS):
        if set(getter(grid)) != _DIGIT_SET:
            raise ValueError(f"{name} is not a permutation of 1..9 (the grid must be full and valid)")


@dataclass(frozen=True)
class Triples:
    """The system vw(A): per block ``3i + j`` its column sets and its row sets.

    ``vertical[b][l]`` is v_l(A_{i,j}) (column ``l`` of the block),
    ``horizontal[b][l]`` is w_l(A_{i,j}) (row ``l``), each a 9-bit mask.
    """

    vertical: BlockTriples
    horizontal: BlockTriples

    @property
    def v(self) -> Counter[int]:
        """v_A: multiplicity of each vertical 3-set."""
        return Counter(m for triple in self.vertical for m in triple)

    @property
    def w(self) -> Counter[int]:
        """w_A: multiplicity of each horizontal 3-set."""
        return Counter(m for triple in self.horizontal for m in triple)


def triples_of(grid: Sequence[int]) -> Triples:
    """vw(A) of a full grid (not checked here: callers validate once, this runs in hot loops)."""
    vertical = []
    horizontal = []
    for cells in BLOCK_CELLS:
        d = [1 << (grid[c] - 1) for c in cells]
        vertical.append((d[0] | d[3] | d[6], d[1] | d[4] | d[7], d[2] | d[5] | d[8]))
        horizontal.append((d[0] | d[1] | d[2], d[3] | d[4] | d[5], d[6] | d[7] | d[8]))
    return Triples(tuple(vertical), tuple(horizontal))


def partition(multiplicities: Counter[int]) -> tuple[int, ...]:
    """The partition of 27 given by a multiplicity map, largest part first."""
    return tuple(sorted(multiplicities.values(), reverse=True))


def format_partition(parts: Sequence[int]) -> str:
    """The paper's notation: parts > 1 written out, the ones collected, ``3+2+2+2+2+16·1``."""
    big = [str(p) for p in parts if p > 1]
    ones = sum(1 for p in parts if p == 1)
    if ones:
        big.append(f"{ones}·1" if ones > 1 else "1")
    return "+".join(big)


def format_multiplicities(multiplicities: Counter[int]) -> str:
    """``=3: 678; =2: 135 167 249 358; =1: ...`` with sets ascending inside each group."""
    groups: dict[int, list[str]] = {}
    for mask, count in multiplicities.items():
        groups.setdefault(count, []).append(set_name(mask))
    return "; ".join(f"={count}: {' '.join(sorted(groups[count]))}" for count in sorted(groups, reverse=True))


@dataclass(frozen=True)
class Invariants:
    """v_A, w_A and the partitions p_A, q_A of one full grid."""

    v: Counter[int]
    w: Counter[int]

    @property
    def p(self) -> tuple[int, ...]:
        """p_A, the partition of 27 from the vertical multiplicities."""
        return partition(self.v)

    @property
    def q(self) -> tuple[int, ...]:
        """q_A, the partition of 27 from the horizontal multiplicities."""
        return partition(self.w)

    @property
    def unordered_pair(self) -> frozenset[tuple[int, ...]]:
        """{p_A, q_A}: the part that survives digit relabelling and transposition."""
        return frozenset((self.p, self.q))

    def report(self) -> str:
        """Several lines as the paper presents grid A of section 1.4."""
        return "\n".join(
            (
                f"p = {format_partition(self.p)}",
                f"q = {format_partition(self.q)}",
                f"v {format_multiplicities(self.v)}",
                f"w {format_multiplicities(self.w)}",
            )
        )


def invariants(grid: Sequence[int]) -> Invariants:
    """Dreier invariants of a full grid; ValueError if the grid is not full and valid."""
    check_full_grid(grid)
    triples = triples_of(grid)
    return Invariants(triples.v, triples.w)
