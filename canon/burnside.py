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
so that the check stays independent: the tests and ``bench/canon.py`` hold the
enumeration's counts against these.

:func:`symbol_orbit_count` counts the symbol configurations (clues with
digits, up to G and digit relabelling) pattern by pattern, again by
Burnside's lemma; see there.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import permutations, product
from math import gcd

import numpy as np

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
    """G*-orbits of n-clue configurations obeying the Sudoku rule, counted pattern by pattern.

    A configuration up to digit relabelling is a set partition of a pattern's
    clues into at most 9 classes with no two peers in one class.  Its orbits
    over one canonical pattern are the orbits of the pattern's automorphism
    group A (as permutations of the clues) on those partitions, counted with
    Burnside's lemma over A: the identity fixes every partition (counted, not
    listed, for all patterns at once by :func:`partition_counts`), any other
    element the partitions it maps onto themselves (:func:`fixed_partitions`).
    The patterns come from the enumerator (checked against
    :func:`pattern_orbit_counts`) and A from :func:`canon.canonical.canonical_form`
    (checked against the brute-force oracle over all of G); nothing else of
    the symbol enumeration is used.  n <= 9, so the 9-digit limit never binds.
    """
    from canon.canonical import canonical_form
    from canon.enumerate import cell_representatives
    from canon.key import BLOCK_ORDER
    from puzzles.geometry import PEERS

    if not 0 <= n <= 9:
        raise ValueError(f"the symbol orbit count handles 0..9 clues, got {n}")
    rank = {c: i for i, c in enumerate(BLOCK_ORDER)}
    adjacency: list[list[int]] = []
    groups: list[list[tuple[int, ...]]] = []
    for pattern in cell_representatives(n):
        cells = sorted((c for c in range(81) if pattern[c]), key=rank.__getitem__)
        adjacency.append([sum(1 << j for j in range(n) if cells[j] in PEERS[c]) for c in cells])
        groups.append(sorted(canonical_form(pattern, pattern=True).cell_automorphisms(cells)))
    identity_terms = partition_counts(adjacency, n)
    total = 0
    for adjacent, group, fixed_by_identity in zip(adjacency, groups, identity_terms):
        identity = tuple(range(n))
        fixed = int(fixed_by_identity) + sum(fixed_partitions(adjacent, perm) for perm in group if perm != identity)
        assert fixed % len(group) == 0
        total += fixed // len(group)
    return total


def partition_counts(adjacency: list[list[int]], n: int, batch: int = 20_000) -> np.ndarray:
    """For each graph (row i = bitmask of the vertices adjacent to i), its partitions into independent sets.

    Subset recursion, vectorised over the graphs: ``indep[U]`` says whether U
    is independent; the partitions of S are those of S minus the class of
    S's lowest vertex, summed over the independent classes containing it.
    """
    results = []
    for start in range(0, len(adjacency), batch):
        chunk = adjacency[start : start + batch]
        count = len(chunk)
        adj = np.array(chunk, dtype=np.int64).reshape(count, n)
        indep = np.ones((1 << n, count), dtype=bool)
        for subset in range(1, 1 << n):
            top = subset.bit_length() - 1
            rest = subset ^ (1 << top)
            indep[subset] = indep[rest] & ((adj[:, top] & rest) == 0)
        parts = np.zeros((1 << n, count), dtype=np.int64)
        parts[0] = 1
        for subset in range(1, 1 << n):
            low = subset & -subset
            rest = subset ^ low
            acc = np.zeros(count, dtype=np.int64)
            sub = rest
            while True:  # every T within rest; the class is T + lowest vertex
                acc += indep[sub | low] * parts[rest ^ sub]
                if sub == 0:
                    break
                sub = (sub - 1) & rest
            parts[subset] = acc
        results.append(parts[(1 << n) - 1])
    return np.concatenate(results) if results else np.zeros(0, dtype=np.int64)


def fixed_partitions(adjacent: list[int], perm: tuple[int, ...]) -> int:
    """Partitions of the clues into independent classes that ``perm`` maps onto themselves.

    Written as restricted growth sequences s (classes numbered by first
    appearance), s is fixed when renumbering the sequence read through perm
    gives s again.  Built clue by clue; a prefix is dropped as soon as the part
    of the image it determines differs from it.
    """
    n = len(perm)
    known = [0] * n  # known[i]: image positions determined by clues 0..i
    highest = -1
    for k, p in enumerate(perm):
        highest = max(highest, p)
        known[highest] = k + 1
    for i in range(1, n):
        known[i] = max(known[i], known[i - 1])
    labels = [0] * n

    def image_agrees(length: int) -> bool:
        seen: dict[int, int] = {}
        return all(seen.setdefault(labels[perm[k]], len(seen) + 1) == labels[k] for k in range(length))

    def extend(i: int, top: int) -> int:
        if i == n:
            return 1
        total = 0
        for v in range(1, top + 2):
            if any(labels[j] == v for j in range(i) if adjacent[i] >> j & 1):
                continue
            labels[i] = v
            if image_agrees(known[i]):
                total += extend(i + 1, max(top, v))
        labels[i] = 0
        return total

    return extend(0, 0)
