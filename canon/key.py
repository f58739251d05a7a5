"""The six-component sort key ("SortId") of seed 000.

The key orders all configurations with the same number of clues; the
canonical form of an orbit is the configuration whose key comes first.  Its
components, read block by block (blocks B00 B01 ... B22, cells row by row
inside a block):

1. number of occupied blocks, descending;
2. the 3x3 block-occupancy matrix as a 9-bit string, descending;
3. clues per occupied block, descending;
4. the 9-bit cell pattern of each occupied block, descending;
5. the clue values relabelled 1, 2, 3, ... in order of first appearance,
   ascending -- written, as the seed does, as ``n - r`` (n = number of
   clues) so that the printed string is compared descending like 1-4;
6. the clue values themselves, ascending.

Components 1-4 depend only on the 0-1 pattern and are what G-orbits of
patterns are optimised for; 5 is invariant under digit relabelling; 6 only
separates members of one Z-orbit.  See docs/decisions.md, "canon: SortId".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import total_ordering
from typing import Final

from puzzles.geometry import BOXES
from puzzles.parsing import Puzzle, read_cells

#: The 81 cells in the key's reading order: block by block, row by row inside.
BLOCK_ORDER: Final = tuple(c for box in BOXES for c in box)


def relabel(values: Sequence[int]) -> tuple[int, ...]:
    """Replace values by 1, 2, 3, ... in order of first appearance (seed 000, 5.)."""
    seen: dict[int, int] = {}
    return tuple(seen.setdefault(v, len(seen) + 1) for v in values)


@total_ordering
@dataclass(frozen=True)
class SortId:
    """The sort key of one configuration; ``a < b`` means ``a`` comes first.

    Equal keys mean equal configurations, so "first in the orbit" is well defined.
    """

    blocks: int
    block_matrix: str
    counts: tuple[int, ...]
    cell_bits: tuple[str, ...]
    relabeled: tuple[int, ...]
    values: tuple[int, ...]

    @property
    def clues(self) -> int:
        return len(self.values)

    def precedence(self) -> tuple[object, ...]:
        """A tuple whose natural (ascending) order is the seed's order."""
        return (
            -self.blocks,
            -int(self.block_matrix, 2),
            tuple(-c for c in self.counts),
            tuple(-int(bits, 2) for bits in self.cell_bits),
            tuple(-v for v in self.relabeled),
            self.values,
        )

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, SortId):
            return NotImplemented
        return self.precedence() < other.precedence()

    def __str__(self) -> str:
        """The seed's form ``<blocks> <matrix> <counts> <cell bits> <relabelled>``.

        Component 5 is written digit by digit as in the seed while every value
        is a single digit (n <= 10); beyond that the values are joined with
        commas so that the string stays unambiguous.  Component 6 is left out,
        as in the seed; :meth:`full` adds it.
        """
        sep = "" if all(v < 10 for v in self.relabeled) else ","
        return " ".join(
            (
                str(self.blocks),
                self.block_matrix,
                "".join(map(str, self.counts)),
                "".join(self.cell_bits),
                sep.join(map(str, self.relabeled)),
            )
        )

    def full(self) -> str:
        """All six components; the sixth is the clue values in reading order."""
        return f"{self} {''.join(map(str, self.values))}"


def sort_key(grid: Puzzle) -> SortId:
    """The SortId of a puzzle or pattern exactly as given (no optimisation).

    ``grid`` takes the forms of :func:`puzzles.parsing.read_cells` (an InputError otherwise).
    """
    grid = read_cells(grid)
    counts_all = [sum(1 for c in box if grid[c]) for box in BOXES]
    occupied = [b for b in range(9) if counts_all[b]]
    values = tuple(grid[c] for c in BLOCK_ORDER if grid[c])
    n = len(values)
    return SortId(
        blocks=len(occupied),
        block_matrix="".join("1" if k else "0" for k in counts_all),
        counts=tuple(counts_all[b] for b in occupied),
        cell_bits=tuple("".join("1" if grid[c] else "0" for c in BOXES[b]) for b in occupied),
        relabeled=tuple(n - r for r in relabel(values)),
        values=values,
    )
