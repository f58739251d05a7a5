"""Word tables for the sweep over all normalised block diagonals (seed 002, section 2.3).

:func:`canon.studies.diagonal.equivalence_class` applies the 432 elements of Q
to a grid one by one (about 0.04 s per pair); the 50.8 million pairs w <= y
need something a thousand times faster.  Schoenhage's PCW/PQW tables give the
idea used here, vectorised with numpy:

* The 10,080 normalised blocks are numbered in word order (index order is
  word order, so pairs of indices compare like pairs of words).
* Q0 = L0 <t> (local moves of band/stack 0 and the transposition) maps a
  normalised E \\ B(a) \\ B(b) to E \\ B(q(a)) \\ B(q(b)) with one word map q
  per element: L0 <t> normalises M, so the renormalising relabelling depends
  on the element only, not on the blocks.  The 72 maps are one table
  (:data:`WordTables.q0`), the paper's PQW.
* The block permutations t1, t2 put B(w) or B(y) in front; renormalising
  those (``star(t2 P) = E \\ B(a2) \\ B(b2)`` and ``star(t1 P)``) is a
  vectorised relabel-and-normalise over all y at once.
* The block swap t0 turns (a, b) into (b, a).

So the H*-orbit of (w, y) is {(q(a), q(b)), (q(b), q(a))} over the 72 maps q
and the three starting pairs (w, y), star(t2 P), star(t1 P): 864 pairs,
with repetitions when the class is small.  A pair is its class's
representative when it is the least of them (the paper's WY2UV), and the
class size m is the number of distinct pairs.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Final

import numpy as np

#: Number of normalised blocks, 8!/4 (seed 002, (2.6)).
WORD_COUNT: Final = 10_080
#: Rows of the Q0 table: the 36 elements without the transposition, then the 36 with it.
PLAIN: Final = slice(0, 36)
TRANSPOSING: Final = slice(36, 72)


def _candidate_orders() -> np.ndarray:
    """CAND[p, k]: the 9 source cells of the k-th way to bring the cell p to the top-left.

    Rows and columns are reordered inside the block: the row and column of
    cell p first, the other two rows in either order, the other two columns
    in either order (4 ways).
    """
    table = np.empty((9, 4, 9), dtype=np.intp)
    for p in range(9):
        r1, c1 = divmod(p, 3)
        k = 0
        for rows in permutations([r for r in range(3) if r != r1]):
            for cols in permutations([c for c in range(3) if c != c1]):
                rr, cc = (r1,) + rows, (c1,) + cols
                table[p, k] = [3 * rr[m] + cc[n] for m in range(3) for n in range(3)]
                k += 1
    return table


_CANDIDATES: Final = _candidate_orders()
_HEXIT_SHIFTS: Final = 4 * np.arange(8, dtype=np.int64)  # hexit z_j sits at cell 8 - j


def words_of_blocks(blocks: np.ndarray) -> np.ndarray:
    """The 32-bit words of normalised blocks, shape (n, 9) -> (n,) (no check)."""
    result: np.ndarray = ((blocks[:, 8 - np.arange(8)].astype(np.int64) - 2) << _HEXIT_SHIFTS).sum(axis=1)
    return result


def _all_blocks() -> np.ndarray:
    """Every normalised block (1 top-left, a < b, c, d in the south-east corner), in word order."""
    out = []
    for rest in permutations(range(2, 10)):
        block = (1,) + rest
        if block[4] < min(block[5], block[7], block[8]):
            out.append(block)
    blocks = np.array(out, dtype=np.int8)
    return blocks[np.argsort(words_of_blocks(blocks), kind="stable")]


class WordTables:
    """All normalised blocks, their words, relabellings and the 72 maps of Q0.

    ``blocks[i]`` is B(w) for the i-th word, ``inverse[i][d]`` is the
    position + 1 of digit d in it (the relabelling pi with pi(B(w)) = E),
    ``q0[g, i]`` the index of q_g(w_i) and ``ne[i]`` the index of
    star(pi(E)), the normalised E seen from B(w_i).
    """

    def __init__(self) -> None:
        self.blocks = _all_blocks()
        if len(self.blocks) != WORD_COUNT:
            raise AssertionError(f"expected {WORD_COUNT} normalised blocks, built {len(self.blocks)}")
        self.words = words_of_blocks(self.blocks)
        self.inverse = np.zeros((WORD_COUNT, 10), dtype=np.int8)
        rows = np.arange(WORD_COUNT)[:, None]
        self.inverse[rows, self.blocks] = np.arange(1, 10, dtype=np.int8)[None, :]
        self.ne = self.normalise(self.inverse[:, 1:])
        self.q0 = self._q0_maps()

    def index(self, words: np.ndarray | int) -> np.ndarray:
        """Indices of words (which must be words of W)."""
        return np.searchsorted(self.words, words)

    def normalise(self, blocks: np.ndarray) -> np.ndarray:
        """Word indices of star(B) for blocks (n, 9) of digits 1..9: move 1 top-left, least a."""
        n = len(blocks)
        one = np.argmax(blocks == 1, axis=1)
        candidates = blocks[np.arange(n)[:, None, None], _CANDIDATES[one]]  # (n, 4, 9)
        choice = np.argmin(candidates[:, :, 4], axis=1)
        normalised = candidates[np.arange(n), choice]
        return self.index(words_of_blocks(normalised))

    def relabel_by(self, front: np.ndarray | int, blocks: np.ndarray) -> np.ndarray:
        """Blocks relabelled by pi_front (pi(B(front)) = E), then normalised; broadcasts over rows."""
        if np.ndim(front) == 0:
            return self.normalise(self.inverse[front][blocks])
        return self.normalise(np.take_along_axis(self.inverse[front], blocks.astype(np.intp), axis=1))

    def _q0_maps(self) -> np.ndarray:
        """q0[g]: the word map of the g-th element l.t^e of Q0 (PQW), as index arrays; e = 0 first."""
        e_block = np.arange(1, 10).reshape(3, 3)
        maps = []
        for transpose in (False, True):
            squares = self.blocks.reshape(-1, 3, 3)
            moved = (squares.transpose(0, 2, 1) if transpose else squares).reshape(-1, 9)
            front = e_block.T if transpose else e_block
            for rows in permutations(range(3)):
                for cols in permutations(range(3)):
                    image_of_e = front[list(rows)][:, list(cols)].reshape(9)
                    relabel = np.zeros(10, dtype=np.int8)
                    relabel[image_of_e] = np.arange(1, 10)
                    maps.append(self.normalise(relabel[moved]))
        return np.array(maps, dtype=np.int64)

    def starting_pairs(self, w: int, ys: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """The three pairs (w, y), star(t2 P), star(t1 P) for P = P(w, y), vectorised over ys."""
        block_w = self.blocks[w]
        a2 = np.full(len(ys), self.ne[w], dtype=np.int64)
        b2 = self.relabel_by(w, self.blocks[ys])
        a1 = self.relabel_by(ys, np.broadcast_to(block_w, (len(ys), 9)))
        b1 = self.ne[ys]
        return ((np.full(len(ys), w, dtype=np.int64), ys.astype(np.int64)), (a2, b2), (a1, b1))

    def orbit_codes(self, w: int, ys: np.ndarray, maps: slice = slice(None)) -> np.ndarray:
        """Codes a * 10080 + b of all 864 orbit pairs of each (w, y), shape (864, len(ys)).

        ``maps`` picks rows of :attr:`q0`: :data:`PLAIN` (elements without the
        transposition) or :data:`TRANSPOSING` give the two halves of the orbit.
        """
        codes = []
        for a, b in self.starting_pairs(w, ys):
            qa, qb = self.q0[maps, a], self.q0[maps, b]
            codes += [qa * WORD_COUNT + qb, qb * WORD_COUNT + qa]
        return np.concatenate(codes)


@lru_cache(maxsize=1)
def word_tables() -> WordTables:
    """The tables, built once per process (about a second)."""
    return WordTables()


def q0_minimal_words() -> np.ndarray:
    """Indices w with w = min over Q0 of q(w): the only possible first words of representatives."""
    tables = word_tables()
    return np.flatnonzero(tables.q0.min(axis=0) == np.arange(WORD_COUNT))


def representatives_with_first_word(w: int) -> tuple[np.ndarray, np.ndarray]:
    """Every class representative (w, v), v >= w, and its class size m, as index arrays.

    (w, y) represents its class when no orbit pair comes before it; m counts
    the distinct ordered pairs of its orbit.
    """
    tables = word_tables()
    ys = np.arange(w, WORD_COUNT, dtype=np.int64)
    least = np.full(len(ys), WORD_COUNT * WORD_COUNT, dtype=np.int64)
    for a, b in tables.starting_pairs(w, ys):
        qa, qb = tables.q0[:, a], tables.q0[:, b]
        low, high = np.minimum(qa, qb), np.maximum(qa, qb)
        least = np.minimum(least, (low * WORD_COUNT + high).min(axis=0))
    reps = ys[least == w * WORD_COUNT + ys]
    if len(reps) == 0:
        return reps, reps
    ordered = np.sort(tables.orbit_codes(w, reps), axis=0)
    sizes = 1 + (np.diff(ordered, axis=0) != 0).sum(axis=0)
    return reps, sizes
