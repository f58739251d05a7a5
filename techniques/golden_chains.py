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

from collections.abc import Iterator, Mapping
from typing import Any, Final

from puzzles.geometry import CELL_BIT, CELL_OF_BIT_MOD_83, DIGIT_COUNT, HIGH_DIGIT, cells_of
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.chain_notation import digit_eliminations, normalise_loop, pair_chain
from techniques.findings import Digit, Fragment, fragment_kind, negations
from techniques.recheck import EVERYWHERE, Recheck
from techniques.step import Candidate, Step

GOLDEN_CHAIN = fragment_kind("golden_chain")
CLOSED_GOLDEN_CHAIN = fragment_kind("closed_golden_chain")


#: :data:`~puzzles.geometry.CELL_BIT`, a C array on the compiled path (``golden_chains.pxd``).
_CELL_BIT: Final = CELL_BIT


def bivalue_mask(board: Board) -> int:
    """Bitboard of the empty cells with exactly two candidates."""
    cands = board.cands
    mask = 0
    for c in range(81):
        if _DIGIT_COUNT[cands[c]] == 2:
            mask |= _CELL_BIT[c]
    return mask


def pair_cells(board: Board, ctx: Context) -> int:
    """The bivalue mask of the position, made once for the techniques of a round that read it."""
    return ctx.memo("pair_cells", lambda: bivalue_mask(board))


class _Found:
    """A chain with eliminations, as written (a closed one from its canonical rotation).

    ``key`` (length, first cell, ``z``, last cell) orders the steps; ``order``
    (start, its ``z``, rank) is where the search met it, which decides between
    chains of one key.  ``eliminations`` holds (digit, cells) pairs, ascending digits, none empty.
    ``step`` is its step once made, kept with the chain while its eliminations stay.
    """

    __slots__ = ("key", "order", "cells", "links", "z", "closed", "eliminations", "step")

    def __init__(self, order: tuple[int, int, int], cells: list[int], links: list[int], z: int,
                 closed: bool, eliminations: tuple[tuple[int, int], ...]) -> None:
        self.key = (len(cells), cells[0], z, cells[-1])
        self.order = order
        self.cells = cells
        self.links = links
        self.z = z
        self.closed = closed
        self.eliminations = eliminations
        self.step: Step | None = None

    def left(self, positions: list[int]) -> _Found | None:
        """The chain with the eliminations still possible (itself when all are), None if none is."""
        for d, m in self.eliminations:
            if m & ~positions[d]:
                break
        else:
            return self
        left = tuple((d, m & positions[d]) for d, m in self.eliminations if m & positions[d])
        if not left:
            return None
        other = _Found.__new__(_Found)
        other.key, other.order = self.key, self.order
        other.cells, other.links, other.z, other.closed = self.cells, self.links, self.z, self.closed
        other.eliminations = left
        other.step = None
        return other


def _chain(cells: list[int], links: list[int], zbit: int, rank: int,
           positions: list[int], peer_mask: tuple[int, ...]) -> _Found | None:
    """The chain of a path from its start to an end holding ``z``, None when it eliminates nothing."""
    digit_of_bit = _DIGIT_OF_BIT
    start, end = cells[0], cells[-1]
    z = digit_of_bit[zbit]
    order = (start, z, rank)
    if not peer_mask[end] >> start & 1:
        elim = peer_mask[start] & peer_mask[end] & positions[z]
        return _Found(order, cells, links, z, False, ((z, elim),)) if elim else None
    # closed: every link holds both ways, each link digit goes from the cells seeing both its cells
    by_digit: dict[int, int] = {}
    for a, b, link in zip(cells, cells[1:] + cells[:1], links):
        d = digit_of_bit[link]
        by_digit[d] = by_digit.get(d, 0) | (peer_mask[a] & peer_mask[b] & positions[d])
    eliminations = tuple(sorted([(d, m) for d, m in by_digit.items() if m]))
    if not eliminations:
        return None
    cells, links = normalise_loop(cells, links)  # written from its canonical rotation
    return _Found(order, cells, links, digit_of_bit[links[-1]], True, eliminations)


#: A search state: (cell, outgoing digit bit, cells of its path, the state before it).
_Entry = tuple[int, int, int, "_Entry | None"]


class _Met:
    """What a search from (start, z) met: the cells it entered per digit (the start as if entered by
    z), by any digit, by both their digits; the region its ends could lie in; its chains.

    What tells whether the next search of the board can take it over
    (:meth:`_Pairs.searches`).  On the compiled path an extension type whose
    bitboards are 128-bit C integers (``golden_chains.pxd``), so that keeping a
    search and testing it make no Python integer.
    """

    __slots__ = ("entered", "anyhow", "twice", "region", "chains")

    entered: list[int]
    anyhow: int
    twice: int
    region: int
    chains: list[_Found]


#: The cells entered by a search that stopped before it began (never changed).
_NOTHING_ENTERED = [0] * 10


def _take_over(search: _Met, positions: list[int]) -> None:
    """Keep a search of the last position for this one: its chains with the eliminations still possible.

    The search is changed in place: the last position's searches are not read again.
    """
    chains = search.chains
    for chain in chains:
        if chain.left(positions) is not chain:
            search.chains = [c for c in (f.left(positions) for f in chains) if c is not None]
            return


#: The digit of a one-digit candidate mask (a link's digit bit): :data:`~puzzles.geometry.HIGH_DIGIT`,
#: a C array on the compiled path (``golden_chains.pxd``).
_DIGIT_OF_BIT: Final = HIGH_DIGIT
#: :data:`~puzzles.geometry.DIGIT_COUNT`, a C array on the compiled path (``golden_chains.pxd``).
_DIGIT_COUNT: Final = DIGIT_COUNT
#: :data:`~puzzles.geometry.CELL_OF_BIT_MOD_83`, a C array on the compiled path (``golden_chains.pxd``).
_CELL_OF_BIT_MOD_83: Final = CELL_OF_BIT_MOD_83


class _Pairs:
    """The pair cells of a position as its searches read them: candidates, peers and places of digits.

    On the compiled path (``golden_chains.pxd``) an extension type that holds
    them in C arrays (the bitboards in 128-bit C integers: no value kept is
    negative, a complement only ever masks another bitboard), so that a
    search reads them without a Python integer; they are read in once per
    position that is searched.  ``positions`` and ``peer_mask`` are kept as they are
    for the chains found (:func:`_chain`).
    """

    def __init__(self, cands: list[int], positions: list[int], peer_mask: tuple[int, ...],
                 pairs_with: list[int]) -> None:
        self.cands = cands
        self.places = positions
        self.peers = peer_mask
        self.pairs = pairs_with
        self.positions = positions
        self.peer_mask = peer_mask

    def search(self, start: int, zbit: int, min_len: int, max_len: int) -> _Met:
        """The chains from (start, z) of ``min_len``..``max_len`` cells: a breadth-first search over
        the states (cell, outgoing digit).

        Returned with the cells it entered and the region its ends could lie
        in: what tells whether the next search of the board can take it over.
        On the compiled path the search reads the position from C arrays and
        runs on C integers; a state stays a tuple, which is what keeps the
        pure path as fast as it was.
        """
        digit_of_bit = _DIGIT_OF_BIT
        cell_of_bit = _CELL_OF_BIT_MOD_83
        cands = self.cands
        peer_mask = self.peers
        places = self.places
        pairs = self.pairs
        z = digit_of_bit[zbit]
        # the pair cells of z where a chain could end: seeing the start or a cell of
        # z next to it; the search stops once each has been entered by its other digit
        # (then it can end there no more)
        region = peer_mask[start]
        near = region & places[z]
        while near:
            low = near & -near
            near ^= low
            region |= peer_mask[cell_of_bit[low % 83]]
        start_bit = _CELL_BIT[start]
        ends = pairs[z] & region & ~start_bit
        met = _Met.__new__(_Met)
        met.region = region
        if not ends:
            met.entered = _NOTHING_ENTERED
            met.anyhow = met.twice = 0
            met.chains = []
            return met
        # A state is a cell entered by a link digit (it leaves by the other one).
        # entered[d]: the cells already entered by digit d; a state keeps the first
        # path that reached it.
        # A state is a cell entered by a link digit (it leaves by the other one).
        # entered[d]: the cells already entered by digit d; a state keeps the first
        # path that reached it.  Frontier entries: (cell, outgoing digit bit, path
        # mask, the entry it came from), the path read back only for a chain.
        entered = [0] * 10
        entered[z] = start_bit  # as if entered by z: the start leaves by its other digit
        frontier: list[_Entry] = [(start, cands[start] ^ zbit, start_bit, None)]
        out: list[_Found] = []
        rank = 0
        for length in range(2, max_len + 1):
            if not ends:
                break
            nxt: list[_Entry] = []
            for entry in frontier:
                cell, out_bit, pmask, _ = entry
                d = digit_of_bit[out_bit]
                reach = peer_mask[cell]
                reach &= pairs[d] & ~pmask & ~entered[d]
                if not reach:
                    continue
                entered[d] |= reach
                while reach:
                    low = reach & -reach
                    reach ^= low
                    n = cell_of_bit[low % 83]
                    nout = cands[n] ^ out_bit
                    new: _Entry = (n, nout, pmask | low, entry)
                    if nout == zbit and ends & low:
                        ends ^= low
                        # an end that sees no z next to the start sees the start: a loop
                        if length >= min_len:
                            if not peer_mask[n] >> start & 1:
                                rank += 1
                                if peer_mask[start] & peer_mask[n] & places[z]:
                                    out.append(self._found(new, zbit, rank - 1))
                            elif self._loop_removes(new, start, z):
                                rank += 1
                                out.append(self._found(new, zbit, rank - 1))
                    nxt.append(new)
            if not nxt:
                break
            frontier = nxt
        anyhow = twice = 0
        for d in range(1, 10):
            twice |= anyhow & entered[d]
            anyhow |= entered[d]
        met.entered = entered
        met.anyhow = anyhow
        met.twice = twice
        met.chains = out
        return met

    def searches(self, bival: int, last: dict[int, _Met], moved: list[int], near: list[int], anywhere: int,
                 min_len: int, max_len: int) -> tuple[dict[int, _Met], list[_Found]]:
        """The search from each (start, ``z``) of the position, by key ``10 * start + z``, and their chains.

        A search of the last position is taken over (:meth:`GoldenChain._chains`)
        when no pair cell it read moved: none of ``moved[z]`` in its region, and
        of ``near[d]`` (the cells holding d next to a moved pair cell of d, all
        of them in ``anywhere``) none among the cells it entered that leave by d.
        """
        digit_of_bit = _DIGIT_OF_BIT
        cands = self.cands
        peer_mask = self.peers
        places = self.places
        positions = self.positions
        digits_moved = [d for d in range(1, 10) if near[d]]
        searches: dict[int, _Met] = {}
        out: list[_Found] = []
        for start in cells_of(bival):
            m = cands[start]
            for zbit in (m & -m, m & (m - 1)):
                z = digit_of_bit[zbit]
                if not peer_mask[start] & places[z]:
                    continue  # no z next to the start: no chain from here eliminates anything
                key = start * 10 + z
                old = last.get(key)
                if old is not None:
                    region = old.region
                    moved_z = moved[z]
                    if not region & moved_z:
                        anyhow = old.anyhow
                        twice = old.twice
                        kept = True
                        if anyhow & anywhere:
                            for d in digits_moved:
                                # the cells it entered that leave by d: entered by their other digit
                                near_d = near[d]
                                entered_d = old.entered[d]
                                if near_d & (anyhow & ~entered_d | twice):
                                    kept = False
                                    break
                        if kept:
                            _take_over(old, positions)
                            searches[key] = old
                            out += old.chains
                            continue
                search = self.search(start, zbit, min_len, max_len)
                searches[key] = search
                out += search.chains
        return searches, out

    def _loop_removes(self, entry: _Entry, start: int, z: int) -> bool:
        """Whether the loop closed by a state's path back to the start removes something, read off its states."""
        digit_of_bit = _DIGIT_OF_BIT
        peer_mask = self.peers
        places = self.places
        child = entry[0]
        if peer_mask[child] & peer_mask[start] & places[z]:
            return True
        state = entry[3]
        while state is not None:
            cell = state[0]
            if peer_mask[cell] & peer_mask[child] & places[digit_of_bit[state[1]]]:
                return True
            child = cell
            state = state[3]
        return False

    def _found(self, entry: _Entry, zbit: int, rank: int) -> _Found:
        """The chain of a state's path, known to eliminate something."""
        cells: list[int] = []
        links: list[int] = []
        state: _Entry | None = entry
        while state is not None:
            cells.append(state[0])
            links.append(state[1])
            state = state[3]
        cells.reverse()
        links.reverse()
        found = _chain(cells, links, zbit, rank, self.positions, self.peer_mask)
        assert found is not None
        return found


@register
class GoldenChain(Technique):
    """GC: golden chain (XY-chain) of 3..14 bivalue cells, open or closed.

    A search keeps, per (start, ``z``), what it met and found, for the next
    search of the same board (:meth:`_chains`).
    """

    code = "GC"
    measure = "length"
    group = "III"
    family = "III"
    sync_level = 3
    formula = "N + {points_offset} (length N {min_length}-{max_length})"
    phase = Phase.THINNING
    defaults = {"points_offset": 3, "min_length": 3, "max_length": 14}
    fields = frozenset({"length", "closed", "digit", "chain", "kind", "removed"})

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        #: the board of the last search, its pair cells, and per (start, z) what that search met
        self._last = Recheck()
        self._last_pairs = 0
        self._last_searches: dict[int, _Met] = {}
        #: the steps of the last search, by chain (cells, links, z, eliminations)
        self._last_steps: dict[tuple[object, ...], Step] = {}

    def points(self, length: int) -> float:
        """The chain's cells plus the offset."""
        points: float = length + self.params["points_offset"]
        return points

    def floor(self) -> float:
        return float(self.points(max(3, int(self.params["min_length"]))))

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """One step per set of eliminations: the chain of the least key, of those the first met."""
        best: dict[tuple[tuple[int, int], ...], _Found] = {}
        for chain in sorted(self._chains(board, pair_cells(board, ctx)), key=lambda f: f.order):
            old = best.get(chain.eliminations)
            if old is None or chain.key < old.key:
                best[chain.eliminations] = chain
        # a step depends on its chain alone (the cells' candidates are the link digits):
        # one found again by a new search is the step made before
        made = self._last_steps
        steps: dict[tuple[object, ...], Step] = {}
        for chain in sorted(best.values(), key=lambda f: f.key):
            step = chain.step
            if step is None:
                written = (tuple(chain.cells), tuple(chain.links), chain.z, chain.eliminations)
                step = made.get(written)
                if step is None:
                    step = self._step(chain)
                chain.step = steps[written] = step
            yield step
        self._last_steps = steps

    def _chains(self, board: Board, bival: int) -> list[_Found]:
        """Every shortest chain per (start, z, end) that eliminates something.

        What a search from (start, ``z``) reads: for each cell it entered, the
        pair cells of the digit it leaves by among that cell's peers (where
        they are and where they are not: that is the search's every step);
        the pair cells of ``z`` that see the start or a ``z`` next to it (where
        it may end); and outside pair cells, the candidates ``z`` next to the
        start and those its chains remove.  The search of the last position
        of this board is taken over when no pair cell of the first two kinds
        came, went or changed since (one of digit d counts when it sees a cell
        the search entered by another digit, which leaves by d): it then meets the same
        cells by the same paths, and the third kind can only have lost
        candidates, which only removes ends and eliminations (:meth:`_Found.left`).
        """
        cands = board.cands
        positions = board.positions
        peer_mask = board.rules.peer_mask
        last = self._last_searches
        changed = self._last.changed(board)
        searches: dict[int, _Met] = {}
        out: list[_Found] = []
        if changed != EVERYWHERE and not changed & (bival | self._last_pairs):
            # no pair cell came, went or changed: every search is taken over, where z is still
            # next to its start (the others are not made any more)
            for key, search in last.items():
                if search.chains:
                    if not peer_mask[key // 10] & positions[key % 10]:
                        continue
                    _take_over(search, positions)
                searches[key] = search
                out += search.chains
            self._last.seen(board)
            self._last_searches = searches
            return out
        #: per digit, the pair cells holding it: where a link on that digit may go
        pairs_with = [bival & positions[d] for d in range(10)]
        # per digit, the pair cells of that digit that came, went or changed, and the cells
        # holding it next to them (which may have met them leaving by it)
        moved = [0] * 10
        near = [0] * 10
        anywhere = 0
        if changed == EVERYWHERE:
            last = {}
        else:
            last_positions = self._last.positions
            last_pairs = self._last_pairs
            for c in cells_of(changed & (bival | last_pairs)):
                # the digits it holds as a pair cell, now or then
                m = cands[c] if bival >> c & 1 else 0
                for d in range(1, 10):
                    if m >> (d - 1) & 1 or (last_pairs & last_positions[d]) >> c & 1:
                        moved[d] |= CELL_BIT[c]
                        near[d] |= peer_mask[c]
            for d in range(1, 10):
                near[d] &= last_positions[d]
                anywhere |= near[d]
        graph = _Pairs(cands, positions, peer_mask, pairs_with)
        searches, out = graph.searches(bival, last, moved, near, anywhere,
                                       max(3, int(self.params["min_length"])), int(self.params["max_length"]))
        self._last.seen(board)
        self._last_pairs = bival
        self._last_searches = searches
        return out

    def _step(self, chain: _Found) -> Step:
        """The chain's step; its finding is written when first read (most steps found are not taken)."""
        elims = digit_eliminations(dict(chain.eliminations))
        return Step.deferred(self.code, self.points(len(chain.cells)), (), _explain,
                             chain.cells, chain.links, chain.z, chain.closed, elims, eliminations=elims)


def _explain(cells: list[int], links: list[int], z: int, closed: bool,
             elims: tuple[Candidate, ...]) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    """A chain's candidates (each cell's two: the digits of its links) and its finding."""
    used = []
    incoming = 1 << (z - 1)
    for cell, out in zip(cells, links):
        pair = incoming | out
        used.append((cell, (pair & -pair).bit_length()))
        used.append((cell, pair.bit_length()))
        incoming = out
    return tuple(used), {
        "length": len(cells),
        "closed": closed,
        "digit": Digit(z),
        "chain": pair_chain(cells, links, 1 << (z - 1)),
        "kind": Fragment.of(CLOSED_GOLDEN_CHAIN if closed else GOLDEN_CHAIN),
        "removed": negations(elims),
    }
