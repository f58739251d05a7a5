"""Completions of a block-diagonal pre-sudoku: counting N(u, v) and classifying each completion.

Why not the general solver: ``puzzles.solver.count_solutions`` needs about
9 s for the 283,576 completions of E \\ E \\ E (branching cell by cell), and
classifying every completion needs the grids, not just their number.  The
block-diagonal shape allows a join instead of a search:

* Band k holds the fixed block D_k and two open blocks.  Each digit of D_k's
  row m must go to one of the two open blocks in each of the other two rows,
  which gives at most 56 ways to choose the open blocks' row *sets*; within a
  row the three digits of an open block are ordered independently, each
  cell only excluding the digits of the diagonal block in its stack column.
  So all fillings of one band are listed directly (2,600-3,600 for the
  paper's pairs).
* Across bands only the columns interact, and only through column *sets*:
  in stack l the two open blocks (of the two bands other than l) must have
  complementary column sets relative to D_l's columns.  Keying each band
  filling by the column sets of its two open blocks, the completions are the
  triples (band 0, band 1, band 2) whose keys match in the three stacks.
  Counting is a sum of products over the keys, with no search at all.

Lemma 2.1's shortcut (a stalled search pattern with 77 fixed digits has two
completions) prunes a branching search; this join never branches, so it has
nothing to cut.

Classification follows FCINF's idea of rejecting early: all 27 column sets
of a completion are fixed by the keys of bands 0 and 1, so theorem 4.3's
mod-3 condition on the vertical sets is tested once per key combination and the full
fix test (:mod:`canon.studies.fix`) runs only on the survivors.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Final

from canon.studies.diagonal import BlockDiagonal
from canon.studies.fix import FixResult, fix_test_triples
from canon.studies.triples import triples_of
from puzzles.geometry import Grid

ColumnSets = tuple[int, int, int]
Key = tuple[ColumnSets, ColumnSets]
FULL: Final = 0x1FF
#: The two open stacks of each band, ascending.
OPEN_STACKS: Final = ((1, 2), (0, 2), (0, 1))


@dataclass(frozen=True)
class BandFilling:
    """One way to fill the open blocks of a band: its 27 cells and its join key.

    ``cells`` is the band row-major (diagonal block included), ``key`` the
    column sets of its open blocks in ascending stack order.
    """

    cells: Grid
    key: Key


def _columns(block: tuple[int, ...]) -> ColumnSets:
    bits = [1 << (d - 1) for d in block]
    return (bits[0] | bits[3] | bits[6], bits[1] | bits[4] | bits[7], bits[2] | bits[5] | bits[8])


def _row_orders(digits: tuple[int, int, int], forbidden: ColumnSets) -> list[tuple[int, int, int]]:
    """Orders of a block row's three digits that avoid the diagonal block in each column."""
    orders: list[tuple[int, int, int]] = [
        p for p in permutations(digits) if all(not forbidden[n] >> (p[n] - 1) & 1 for n in range(3))  # type: ignore[misc]
    ]
    return orders


def band_fillings(diagonal: BlockDiagonal, band: int) -> list[BandFilling]:
    """All fillings of the two open blocks of ``band`` (rows and blocks complete, columns legal so far)."""
    fixed = diagonal.blocks[band]
    left, right = OPEN_STACKS[band]
    forbid_left = _columns(diagonal.blocks[left])
    forbid_right = _columns(diagonal.blocks[right])
    rest = [tuple(sorted(set(range(1, 10)) - set(fixed[3 * m : 3 * m + 3]))) for m in range(3)]
    out: list[BandFilling] = []
    for s0 in combinations(rest[0], 3):
        for s1 in combinations([d for d in rest[1] if d not in s0], 3):
            s2 = tuple(d for d in range(1, 10) if d not in s0 and d not in s1)
            if not set(s2) <= set(rest[2]):
                continue
            left_rows = (s0, s1, s2)
            right_rows = tuple(tuple(d for d in rest[m] if d not in left_rows[m]) for m in range(3))
            lefts = [_row_orders(left_rows[m], forbid_left) for m in range(3)]  # type: ignore[arg-type]
            rights = [_row_orders(right_rows[m], forbid_right) for m in range(3)]  # type: ignore[arg-type]
            if not all(lefts) or not all(rights):
                continue
            out += _assemble(band, fixed, lefts, rights)
    return out


def _assemble(
    band: int,
    fixed: tuple[int, ...],
    lefts: list[list[tuple[int, int, int]]],
    rights: list[list[tuple[int, int, int]]],
) -> list[BandFilling]:
    out = []
    for l0 in lefts[0]:
        for l1 in lefts[1]:
            for l2 in lefts[2]:
                left_block = l0 + l1 + l2
                left_key = _columns(left_block)
                for r0 in rights[0]:
                    for r1 in rights[1]:
                        for r2 in rights[2]:
                            right_block = r0 + r1 + r2
                            blocks = {band: fixed, OPEN_STACKS[band][0]: left_block, OPEN_STACKS[band][1]: right_block}
                            cells = tuple(blocks[s][3 * m + n] for m in range(3) for s in range(3) for n in range(3))
                            out.append(BandFilling(cells, (left_key, _columns(right_block))))
    return out


def _complement(diagonal_columns: ColumnSets, sets: ColumnSets) -> ColumnSets:
    """Column sets the other open block of a stack must have: all digits minus D_l's and these."""
    return tuple(FULL ^ diagonal_columns[n] ^ sets[n] for n in range(3))  # type: ignore[return-value]


class CompletionJoin:
    """The band tables of one block diagonal, grouped by key for the three-way join.

    Stack 0 pairs bands 1 and 2, stack 1 pairs bands 0 and 2, stack 2 pairs
    bands 0 and 1 (keys: band 0 = (stack 1, stack 2), band 1 = (stack 0,
    stack 2), band 2 = (stack 0, stack 1)).  The join runs over keys, so
    anything that depends on column sets only is computed once per key
    combination, not once per grid.
    """

    def __init__(self, diagonal: BlockDiagonal) -> None:
        self.diagonal = diagonal
        self.diagonal_columns = tuple(_columns(b) for b in diagonal.blocks)
        self.bands = tuple(band_fillings(diagonal, k) for k in range(3))
        groups: list[dict[Key, list[BandFilling]]] = [defaultdict(list) for _ in range(3)]
        for band, fillings in enumerate(self.bands):
            for f in fillings:
                groups[band][f.key].append(f)
        self._band0 = groups[0]
        self._band1_by_stack2: dict[ColumnSets, list[tuple[ColumnSets, list[BandFilling]]]] = defaultdict(list)
        for (stack0, stack2), fillings in groups[1].items():
            self._band1_by_stack2[stack2].append((stack0, fillings))
        self._band2 = groups[2]

    def matches(self) -> Iterator[tuple[Key, ColumnSets, list[BandFilling], list[BandFilling], list[BandFilling]]]:
        """Every key combination that fits in all three stacks, with its band fillings.

        Yields (band-0 key, band-1 stack-0 sets, band-0, band-1, band-2 fillings);
        the completions are the products of the three lists.
        """
        for key0, fillings0 in self._band0.items():
            stack1, stack2 = key0
            need_stack1 = _complement(self.diagonal_columns[1], stack1)
            for stack0, fillings1 in self._band1_by_stack2.get(_complement(self.diagonal_columns[2], stack2), ()):
                fillings2 = self._band2.get((_complement(self.diagonal_columns[0], stack0), need_stack1))
                if fillings2:
                    yield key0, stack0, fillings0, fillings1, fillings2

    def count(self) -> int:
        """N(P): the number of full grids extending P."""
        return sum(len(a) * len(b) * len(c) for _, _, a, b, c in self.matches())

    def grids(self) -> Iterator[Grid]:
        """Every completion."""
        for _, _, fillings0, fillings1, fillings2 in self.matches():
            for f0 in fillings0:
                for f1 in fillings1:
                    head = f0.cells + f1.cells
                    for f2 in fillings2:
                        yield head + f2.cells

    def vertical_mod3(self, key0: Key, stack0: ColumnSets) -> bool:
        """Theorem 4.3's condition on all 27 column sets, which the keys already decide."""
        stack1, stack2 = key0
        counts: Counter[int] = Counter()
        for columns in self.diagonal_columns:
            counts.update(columns)
        counts.update(stack0 + stack1 + stack2)
        counts.update(_complement(self.diagonal_columns[0], stack0))
        counts.update(_complement(self.diagonal_columns[1], stack1))
        counts.update(_complement(self.diagonal_columns[2], stack2))
        return len(counts) <= 9 and all(n % 3 == 0 for n in counts.values())



@dataclass(frozen=True)
class Classification:
    """Completions of one block diagonal split by fixness (the classes of section 4.4).

    ``tested`` completions survived the vertical mod-3 test on the keys and
    got the full fix test; ``mod3`` of those passed theorem 4.3's criterion
    on both vertical and horizontal sets (the paper's h and its survivors).
    """

    total: int
    tested: int
    mod3: int
    categories: Counter[str]
    fixed: tuple[tuple[Grid, FixResult], ...]

    @property
    def fixed_count(self) -> int:
        """N_f: how many completions are fix-sudokus."""
        return len(self.fixed)


def classify(diagonal: BlockDiagonal) -> Classification:
    """Count all completions and list the fix-sudokus among them by type."""
    join = CompletionJoin(diagonal)
    total = tested = mod3 = 0
    fixed: list[tuple[Grid, FixResult]] = []
    for key0, stack0, fillings0, fillings1, fillings2 in join.matches():
        total += len(fillings0) * len(fillings1) * len(fillings2)
        if not join.vertical_mod3(key0, stack0):
            continue
        for f0 in fillings0:
            for f1 in fillings1:
                head = f0.cells + f1.cells
                for f2 in fillings2:
                    grid = head + f2.cells
                    result = fix_test_triples(triples_of(grid))
                    tested += 1
                    mod3 += result.mod3
                    if result.is_fixed:
                        fixed.append((grid, result))
    categories = Counter(result.category for _, result in fixed)
    categories["neutral"] = total - len(fixed)
    return Classification(total, tested, mod3, categories, tuple(fixed))


def count_completions(diagonal: BlockDiagonal) -> int:
    """N(P) = #(completions of P); N(u, v) for P = P(u, v)."""
    return CompletionJoin(diagonal).count()
