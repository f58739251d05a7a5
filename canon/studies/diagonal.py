"""Block-diagonal pre-sudokus and their (e, u, v)-normalisation, seed 002 sections 2.1-2.2.

A block-diagonal pre-sudoku P = B0 \\ B1 \\ B2 fills exactly the three diagonal
blocks.  The mixed group M = Z x L1 x L2 (digit relabelling, local row and
column moves of band/stack 1 and of band/stack 2) acts on these without fixed
points and keeps the number of completions, so one representative per
M-orbit suffices: relabel digits so that B0 = E = 123/456/789, then move the
rows and columns of band/stack 1 (and 2) so that the block has 1 top-left
and, in its south-east 2x2 corner ``a b / c d``, ``a < b, c, d``.  Exactly
one element of M does this, and 10,080 = 8!/4 normalised blocks remain.

A normalised block is stored as Schoenhage's 32-bit word: digits 2..9 become
hexits 0..7 (the top-left 1 is not stored), ``w = sum z_j 16^j`` with the
cells read as ``1 z7 z6 / z5 z4 z3 / z2 z1 z0``, and the condition becomes
``z4 < z0, z1, z3``.  Words are *written* "from low to high" (docs/decisions.md, "Word coding"):
the text ``76543210`` lists z0 ... z7 and is the word e of the block E.
Integer comparison of words is the paper's order (e is the smallest word).

Section 2.3 groups the normalised pairs further into classes under the
stabiliser H* of the diagonal (:func:`equivalence_class`); the fast version
for the sweep over all pairs is :mod:`canon.studies.words`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Final

from canon.group import Transformation
from puzzles.geometry import Grid

Block = tuple[int, ...]  # 9 digits, row-major
Perm3 = tuple[int, int, int]

#: Cells of the diagonal block F_{k,k}, row-major.
DIAGONAL_CELLS: Final = tuple(tuple(30 * k + 9 * r + c for r in range(3) for c in range(3)) for k in range(3))
E_BLOCK: Final[Block] = tuple(range(1, 10))
_ID3: Final[Perm3] = (0, 1, 2)


# --- words ------------------------------------------------------------------------
def word_of_block(block: Block) -> int:
    """The 32-bit word of a normalised block; ValueError if the block is not normalised."""
    check_normalised(block)
    return sum((block[8 - j] - 2) << (4 * j) for j in range(8))


def block_of_word(word: int) -> Block:
    """B(w): the normalised block a word codes; ValueError for a word outside W."""
    hexits = [(word >> (4 * j)) & 0xF for j in range(8)]
    if word >> 32 or sorted(hexits) != list(range(8)):
        raise ValueError(f"{format_word(word)} is not a word: its hexits must be 0..7, each once")
    block = (1,) + tuple(hexits[8 - p] + 2 for p in range(1, 9))
    check_normalised(block)
    return block


def check_normalised(block: Block) -> None:
    """ValueError unless the block is a normalised B' (1 top-left, a < b, c, d)."""
    if sorted(block) != list(E_BLOCK):
        raise ValueError(f"a block needs the digits 1..9 once each, got {''.join(map(str, block))}")
    if block[0] != 1:
        raise ValueError("a normalised block has 1 in its top-left cell")
    if not block[4] < min(block[5], block[7], block[8]):
        raise ValueError(
            f"block {format_block(block)} breaks the condition a < b, c, d of its south-east corner"
        )


def format_word(word: int) -> str:
    """The paper's text form, low hexit first: e -> ``76543210``."""
    return "".join(f"{(word >> (4 * j)) & 0xF:x}" for j in range(8))


def parse_word(text: str) -> int:
    """Read a word written low to high (``e`` means 76543210); ValueError with a one-line reason."""
    text = text.strip().lower()
    if text == "e":
        text = "76543210"
    if len(text) != 8 or any(ch not in "01234567" for ch in text):
        raise ValueError(f"a word is 8 hexits 0-7 written low to high (or 'e'), got {text!r}")
    word = sum(int(ch, 16) << (4 * j) for j, ch in enumerate(text))
    block_of_word(word)
    return word


def format_block(block: Block) -> str:
    """``123/456/789``."""
    return "/".join("".join(map(str, block[3 * r : 3 * r + 3])) for r in range(3))


E_WORD: Final = word_of_block(E_BLOCK)


# --- block-diagonal pre-sudokus ---------------------------------------------------
@dataclass(frozen=True)
class BlockDiagonal:
    """P = B0 \\ B1 \\ B2: the blocks at F00, F11, F22, each 9 digits row-major."""

    blocks: tuple[Block, Block, Block]

    @classmethod
    def from_words(cls, u: int, v: int) -> BlockDiagonal:
        """P(u, v) = E \\ B(u) \\ B(v)."""
        return cls((E_BLOCK, block_of_word(u), block_of_word(v)))

    @classmethod
    def from_grid(cls, grid: Sequence[int]) -> BlockDiagonal:
        """The diagonal of a grid that fills exactly the three diagonal blocks; ValueError otherwise."""
        if len(grid) != 81:
            raise ValueError(f"a grid needs 81 cells, got {len(grid)}")
        on_diagonal = {c for cells in DIAGONAL_CELLS for c in cells}
        stray = [c for c in range(81) if grid[c] and c not in on_diagonal]
        if stray:
            r, c = divmod(stray[0], 9)
            raise ValueError(f"not block-diagonal: cell ({r + 1}:{c + 1}) outside the diagonal blocks is filled")
        blocks = tuple(tuple(grid[c] for c in cells) for cells in DIAGONAL_CELLS)
        for k, block in enumerate(blocks):
            if sorted(block) != list(E_BLOCK):
                raise ValueError(f"diagonal block {k + 1} must hold the digits 1..9 once each")
        return cls(blocks)  # type: ignore[arg-type]

    def grid(self) -> Grid:
        """The pre-sudoku as a grid, 0 outside the diagonal."""
        cells = [0] * 81
        for block, positions in zip(self.blocks, DIAGONAL_CELLS):
            for d, c in zip(block, positions):
                cells[c] = d
        return tuple(cells)


def _normalising_moves(block: Block) -> tuple[Perm3, Perm3]:
    """Row and column listings (local to the block) that make a relabelled block normalised.

    1 goes top-left; of the four ways to order the other two rows and
    columns, exactly one puts the smallest south-east digit at ``a``.
    """
    one = block.index(1)
    r1, c1 = divmod(one, 3)
    best: tuple[int, Perm3, Perm3] | None = None
    for rest_rows in permutations([r for r in range(3) if r != r1]):
        for rest_cols in permutations([c for c in range(3) if c != c1]):
            a = block[3 * rest_rows[0] + rest_cols[0]]
            if best is None or a < best[0]:
                best = (a, (r1,) + rest_rows, (c1,) + rest_cols)  # type: ignore[assignment]
    assert best is not None
    return best[1], best[2]


@dataclass(frozen=True)
class Normalisation:
    """P_* = E \\ B(u) \\ B(v) and the element of M that maps P onto it."""

    u: int
    v: int
    transformation: Transformation

    @property
    def words(self) -> str:
        """``u,v`` in the paper's text form."""
        return f"{format_word(self.u)},{format_word(self.v)}"


def normalise(diagonal: BlockDiagonal) -> Normalisation:
    """The (e, u, v)-normalisation of section 2.1: the unique pi.g1.g2 in M with result E \\ B(u) \\ B(v)."""
    b0 = diagonal.blocks[0]
    relabel = [0] * 10
    for position, d in enumerate(b0):
        relabel[d] = position + 1
    digits = tuple(relabel[1:])
    rows: list[Perm3] = [_ID3]
    cols: list[Perm3] = [_ID3]
    for block in diagonal.blocks[1:]:
        r, c = _normalising_moves(tuple(relabel[d] for d in block))
        rows.append(r)
        cols.append(c)
    t = Transformation(rows=tuple(rows), cols=tuple(cols), digits=digits)  # type: ignore[arg-type]
    image = BlockDiagonal.from_grid(t.apply(diagonal.grid()))
    return Normalisation(word_of_block(image.blocks[1]), word_of_block(image.blocks[2]), t)


# --- equivalence classes under H* (section 2.3) --------------------------------------
@lru_cache(maxsize=1)
def q_elements() -> tuple[Transformation, ...]:
    """The 432 elements l.t^e.sigma of Q = L0 <t> <t1, t2> (sigma acting first).

    With M = Z L1 L2 in front they make up the whole stabiliser H* = MQ of the
    block diagonals.  The order of the factors matters: M is not normalised
    by the block permutations, so sigma.t.l (in the other order) would miss
    part of H*.  sigma permutes bands and stacks alike (keeps the diagonal),
    l acts on band 0 and stack 0.
    """
    out = []
    for sigma in permutations(range(3)):
        for transpose in (False, True):
            head = Transformation(bands=sigma, stacks=sigma).then(Transformation(transpose=transpose))  # type: ignore[arg-type]
            for rows0 in permutations(range(3)):
                for cols0 in permutations(range(3)):
                    local = Transformation(rows=(rows0, _ID3, _ID3), cols=(cols0, _ID3, _ID3))  # type: ignore[arg-type]
                    out.append(head.then(local))
    return tuple(out)


@dataclass(frozen=True)
class EquivalenceClass:
    """The class (w, y)~ of section 2.3: its lexicographically least pair and its size m(u, v)."""

    u: int
    v: int
    size: int

    @property
    def words(self) -> str:
        """``u,v`` of the representative in the paper's text form."""
        return f"{format_word(self.u)},{format_word(self.v)}"


def equivalence_class(u: int, v: int) -> EquivalenceClass:
    """Class of P(u, v) under H*: all normalised P(w, y) in its H*-orbit (the paper's WY2UV and m).

    N is constant on a class (2.4), so the paper counts one pair per class.
    """
    grid = BlockDiagonal.from_words(u, v).grid()
    pairs = set()
    for q in q_elements():
        image = normalise(BlockDiagonal.from_grid(q.apply(grid)))
        pairs.add((image.u, image.v))
    first = min(pairs)
    return EquivalenceClass(first[0], first[1], len(pairs))
