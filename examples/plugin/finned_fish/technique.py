"""Finned single-digit grids: a finned X-wing, swordfish or jellyfish (code ``SGF``, family IV).

The built-in single-digit grid (``SG``) needs the candidates of a digit in N
base rows to lie in exactly N cover columns.  A *finned* grid allows a few more
candidates in the base rows, the fins, as long as they all lie in one box:

* if a fin holds the digit, every cell of that box loses it;
* if none does, the base rows are a plain N x N grid, and the digit leaves the
  cover columns outside the base rows.

Either way the digit goes from the cells of the cover columns that lie in the
fins' box and outside the base rows.  (The same with rows and columns
exchanged.)  The built-in catalogue does not find this as one step: ``SG`` has
no fins, and the single-digit chains (``SC``) join single cells by strong
links, while the finned base row is a strong link from a cell to a *group*
(the cover cell and the fins together).  Other techniques may reach the same
eliminations later and dearer: a longer single-digit chain through other
strong links, or the general chains of family VI (13 + N points).

Points: ``points_per_line x N + fin_points``, by default 3N + 1 (7 for a
finned X-wing, 10 for a finned swordfish, 13 for a finned jellyfish).  The
3N are ``SG``'s points for the grid itself (techniques.yaml: ``SG``
``points_per_line: 3``); the fin adds the case split "fin or grid".  One point
makes a finned X-wing cost what ``SC`` gives a chain of four nodes (N + 3 = 7),
and a chain of four nodes is what it is when the finned row's cover cell and
fins are read as one node G: ``G = a - b = c``, with a the finned row's other
cell, b the cell of a's column in the plain base row and c b's partner in that
row.  One end holds the digit, so it leaves every cell that sees both G (the
fin box) and c (the cover column): the same eliminations.  ``SC`` has no
group nodes, so it cannot take this chain.  A finned grid thus stays in family
IV, one point above the plain grid of its size, and far cheaper than the
chains of family VI.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

from puzzles.geometry import BOX_MASK, BOX_OF, COL_MASK, ROW_MASK, cells_of
from techniques.base import Context, Phase, Technique
from techniques.board import Board
from techniques.findings import Cells, Digit, Unit, Units
from techniques.points import linear_floor
from techniques.step import Step

#: Grid sizes the search knows: X-wing, swordfish, jellyfish.
SIZES = (2, 3, 4)
#: (base units, cover units, first base unit number, first cover unit number, cover line of a cell)
_ORIENTATIONS = (
    (ROW_MASK, COL_MASK, 0, 9, lambda c: c % 9),
    (COL_MASK, ROW_MASK, 9, 0, lambda c: c // 9),
)


def _union(masks: tuple[int, ...], lines: tuple[int, ...]) -> int:
    out = 0
    for i in lines:
        out |= masks[i]
    return out


class FinnedGrid(Technique):
    """Finned N x N single-digit grids, N = 2 up to ``max_size`` (at most 4)."""

    code = "SGF"
    group = "IV"
    family = "IV"
    sync_level = 4  # the level of family IV (a class that leaves it out takes its family's)
    phase = Phase.THINNING
    defaults = {"points_per_line": 3, "fin_points": 1, "max_size": 3}
    fields = frozenset({"n", "digit", "base", "cover", "fins", "box", "removed"})
    measure = "n"
    formula = "{points_per_line} x N + {fin_points} (N x N grid with fins, N up to {max_size})"
    texts_dir = Path(__file__).with_name("texts")

    def sizes(self) -> tuple[int, ...]:
        return tuple(n for n in SIZES if n <= self.params["max_size"])

    def points(self, n: int) -> float:
        return self.params["points_per_line"] * n + self.params["fin_points"]

    def floor(self) -> float:
        sizes = self.sizes() or SIZES[:1]
        return linear_floor(self.params["fin_points"], self.params["points_per_line"], sizes[0], sizes[-1])

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Sizes ascending; within a size digits 1-9; rows as the base, then columns; bases and boxes ascending."""
        for n in self.sizes():
            for digit in range(1, 10):
                pos = board.positions[digit]
                if pos:
                    yield from self._grids(digit, pos, n)

    def _grids(self, digit: int, pos: int, n: int) -> Iterator[Step]:
        for base_masks, cover_masks, base_first, cover_first, cross_of in _ORIENTATIONS:
            open_lines = tuple(i for i in range(9) if pos & base_masks[i])
            for base in combinations(open_lines, n):
                base_area = _union(base_masks, base)
                cells = pos & base_area
                for box in sorted({BOX_OF[c] for c in cells_of(cells)}):
                    needed = {cross_of(c) for c in cells_of(cells & ~BOX_MASK[box])}
                    if len(needed) > n:
                        continue
                    through_box = sorted({cross_of(c) for c in cells_of(BOX_MASK[box])} - needed)
                    for extra in combinations(through_box, n - len(needed)):
                        cover = tuple(sorted(needed.union(extra)))
                        cover_area = _union(cover_masks, cover)
                        fins = cells & ~cover_area
                        if not fins or any(not pos & base_masks[i] & cover_area for i in base):
                            continue  # a plain grid (SG's), or a base line made of fins only
                        removed = pos & cover_area & BOX_MASK[box] & ~base_area
                        if removed:
                            yield Step(
                                code=self.code,
                                points=self.points(n),
                                eliminations=tuple((c, digit) for c in cells_of(removed)),
                                used=tuple((c, digit) for c in cells_of(cells)),
                                detail={
                                    "n": n,
                                    "digit": Digit(digit),
                                    "base": Units(base_first + i for i in base),
                                    "cover": Units(cover_first + j for j in cover),
                                    "fins": Cells(cells_of(fins)),
                                    "box": Unit(18 + box),
                                    "removed": Cells(cells_of(removed)),
                                },
                            )
