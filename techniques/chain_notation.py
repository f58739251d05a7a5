"""How bivalue-cell chains are written and what they remove, shared by golden chains and wings.

A golden chain ``(1:4)92 - (1:1)28 - (2:3)89`` names each cell with its
incoming digit first; a closed chain is written from one canonical rotation,
so the text does not depend on where the search started; eliminations are
listed by cell, then digit.
"""

from __future__ import annotations

from puzzles.geometry import cells_of
from techniques.findings import Chain, Node
from techniques.step import Candidate


def digit_eliminations(by_digit: dict[int, int]) -> tuple[Candidate, ...]:
    """(cell, digit) pairs from per-digit bitboards, sorted by cell then digit."""
    return tuple(sorted((c, d) for d, mask in by_digit.items() for c in cells_of(mask)))


def digit_of(bit: int) -> int:
    """The digit of a one-digit candidate mask."""
    return bit.bit_length()


def normalise_loop(cells: list[int], links: list[int]) -> tuple[list[int], list[int]]:
    """A closed chain rotated to start at its smallest cell, towards the smaller neighbour.

    ``links[i]`` is the digit bit linking ``cells[i]`` to ``cells[i + 1]`` (the
    last one closes the loop).  Every rotation of a loop is the same pattern;
    one canonical form makes the reported chain independent of where the
    search happened to start.
    """
    n = len(cells)
    m = cells.index(min(cells))
    fwd = [cells[(m + i) % n] for i in range(n)]
    fwd_links = [links[(m + i) % n] for i in range(n)]
    bwd = [cells[(m - i) % n] for i in range(n)]
    bwd_links = [links[(m - i - 1) % n] for i in range(n)]
    return (fwd, fwd_links) if fwd[1] < bwd[1] else (bwd, bwd_links)


def pair_chain(cells: list[int], links: list[int], z: int) -> Chain:
    """``(1:4)92 - (1:1)28 - (2:3)89``: each cell with its incoming digit first."""
    nodes = []
    incoming = z
    for cell, out in zip(cells, links):
        nodes.append(Node.of(cell, digit_of(incoming), digit_of(out)))
        incoming = out
    return Chain.plain(nodes)
