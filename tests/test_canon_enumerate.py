"""Enumeration of standardized configurations against independent orbit counts."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from canon.burnside import pattern_orbit_counts, symbol_orbit_count
from canon.canonical import canonical_form
from canon.enumerate import (
    all01CellRepresentatives,
    allSymbolCellRepresentatives,
    allWeightBlockRepresentatives,
    cell_representatives,
    restrictedGrowthSequences,
    restricted_growth_sequences,
    symbol_representatives,
    weight_block_representatives,
)
from puzzles.geometry import PEERS
from puzzles.parsing import find_conflict

BELL = [1, 1, 2, 5, 15, 52, 203]


def test_burnside_counts_for_all_n() -> None:
    counts = pattern_orbit_counts()
    assert len(counts) == 82
    assert counts[0] == counts[81] == 1 and counts[1] == counts[80] == 1
    assert all(counts[n] == counts[81 - n] for n in range(82))
    # every orbit has at most |G| members, and all subsets are covered
    assert all(counts[n] * 3_359_232 >= comb(81, n) for n in range(82))


@pytest.mark.parametrize("n", range(0, 6))
def test_pattern_representatives_match_burnside(n: int) -> None:
    patterns = list(cell_representatives(n))
    assert len(patterns) == pattern_orbit_counts()[n]
    assert len(set(patterns)) == len(patterns)


def test_patterns_are_canonical_and_have_n_cells() -> None:
    for grid in cell_representatives(4):
        assert sum(grid) == 4
        assert canonical_form(grid, pattern=True).form == grid


def test_weight_block_representatives_sum_and_are_maximal() -> None:
    reps = list(weight_block_representatives(5))
    assert all(sum(w) == 5 for w in reps)
    assert len(set(reps)) == len(reps)
    assert reps[0] == (1, 1, 1, 1, 1, 0, 0, 0, 0)  # five blocks come first


def test_restricted_growth_sequences_are_set_partitions() -> None:
    for n in range(7):
        seqs = list(restricted_growth_sequences(n))
        assert len(seqs) == BELL[n]
        assert seqs == sorted(seqs)
    assert list(restricted_growth_sequences(3, max_value=2)) == [(1, 1, 1), (1, 1, 2), (1, 2, 1), (1, 2, 2)]


def test_seed_names_are_aliases() -> None:
    assert all01CellRepresentatives is cell_representatives
    assert allSymbolCellRepresentatives is symbol_representatives
    assert allWeightBlockRepresentatives is weight_block_representatives
    assert restrictedGrowthSequences is restricted_growth_sequences


def _generators() -> list[np.ndarray]:
    """Old cell -> new cell maps generating G: transpose, two band moves, two row moves in band 0."""

    def from_rows(row_map: list[int]) -> np.ndarray:
        return np.array([9 * row_map[c // 9] + c % 9 for c in range(81)])

    swap_bands = [3 * [1, 0, 2][r // 3] + r % 3 for r in range(9)]
    cycle_bands = [3 * ((r // 3 + 1) % 3) + r % 3 for r in range(9)]
    swap_rows = [1, 0] + list(range(2, 9))
    cycle_rows = [1, 2, 0] + list(range(3, 9))
    transpose = np.array([9 * (c % 9) + c // 9 for c in range(81)])
    return [transpose] + [from_rows(m) for m in (swap_bands, cycle_bands, swap_rows, cycle_rows)]


def brute_force_symbol_orbits(n: int) -> int:
    """Connected components of all valid n-clue configurations (up to relabelling) under G's generators."""
    cells = np.array(list(combinations(range(81), n)), dtype=np.int64).reshape(-1, n)
    seqs = list(restricted_growth_sequences(n, max_value=9))
    pairs = [(i, j) for i in range(n) for j in range(i)]
    eq_code = {tuple(s[i] == s[j] for i, j in pairs): k for k, s in enumerate(seqs)}
    peer = np.zeros((81, 81), dtype=bool)
    for c in range(81):
        peer[c, list(PEERS[c])] = True
    states_cells, states_seq = [], []
    for k, s in enumerate(seqs):
        ok = np.ones(len(cells), dtype=bool)
        for i, j in pairs:
            if s[i] == s[j]:
                ok &= ~peer[cells[:, i], cells[:, j]]
        states_cells.append(cells[ok])
        states_seq.append(np.full(ok.sum(), k))
    all_cells = np.concatenate(states_cells)
    all_seq = np.concatenate(states_seq)
    seq_arr = np.array(seqs).reshape(len(seqs), n)

    def encode(c: np.ndarray, code: np.ndarray) -> np.ndarray:
        key = np.zeros(len(c), dtype=np.int64)
        for i in range(n):
            key = key * 81 + c[:, i]
        return key * len(seqs) + code

    keys = encode(all_cells, all_seq)
    order = np.argsort(keys)
    keys = keys[order]
    all_cells, all_seq = all_cells[order], all_seq[order]
    images = []
    for gen in _generators():
        moved = gen[all_cells]
        perm = np.argsort(moved, axis=1)
        new_cells = np.take_along_axis(moved, perm, axis=1)
        labels = np.take_along_axis(seq_arr[all_seq], perm, axis=1)
        codes = np.array([eq_code[tuple(row[i] == row[j] for i, j in pairs)] for row in labels.tolist()])
        target = np.searchsorted(keys, encode(new_cells, codes))
        assert (keys[target] == encode(new_cells, codes)).all()
        images.append(target)
    comp = np.arange(len(keys))
    while True:
        old = comp.copy()
        for target in images:
            np.minimum.at(comp, target, comp)
            comp = np.minimum(comp, comp[target])
        comp = comp[comp]
        if (comp == old).all():
            break
    return len(np.unique(comp))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_symbol_representatives_match_brute_force(n: int) -> None:
    configs = list(symbol_representatives(n))
    assert len(configs) == brute_force_symbol_orbits(n) == symbol_orbit_count(n)
    for grid in configs:
        assert find_conflict(grid) is None
        assert canonical_form(grid).form == grid


def test_symbol_representatives_match_pattern_burnside_for_four() -> None:
    assert sum(1 for _ in symbol_representatives(4)) == symbol_orbit_count(4)
