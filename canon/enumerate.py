"""Generating every standardized configuration with n clues (seed 003, seed 001).

Three layers, each a streaming generator:

* :func:`weight_block_representatives` -- 3x3 matrices of clue counts per
  block that are first (key components 1-3) under the 72 block operations;
* :func:`cell_representatives` -- for each of them the 0-1 patterns that are
  canonical under G.  Blocks are filled in reading order; a filling is
  pruned at once when its band's used rows or its stack's used columns stop
  being a prefix (the seed's "contiguous rows/columns" rule), or when some
  row/column rearrangement that keeps the blocks already placed (their
  stabiliser, carried along as in :mod:`canon.canonical`) makes the new block
  larger.  Survivors are confirmed with the full canonical form, which also
  accounts for block operations that keep the weight matrix;
* :func:`symbol_representatives` -- each 0-1 representative filled with the
  restricted growth sequences that respect the Sudoku rule, keeping a filling
  only if no automorphism of the pattern gives a smaller relabelled sequence
  (this removes duplicates, seed 003).

The seed's camelCase names are kept as aliases at the end of the module.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from canon.blocks import (
    BLOCK_SOURCES,
    COLS_OF_MASK,
    LOCAL,
    MASKS_BY_WEIGHT,
    PREFIX_SETS,
    ROWS_OF_MASK,
)
from canon.canonical import CanonResult, canonical_form
from canon.key import BLOCK_ORDER
from puzzles.geometry import BOXES, PEERS

Grid = tuple[int, ...]
MAX_DIGITS: Final = 9
_BLOCK_POSITION: Final = {c: i for i, c in enumerate(BLOCK_ORDER)}


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


def _pattern_grid(masks: list[int]) -> Grid:
    grid = [0] * 81
    for pos, m in enumerate(masks):
        for k in range(9):
            if m >> (8 - k) & 1:
                grid[BOXES[pos][k]] = 1
    return tuple(grid)


def cell_representatives_with_stabilizers(n: int) -> Iterator[tuple[Grid, CanonResult]]:
    """Like :func:`cell_representatives`, with each pattern's canonical result (stabiliser)."""
    for weights in weight_block_representatives(n):
        yield from patterns_for_weights(weights)


def cell_representatives(n: int) -> Iterator[Grid]:
    """Every G-orbit of n-cell patterns once, as its canonical 0-1 grid (1 = clue)."""
    for grid, _ in cell_representatives_with_stabilizers(n):
        yield grid


def patterns_for_weights(weights: tuple[int, ...]) -> Iterator[tuple[Grid, CanonResult]]:
    """The canonical 0-1 patterns (with their canonical results) on one weight-block representative."""
    positions = [p for p in range(9) if weights[p]]
    masks = [0] * 9
    start: list[tuple[int, ...]] = [(-1,) * 6]

    def place(index: int, states: list[tuple[int, ...]], rows: list[int], cols: list[int]) -> Iterator[tuple[Grid, CanonResult]]:
        if index == len(positions):
            grid = _pattern_grid(masks)
            result = canonical_form(grid, pattern=True)
            if result.form == grid:
                yield grid, result
            return
        pos = positions[index]
        i, j = divmod(pos, 3)
        for m in MASKS_BY_WEIGHT[weights[pos]]:
            new_rows = rows[i] | ROWS_OF_MASK[m]
            new_cols = cols[j] | COLS_OF_MASK[m]
            if new_rows not in PREFIX_SETS or new_cols not in PREFIX_SETS:
                continue
            kept = _stabilizer_step(states, m, i, j)
            if kept is None:
                continue
            masks[pos] = m
            rows_next = rows.copy()
            cols_next = cols.copy()
            rows_next[i] = new_rows
            cols_next[j] = new_cols
            yield from place(index + 1, kept, rows_next, cols_next)
        masks[pos] = 0

    yield from place(0, start, [0, 0, 0], [0, 0, 0])


def _stabilizer_step(states: list[tuple[int, ...]], mask: int, i: int, j: int) -> list[tuple[int, ...]] | None:
    """Stabiliser of the blocks placed so far plus ``mask`` at (i, j), or None if some element enlarges it."""
    table = LOCAL[mask]
    kept = []
    for st in states:
        r, c = st[i], st[3 + j]
        for a in (r,) if r >= 0 else range(6):
            for b in (c,) if c >= 0 else range(6):
                v = table[6 * a + b]
                if v > mask:
                    return None
                if v == mask:
                    new = list(st)
                    new[i] = a
                    new[3 + j] = b
                    kept.append(tuple(new))
    return kept


def symbol_representatives(n: int) -> Iterator[Grid]:
    """Every G*-orbit of n-clue configurations obeying the Sudoku rule once, in canonical form."""
    for pattern, result in cell_representatives_with_stabilizers(n):
        yield from fill_with_symbols(pattern, result)


def fill_with_symbols(pattern: Grid, result: CanonResult) -> Iterator[Grid]:
    """The canonical symbol configurations on one canonical 0-1 pattern (seed 003's fillSudokuWithSymbols)."""
    cells = sorted((c for c in range(81) if pattern[c]), key=_BLOCK_POSITION.__getitem__)
    position = {c: i for i, c in enumerate(cells)}
    earlier_peers = [[position[p] for p in PEERS[c] if p in position and position[p] < i] for i, c in enumerate(cells)]
    automorphisms = [p for p in result.cell_automorphisms(cells) if p != tuple(range(len(cells)))]
    labels = [0] * len(cells)

    def assign(i: int, top: int) -> Iterator[Grid]:
        if i == len(cells):
            if _is_smallest(labels, automorphisms):
                grid = [0] * 81
                for c, v in zip(cells, labels):
                    grid[c] = v
                yield tuple(grid)
            return
        for v in range(1, min(top + 1, MAX_DIGITS) + 1):
            if all(labels[p] != v for p in earlier_peers[i]):
                labels[i] = v
                yield from assign(i + 1, max(top, v))
        labels[i] = 0

    yield from assign(0, 0)


def _is_smallest(labels: list[int], automorphisms: list[tuple[int, ...]]) -> bool:
    """No automorphism of the pattern turns the labels into a smaller relabelled sequence."""
    own = tuple(labels)
    for perm in automorphisms:
        seen: dict[int, int] = {}
        image = tuple(seen.setdefault(labels[p], len(seen) + 1) for p in perm)
        if image < own:
            return False
    return True


# Seed 003's names.
allWeightBlockRepresentatives = weight_block_representatives  # noqa: N816
all01CellRepresentatives = cell_representatives  # noqa: N816
restrictedGrowthSequences = restricted_growth_sequences  # noqa: N816
allSymbolCellRepresentatives = symbol_representatives  # noqa: N816
