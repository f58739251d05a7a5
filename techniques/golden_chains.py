"""III Golden chains ("Goldene Ketten"): chains of bivalue cells (XY-chains).

A golden chain links cells with exactly two candidates ("Paare"): each cell
sees the next and shares the digit that links them.  If the first cell is not
its end digit ``z`` it is its other digit, so the next cell is not that digit
and is its own other digit, and so on: the last cell then holds ``z``.  Either
end holds ``z``, so ``z`` goes from every cell that sees both ends.  The
original writes each cell with its candidates, the incoming link digit first:
``(1:4)92 - (1:1)28 - (2:3)89`` (``z`` = 9).

A chain whose last cell also sees the first one, with ``z`` at both ends, is
*closed*: every link then holds in both directions, so every link digit goes
from the cells that see both cells of its link, which removes more.

Length N (cells) runs 3..14; length 2 is a naked pair (II).  Points N + 3.

The search is a breadth-first search per start (cell, ``z``) over the states
(cell, outgoing digit), so the first chain reaching an end is a shortest one;
each state keeps the first path that reached it (a simple path, no cell twice).
"""

from __future__ import annotations

from collections.abc import Iterator

from puzzles.geometry import CELL_BIT, cells_of
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.chain_notation import digit_eliminations, digit_of, normalise_loop, pair_chain
from techniques.findings import Digit, Fragment, fragment_kind, negations
from techniques.step import Candidate, Step


GOLDEN_CHAIN = fragment_kind("golden_chain")
CLOSED_GOLDEN_CHAIN = fragment_kind("closed_golden_chain")


def bivalue_mask(board: Board) -> int:
    """Bitboard of the empty cells with exactly two candidates."""
    cands = board.cands
    mask = 0
    for c in range(81):
        if cands[c].bit_count() == 2:
            mask |= CELL_BIT[c]
    return mask


@register
class GoldenChain(Technique):
    """GC: golden chain (XY-chain) of 3..14 bivalue cells, open or closed."""

    code = "GC"
    measure = "length"
    group = "III"
    family = "III"
    phase = Phase.THINNING
    defaults = {"points_offset": 3, "min_length": 3, "max_length": 14}
    fields = frozenset({"length", "closed", "digit", "chain", "kind", "removed"})

    def points(self, length: int) -> float:
        """The chain's cells plus the offset."""
        return length + self.params["points_offset"]

    def floor(self) -> float:
        return float(self.points(max(3, int(self.params["min_length"]))))

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        min_len = max(3, int(self.params["min_length"]))
        max_len = int(self.params["max_length"])
        found: dict[tuple[Candidate, ...], tuple[tuple[int, int, int, int], Step]] = {}
        for key, step in self._chains(board, min_len, max_len):
            old = found.get(step.eliminations)
            if old is None or key < old[0]:
                found[step.eliminations] = (key, step)
        for _, step in sorted(found.values(), key=lambda item: item[0]):
            yield step

    def _chains(
        self, board: Board, min_len: int, max_len: int
    ) -> Iterator[tuple[tuple[int, int, int, int], Step]]:
        """Every shortest chain per (start, z, end) that eliminates something."""
        cands = board.cands
        positions = board.positions
        peer_mask = board.rules.peer_mask
        bival = bivalue_mask(board)
        neighbours = {c: cells_of(peer_mask[c] & bival) for c in cells_of(bival)}
        for start in cells_of(bival):
            for zbit in (cands[start] & -cands[start], cands[start] & (cands[start] - 1)):
                z = digit_of(zbit)
                target = peer_mask[start] & positions[z]
                if not target:
                    continue
                # frontier entries: (cell, outgoing digit bit, cells, link bits, path mask)
                frontier = [(start, cands[start] ^ zbit, [start], [cands[start] ^ zbit], CELL_BIT[start])]
                visited = {(start, cands[start] ^ zbit)}
                for length in range(2, max_len + 1):
                    nxt = []
                    for cell, out, path, links, pmask in frontier:
                        for n in neighbours[cell]:
                            if pmask >> n & 1 or not cands[n] & out:
                                continue
                            nout = cands[n] ^ out
                            if (n, nout) in visited:
                                continue
                            visited.add((n, nout))
                            npath = path + [n]
                            nlinks = links + [nout]
                            if nout == zbit and length >= min_len and (
                                peer_mask[n] & target or peer_mask[n] >> start & 1
                            ):
                                found = self._step(board, npath, nlinks, z)
                                if found is not None:
                                    yield found
                            nxt.append((n, nout, npath, nlinks, pmask | CELL_BIT[n]))
                    if not nxt:
                        break
                    frontier = nxt

    def _step(
        self, board: Board, cells: list[int], links: list[int], z: int
    ) -> tuple[tuple[int, int, int, int], Step] | None:
        positions = board.positions
        peer_mask = board.rules.peer_mask
        start, end = cells[0], cells[-1]
        closed = bool(peer_mask[end] >> start & 1)
        if closed:
            cells, links = normalise_loop(cells, links)
            z = digit_of(links[-1])
            by_digit: dict[int, int] = {}
            n = len(cells)
            for i in range(n):
                d = digit_of(links[i])
                a, b = cells[i], cells[(i + 1) % n]
                by_digit[d] = by_digit.get(d, 0) | (peer_mask[a] & peer_mask[b] & positions[d])
        else:
            by_digit = {z: peer_mask[start] & peer_mask[end] & positions[z]}
        elims = digit_eliminations(by_digit)
        if not elims:
            return None
        length = len(cells)
        notation = pair_chain(cells, links, 1 << (z - 1))
        step = Step(
            self.code,
            self.points(length),
            eliminations=elims,
            used=tuple((c, d) for c in cells for d in range(1, 10) if board.cands[c] >> (d - 1) & 1),
            detail={
                "length": length,
                "closed": closed,
                "digit": Digit(z),
                "chain": notation,
                "kind": Fragment.of(CLOSED_GOLDEN_CHAIN if closed else GOLDEN_CHAIN),
                "removed": negations(elims),
            },
        )
        return (length, cells[0], z, cells[-1]), step
