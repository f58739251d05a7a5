"""Orderly generation of canonical 0-1 patterns, one weight-block representative at a time.

A 0-1 pattern is canonical when its SortId (:mod:`canon.key`) comes first in
its G-orbit.  This module lists exactly the canonical patterns on one vector
``w`` of clue counts per block, each once, without ever computing a canonical
form: the search carries the part of G that could still beat the partial
pattern and cuts a branch as soon as one element does.

Why the output is exactly the canonical patterns, each once
------------------------------------------------------------
Write ``X = (m_0, ..., m_8)`` for the 9-bit masks of a pattern's blocks in
reading order; key components 1-3 are functions of the weights
``w_p = |m_p|`` and component 4 is the sequence of the nonzero masks, compared
as integers, larger first.

1. *Only G_w matters.*  An element g of G is a block operation (one of 72)
   followed by row rearrangements inside bands and column rearrangements
   inside stacks; the latter keep every block's weight, so ``w(gX)`` is the
   block-operation image of ``w(X)``.  If ``w`` is first in its orbit under the
   72 block operations (:func:`canon.enumerate.weight_block_representatives`)
   then every g whose block operation moves ``w`` gives a worse key prefix, so
   X is canonical if and only if ``gX <= X`` in component 4 for every g of
   G_w = {g : its block operation fixes w}.  Such g map empty blocks to empty
   blocks, so only the occupied positions are compared.
2. *Every pattern on w is visited at most once.*  The search fixes the masks
   of the occupied positions in reading order, each over a fixed list of
   candidate masks, so two leaves are two different patterns.
3. *Pruning loses no canonical pattern.*  Two necessary conditions cut
   branches.  (a) The rows used so far inside a band (columns inside a stack)
   form a prefix {0}, {0,1}, {0,1,2}.  Otherwise some row i is unused and a
   row j > i used; in any completion, swapping rows i and j of the band moves
   the clues of row j up into the empty row i of the first block (in reading
   order) that uses j, which gets larger, while every block before it stays
   as it was: no completion is canonical (seed 003's "contiguous rows and
   columns").  (b) For g in G_w, the image block at
   position p is the block at the source position of p (given by g's block
   operation), transposed if g transposes, with g's row rearrangement of p's
   band and column rearrangement of p's stack applied.  Once the sources of
   positions ``p_0 .. p_j`` are all fixed, ``(gX)_{p_0..p_j}`` is the same for
   every completion; if it is larger than ``X_{p_0..p_j}`` no completion is
   canonical and the branch is cut, if it is smaller g can never beat X and is
   dropped.
4. *Every survivor is canonical.*  The elements of G_w still tied are kept as
   *states* ``(op, r_0, r_1, r_2, c_0, c_1, c_2, next)``: a block operation, the
   row rearrangement (index into PERMS3) of each new band, the column
   rearrangement of each new stack, -1 for "not yet distinguished" (the state
   then stands for all six), and the next occupied position to compare.  A
   comparison waits until its source block is fixed (and so do all later
   ones, the order being lexicographic); it is *ready* at the first step after
   which the sources of it and of every earlier comparison are fixed.  At a
   leaf every comparison is ready, so every element of G_w has been either
   dropped (gX < X), or has tied everywhere (gX = X), and none was larger:
   X is the first of its orbit.  With 2. and 3., the leaves that survive are
   exactly the canonical patterns on w, each once.

The tied states at a leaf are the automorphism group of the pattern (a state
with k free entries stands for 6^k elements, all acting the same way on the
clues), which is what the symbol filling needs; no final canonical-form check
is made.  Masks are tried largest first, so the patterns of one weight vector
come out in key order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from canon.blocks import (
    BLOCK_OPS,
    BLOCK_SOURCES,
    COLS_OF_MASK,
    LOCAL,
    MASKS_BY_WEIGHT,
    PERMS3,
    PREFIX_SETS,
    ROWS_OF_MASK,
    TRANSPOSE,
)
from puzzles.geometry import BOXES

#: (block op, row perm of new bands 0-2, col perm of new stacks 0-2, next comparison); -1 = free.
State = tuple[int, int, int, int, int, int, int, int]
Masks = tuple[int, ...]

#: ADMISSIBLE[weight][rows used][cols used]: masks keeping both used sets prefixes, largest first.
ADMISSIBLE: Final = tuple(
    tuple(
        tuple(
            tuple(
                m
                for m in MASKS_BY_WEIGHT[weight]
                if rows | ROWS_OF_MASK[m] in PREFIX_SETS and cols | COLS_OF_MASK[m] in PREFIX_SETS
            )
            for cols in range(8)
        )
        for rows in range(8)
    )
    for weight in range(10)
)


@dataclass(frozen=True)
class CanonicalPattern:
    """A canonical 0-1 pattern found by the search, with its automorphisms in state form."""

    masks: Masks
    states: tuple[State, ...]

    @property
    def grid(self) -> tuple[int, ...]:
        """The 81-cell 0-1 grid (1 = clue)."""
        grid = [0] * 81
        for box, mask in zip(BOXES, self.masks):
            for k in range(9):
                if mask >> (8 - k) & 1:
                    grid[box[k]] = 1
        return tuple(grid)

    @property
    def cells(self) -> tuple[int, ...]:
        """The clue cells in the key's reading order (block by block, row by row inside)."""
        return tuple(box[k] for box, mask in zip(BOXES, self.masks) for k in range(9) if mask >> (8 - k) & 1)

    @property
    def stabilizer_order(self) -> int:
        """Order of the pattern's stabiliser in G."""
        return sum(6 ** sum(1 for v in st[1:7] if v < 0) for st in self.states)

    def cell_automorphisms(self) -> set[tuple[int, ...]]:
        """How the stabiliser permutes the clues.

        Entry i of a permutation is the index (in :attr:`cells`) of the clue
        that the automorphism moves onto clue i, as in
        :meth:`canon.canonical.CanonResult.cell_automorphisms`.
        """
        cells = self.cells
        position = {c: i for i, c in enumerate(cells)}
        perms = set()
        for st in self.states:
            sources = cell_source_table()[st[0]]
            perms.add(
                tuple(
                    position[sources[c][6 * max(st[1 + c // 27], 0) + max(st[4 + c % 9 // 3], 0)]] for c in cells
                )
            )
        return perms


@lru_cache(maxsize=1)
def cell_source_table() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Entry [op][cell][6a + b]: the cell shown at ``cell`` by block op ``op`` with row perm a of the
    cell's band and column perm b of its stack (listing form, as in :mod:`canon.canonical`).

    Built on first use (about 0.1 s), so that commands that never enumerate do not pay for it.
    """
    table = []
    for transpose, bands, stacks in BLOCK_OPS:
        per_cell = []
        for cell in range(81):
            row, col = divmod(cell, 9)
            choices = []
            for a in range(6):
                for b in range(6):
                    r = 3 * bands[row // 3] + PERMS3[a][row % 3]
                    q = 3 * stacks[col // 3] + PERMS3[b][col % 3]
                    choices.append(9 * q + r if transpose else 9 * r + q)
            per_cell.append(tuple(choices))
        table.append(tuple(per_cell))
    return tuple(table)


class PatternSearch:
    """The search over one weight vector; :meth:`patterns` optionally below a fixed prefix of masks.

    A prefix (the masks of the first few occupied positions) names a subtree,
    which is how the work is split between processes
    (:mod:`canon.enumerate_jobs`).
    """

    def __init__(self, weights: Sequence[int]) -> None:
        self.weights = tuple(weights)
        self.occupied = tuple(p for p in range(9) if self.weights[p])
        index = {p: i for i, p in enumerate(self.occupied)}
        ops = [op for op in range(len(BLOCK_OPS)) if tuple(self.weights[s] for s in BLOCK_SOURCES[op]) == self.weights]
        self._ops = ops
        #: per op: source occupied index and transposition per comparison, and the step each comparison is ready at
        self._source = {op: tuple(index[BLOCK_SOURCES[op][p]] for p in self.occupied) for op in ops}
        self._transposes = {op: BLOCK_OPS[op][0] for op in ops}
        self._ready = {}
        for op in ops:
            ready, latest = [], 0
            for j, s in enumerate(self._source[op]):
                latest = max(latest, j, s)
                ready.append(latest)
            self._ready[op] = tuple(ready)

    def start_states(self) -> list[State]:
        return [(op, -1, -1, -1, -1, -1, -1, 0) for op in self._ops]

    def prefixes(self, depth: int) -> Iterator[Masks]:
        """Mask sequences of the first ``depth`` occupied positions that survive pruning, in search order."""
        depth = min(depth, len(self.occupied))
        for masks, _rows, _cols, _states in self._walk(0, depth, [0] * 9, [0, 0, 0], [0, 0, 0], self.start_states()):
            yield tuple(masks[p] for p in self.occupied[:depth])

    def patterns(self, prefix: Masks = ()) -> Iterator[CanonicalPattern]:
        """Every canonical pattern on the weights (starting with ``prefix``), in key order."""
        masks = [0] * 9
        rows, cols = [0, 0, 0], [0, 0, 0]
        states = self.start_states()
        for i, m in enumerate(prefix):
            p = self.occupied[i]
            masks[p] = m
            rows[p // 3] |= ROWS_OF_MASK[m]
            cols[p % 3] |= COLS_OF_MASK[m]
            kept = self._advance(states, i, masks)
            if kept is None:
                return
            states = kept
        for final, _rows, _cols, tied in self._walk(len(prefix), len(self.occupied), masks, rows, cols, states):
            yield CanonicalPattern(tuple(final), tuple(tied))

    def _walk(
        self, i: int, stop: int, masks: list[int], rows: list[int], cols: list[int], states: list[State]
    ) -> Iterator[tuple[list[int], list[int], list[int], list[State]]]:
        """Depth-first over occupied positions i..stop-1; yields each surviving (masks, rows, cols, states)."""
        if i == stop:
            yield masks, rows, cols, states
            return
        p = self.occupied[i]
        band, stack = divmod(p, 3)
        used_rows, used_cols = rows[band], cols[stack]
        for m in ADMISSIBLE[self.weights[p]][used_rows][used_cols]:
            masks[p] = m
            kept = self._advance(states, i, masks)
            if kept is None:
                continue
            rows[band] = used_rows | ROWS_OF_MASK[m]
            cols[stack] = used_cols | COLS_OF_MASK[m]
            yield from self._walk(i + 1, stop, masks, rows, cols, kept)
        masks[p] = 0
        rows[band], cols[stack] = used_rows, used_cols

    def _advance(self, states: list[State], step: int, masks: list[int]) -> list[State] | None:
        """Run every comparison that is ready after ``step``; None if some element of G_w beats the pattern."""
        occupied = self.occupied
        last = len(occupied)
        kept: list[State] = []
        pending = list(states)
        while pending:
            st = pending.pop()
            op, j = st[0], st[7]
            if j == last or self._ready[op][j] > step:
                kept.append(st)
                continue
            p = occupied[j]
            target = masks[p]
            source = masks[occupied[self._source[op][j]]]
            table = LOCAL[TRANSPOSE[source] if self._transposes[op] else source]
            ri, ci = 1 + p // 3, 4 + p % 3
            r, c = st[ri], st[ci]
            for a in (r,) if r >= 0 else range(6):
                for b in (c,) if c >= 0 else range(6):
                    v = table[6 * a + b]
                    if v > target:
                        return None
                    if v == target:
                        new = list(st)
                        new[ri], new[ci], new[7] = a, b, j + 1
                        pending.append(tuple(new))  # type: ignore[arg-type]
        return kept
