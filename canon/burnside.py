"""Number of G-orbits of n-cell patterns by Burnside's lemma, independent of the enumerator.

orbits(n) = (1/|G|) * sum over g of #(n-subsets fixed by g), and a subset is
fixed by g exactly when it is a union of g's cycles on the 81 cells, so only
the cycle type of g matters: the count is the x^n coefficient of
prod over cycles (1 + x^length).

The cycle types are collected without listing G's 3.4 million elements.  G
without transposition is W x W, W = S3 wr S3 acting on rows (1296 elements),
and a row cycle of length a crossed with a column cycle of length b gives
gcd(a, b) cell cycles of length lcm(a, b).  A transposing element
(x, y) -> (s(y), u(x)) is conjugate to (x, y) -> (s u (y), x), so each of the
1296 products occurs 1296 times and is handled directly on the 81 cells.
The group is rebuilt here from scratch (not taken from :mod:`canon.group`)
so that the check stays independent.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import permutations, product
from math import gcd

GROUP_ORDER = 2 * 1296 * 1296


def row_group() -> list[tuple[int, ...]]:
    """The 1296 permutations of 9 rows that keep bands together (S3 wr S3)."""
    perms3 = list(permutations(range(3)))
    group = []
    for bands in perms3:
        for inside in product(perms3, repeat=3):
            group.append(tuple(3 * bands[r // 3] + inside[r // 3][r % 3] for r in range(9)))
    return group


def cycle_type(perm: tuple[int, ...]) -> tuple[int, ...]:
    """Sorted cycle lengths of a permutation given as a tuple of images."""
    seen = [False] * len(perm)
    lengths = []
    for start in range(len(perm)):
        if not seen[start]:
            length, x = 0, start
            while not seen[x]:
                seen[x] = True
                x = perm[x]
                length += 1
            lengths.append(length)
    return tuple(sorted(lengths))


def cell_cycle_types() -> Counter[tuple[int, ...]]:
    """How many elements of G have each cycle type on the 81 cells."""
    group = row_group()
    row_types = Counter(cycle_type(p) for p in group)
    types: Counter[tuple[int, ...]] = Counter()
    for (ta, na), (tb, nb) in product(row_types.items(), repeat=2):
        cells = []
        for a in ta:
            for b in tb:
                cells += [a * b // gcd(a, b)] * gcd(a, b)
        types[tuple(sorted(cells))] += na * nb
    for s in group:
        cell_map = tuple(9 * s[c % 9] + c // 9 for c in range(81))  # (x, y) -> (s(y), x)
        types[cycle_type(cell_map)] += len(group)
    assert sum(types.values()) == GROUP_ORDER
    return types


@lru_cache(maxsize=1)
def pattern_orbit_counts() -> tuple[int, ...]:
    """Entry n: number of G-orbits of n-cell subsets of the grid, n = 0..81."""
    total = [0] * 82
    for lengths, weight in cell_cycle_types().items():
        poly = [1] + [0] * 81
        for length in lengths:
            for k in range(81 - length, -1, -1):
                if poly[k]:
                    poly[k + length] += poly[k]
        for k in range(82):
            total[k] += weight * poly[k]
    assert all(t % GROUP_ORDER == 0 for t in total)
    return tuple(t // GROUP_ORDER for t in total)


def symbol_orbit_count(n: int) -> int:
    """G*-orbits of n-clue configurations obeying the Sudoku rule, pattern by pattern.

    A configuration up to digit relabelling is a set partition of a pattern's
    cells into at most 9 classes with no two peers in one class.  Its G*-orbits
    over one canonical pattern are the orbits of the pattern's automorphism
    group A on those partitions, counted with Burnside's lemma over A.  The
    patterns and A come from the enumerator and canonical form (themselves
    checked by :func:`pattern_orbit_counts` and the brute-force oracle), but the
    count avoids the enumerator's duplicate filter it is meant to check.
    """
    from canon.enumerate import cell_representatives_with_stabilizers, restricted_growth_sequences
    from canon.key import BLOCK_ORDER
    from puzzles.geometry import PEERS

    rank = {c: i for i, c in enumerate(BLOCK_ORDER)}
    total = 0
    for pattern, result in cell_representatives_with_stabilizers(n):
        cells = sorted((c for c in range(81) if pattern[c]), key=rank.__getitem__)
        conflicts = [(i, j) for i in range(n) for j in range(i) if cells[j] in PEERS[cells[i]]]
        partitions = [
            seq for seq in restricted_growth_sequences(n, max_value=9) if all(seq[i] != seq[j] for i, j in conflicts)
        ]
        group = result.cell_automorphisms(cells)
        fixed = 0
        for perm in group:
            for seq in partitions:
                seen: dict[int, int] = {}
                if tuple(seen.setdefault(seq[p], len(seen) + 1) for p in perm) == seq:
                    fixed += 1
        assert fixed % len(group) == 0
        total += fixed // len(group)
    return total
