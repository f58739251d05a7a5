"""Enumeration of standardized configurations against independent orbit counts."""

from __future__ import annotations

from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from canon.burnside import fixed_partitions, partition_counts, pattern_orbit_counts, symbol_orbit_count
from canon.canonical import canonical_form
from canon.cli import main
from canon.enumerate import (
    all01CellRepresentatives,
    allSymbolCellRepresentatives,
    allWeightBlockRepresentatives,
    canonical_patterns,
    cell_representatives,
    restricted_growth_sequences,
    restrictedGrowthSequences,
    symbol_representatives,
    unit_count,
    unit_lines,
    weight_block_representatives,
    work_units,
)
from canon.enumerate_jobs import run_units
from canon.group import GROUP_ORDER
from canon.key import sort_key
from canon.symbol_fill import SymbolFilling
from puzzles.geometry import PEERS
from puzzles.parsing import find_conflict, format_line

BELL = [1, 1, 2, 5, 15, 52, 203]


def test_burnside_counts_for_all_n() -> None:
    counts = pattern_orbit_counts()
    assert len(counts) == 82
    assert counts[0] == counts[81] == 1 and counts[1] == counts[80] == 1
    assert all(counts[n] == counts[81 - n] for n in range(82))
    # every orbit has at most |G| members, and all subsets are covered
    assert all(counts[n] * 3_359_232 >= comb(81, n) for n in range(82))


@pytest.mark.parametrize("n", range(0, 7))
def test_patterns_match_burnside_and_orbit_stabiliser(n: int) -> None:
    patterns = list(canonical_patterns(n))
    assert len(patterns) == pattern_orbit_counts()[n]
    assert len({p.masks for p in patterns}) == len(patterns)
    # orbit sizes |G| / |stabiliser| add up to all n-subsets of the 81 cells
    assert sum(GROUP_ORDER // p.stabilizer_order for p in patterns) == comb(81, n)


def test_patterns_are_canonical_with_the_stabiliser_of_the_canonical_form() -> None:
    for pattern in canonical_patterns(4):
        grid = pattern.grid
        assert sum(grid) == 4
        result = canonical_form(grid, pattern=True)
        assert result.form == grid
        assert result.stabilizer_order == pattern.stabilizer_order
        assert result.cell_automorphisms(pattern.cells) == pattern.cell_automorphisms()


def test_output_comes_sorted_by_sort_key() -> None:
    for configurations in (cell_representatives(5), symbol_representatives(4)):
        keys = [sort_key(grid) for grid in configurations]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_partition_counts_of_small_graphs() -> None:
    n = 5
    empty = [0] * n
    complete = [((1 << n) - 1) ^ (1 << i) for i in range(n)]
    path = [(1 << (i - 1) if i else 0) | (1 << (i + 1) if i + 1 < n else 0) for i in range(n)]
    # Bell(5); one class per vertex; partitions of a 5-path into independent sets = Bell(4)
    assert partition_counts([empty, complete, path], n).tolist() == [52, 1, 15]
    assert fixed_partitions(path, tuple(range(n))) == 15
    # of those 15, the reflection i -> 4 - i maps 7 onto themselves (checked by listing them)
    assert fixed_partitions(path, (4, 3, 2, 1, 0)) == 7


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


@pytest.mark.parametrize("n", [4, 5])
def test_symbol_representatives_match_the_orbit_count(n: int) -> None:
    assert sum(1 for _ in symbol_representatives(n)) == symbol_orbit_count(n)


def test_symbol_counting_agrees_with_listing() -> None:
    # the count skips listing the last clue's digits; patterns with and without automorphisms
    seen_symmetric = seen_plain = False
    for pattern in canonical_patterns(5):
        filling = SymbolFilling(pattern)
        assert filling.count() == sum(1 for _ in filling.labellings())
        seen_symmetric |= bool(filling.automorphisms)
        seen_plain |= not filling.automorphisms
    assert seen_symmetric and seen_plain


def test_symbol_lines_are_canonical_forms() -> None:
    for pattern in list(canonical_patterns(4))[::7]:
        for line in SymbolFilling(pattern).lines():
            grid = tuple(0 if ch == "." else int(ch) for ch in line)
            assert canonical_form(grid).form == grid


@pytest.mark.parametrize("patterns", [True, False])
def test_work_units_cover_the_enumeration_in_order(patterns: bool) -> None:
    units = list(work_units(5, patterns=patterns))
    lines = [line for unit in units for line in unit_lines(unit, patterns=patterns)]
    whole = cell_representatives(5) if patterns else symbol_representatives(5)
    assert lines == [format_line(grid) for grid in whole]
    assert sum(unit_count(unit, patterns=patterns) for unit in units) == len(lines)


def test_two_processes_give_the_same_stream() -> None:
    units = list(work_units(4, patterns=False))
    serial = [(r.count, r.text) for r in run_units(units, patterns=False, count_only=False)]
    parallel = [(r.count, r.text) for r in run_units(units, patterns=False, count_only=False, jobs=2)]
    assert serial == parallel
    counts = [r.count for r in run_units(units, patterns=False, count_only=True, jobs=2)]
    assert counts == [count for count, _ in serial]


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["enumerate", *args])
    return result.exit_code, result.stdout


def test_cli_count_output_and_jobs(tmp_path: Path) -> None:
    assert _cli("--clues", "5", "--patterns", "--count", "--no-progress") == (0, "548\n")
    assert _cli("--clues", "4", "--count", "--jobs", "2", "--no-progress") == (0, "471\n")
    target = tmp_path / "out.txt"
    code, out = _cli("--clues", "3", "--output", str(target), "--jobs", "2", "--no-progress")
    lines = target.read_text().splitlines()
    assert code == 0 and out == "" and len(lines) == 43
    assert lines == [format_line(grid) for grid in symbol_representatives(3)]


def test_cli_rejects_bad_jobs_and_unwritable_output(tmp_path: Path) -> None:
    assert _cli("--clues", "3", "--jobs", "0")[0] == 2
    assert _cli("--clues", "2", "--output", str(tmp_path), "--no-progress")[0] == 2  # a directory
    missing = tmp_path / "missing" / "out.txt"
    result = CliRunner().invoke(main, ["enumerate", "--clues", "2", "--output", str(missing), "--no-progress"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot write") and result.stderr.count("\n") == 1
