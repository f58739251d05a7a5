"""Canonical forms under G (0-1 patterns) and G* = Z x G (puzzles), with stabilisers.

The canonical form is the configuration of the orbit whose SortId
(:mod:`canon.key`) comes first.  It is found the way seeds 000/001 describe,
never by trying the 3,359,232 x 9! group elements:

1. *Global optimisation*: key components 2 and 3 (block matrix, clues per
   block) depend only on the 72 block-level operations; keep every operation
   that maximises them.
2. *Local optimisation*, block by block in reading order: a block's 9 bits
   depend only on the row rearrangement of its band and the column
   rearrangement of its stack.  Candidates are partial assignments of those
   18 choices; each block keeps the candidates reaching its maximum.  The
   survivors of a block are exactly the stabiliser of the blocks fixed so far
   (seed 001, "lokale Optimierung"), so it is carried along for free.  Empty
   and full blocks look the same in every order and are skipped, so bands or
   stacks made only of them are never assigned: they are free.
3. For puzzles, every survivor maps the pattern onto the canonical pattern;
   among them take the one whose relabelled clue sequence (key component 5)
   is smallest and relabel the digits 1, 2, 3, ... (component 6).  Free bands
   without clues are free factors (6 each) of the stabiliser; free bands with
   full blocks get their order from the values (:mod:`canon.value_stage`,
   which also takes over when there are many survivors).

The survivors with the smallest sequence are the transformations reaching the
canonical form, so "one of them, inverted, followed by another" enumerates
the automorphism group of the input.

Complete grids skip all this: :mod:`canon.grid_form` finds the same form, and
every element reaching it, from 648 candidates for block B00.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Final

import numpy as np

from canon.blocks import BLOCK_OPS, BLOCK_SOURCES, BLOCK_SOURCES_ARRAY, LOCAL, PERMS3, POPCOUNT, TRANSPOSE
from canon.grid_form import complete_grid_form, is_complete_grid, transformation_from_lines
from canon.group import Transformation
from canon.key import BLOCK_ORDER
from canon.value_stage import FULL, KEEP, NOTHING_TO_CHOOSE, no_repeats, smallest_values, value_plan
from puzzles.geometry import BOXES, Grid
from puzzles.parsing import Puzzle, read_cells

#: A surviving candidate: (block op index, row perm index of bands 0-2, col perm index of stacks 0-2); -1 = free.
State = tuple[int, int, int, int, int, int, int]

_POW2: Final = np.array([1 << (8 - p) for p in range(9)], dtype=np.int64)
_POW10: Final = np.array([10 ** (8 - p) for p in range(9)], dtype=np.int64)
_TRANSPOSED_CELL: Final = tuple(9 * (c % 9) + c // 9 for c in range(81))
_ALL_STATES_FREE: Final = (-1, -1, -1, -1, -1, -1)
#: Above this many pattern states the value stage runs vectorised (numpy's fixed cost is then repaid);
#: it always does when orders of bands or stacks are left to the values.
_VECTOR_THRESHOLD: Final = 16


@dataclass(frozen=True)
class CanonResult:
    """Canonical form of one input, how to get there, and the input's stabiliser.

    ``transformation`` maps the input onto ``form``.  The stabiliser is the
    set of elements of G* fixing the input; digit maps are only determined on
    the digits that occur, unused digits are kept fixed (so a 3-clue puzzle
    does not report the 6! shuffles of absent digits).  For patterns
    (``pattern=True``) it is the stabiliser in G, and ``transformation`` (digit
    map identity) maps the input's 0-1 pattern onto ``form``.
    """

    form: Grid
    transformation: Transformation
    stabilizer_order: int
    _winners: tuple[Transformation, ...]
    _free: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]

    def stabilizer(self) -> Iterator[Transformation]:
        """All elements of the stabiliser, lazily (there may be millions for tiny inputs)."""
        back = self.transformation.inverse()
        for winner, (free_bands, free_stacks) in zip(self._winners, self._free):
            for element in _with_free_orders(winner, free_bands, free_stacks):
                yield element.then(back)

    def cell_automorphisms(self, cells: Sequence[int]) -> set[tuple[int, ...]]:
        """How the stabiliser permutes the input's clue cells ``cells``.

        Entry ``i`` of a returned tuple is the position (in ``cells``) of the
        clue that the automorphism moves onto ``cells[i]``.  Free bands and
        stacks without clues never move a clue, so they are left as they are;
        free ones made of full blocks (patterns) do and are spelt out.  The
        result is small (at most n! entries) even when the stabiliser is huge,
        which is what the symbol enumeration relies on.
        """
        position = {c: i for i, c in enumerate(cells)}
        back = self.transformation.inverse()
        perms = set()
        for winner, (free_bands, free_stacks) in zip(self._winners, self._free):
            bands = tuple(k for k in free_bands if any(self.form[27 * k : 27 * k + 27]))
            stacks = tuple(l for l in free_stacks if any(self.form[c] for c in range(81) if c % 9 // 3 == l))
            for element in _with_free_orders(winner, bands, stacks):
                src = element.then(back).cell_sources
                perms.add(tuple(position[int(src[c])] for c in cells))
        return perms


def _with_free_orders(winner: Transformation, free_bands: Sequence[int], free_stacks: Sequence[int]) -> Iterator[Transformation]:
    """``winner`` with every row order of ``free_bands`` and column order of ``free_stacks``."""
    for choice in product(range(6), repeat=len(free_bands) + len(free_stacks)):
        rows = list(winner.rows)
        cols = list(winner.cols)
        for k, p in zip(free_bands, choice):
            rows[k] = PERMS3[p]
        for l, p in zip(free_stacks, choice[len(free_bands) :]):
            cols[l] = PERMS3[p]
        yield Transformation(
            winner.transpose, winner.bands, winner.stacks, tuple(rows), tuple(cols), winner.digits  # type: ignore[arg-type]
        )


def block_masks(grid: Sequence[int]) -> list[int]:
    """The 9-bit occupancy mask of each block (top-left cell = most significant bit)."""
    masks = []
    for box in BOXES:
        m = 0
        for c in box:
            m = (m << 1) | (1 if grid[c] else 0)
        masks.append(m)
    return masks


def _best_block_ops(masks: list[int]) -> list[int]:
    """Indices of the block operations maximising key components 2 and 3."""
    counts = np.array([POPCOUNT[m] for m in masks], dtype=np.int64)
    arranged = counts[BLOCK_SOURCES_ARRAY]
    keys = (arranged > 0).astype(np.int64) @ _POW2 * 10**10 + arranged @ _POW10
    best: list[int] = np.flatnonzero(keys == keys.max()).tolist()
    return best


def _local_optimise(arranged: list[list[int]], ops: list[int]) -> list[State]:
    """Block-by-block maximisation; returns the surviving candidates (seed 001)."""
    states: list[State] = [(op,) + _ALL_STATES_FREE for op in range(len(ops))]
    for pos in range(9):
        if arranged[0][pos] in (0, FULL):
            continue  # empty (full) for every op, since components 2/3 agree; no row or column order matters
        ri, ci = 1 + pos // 3, 4 + pos % 3
        best = -1
        survivors: list[State] = []
        for st in states:
            table = LOCAL[arranged[st[0]][pos]]
            r, c = st[ri], st[ci]
            for a in (r,) if r >= 0 else range(6):
                base = 6 * a
                for b in (c,) if c >= 0 else range(6):
                    v = table[base + b]
                    if v >= best:
                        if v > best:
                            best = v
                            survivors = []
                        if r >= 0 and c >= 0:
                            survivors.append(st)
                        else:
                            new = list(st)
                            new[ri] = a
                            new[ci] = b
                            survivors.append(tuple(new))  # type: ignore[arg-type]
        states = survivors
    return states


def canonical_form(grid: Puzzle, *, pattern: bool = False) -> CanonResult:
    """Canonical form of a puzzle under G*, or of its 0-1 pattern under G (``pattern=True``).

    ``grid`` is 81 ints, 0 for empty, or a puzzle text (the forms of
    :func:`puzzles.parsing.read_cells`, an InputError otherwise); the givens
    are not checked, so patterns given as 0/1 grids work too.  In pattern
    mode the form has 1 at every clue.
    """
    grid = read_cells(grid)
    if not pattern and is_complete_grid(grid):
        form, elements = complete_grid_form(grid)
        no_free: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        return CanonResult(form, elements[0], len(elements), tuple(elements), (no_free,) * len(elements))
    cells = tuple(1 if v else 0 for v in grid) if pattern else tuple(grid)
    masks = block_masks(cells)
    ops = _best_block_ops(masks)
    arranged = []
    for op in ops:
        t = BLOCK_OPS[op][0]
        arranged.append([TRANSPOSE[masks[s]] if t else masks[s] for s in BLOCK_SOURCES[op]])
    states = _local_optimise(arranged, ops)

    # canonical pattern: the arranged masks under any survivor
    first = states[0]
    form_masks = [
        LOCAL[arranged[first[0]][pos]][6 * max(first[1 + pos // 3], 0) + max(first[4 + pos % 3], 0)] for pos in range(9)
    ]
    clue_cells = [BOXES[pos][k] for pos in range(9) for k in range(9) if form_masks[pos] >> (8 - k) & 1]
    clue_cells.sort(key=_BLOCK_POSITION.__getitem__)
    transposed = tuple(cells[_TRANSPOSED_CELL[c]] for c in range(81)) if any(BLOCK_OPS[o][0] for o in ops) else cells
    free_bands = tuple(k for k in range(3) if first[1 + k] < 0)  # the same positions in every state
    free_stacks = tuple(l for l in range(3) if first[4 + l] < 0)
    if not pattern:
        valued = any(form_masks[3 * k + l] for k in free_bands for l in range(3)) or any(
            form_masks[3 * k + l] for k in range(3) for l in free_stacks
        )
        if valued or (clue_cells and len(states) > _VECTOR_THRESHOLD):
            distinct = no_repeats(cells)
            plan = NOTHING_TO_CHOOSE
            if valued:
                plan = value_plan(form_masks, [k in free_bands for k in range(3)], [l in free_stacks for l in range(3)], distinct)
            labels, found = smallest_values(cells, states, ops, plan, clue_cells, distinct)
            still_free = (tuple(k for k in free_bands if plan.bands[k] == KEEP), tuple(l for l in free_stacks if plan.stacks[l] == KEEP))
            transforms = [transformation_from_lines(w.transpose, w.rows, w.cols, w.digits) for w in found]
            order = len(found) * 6 ** (len(still_free[0]) + len(still_free[1]))
            return CanonResult(_place(clue_cells, labels), transforms[0], order, tuple(transforms), (still_free,) * len(found))

    best_seq: tuple[int, ...] | None = None
    best_labels: tuple[int, ...] = ()
    winners: list[tuple[State, tuple[int, ...]]] = []
    for st in states:
        t, bands, stacks = BLOCK_OPS[ops[st[0]]]
        base = transposed if t else cells
        rs = [3 * bands[k] + PERMS3[max(st[1 + k], 0)][m] for k in range(3) for m in range(3)]
        cs = [3 * stacks[l] + PERMS3[max(st[4 + l], 0)][n] for l in range(3) for n in range(3)]
        seq = tuple(base[9 * rs[c // 9] + cs[c % 9]] for c in clue_cells)
        if best_seq is None or seq != best_seq:
            labels = _relabel(seq)
            if best_seq is None or labels < best_labels:
                best_seq, best_labels, winners = seq, labels, []
            elif labels != best_labels:
                continue
        winners.append((st, seq))
    assert best_seq is not None

    transforms = []
    for st, seq in winners:
        digits = _digit_map(seq) if not pattern else tuple(range(1, 10))
        transforms.append(_transformation(ops[st[0]], st, digits))
    order = len(winners) * 6 ** (len(free_bands) + len(free_stacks))
    free = ((free_bands, free_stacks),) * len(winners)
    return CanonResult(_place(clue_cells, best_labels), transforms[0], order, tuple(transforms), free)


def _place(clue_cells: Sequence[int], labels: Sequence[int]) -> Grid:
    """The canonical form: the labels written into the canonical pattern's clue cells."""
    form = [0] * 81
    for c, lab in zip(clue_cells, labels):
        form[c] = lab
    return tuple(form)


_BLOCK_POSITION: Final = {c: i for i, c in enumerate(BLOCK_ORDER)}
def _relabel(seq: tuple[int, ...]) -> tuple[int, ...]:
    seen: dict[int, int] = {}
    return tuple(seen.setdefault(v, len(seen) + 1) for v in seq)


def _digit_map(seq: tuple[int, ...]) -> tuple[int, ...]:
    """Digits in order of first appearance become 1, 2, ...; absent digits follow in order."""
    order = list(dict.fromkeys(seq))
    order += [d for d in range(1, 10) if d not in order]
    image = [0] * 9
    for new, old in enumerate(order, start=1):
        image[old - 1] = new
    return tuple(image)


def _transformation(op: int, st: State, digits: tuple[int, ...]) -> Transformation:
    t, bands, stacks = BLOCK_OPS[op]
    rows = tuple(PERMS3[max(st[1 + k], 0)] for k in range(3))
    cols = tuple(PERMS3[max(st[4 + l], 0)] for l in range(3))
    return Transformation(t, bands, stacks, rows, cols, digits)  # type: ignore[arg-type]
