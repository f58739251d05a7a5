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


#: A search state: (cell, outgoing digit bit, cells of its path, the state before it).
_Entry = tuple[int, int, int, "_Entry | None"]


def _path(entry: _Entry) -> tuple[list[int], list[int]]:
    """The cells of the path that reached a state, from the start, and their outgoing digit bits."""
    cells: list[int] = []
    links: list[int] = []
    state: _Entry | None = entry
    while state is not None:
        cells.append(state[0])
        links.append(state[1])
        state = state[3]
    return cells[::-1], links[::-1]


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
        #: per digit, the pair cells holding it: where a link on that digit may go
        pairs_with = [bival & positions[d] for d in range(10)]
        for start in cells_of(bival):
            for zbit in (cands[start] & -cands[start], cands[start] & (cands[start] - 1)):
                z = digit_of(zbit)
                target = peer_mask[start] & positions[z]
                if not target:
                    continue
                # the pair cells of z where a chain could end: seeing the start or a cell of
                # target; the search stops once each has been entered by its other digit
                # (then it can end there no more)
                ends = peer_mask[start]
                for t in cells_of(target):
                    ends |= peer_mask[t]
                ends &= pairs_with[z] & ~CELL_BIT[start]
                if not ends:
                    continue
                # A state is a cell entered by a link digit (it leaves by the other one).
                # entered[d]: the cells already entered by digit d; a state keeps the first
                # path that reached it.  Frontier entries: (cell, outgoing digit bit, path
                # mask, the entry it came from), the path read back only for a chain.
                entered = [0] * 10
                frontier: list[_Entry] = [(start, cands[start] ^ zbit, CELL_BIT[start], None)]
                for length in range(2, max_len + 1):
                    if not ends:
                        break
                    nxt: list[_Entry] = []
                    for entry in frontier:
                        cell, out, pmask, _ = entry
                        d = out.bit_length()
                        reach = peer_mask[cell] & pairs_with[d] & ~pmask & ~entered[d]
                        if not reach:
                            continue
                        entered[d] |= reach
                        while reach:
                            low = reach & -reach
                            reach ^= low
                            n = low.bit_length() - 1
                            nout = cands[n] ^ out
                            new: _Entry = (n, nout, pmask | low, entry)
                            if nout == zbit and ends & low:
                                ends ^= low
                                if length >= min_len:
                                    found = self._step(board, *_path(new), z)
                                    if found is not None:
                                        yield found
                            nxt.append(new)
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
            by_digit: dict[int, int] = {}
            for a, b, link in zip(cells, cells[1:] + cells[:1], links):
                d = digit_of(link)
                by_digit[d] = by_digit.get(d, 0) | (peer_mask[a] & peer_mask[b] & positions[d])
        else:
            by_digit = {z: peer_mask[start] & peer_mask[end] & positions[z]}
        if not any(by_digit.values()):
            return None
        elims = digit_eliminations(by_digit)
        if closed:  # written from its canonical rotation (the eliminations are the same)
            cells, links = normalise_loop(cells, links)
            z = digit_of(links[-1])
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
