"""Minlex forms: the lexicographically smallest string of an orbit, the field's exchange format.

The Sudoku community compares and de-duplicates puzzles and grids by their
*minlex* form: over every element of G* (transposition, band, stack, row and
column permutations, digit relabelling) take the 81-character string, empty
cells written ``0``, that is smallest.  For a given cell arrangement the
smallest relabelling numbers the digits 1, 2, 3, ... in order of first
appearance, so only G has to be searched.  Because ``0`` is the smallest
character, the minlex form of a puzzle has as many leading empty cells as
possible; a full grid's starts ``123456789``; a 0-1 pattern is the same
search with every clue written ``1``.  See docs/decisions.md, "canon:
minlex".

The search never tries the 3,359,232 elements of G; it builds the answer row
by row and keeps only the partial choices whose rows so far equal the best
prefix, abandoning a choice as soon as one of its rows is worse:

* **Puzzles and patterns** (:func:`_puzzle_search`).  A choice is the
  transposition, the source rows placed so far, and a *partial* column
  arrangement: the stacks not yet told apart form groups of consecutive
  stack slots (a stack empty in every row so far can stand anywhere among
  them), and inside each stack a 6-bit mask keeps the column orders that
  still give equal cells.  Column orders are thus only split when a row's
  clues force it, so empty rows and empty stacks cost nothing.  Rows are
  tried in order of clue count so that a good bound is found early, and a
  row with more clues than the best row has leading empty cells is not
  tried at all.  Choices that used the same rows in another order (empty
  rows, say) and left the same columns and labels are merged.
* **Full grids** (:func:`_grid_search`).  Row 0 is always ``123456789``, which
  fixes the digit map from the column order ``s``; row 1 then reads
  ``s^-1 . p . s`` where ``p`` maps each column to the column of row 0 holding
  the same digit.  Over the 36 ordered pairs of rows sharing a band, a short
  depth-first search over ``s`` (most of its steps are forced) finds the
  smallest row 1 -- remembered per ``p``, of which there are only 12,096;
  row 2 cuts the ties, and the survivors are completed (rows of the other
  bands sorted, bands by their first row) and compared whole.

Every surviving choice at the end reaches the minlex form, and they are
disjoint sets of elements of G, so their sizes add up to the number of
automorphisms (elements of G* fixing the input, digits it lacks left fixed:
the convention of :class:`canon.canonical.CanonResult`).

The hot code sticks to ints, tuples and lists, with no closures, so that it
can also be compiled as it stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import factorial
from typing import Final

from canon.blocks import PERMS3
from canon.group import Transformation
from puzzles.errors import InputError
from puzzles.parsing import Puzzle, read_cells
from puzzles.rules import STANDARD, Rules

Grid = tuple[int, ...]

#: All six column orders of a stack allowed.
_ALL_ORDERS: Final = 63
#: _SEGMENT[st][p]: the three columns of stack ``st`` in the order PERMS3[p].
_SEGMENT: Final = tuple(tuple((3 * st + p[0], 3 * st + p[1], 3 * st + p[2]) for p in PERMS3) for st in range(3))
_POPCOUNT6: Final = tuple(m.bit_count() for m in range(64))
_LOWEST_BIT: Final = tuple(((m & -m).bit_length() - 1) if m else -1 for m in range(64))
_ZERO3: Final = (0, 0, 0)
#: _ORDERS_PUTTING[at][k]: mask of the column orders that show a stack's column ``k`` at position ``at``.
_ORDERS_PUTTING: Final = tuple(
    tuple(sum(1 << p for p in range(6) if PERMS3[p][at] == k) for k in range(3)) for at in range(3)
)
_ZERO9: Final = (0,) * 9

#: A partial choice of the puzzle search: transposed?, source rows placed, bands in slot order,
#: stack groups in slot order, column-order mask per stack, digit labels (index = digit), next label,
#: and how many row arrangements with the same future it stands for.
_State = tuple[
    int, tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, int, int], tuple[int, ...], int, int
]


@dataclass(frozen=True)
class MinlexResult:
    """The minlex form of one input, one element of G* reaching it, and the automorphism count.

    ``transformation.apply(input)`` is ``form`` (for patterns: applied to the
    0-1 pattern).  ``automorphisms`` counts the elements of G* (of G for
    patterns, of the variant's H* under variant rules) that fix the input.
    """

    form: Grid
    transformation: Transformation
    automorphisms: int

    def text(self) -> str:
        """The form as the field writes it: 81 characters, ``0`` for an empty cell."""
        return "".join(map(str, self.form))


# --- puzzles and patterns ------------------------------------------------------------
def _segment_ways(
    row: tuple[int, ...], st: int, mask: int, labels: tuple[int, ...], nxt: int
) -> tuple[tuple[int, int, int], list[tuple[int, tuple[int, ...], int]]]:
    """Smallest relabelled segment of stack ``st`` in ``row`` over the column orders in ``mask``.

    Returns the segment and, for each distinct cell content reaching it, the
    mask of the orders giving that content with the labels it leaves.  Orders
    giving the same digits stay together in one mask; those giving the same
    segment with other new digits are separate ways (their digit maps differ).
    """
    base = 3 * st
    x = row[base]
    y = row[base + 1]
    z = row[base + 2]
    if not (x or y or z):
        return _ZERO3, [(mask, labels, nxt)]
    if (x != 0) + (y != 0) + (z != 0) == 1:
        # one clue: it goes as far right as the mask allows, and there is one way
        k = 0 if x else (1 if y else 2)
        v = x or y or z
        if labels[v]:
            label = labels[v]
            n = nxt
        else:
            label = nxt
            n = nxt + 1
            fresh = list(labels)
            fresh[v] = label
            labels = tuple(fresh)
        for at in (2, 1, 0):
            kept = mask & _ORDERS_PUTTING[at][k]
            if kept:
                return ((0, 0, label) if at == 2 else ((0, label, 0) if at == 1 else (label, 0, 0))), [(kept, labels, n)]
    best: tuple[int, int, int] | None = None
    contents: list[tuple[int, int, int]] = []
    masks: list[int] = []
    cols = _SEGMENT[st]
    for p in range(6):
        if not (mask >> p) & 1:
            continue
        c = cols[p]
        a = row[c[0]]
        b = row[c[1]]
        d = row[c[2]]
        # relabel: known digits keep their label, new ones get nxt, nxt+1, ... in order
        n = nxt
        if a == 0:
            la = 0
        elif labels[a]:
            la = labels[a]
        else:
            la = n
            n += 1
        if b == 0:
            lb = 0
        elif labels[b]:
            lb = labels[b]
        elif b == a:
            lb = la
        else:
            lb = n
            n += 1
        if d == 0:
            ld = 0
        elif labels[d]:
            ld = labels[d]
        elif d == a:
            ld = la
        elif d == b:
            ld = lb
        else:
            ld = n
        seg = (la, lb, ld)
        if best is None or seg < best:
            best = seg
            contents = [(a, b, d)]
            masks = [1 << p]
        elif seg == best:
            content = (a, b, d)
            for i in range(len(contents)):
                if contents[i] == content:
                    masks[i] |= 1 << p
                    break
            else:
                contents.append(content)
                masks.append(1 << p)
    assert best is not None
    ways: list[tuple[int, tuple[int, ...], int]] = []
    for i in range(len(contents)):
        content = contents[i]
        new_labels = list(labels)
        n = nxt
        for k in range(3):
            v = content[k]
            if v and not new_labels[v]:
                new_labels[v] = n
                n += 1
        ways.append((masks[i], tuple(new_labels), n))
    return best, ways


def _placed_row_way(
    row: tuple[int, ...],
    groups: tuple[tuple[int, ...], ...],
    masks: tuple[int, int, int],
    labels: tuple[int, ...],
    nxt: int,
    bound: tuple[int, ...] | None,
) -> tuple[tuple[int, ...], list[tuple[tuple[tuple[int, ...], ...], tuple[int, int, int], tuple[int, ...], int]]] | None:
    """:func:`_row_ways` when every stack has its slot and each segment has one way: the common case.

    None when some segment can be reached in two ways (then the general
    search splits the choice).
    """
    cells: list[int] = []
    new_masks = [masks[0], masks[1], masks[2]]
    tight = bound is not None
    for slot in range(3):
        st = groups[slot][0]
        if not (row[3 * st] or row[3 * st + 1] or row[3 * st + 2]):
            if tight:
                assert bound is not None
                if bound[3 * slot] or bound[3 * slot + 1] or bound[3 * slot + 2]:
                    tight = False
            cells.extend(_ZERO3)
            continue
        seg, seg_ways = _segment_ways(row, st, new_masks[st], labels, nxt)
        if len(seg_ways) != 1:
            return None
        if tight:
            assert bound is not None
            limit = bound[3 * slot : 3 * slot + 3]
            if seg > limit:
                return (), []
            if seg < limit:
                tight = False
        new_masks[st], labels, nxt = seg_ways[0]
        cells.extend(seg)
    return tuple(cells), [(groups, (new_masks[0], new_masks[1], new_masks[2]), labels, nxt)]


def _row_ways(
    row: tuple[int, ...],
    groups: tuple[tuple[int, ...], ...],
    masks: tuple[int, int, int],
    labels: tuple[int, ...],
    nxt: int,
    bound: tuple[int, ...] | None,
) -> tuple[tuple[int, ...], list[tuple[tuple[tuple[int, ...], ...], tuple[int, int, int], tuple[int, ...], int]]]:
    """The smallest image of ``row`` under one partial choice, and every way of reaching it.

    Stack slots are filled left to right.  A group of undecided stacks puts
    the stacks this row leaves empty first (they stay one undecided group)
    and orders the others greedily, smallest segment first.  Returns ``((),
    [])`` as soon as the prefix exceeds ``bound`` (the best row of this
    position so far); ``bound`` None means no bound.
    """
    if not any(row):
        return _ZERO9, [(groups, masks, labels, nxt)]  # nothing to place, and nothing is smaller
    cells: list[int] = []
    # a way: (groups so far, masks, labels, next label); pending[i] lists the stacks way i has still to place
    ways: list[tuple[list[tuple[int, ...]], list[int], tuple[int, ...], int]] = [([], list(masks), labels, nxt)]
    tight = bound is not None
    for group in groups:
        pending: list[list[int]]
        if len(group) == 1:
            pending = [[group[0]] for _ in ways]
        else:
            empty = [st for st in group if not (row[3 * st] or row[3 * st + 1] or row[3 * st + 2])]
            if empty:
                for way in ways:
                    way[0].append(tuple(empty))
                start = len(cells)
                cells.extend([0] * (3 * len(empty)))
                if tight:
                    assert bound is not None
                    if any(bound[start : len(cells)]):
                        tight = False  # zeros where the bound has a digit: smaller
            if len(empty) == len(group):
                continue
            rest = [st for st in group if st not in empty]
            pending = [list(rest) for _ in ways]
        for _ in range(len(pending[0])):
            best: tuple[int, int, int] | None = None
            chosen: list[tuple[int, int, int, tuple[int, ...], int]] = []  # way, stack, mask, labels, nxt
            for w in range(len(ways)):
                way = ways[w]
                for st in pending[w]:
                    seg, seg_ways = _segment_ways(row, st, way[1][st], way[2], way[3])
                    if best is None or seg < best:
                        best = seg
                        chosen = []
                    if seg == best:
                        for m, lab, n in seg_ways:
                            chosen.append((w, st, m, lab, n))
            assert best is not None
            if tight:
                assert bound is not None
                limit = bound[len(cells) : len(cells) + 3]
                if best > limit:
                    return (), []
                if best < limit:
                    tight = False
            cells.extend(best)
            new_ways: list[tuple[list[tuple[int, ...]], list[int], tuple[int, ...], int]] = []
            new_pending: list[list[int]] = []
            for w, st, m, lab, n in chosen:
                way = ways[w]
                new_masks = list(way[1])
                new_masks[st] = m
                new_ways.append((way[0] + [(st,)], new_masks, lab, n))
                new_pending.append([s for s in pending[w] if s != st])
            ways = new_ways
            pending = new_pending
    out = []
    for placed, way_masks, lab, n in ways:
        out.append((tuple(placed), (way_masks[0], way_masks[1], way_masks[2]), lab, n))
    return tuple(cells), out


def _puzzle_search(grid: Grid) -> tuple[Grid, list[_State]]:
    """Minlex form of a puzzle (any cells may be empty) and every final partial choice reaching it."""
    plain = [tuple(grid[9 * r : 9 * r + 9]) for r in range(9)]
    turned = [tuple(grid[r::9]) for r in range(9)]
    mats = (plain, turned)
    # rows tried fewest clues first, so that the bound gets tight early
    orders = []
    clues = []
    for mat in mats:
        counts = [sum(1 for v in mat[r] if v) for r in range(9)]
        orders.append(sorted(range(9), key=counts.__getitem__))
        clues.append(counts)
    states: list[_State] = [
        (t, (), (), ((0, 1, 2),), (_ALL_ORDERS, _ALL_ORDERS, _ALL_ORDERS), (0,) * 10, 1, 1) for t in (0, 1)
    ]
    form: list[int] = []
    for pos in range(9):
        best: tuple[int, ...] | None = None
        leading = 0  # empty cells that open ``best``: a row with more than 9 - leading clues cannot tie
        survivors: list[_State] = []
        opening = pos % 3 == 0
        for state in states:
            t, used, bands, groups, masks, labels, nxt, weight = state
            mat = mats[t]
            counts = clues[t]
            for r in orders[t]:
                if counts[r] > 9 - leading:
                    break  # rows come fewest clues first
                if opening:
                    if r // 3 in bands:
                        continue
                elif r // 3 != bands[-1] or r in used:
                    continue
                if counts[r]:
                    found = _placed_row_way(mat[r], groups, masks, labels, nxt, best) if len(groups) == 3 else None
                    if found is None:
                        found = _row_ways(mat[r], groups, masks, labels, nxt, best)
                    cells, ways = found
                    if not ways:
                        continue
                else:
                    cells, ways = _ZERO9, [(groups, masks, labels, nxt)]  # an empty row changes nothing
                if best is None or cells < best:
                    best = cells
                    survivors = []
                    leading = 0
                    while leading < 9 and cells[leading] == 0:
                        leading += 1
                new_used = used + (r,)
                new_bands = bands + (r // 3,) if opening else bands
                for g, m, lab, n in ways:
                    survivors.append((t, new_used, new_bands, g, m, lab, n, weight))
        assert best is not None
        form.extend(best)
        states = _merged(survivors, (pos + 1) % 3 == 0)
    return tuple(form), states


def _merged(states: list[_State], band_done: bool) -> list[_State]:
    """The states with the same future merged into one, their weights added.

    Two choices that used the same rows (in another order: empty rows, say)
    and left the same columns, labels and open band continue identically, so
    one of them is searched for both; without this a puzzle with empty bands
    multiplies its states by every order of its empty rows.
    """
    if len(states) < 2:
        return states
    index: dict[tuple[object, ...], int] = {}
    out: list[_State] = []
    for state in states:
        t, used, bands, groups, masks, labels, nxt, weight = state
        key = (t, tuple(sorted(used)), -1 if band_done else bands[-1], groups, masks, labels, nxt)
        at = index.get(key)
        if at is None:
            index[key] = len(out)
            out.append(state)
        else:
            kept = out[at]
            out[at] = kept[:7] + (kept[7] + weight,)
    return out


def _state_size(state: _State) -> int:
    """How many elements of G one final partial choice stands for."""
    size = state[7]
    for group in state[3]:
        size *= factorial(len(group))
    for m in state[4]:
        size *= _POPCOUNT6[m]
    return size


def _digit_map(labels: tuple[int, ...]) -> tuple[int, ...]:
    """``digits`` of a Transformation: each present digit's label; absent digits take the rest in order."""
    free = iter(sorted(set(range(1, 10)) - {labels[d] for d in range(1, 10) if labels[d]}))
    return tuple(labels[d] if labels[d] else next(free) for d in range(1, 10))


def _state_transformation(state: _State) -> Transformation:
    t, used, bands, groups, masks, labels, _nxt, _weight = state
    stacks = [st for group in groups for st in group]
    rows = tuple(tuple(used[3 * k + m] - 3 * bands[k] for m in range(3)) for k in range(3))
    cols = tuple(PERMS3[_LOWEST_BIT[masks[st]]] for st in stacks)
    return Transformation(bool(t), tuple(bands), tuple(stacks), rows, cols, _digit_map(labels))  # type: ignore[arg-type]


# --- full grids --------------------------------------------------------------------
def _conjugate_search(pi: list[int], bound: list[int] | None) -> tuple[list[int], list[list[int]]]:
    """Smallest ``s^-1 . pi . s`` over column orders ``s`` of the Sudoku's column group, and every ``s``.

    ``s`` is built position by position: a position not yet holding a column
    takes any free column of its slot's stack (a branch), and the column its
    image ``pi`` points to gets the lowest position still free in its stack's
    slot, opening the next free slot for a new stack -- the only placement
    making that entry smallest.  ``bound`` prunes against the best row found
    for an earlier pair of rows; returns ``([], [])`` if this pair cannot
    reach it.  Each ``s`` is returned as its 9 columns in position order.
    """
    best: list[int] = [] if bound is None else list(bound)
    found: list[list[int]] = []
    # a branch: position of each column (-1: none yet), column at each position, stack in each slot, entries
    branches: list[tuple[list[int], list[int], list[int], list[int]]] = [([-1] * 9, [-1] * 9, [-1, -1, -1], [])]
    while branches:
        pos_of, col_at, slot_stack, values = branches.pop()
        j = len(values)
        if j == 9:
            if not best or values < best:
                best = values
                found = [col_at]
            elif values == best:
                found.append(col_at)
            continue
        if col_at[j] >= 0:
            options = [col_at[j]]
        elif slot_stack[j // 3] >= 0:
            first = 3 * slot_stack[j // 3]
            options = [c for c in range(first, first + 3) if pos_of[c] < 0]
        else:
            options = [c for c in range(9) if (c // 3) not in slot_stack]
        for c in options:
            p = list(pos_of)
            a = list(col_at)
            s = list(slot_stack)
            if a[j] < 0:
                a[j] = c
                p[c] = j
                s[j // 3] = c // 3
            x = pi[c]
            if p[x] < 0:
                target = x // 3
                slot = s.index(target) if target in s else s.index(-1)
                s[slot] = target
                k = 3 * slot
                while a[k] >= 0:
                    k += 1
                a[k] = x
                p[x] = k
            extended = values + [p[x]]
            if best and extended > best[: j + 1]:
                continue
            branches.append((p, a, s, extended))
    return best, found


#: Row-1 searches already done, by the column map ``pi``: there are only 12,096 such maps (each
#: column's digit moves to another stack; 56 x 6^3), so the table stays small and fills quickly.
_CONJUGATES: dict[tuple[int, ...], tuple[list[int], list[list[int]]]] = {}


def _grid_search(grid: Grid) -> tuple[Grid, list[tuple[int, int, int, list[int]]]]:
    """Minlex form of a full grid and every (transposed?, row 0, row 1, column order) reaching it.

    Rows 0 and 1 choose the column order (row 1's best image comes from
    :func:`_conjugate_search`, remembered per ``pi``); the ties are cut by row
    2, which the same band fixes, before the other bands are sorted.
    """
    plain = [tuple(grid[9 * r : 9 * r + 9]) for r in range(9)]
    turned = [tuple(grid[r::9]) for r in range(9)]
    mats = (plain, turned)
    best_row: list[int] | None = None
    pairs: list[tuple[int, int, int, list[int]]] = []
    for t in (0, 1):
        mat = mats[t]
        for r0 in range(9):
            top = mat[r0]
            col_of = [0] * 10
            for c in range(9):
                col_of[top[c]] = c
            base = 3 * (r0 // 3)
            for r1 in range(base, base + 3):
                if r1 == r0:
                    continue
                second = mat[r1]
                pi = tuple([col_of[v] for v in second])
                known = _CONJUGATES.get(pi)
                if known is None:
                    known = _conjugate_search(list(pi), None)
                    _CONJUGATES[pi] = known
                row, orders = known
                if best_row is None or row < best_row:
                    best_row = row
                    pairs = []
                elif row != best_row:
                    continue
                for order in orders:
                    pairs.append((t, r0, r1, order))
    # row 2 (the band's third row) cuts the ties before whole grids are built
    best_third: list[int] | None = None
    tied: list[tuple[int, int, int, list[int]]] = []
    for t, r0, r1, order in pairs:
        mat = mats[t]
        label = [0] * 10
        top = mat[r0]
        for j in range(9):
            label[top[order[j]]] = j + 1
        third_row = mat[3 * (r0 // 3) + 3 - (r0 % 3) - (r1 % 3)]
        third = [label[third_row[order[j]]] for j in range(9)]
        if best_third is None or third < best_third:
            best_third = third
            tied = [(t, r0, r1, order)]
        elif third == best_third:
            tied.append((t, r0, r1, order))
    best: Grid | None = None
    winners: list[tuple[int, int, int, list[int]]] = []
    for t, r0, r1, order in tied:
        mat = mats[t]
        label = [0] * 10
        top = mat[r0]
        for j in range(9):
            label[top[order[j]]] = j + 1
        band = r0 // 3
        tail = []
        for b in range(3):
            if b != band:
                tail.append(sorted([label[mat[r][order[j]]] for j in range(9)] for r in range(3 * b, 3 * b + 3)))
        tail.sort()
        cells: list[int] = list(range(1, 10))
        cells.extend([label[mat[r1][order[j]]] for j in range(9)])
        assert best_third is not None
        cells.extend(best_third)
        for rows in tail:
            for line in rows:
                cells.extend(line)
        image = tuple(cells)
        if best is None or image < best:
            best = image
            winners = [(t, r0, r1, order)]
        elif image == best:
            winners.append((t, r0, r1, order))
    assert best is not None
    return best, winners


def _grid_transformation(grid: Grid, winner: tuple[int, int, int, list[int]]) -> Transformation:
    """The element of G* behind one winner of :func:`_grid_search`."""
    t, r0, r1, order = winner
    mat = [tuple(grid[9 * c + r] for c in range(9)) if t else tuple(grid[9 * r : 9 * r + 9]) for r in range(9)]
    label = [0] * 10
    for j in range(9):
        label[mat[r0][order[j]]] = j + 1
    band = r0 // 3
    r2 = 3 * band + 3 - (r0 % 3) - (r1 % 3)
    keyed = []
    for b in range(3):
        if b != band:
            sources = sorted(range(3 * b, 3 * b + 3), key=lambda r: [label[mat[r][order[j]]] for j in range(9)])
            keyed.append(([label[mat[sources[0]][order[j]]] for j in range(9)], b, sources))
    keyed.sort()
    bands = (band, keyed[0][1], keyed[1][1])
    rows = ((r0 % 3, r1 % 3, r2 % 3), tuple(r % 3 for r in keyed[0][2]), tuple(r % 3 for r in keyed[1][2]))
    stacks = tuple(order[3 * l] // 3 for l in range(3))
    cols = tuple(tuple(order[3 * l + n] % 3 for n in range(3)) for l in range(3))
    return Transformation(bool(t), bands, stacks, rows, cols, tuple(label[1:]))  # type: ignore[arg-type]


# --- the entry points --------------------------------------------------------------
def minlex_result(grid: Puzzle, *, pattern: bool = False, rules: Rules = STANDARD) -> MinlexResult:
    """Minlex form of a puzzle, full grid or (``pattern``) 0-1 pattern, with how to get there.

    ``grid`` takes the forms of :func:`puzzles.parsing.read_cells` (an
    InputError otherwise); the givens are not checked for conflicts.  Under
    variant ``rules`` the group is the variant's H* (its elements that keep
    the extra units, :mod:`canon.variant_group`), searched element by
    element; the definition is the same.
    """
    grid = _checked(grid, rules)
    cells = tuple(1 if v else 0 for v in grid) if pattern else grid
    if not rules.standard:
        from canon.variant_group import variant_canonical

        form, ways = variant_canonical(cells, rules)
        return MinlexResult(form, ways[0], len(ways))
    if _valid_full_grid(cells):
        form, winners = _grid_search(cells)
        return MinlexResult(form, _grid_transformation(cells, winners[0]), len(winners))
    form, states = _puzzle_search(cells)
    transformation = _state_transformation(states[0])
    if pattern:
        transformation = Transformation(
            transformation.transpose, transformation.bands, transformation.stacks, transformation.rows, transformation.cols
        )
    return MinlexResult(form, transformation, sum(_state_size(s) for s in states))


def _checked(grid: Puzzle, rules: object) -> Grid:
    """The cells of ``grid`` for the entry points; an InputError for anything they cannot take."""
    if not isinstance(rules, Rules):
        raise InputError(f"rules must be a puzzles.rules.Rules (see parse_rules), not {type(rules).__name__}")
    return read_cells(grid)


def _valid_full_grid(cells: Grid) -> bool:
    """A complete grid obeying the rules: the grid search relies on both, the puzzle search on neither."""
    if not all(cells) or max(cells) > 9:
        return False
    from puzzles.parsing import find_conflict

    return find_conflict(cells) is None


def minlex_form(grid: Grid, *, pattern: bool = False, checked: bool = False) -> Grid:
    """Just the minlex form under G* (G for patterns): the fast path for bulk work.

    ``checked`` promises that the givens break no rule (the caller checked
    them), which saves that check for a full grid; a full grid whose digits
    clash is then not allowed.
    """
    cells = tuple(1 if v else 0 for v in grid) if pattern else tuple(grid)
    if not pattern and (all(cells) if checked else _valid_full_grid(cells)):
        return _grid_search(cells)[0]
    return _puzzle_search(cells)[0]


def minlex(grid: Puzzle, *, pattern: bool = False, rules: Rules = STANDARD) -> str:
    """The minlex string (81 characters, ``0`` = empty) of a puzzle, full grid or 0-1 pattern.

    ``grid`` takes the forms of :func:`puzzles.parsing.read_cells` (81 cell values or a
    puzzle text; an InputError otherwise); the givens are not checked for conflicts (a
    record builder has checked them already).
    """
    grid = _checked(grid, rules)
    if rules.standard:
        return "".join(map(str, minlex_form(grid, pattern=pattern)))
    return minlex_result(grid, pattern=pattern, rules=rules).text()
