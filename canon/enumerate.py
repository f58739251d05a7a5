"""Every standardized configuration with n clues, one per orbit (seed 003, seed 001).

Three layers, each a streaming generator:

* :func:`weight_block_representatives` -- 3x3 matrices of clue counts per
  block that are first (key components 1-3) under the 72 block operations;
* :func:`canonical_patterns` -- for each of them the 0-1 patterns that are
  canonical under G, by orderly generation (:mod:`canon.pattern_search`,
  which proves that each orbit comes out exactly once, in canonical form,
  with its stabiliser and without any canonical-form computation);
* :func:`symbol_representatives` -- each canonical pattern filled with the
  restricted growth sequences that respect the Sudoku rule and are not beaten
  by an automorphism of the pattern (:mod:`canon.symbol_fill`).

The work splits into independent *units*, a weight vector with the masks of
its first occupied blocks (:func:`work_units`), in output order; that is how
:mod:`canon.enumerate_jobs` spreads it over processes.  The output is sorted
by SortId: weight vectors come in key order (components 1-3), the patterns
of one weight vector in key order (component 4, masks tried largest first),
and the configurations on one pattern by their restricted growth sequence
(components 5 and 6).

The seed's camelCase names are kept as aliases at the end of the module.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from canon.blocks import BLOCK_SOURCES, MASKS_BY_WEIGHT
from canon.pattern_search import CanonicalPattern, Masks, PatternSearch
from canon.symbol_fill import SymbolFilling
from puzzles.geometry import Grid

#: A piece of the enumeration: a weight vector and the masks of its first occupied blocks.
WorkUnit = tuple[tuple[int, ...], Masks]
#: Leading occupied blocks a work unit fixes.  Pattern units are large (fewer hand-overs
#: between processes); symbol units are small because every pattern expands into hundreds of
#: configurations (n = 8: 14,203 units of at most 237 patterns).
PATTERN_UNIT_DEPTH: Final = 1
SYMBOL_UNIT_DEPTH: Final = 3


def restricted_growth_sequences(n: int, max_value: int | None = None) -> Iterator[tuple[int, ...]]:
    """All sequences a1..an with a1 = 1 and each term at most one more than the maximum so far.

    They are the digit patterns up to relabelling (set partitions of the
    clues), in lexicographic order; ``max_value`` caps the number of symbols
    (9 for Sudoku).  Seed 003's definition drops the "+1"; seed 001's is used.
    """
    if n <= 0:
        if n == 0:
            yield ()
        return
    cap = n if max_value is None else max_value
    seq = [1] * n

    def extend(i: int, top: int) -> Iterator[tuple[int, ...]]:
        if i == n:
            yield tuple(seq)
            return
        for v in range(1, min(top + 1, cap) + 1):
            seq[i] = v
            yield from extend(i + 1, max(top, v))

    yield from extend(1, 1)


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Compositions of ``total`` into ``parts`` parts of 1..9, lexicographically descending."""
    if parts == 0:
        if total == 0:
            yield ()
        return
    for first in range(min(9, total - (parts - 1)), 0, -1):
        if total - first <= 9 * (parts - 1):
            for rest in _compositions(total - first, parts - 1):
                yield (first,) + rest


def _arranged(values: tuple[int, ...], op: int) -> tuple[int, ...]:
    return tuple(values[s] for s in BLOCK_SOURCES[op])


def weight_block_representatives(n: int) -> Iterator[tuple[int, ...]]:
    """Clue counts per block (reading order) that come first in their block-operation orbit.

    Ordered as the key orders them: more occupied blocks first, then larger
    block matrices, then larger count sequences.
    """
    if not 0 <= n <= 81:
        raise ValueError(f"clue count must be 0..81, got {n}")
    if n == 0:
        yield (0,) * 9
        return
    for k in range(min(9, n), (n + 8) // 9 - 1, -1):
        for matrix in MASKS_BY_WEIGHT[k]:
            occupied = tuple(matrix >> (8 - p) & 1 for p in range(9))
            images = [(_arranged(occupied, op), op) for op in range(len(BLOCK_SOURCES))]
            if max(img for img, _ in images) != occupied:
                continue
            stabilizer = [op for img, op in images if img == occupied]
            positions = [p for p in range(9) if occupied[p]]
            for parts in _compositions(n, k):
                counts = [0] * 9
                for p, w in zip(positions, parts):
                    counts[p] = w
                weights = tuple(counts)
                if all(_arranged(weights, op) <= weights for op in stabilizer):
                    yield weights


def canonical_patterns(n: int) -> Iterator[CanonicalPattern]:
    """Every G-orbit of n-cell patterns once, canonical, with its automorphisms."""
    for weights in weight_block_representatives(n):
        yield from PatternSearch(weights).patterns()


def cell_representatives(n: int) -> Iterator[Grid]:
    """Every G-orbit of n-cell patterns once, as its canonical 0-1 grid (1 = clue)."""
    for pattern in canonical_patterns(n):
        yield pattern.grid


def fill_with_symbols(pattern: CanonicalPattern) -> Iterator[Grid]:
    """The canonical symbol configurations on one canonical pattern (seed 003's fillSudokuWithSymbols)."""
    filling = SymbolFilling(pattern)
    for labels in filling.labellings():
        grid = [0] * 81
        for c, v in zip(filling.cells, labels):
            grid[c] = v
        yield tuple(grid)


def symbol_representatives(n: int) -> Iterator[Grid]:
    """Every G*-orbit of n-clue configurations obeying the Sudoku rule once, in canonical form."""
    for pattern in canonical_patterns(n):
        yield from fill_with_symbols(pattern)


def work_units(n: int, *, patterns: bool) -> Iterator[WorkUnit]:
    """The enumeration of n clues cut into independent pieces, in output order."""
    depth = PATTERN_UNIT_DEPTH if patterns else SYMBOL_UNIT_DEPTH
    for weights in weight_block_representatives(n):
        for prefix in PatternSearch(weights).prefixes(depth):
            yield weights, prefix


def unit_patterns(unit: WorkUnit) -> Iterator[CanonicalPattern]:
    """The canonical patterns of one work unit."""
    weights, prefix = unit
    return PatternSearch(weights).patterns(prefix)


def unit_lines(unit: WorkUnit, *, patterns: bool) -> Iterator[str]:
    """The configurations of one work unit as 81-character lines (patterns with '1' for a clue)."""
    for pattern in unit_patterns(unit):
        if patterns:
            yield "".join("1" if v else "." for v in pattern.grid)
        else:
            yield from SymbolFilling(pattern).lines()


def unit_count(unit: WorkUnit, *, patterns: bool) -> int:
    """How many configurations one work unit holds, without listing the last clue's choices."""
    if patterns:
        return sum(1 for _ in unit_patterns(unit))
    return sum(SymbolFilling(pattern).count() for pattern in unit_patterns(unit))


# Seed 003's names.
allWeightBlockRepresentatives = weight_block_representatives  # noqa: N816
all01CellRepresentatives = cell_representatives  # noqa: N816
restrictedGrowthSequences = restricted_growth_sequences  # noqa: N816
allSymbolCellRepresentatives = symbol_representatives  # noqa: N816
