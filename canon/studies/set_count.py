"""N(u, v) and the fix-sudokus of a block diagonal from row and column *sets* alone.

A second counting method, independent of :mod:`canon.studies.completions`
(which lists band fillings cell by cell) and fast enough for all 237,083
classes of seed 002 section 2.4:

* A 3x3 block is determined by its three row sets and three column sets: the
  digit in cell (m, n) is the single element of row set m and column set n,
  and a block with these sets exists iff all nine intersections are
  non-empty.
* In band i the diagonal block D_i fixes, for each row, the six digits the
  two open blocks share; giving each digit to one of the two open blocks
  with three digits per block row leaves exactly 56 choices rho_i (the row
  sets of the first open block; the second gets the rest).  Likewise 56
  choices gamma_j of column sets in stack j.
* A completion is a choice of the six (rho_0, rho_1, rho_2, gamma_0, gamma_1,
  gamma_2) with every open block (i, j) consistent: A_ij[rho_i, gamma_j] = 1
  for a 56 x 56 0-1 matrix A_ij.  The six open blocks form a 6-cycle
  (band 0 - stack 1 - band 2 - stack 0 - band 1 - stack 2 - band 0), so

      N = sum over gamma of B_0[g1, g2] B_1[g0, g2] B_2[g0, g1],
      B_i = A_ij^T A_ik (the rho_i summed out),

  three 56 x 56 matrix products per block diagonal.
* The triples of seed 002 section 1.4 are exactly these sets (vertical =
  column sets, horizontal = row sets), so theorem 4.3's fix test needs no
  grid at all.  Its mod-3 criterion splits: the vertical multiplicities depend
  on the gammas only, the horizontal ones on the rhos only.  For each side the
  triples (x0, x1, x2) whose count vectors sum to 0 mod 3 are found by
  matching a hash of the pair sum (x0, x1) against the negated third
  (56^2 x 56 comparisons instead of 56^3 vectors), then checked exactly; only
  consistent combinations of survivors of both sides get the 18-equation test.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Final

import numpy as np

from canon.studies.fix import FixResult, fix_test_triples
from canon.studies.triples import Triples
from puzzles.geometry import Grid

FULL: Final = 0x1FF
#: The open blocks of band/stack i, ascending.
OPEN: Final = ((1, 2), (0, 2), (0, 1))


def _choice_table() -> np.ndarray:
    """TARGET[c, p]: the line (0-2) that the digit at position p = 3m + k of the lines goes to.

    The digit of line m goes to one of the two other lines of the first open
    block; the 56 assignments with three digits per line are the choices.
    """
    rows = []
    for picks in product((0, 1), repeat=9):
        target = [[x for x in range(3) if x != p // 3][pick] for p, pick in enumerate(picks)]
        if all(target.count(x) == 3 for x in range(3)):
            rows.append(target)
    return np.array(rows, dtype=np.int64)


_TARGET: Final = _choice_table()
CHOICES: Final = len(_TARGET)  # 56
#: The mod-3 hash: a random linear map (Z/3)^84 -> (Z/3)^12 of multiplicity vectors, one row per
#: 3-set mask.  Hash vectors are coded as two base-3 numbers of 6 trits, added trit-wise mod 3 by a
#: 729 x 729 table.
_HALF: Final = 6
_HASH: Final = np.random.default_rng(2010).integers(0, 3, size=(512, 2 * _HALF)).astype(np.int64)
_TRIT_WEIGHTS: Final = 3 ** np.arange(_HALF, dtype=np.int64)
_TRITS: Final = (np.arange(3**_HALF)[:, None] // _TRIT_WEIGHTS[None, :]) % 3  # (729, 6)
_ADD: Final = (((_TRITS[:, None, :] + _TRITS[None, :, :]) % 3) @ _TRIT_WEIGHTS).astype(np.int64)
_NEGATE: Final = ((-_TRITS) % 3) @ _TRIT_WEIGHTS
#: Weights that make one matrix product test a block: digit d in row set m and column set n adds
#: 16^m 2^n, and the block exists iff every row set meets every column set, i.e. the sum is 7 * 273.
_ROW_WEIGHT: Final = 16.0 ** np.arange(3)
_COL_WEIGHT: Final = 2.0 ** np.arange(3)
_BLOCK_OK: Final = 7 * 273


def _line_sets(lines: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Masks of the lines (3,), and for all 56 choices the first and second open block's sets (56, 3).

    ``lines`` is (3, 3): the digits of the diagonal block's rows (for a band)
    or columns (for a stack).
    """
    bits = 1 << (lines.reshape(9).astype(np.int64) - 1)
    own = bits.reshape(3, 3).sum(axis=1)
    first = np.stack([(bits * (_TARGET == x)).sum(axis=1) for x in range(3)], axis=1)
    second = (FULL ^ own)[None, :] ^ first
    return own, first, second


def _line_of_digit(sets: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """(56, 9): for each choice, weights[x] for the line x (0-2) of its block that holds digit d."""
    member = (sets[:, :, None] >> np.arange(9)[None, None, :]) & 1  # (56, 3, 9)
    result: np.ndarray = np.einsum("cxd,x->cd", member.astype(np.float64), weights)
    return result


def _hashes(diagonal_sets: np.ndarray, first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The mod-3 hash of the multiplicity vector of one band's or stack's nine sets, per choice, as two codes."""
    total = _HASH[first].sum(axis=1) + _HASH[second].sum(axis=1) + _HASH[diagonal_sets].sum(axis=0)
    trits = total % 3
    return trits[:, :_HALF] @ _TRIT_WEIGHTS, trits[:, _HALF:] @ _TRIT_WEIGHTS


def _mod3_exact(sets: np.ndarray) -> np.ndarray:
    """Theorem 4.3's criterion on one side for each row of ``sets`` (k, 27): every 3-set a multiple of 3 times.

    In a sorted row all runs have lengths divisible by 3 exactly when every
    aligned slice [3t, 3t + 3) is constant.
    """
    ordered = np.sort(sets, axis=1).reshape(len(sets), 9, 3)
    result: np.ndarray = (ordered[:, :, 0] == ordered[:, :, 2]).all(axis=1)
    return result


def _mod3_triples(side: list[tuple[np.ndarray, np.ndarray, np.ndarray]]) -> np.ndarray:
    """All (x0, x1, x2) whose 27 sets pass the mod-3 criterion, shape (k, 3).

    ``side[j]`` is (diagonal sets, first, second) of band or stack j.  The
    hash is linear mod 3, so a passing triple has hashes summing to 0;
    triples found that way are then checked exactly.
    """
    (low0, high0), (low1, high1), (low2, high2) = (_hashes(*part) for part in side)
    pair_keys = (_ADD[low0[:, None], low1[None, :]] + 729 * _ADD[high0[:, None], high1[None, :]]).reshape(-1)
    third_keys = _NEGATE[low2] + 729 * _NEGATE[high2]
    order = np.argsort(third_keys)
    ordered = third_keys[order]
    left = np.searchsorted(ordered, pair_keys, side="left")
    matches = np.searchsorted(ordered, pair_keys, side="right") - left
    pairs = np.repeat(np.arange(len(pair_keys)), matches)
    if len(pairs) == 0:
        return np.empty((0, 3), dtype=np.int64)
    offsets = np.arange(len(pairs)) - np.repeat(np.cumsum(matches) - matches, matches)
    found = np.stack([pairs // CHOICES, pairs % CHOICES, order[left[pairs] + offsets]], axis=1)
    sets = np.concatenate(
        [np.broadcast_to(np.concatenate([part[0] for part in side]), (len(found), 9))]
        + [side[j][k][found[:, j]] for j in range(3) for k in (1, 2)],
        axis=1,
    )
    result: np.ndarray = found[_mod3_exact(sets)]
    return result


@dataclass(frozen=True)
class SetCount:
    """Completions of one block diagonal counted from sets, and its fix-sudokus.

    ``vertical_mod3``: completions whose 27 column sets pass the mod-3
    criterion; ``mod3``: completions passing it on both sides (those get the
    full test); ``categories``: fix-sudokus by class (R, S, RS, RSS, superfix).
    """

    total: int
    vertical_mod3: int
    mod3: int
    categories: Counter[str]
    fixed: tuple[tuple[Grid, FixResult], ...]

    @property
    def fixed_count(self) -> int:
        """N_f: how many completions are fix-sudokus."""
        return len(self.fixed)


class SetJoin:
    """The 56-choice tables and the six consistency matrices of one block diagonal.

    ``blocks`` is (3, 9): the diagonal blocks D_0, D_1, D_2 row-major.
    """

    def __init__(self, blocks: np.ndarray) -> None:
        grids = np.asarray(blocks).reshape(3, 3, 3)
        self.diagonal = grids
        self.row_own, self.col_own = [], []
        self.rows: dict[tuple[int, int], np.ndarray] = {}  # (i, j) -> row sets of block (i, j) per rho_i
        self.cols: dict[tuple[int, int], np.ndarray] = {}  # (i, j) -> column sets of block (i, j) per gamma_j
        for k in range(3):
            own, first, second = _line_sets(grids[k])
            self.row_own.append(own)
            self.rows[k, OPEN[k][0]], self.rows[k, OPEN[k][1]] = first, second
            own, first, second = _line_sets(grids[k].T)
            self.col_own.append(own)
            self.cols[OPEN[k][0], k], self.cols[OPEN[k][1], k] = first, second
        self.consistent = {
            key: _line_of_digit(self.rows[key], _ROW_WEIGHT) @ _line_of_digit(self.cols[key], _COL_WEIGHT).T == _BLOCK_OK
            for key in self.rows
        }
        a = {key: m.astype(np.float64) for key, m in self.consistent.items()}
        # band_pairs[i][g_j, g_k]: choices rho_i consistent with both open blocks of band i.
        self.band_pairs = tuple(a[i, OPEN[i][0]].T @ a[i, OPEN[i][1]] for i in range(3))

    def count(self) -> int:
        """N: the number of full grids extending the block diagonal."""
        b0, b1, b2 = self.band_pairs
        return int(round(float((b1 * (b2 @ b0)).sum())))

    def _vertical_survivors(self) -> np.ndarray:
        """Choices (gamma_0, gamma_1, gamma_2) whose 27 column sets pass the mod-3 criterion."""
        return _mod3_triples([(self.col_own[j], self.cols[OPEN[j][0], j], self.cols[OPEN[j][1], j]) for j in range(3)])

    def _horizontal_survivors(self) -> np.ndarray:
        """Choices (rho_0, rho_1, rho_2) whose 27 row sets pass the mod-3 criterion."""
        return _mod3_triples([(self.row_own[i], self.rows[i, OPEN[i][0]], self.rows[i, OPEN[i][1]]) for i in range(3)])

    def classify(self) -> SetCount:
        """N, the mod-3 survivors and every fix-sudoku with its fix result."""
        gammas = self._vertical_survivors()
        rhos = self._horizontal_survivors()
        b0, b1, b2 = self.band_pairs
        per_gamma = b0[gammas[:, 1], gammas[:, 2]] * b1[gammas[:, 0], gammas[:, 2]] * b2[gammas[:, 0], gammas[:, 1]]
        fixed: list[tuple[Grid, FixResult]] = []
        both = 0
        if len(gammas) and len(rhos):
            ok = np.ones((len(rhos), len(gammas)), dtype=bool)
            for (i, j), matrix in self.consistent.items():
                ok &= matrix[rhos[:, i][:, None], gammas[:, j][None, :]]
            pairs = np.argwhere(ok)
            both = len(pairs)
            for r, g in pairs:
                result = fix_test_triples(self.triples(rhos[r], gammas[g]))
                if result.is_fixed:
                    fixed.append((self.grid(rhos[r], gammas[g]), result))
        categories = Counter(result.category for _, result in fixed)
        return SetCount(self.count(), int(round(float(per_gamma.sum()))), both, categories, tuple(fixed))

    def triples(self, rho: np.ndarray, gamma: np.ndarray) -> Triples:
        """vw(A) of the completion with these choices (seed 002 section 1.4's triples)."""
        vertical, horizontal = [], []
        for i in range(3):
            for j in range(3):
                if i == j:
                    cols, rows = self.col_own[j], self.row_own[i]
                else:
                    cols, rows = self.cols[i, j][gamma[j]], self.rows[i, j][rho[i]]
                vertical.append(tuple(int(x) for x in cols))
                horizontal.append(tuple(int(x) for x in rows))
        return Triples(tuple(vertical), tuple(horizontal))  # type: ignore[arg-type]

    def grid(self, rho: np.ndarray, gamma: np.ndarray) -> Grid:
        """The completion itself: each open cell holds the one digit of its row set and column set."""
        cells = [0] * 81
        for i in range(3):
            for j in range(3):
                for m in range(3):
                    for n in range(3):
                        if i == j:
                            digit = int(self.diagonal[i][m][n])
                        else:
                            both = int(self.rows[i, j][rho[i]][m] & self.cols[i, j][gamma[j]][n])
                            digit = both.bit_length()
                        cells[27 * i + 9 * m + 3 * j + n] = digit
        return tuple(cells)
