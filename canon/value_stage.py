"""Key component 5 over many candidates at once: the value stage for dense puzzles.

The pattern stage of :mod:`canon.canonical` leaves a band (stack) *free* when
its blocks are all empty or all full: no row order changes the pattern.  A
free band without clues is a true free factor of the stabiliser.  A free band
with full blocks is not: its order changes the clue values, so the value stage
has to choose it, and dense puzzles have many such bands together with many
tied pattern states (a single hole leaves 32 of them).  Trying every order of
every such band in Python is what made an 80-clue puzzle take seconds.

Two facts keep the choice small, both from the reading order (block by block,
cells row by row) and relabelling by first appearance:

* Band 0 and stack 0 place block B00; they are tried in all six orders.
* A full block exists, so B00 is full (key component 3 puts the largest count
  first) and fixes the whole digit map.  Read the blocks in order; the first
  full block of a free band (stack) is read before anything else depending
  on that band, and its nine labels differ.  If the block's stack is already
  settled, only the row order sorting the labels of the block's first column
  can be smallest; if the stack is free and unsettled too, the smallest label
  must come first, so the rows are sorted by the labels of its column and the
  columns by the labels of its row.  Either way one order remains.  This needs
  clues without repeats in a unit; otherwise the band is tried in all six
  orders.

All candidates (pattern states x tried orders) are then evaluated together
with numpy: gather the clue values, relabel, compare the first block that can
differ and finish only the candidates still tied after it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np

from canon.blocks import BLOCK_OPS, PERMS3
from puzzles.geometry import BOX_OF, UNITS

#: How a band or stack gets its order in the value stage.
KEEP, ENUMERATE, SORT = 0, 1, 2
FULL: Final = 511


@dataclass(frozen=True)
class ValuePlan:
    """KEEP, ENUMERATE or SORT for each band and stack, and the blocks where the sorting happens."""

    bands: tuple[int, ...]
    stacks: tuple[int, ...]
    #: Blocks that settle SORT bands or stacks, in reading order: (band, stack, sorts the band, sorts the stack).
    steps: tuple[tuple[int, int, bool, bool], ...] = ()


NOTHING_TO_CHOOSE: Final = ValuePlan((KEEP,) * 3, (KEEP,) * 3)

#: Candidates evaluated at once (memory: a few hundred bytes each).
_MAX_CANDIDATES: Final = 100_000
_PERMS: Final = np.array(PERMS3, dtype=np.intp)
_DIGITS: Final = np.arange(1, 10)
_POWERS18: Final = 10 ** np.arange(17, -1, -1, dtype=np.int64)


@dataclass(frozen=True)
class Winner:
    """One candidate reaching the smallest value sequence, as line orders and a digit map."""

    state: int  # index into the pattern states
    transpose: bool
    rows: tuple[int, ...]  # source row of each new row (of the possibly transposed grid)
    cols: tuple[int, ...]
    digits: tuple[int, ...]  # new label of digit d at index d - 1


def value_plan(form_masks: Sequence[int], free_bands: Sequence[bool], free_stacks: Sequence[bool], distinct: bool) -> ValuePlan:
    """For each band and stack: keep it as it is, try all six orders, or sort it (module docstring)."""
    valued_bands = [free_bands[k] and any(form_masks[3 * k + l] for l in range(3)) for k in range(3)]
    valued_stacks = [free_stacks[l] and any(form_masks[3 * k + l] for k in range(3)) for l in range(3)]
    sortable = form_masks[0] == FULL and distinct
    bands = [KEEP if not v else SORT if k > 0 and sortable else ENUMERATE for k, v in enumerate(valued_bands)]
    stacks = [KEEP if not v else SORT if l > 0 and sortable else ENUMERATE for l, v in enumerate(valued_stacks)]
    unsettled_bands = {k for k in range(3) if bands[k] == SORT}
    unsettled_stacks = {l for l in range(3) if stacks[l] == SORT}
    steps = []
    for pos in range(9):
        k, l = divmod(pos, 3)
        if form_masks[pos] == FULL and (k in unsettled_bands or l in unsettled_stacks):
            steps.append((k, l, k in unsettled_bands, l in unsettled_stacks))
            unsettled_bands.discard(k)
            unsettled_stacks.discard(l)
    return ValuePlan(tuple(bands), tuple(stacks), tuple(steps))


def no_repeats(cells: Sequence[int]) -> bool:
    """True when no digit occurs twice in a row, column or box."""
    for unit in UNITS:
        values = [cells[c] for c in unit if cells[c]]
        if len(values) != len(set(values)):
            return False
    return True


def smallest_values(
    cells: Sequence[int],
    states: Sequence[Sequence[int]],
    ops: Sequence[int],
    plan: ValuePlan,
    clue_cells: Sequence[int],
    distinct: bool,
) -> tuple[tuple[int, ...], list[Winner]]:
    """Smallest relabelled clue sequence over all candidates, and every candidate reaching it.

    ``states`` are the pattern stage's (op index, row order of bands 0-2,
    column order of stacks 0-2) with -1 for free; ``clue_cells`` are the clue
    cells of the canonical pattern in reading order; ``distinct`` says that no
    digit repeats in a unit (:func:`no_repeats`).  Inputs with repeated digits
    may need millions of candidates; they are taken in slices of bounded size.
    """
    per_state = 6 ** sum(how == ENUMERATE for how in plan.bands + plan.stacks)
    step = max(1, _MAX_CANDIDATES // per_state)
    best: tuple[int, ...] | None = None
    winners: list[Winner] = []
    for start in range(0, len(states), step):
        sequence, found = _smallest_in(cells, states[start : start + step], ops, plan, clue_cells, distinct)
        found = [replace(w, state=w.state + start) for w in found]
        if best is None or sequence < best:
            best, winners = sequence, found
        elif sequence == best:
            winners += found
    assert best is not None
    return best, winners


def _smallest_in(
    cells: Sequence[int],
    states: Sequence[Sequence[int]],
    ops: Sequence[int],
    plan: ValuePlan,
    clue_cells: Sequence[int],
    distinct: bool,
) -> tuple[tuple[int, ...], list[Winner]]:
    """:func:`smallest_values` for one slice of the pattern states."""
    flags, rows, cols, origin = _expand(states, ops, plan)
    values = np.asarray(cells, dtype=np.intp).reshape(9, 9)
    flat = np.concatenate([values.ravel(), values.T.ravel()])
    offset = 81 * flags[:, None]
    # B00 full and no repeats: B00 alone labels every digit, whatever follows
    fixed_labels = _first_block_labels(flat, offset, rows, cols) if distinct and _first_block_full(clue_cells) else None
    steps = list(plan.steps) if fixed_labels is not None else []

    clue_rows = np.array([c // 9 for c in clue_cells], dtype=np.intp)
    clue_cols = np.array([c % 9 for c in clue_cells], dtype=np.intp)
    survivors = np.arange(len(flags))
    best: list[int] = []
    # Two rounds: the first block that can differ (B01 when B00 is full) on every candidate, which
    # leaves only a few, then everything else on those.  Lines are sorted just before they are read.
    for start, stop in _rounds(clue_cells, skip_first_block=fixed_labels is not None):
        last_block = BOX_OF[clue_cells[stop - 1]]
        now = [step for step in steps if 3 * step[0] + step[1] <= last_block]
        if now:
            assert fixed_labels is not None
            _sort_lines(now, flat, offset, rows, cols, fixed_labels, survivors)
            steps = steps[len(now) :]
        first = start if fixed_labels is not None else 0
        sequence = _gather(flat, offset, rows, cols, survivors, clue_rows[first:stop], clue_cols[first:stop])
        labels = fixed_labels[survivors] if fixed_labels is not None else _relabel(sequence)
        relabelled = _label_of(labels, sequence)
        keep = smallest_rows(pack_sequences(relabelled))
        survivors = survivors[keep]
        best = best[:first] + relabelled[keep[0]].tolist()
    if fixed_labels is not None:
        labels = fixed_labels[survivors]
    else:
        labels = _relabel(_gather(flat, offset, rows, cols, survivors, clue_rows, clue_cols))
    winners = [
        Winner(int(origin[i]), bool(flags[i]), tuple(rows[i].tolist()), tuple(cols[i].tolist()), tuple(labels[j, 1:].tolist()))
        for j, i in enumerate(survivors.tolist())
    ]
    return tuple(best), winners


def _gather(
    flat: np.ndarray, offset: np.ndarray, rows: np.ndarray, cols: np.ndarray, which: np.ndarray, cell_rows: np.ndarray, cell_cols: np.ndarray
) -> np.ndarray:
    """Values (len(which), len(cell_rows)) at the given new cells, for the candidates ``which``."""
    sub = which[:, None]
    result: np.ndarray = flat[offset[which] + 9 * rows[sub, cell_rows] + cols[sub, cell_cols]]
    return result


def _sort_lines(
    steps: Sequence[tuple[int, int, bool, bool]],
    flat: np.ndarray,
    offset: np.ndarray,
    rows: np.ndarray,
    cols: np.ndarray,
    labels: np.ndarray,
    which: np.ndarray,
) -> None:
    """Give the bands and stacks sorted at ``steps`` their one possible order, for candidates ``which`` (in place)."""
    count = len(which)
    every = np.arange(count)
    sub = which[:, None]
    for k, l, sort_band, sort_stack in steps:
        band_rows = rows[sub, 3 * k + np.arange(3)]
        stack_cols = cols[sub, 3 * l + np.arange(3)]
        cells = flat[offset[which][:, :, None] + 9 * band_rows[:, :, None] + stack_cols[:, None, :]]
        block = labels[which[:, None, None], cells]
        # the row and column holding the block's smallest label come first when both are open
        first = block.reshape(count, 9).argmin(axis=1) if sort_band and sort_stack else np.zeros(count, dtype=np.intp)
        if sort_band:
            keys = block[every, :, first % 3]
            rows[sub, 3 * k + np.arange(3)] = np.take_along_axis(band_rows, np.argsort(keys, axis=1), axis=1)
        if sort_stack:
            keys = block[every, first // 3, :]
            cols[sub, 3 * l + np.arange(3)] = np.take_along_axis(stack_cols, np.argsort(keys, axis=1), axis=1)


def _rounds(clue_cells: Sequence[int], skip_first_block: bool) -> list[tuple[int, int]]:
    """(start, stop) in ``clue_cells``: up to the first block that decides anything, then the rest."""
    blocks = [BOX_OF[c] for c in clue_cells]
    if not blocks:
        return []
    deciding = blocks[0]
    if skip_first_block:  # a full B00 reads 1..9 for every candidate
        deciding = next((b for b in blocks if b != blocks[0]), blocks[0])
    split = next((i for i, b in enumerate(blocks) if b > deciding), len(blocks))
    return [(0, split), (split, len(blocks))] if split < len(blocks) else [(0, split)]


def _first_block_full(clue_cells: Sequence[int]) -> bool:
    return len(clue_cells) >= 9 and tuple(clue_cells[:9]) == (0, 1, 2, 9, 10, 11, 18, 19, 20)


def _expand(states: Sequence[Sequence[int]], ops: Sequence[int], plan: ValuePlan) -> tuple[np.ndarray, ...]:
    """Candidate arrays: transposition flag, source rows (N, 9), source columns (N, 9), state index.

    Orders to try are spelt out (all six); sorted and kept lines start in the
    state's order (identity where free).
    """
    table = np.array(states, dtype=np.intp)
    origin = np.arange(len(table))
    for column, how in zip((1, 2, 3, 4, 5, 6), plan.bands + plan.stacks):
        if how == ENUMERATE:
            table = np.repeat(table, 6, axis=0)
            origin = np.repeat(origin, 6)
            table[:, column] = np.tile(np.arange(6), len(table) // 6)
    op_table = np.array([(int(t), *bands, *stacks) for t, bands, stacks in (BLOCK_OPS[op] for op in ops)], dtype=np.intp)
    op_rows = op_table[table[:, 0]]
    flags = op_rows[:, 0]
    perms = _PERMS[np.maximum(table[:, 1:7], 0)]  # (N, 6, 3)
    rows = (3 * op_rows[:, 1:4, None] + perms[:, 0:3]).reshape(-1, 9)
    cols = (3 * op_rows[:, 4:7, None] + perms[:, 3:6]).reshape(-1, 9)
    return flags, rows, cols, origin


def _first_block_labels(flat: np.ndarray, offset: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """Labels (N, 10) when B00 is full and without repeats: its cells, in reading order, are 1..9."""
    first = flat[offset[:, :, None] + 9 * rows[:, :3, None] + cols[:, None, :3]].reshape(len(rows), 9)
    labels = np.zeros((len(rows), 10), dtype=np.intp)
    labels[np.arange(len(rows))[:, None], first] = _DIGITS
    return labels


def _label_of(labels: np.ndarray, values: np.ndarray) -> np.ndarray:
    result: np.ndarray = labels[np.arange(len(labels))[:, None], values]
    return result


def _relabel(sequence: np.ndarray) -> np.ndarray:
    """Labels (N, 10): digits in order of first appearance get 1, 2, ...; absent ones follow in order."""
    count, width = sequence.shape
    hits = sequence[:, :, None] == _DIGITS
    first = np.where(hits.any(axis=1), hits.argmax(axis=1), width)
    order = np.argsort(first, axis=1, kind="stable") + 1
    labels = np.zeros((count, 10), dtype=np.intp)
    labels[np.arange(count)[:, None], order] = _DIGITS
    return labels


def pack_sequences(sequences: np.ndarray) -> np.ndarray:
    """Labels 1..9 as base-10 numbers of 18 digits: comparing rows of the result is lexicographic."""
    pad = (-sequences.shape[1]) % 18
    if pad:
        sequences = np.concatenate([sequences, np.zeros((len(sequences), pad), dtype=sequences.dtype)], axis=1)
    return sequences.reshape(len(sequences), -1, 18).astype(np.int64) @ _POWERS18


def smallest_rows(packed: np.ndarray) -> np.ndarray:
    """Positions of the lexicographically smallest rows."""
    keep = np.arange(len(packed))
    for word in range(packed.shape[1]):
        column = packed[keep, word]
        keep = keep[column == column.min()]
    return keep
