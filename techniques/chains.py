"""VI Contradiction, implication and alternative chains ("Widerspruchs-,
Folgerungs- und Alternativ-Ketten", the original's nice loops).

A chain is a sequence of *assertions* about single candidates: ``(1:6)3`` "3 is
in (1:6)" or ``(1:5)!9`` "9 is not in (1:5)".  Each assertion follows from the
one before by one inference that can be read off the current grid before the
chain starts; nothing found while walking the chain may be used,
or it would be trial & error.  The inferences are:

* ``(A)d`` to ``(B)e``: B sees A and is a pair ``de``; A holding d leaves e (weak
  link on d, then the pair);
* ``(A)d`` to ``(B)!d``: B sees A and has d (weak link);
* ``(A)d`` to ``(B)e``: A also has e, and A and B are the only places of e in a
  unit (A holding d is not e, so B is: a strong link, written ``=``);
* ``(A)!d`` to ``(B)d``: A and B are the only places of d in a unit (strong).

That is an implication graph over 2 x 729 nodes, built for every call from the
graph built before it (:class:`_Graph`).  The kinds found in it (points: N =
number of assertions written, see docs/decisions.md, "Chains and Bowman's Bingo"):

* CC simple contradiction chain: from ``(A)d`` to an assertion that excludes
  it, ``(B)d`` with B seeing A or ``(A)e``; d goes from A.  ``[- (A)!d]`` closes
  the notation.  13 + N, or 15 + N with a negated assertion inside ("extended");
* CCS setting contradiction chain: from ``(A)!d`` back to ``(A)d``; d is set;
* ICC closed implication chain: from ``(A)d`` back to ``(A)d``.  Every link of
  such a loop holds both ways, so a cell entered and left by strong links with
  different digits loses its other candidates, and a digit leaving a cell by a
  weak link goes from the cells that see both ends of that link;
* ACS setting alternative chain: from every digit of a pair cell a chain
  reaches the same placement elsewhere; it is set.  17 + N, N the longest branch;
* ACR reducing alternative chain: from one digit of a pair cell two chains
  reach two different digits of one other cell; the start digit goes.  17 + N.

The search is a breadth-first search from every assertion, all starts in lock
step one layer at a time, on bitsets of the graph: the first chains found are
the shortest, and the search stops once no longer chain could still be chosen
(the seed's 3-point window).  The first pass goes to ``max_nodes_first``
assertions; if it finds nothing, a second pass continues to
``max_nodes_second`` for closed implication chains only: the seed grants the
second pass to the "Folgerungs-Ketten" alone ("mehr und längere Ketten").
Alternative chains start from cells with up to ``alt_cands`` candidates.
``budget`` bounds the node expansions of a call.

All kinds come out of one search, cached for the board state, so the five
classes below cost one search per position.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, Final

from puzzles.geometry import CELL_BIT, DIGITS_OF_MASK, cells_of
from puzzles.rules import Rules
from techniques.base import Context, Phase, Technique, register
from techniques.board import Board
from techniques.findings import NOT, Chain, Fragment, Items, Node, assertions, fragment_kind, negations
from techniques.step import Candidate, Step

#: Node numbering: 18 bits per cell, the 9 "is d" assertions then the 9 "is not d".
_SLOT: Final = 18
_POS_ALL: Final = sum(0x1FF << (_SLOT * c) for c in range(81))
_CELL_NODES: Final = tuple(((1 << _SLOT) - 1) << (_SLOT * c) for c in range(81))
#: The lowest node of every cell, and the bit above its "is d" nodes: subtracting
#: the one from a set of "is d" nodes raised by the other takes 1 from every
#: cell's nine bits at once, without a borrow from the next cell.
_SLOT_ONE: Final = sum(1 << (_SLOT * c) for c in range(81))
_SLOT_GUARD: Final = _SLOT_ONE << 9
_SLOT_NINES: Final = _SLOT_ONE * 0x1FF
#: The "is d" nodes of all cells but the given one.
_POS_ELSEWHERE: Final = tuple(_POS_ALL & ~_CELL_NODES[c] for c in range(81))
#: Per "is d" node, the cell's other "is" nodes (what contradicts it in its own cell).
_OTHER_DIGITS: Final = tuple(_CELL_NODES[n // _SLOT] & _POS_ALL & ~(1 << n) for n in range(_SLOT * 81))
#: "is d" nodes of digit d in every cell (index 0 unused).
_DIGIT_NODES: Final = (0,) + tuple(sum(1 << (_SLOT * c + d - 1) for c in range(81)) for d in range(1, 10))
#: All nodes but those of digit d (index 0 unused): a positive mask, as ``x & ~y`` on numbers
#: this long costs three times ``x & z``.
_OTHER_DIGIT_NODES: Final = tuple(((1 << (_SLOT * 81)) - 1) ^ nodes for nodes in _DIGIT_NODES)
#: Which of several deductions with the same effect and points is kept: the first kind here
#: (a pair cell's digit set by a chain from "not d" is shown as the seed shows it: setting).
_KIND_ORDER: Final = ("CCS", "CC", "ICC", "ACS", "ACR")
#: The seed's 3-point window of the half-synchronous listing: longer chains are never listed or chosen
#: (the engine scores the cheapest, rater.run.modes.POINT_WINDOW; synchronous levels count all within it).
_WINDOW: Final = 3
#: The "is d" then the "not d" nodes of every 9-bit candidate mask within a cell's slot, ascending.
_NODES: Final = tuple(tuple(d - 1 for d in DIGITS_OF_MASK[m]) + tuple(d + 8 for d in DIGITS_OF_MASK[m]) for m in range(512))
#: A cell's 18 nodes without links.
_ZERO_SLOT: Final = (0,) * _SLOT
#: Every node alone: the nodes within 0 links of each.
_UNIT_BALLS: Final = tuple(1 << n for n in range(_SLOT * 81))
#: A cell of alternative chains: the cell and its "is d" nodes, which start the chains.
_AltCell = tuple[int, list[int]]
#: The predecessor list of a node without predecessors.
_NONE: Final[list[int]] = []
#: A cell's 18 nodes without lists of predecessors.
_NONE_SLOT: Final = (_NONE,) * _SLOT
#: Per set of rules (by name), all nodes of the cells each cell sees.
_PEER_NODES: dict[str, tuple[int, ...]] = {}


def _peer_nodes(rules: Rules) -> tuple[int, ...]:
    """All nodes of the cells each cell sees under ``rules``, built once per process."""
    table = _PEER_NODES.get(rules.name)
    if table is None:
        table = tuple(sum(_CELL_NODES[p] for p in cells_of(rules.peer_mask[c])) for c in range(81))
        _PEER_NODES[rules.name] = table
    return table


def pos_node(cell: int, digit: int) -> int:
    return _SLOT * cell + digit - 1


def neg_node(cell: int, digit: int) -> int:
    return _SLOT * cell + 9 + digit - 1


def node_parts(node: int) -> tuple[int, int, bool]:
    """(cell, digit, negated) of a node."""
    cell, rest = divmod(node, _SLOT)
    return cell, rest % 9 + 1, rest >= 9


@cache
def node_finding(node: int) -> Node:
    """A graph node as a chain element: ``(1:6)3`` or ``(1:5)!9`` (made once per node: it is immutable)."""
    cell, digit, neg = node_parts(node)
    return Node.of(cell, digit, sign=NOT if neg else 1)


def _nodes_of(x: int) -> list[int]:
    """The nodes of a set, ascending (taken from the top: its single bits are in a table)."""
    nodes = []
    while x:
        n = x.bit_length() - 1
        nodes.append(n)
        x ^= _UNIT_BALLS[n]
    nodes.reverse()
    return nodes


def _digit_links(d: int, where_d: int, units: Sequence[int]) -> list[int]:
    """Per cell, the "is d" nodes of the cells forming a strong link on d with it (``where_d``: d's places)."""
    links = [0] * 81
    for u_mask in units:
        where = where_d & u_mask
        if where and where.bit_count() == 2:
            low = where & -where
            a = low.bit_length() - 1
            b = (where ^ low).bit_length() - 1
            links[a] |= 1 << (_SLOT * b + d - 1)
            links[b] |= 1 << (_SLOT * a + d - 1)
    return links


def grow(balls: list[int], changed: list[int], into: list[list[int]]) -> list[int]:
    """The nodes within k + 1 links of every node, from ``balls`` (within k links).

    Within k+1 of n is n itself and what lies within k of a successor; what
    lay within k - 1 of a successor is already in n's ball, so only the
    successors whose ball grew in step k (``changed``) add anything.  One pass
    over their incoming links (``into``: per node its predecessors) advances
    the breadth-first searches of all starts by a layer at once; after a few
    layers most balls stop growing and are left alone.
    """
    grown = balls[:]
    for x in changed:
        ball = balls[x]
        sources = into[x]
        for a in sources:
            grown[a] |= ball
    return grown


def _read_cells(graph: _Graph, cells: list[int], land: list[int], known_pred: list[int],
                known_lists: list[list[int]]) -> None:
    """The links into and out of the nodes of ``cells`` written into the tables of ``graph``.

    ``land``: per digit d, the node each weak link on d lands on in every cell; ``known_pred``,
    ``known_lists``: the predecessors of the graph built before, whose lists are taken over
    where a set is equal.
    """
    cands = graph.cands
    links = graph.links
    positive = graph.positive
    is_nodes = graph.is_nodes
    peer_nodes = graph.peer_nodes
    succ = graph.succ
    pred = graph.pred
    into_lists = graph.into
    cell_sources = graph.cell_sources
    cell_starts = graph.cell_starts
    target = graph.target
    watched = graph.watched
    first = graph.first
    for c in cells:
        base = _SLOT * c
        succ[base:base + _SLOT] = _ZERO_SLOT
        pred[base:base + _SLOT] = _ZERO_SLOT
        into_lists[base:base + _SLOT] = _NONE_SLOT
        target[base:base + _SLOT] = _ZERO_SLOT
        watched[base:base + _SLOT] = _ZERO_SLOT
        first[base:base + _SLOT] = _UNIT_BALLS[base:base + _SLOT]
        mask = cands[c]
        digits = DIGITS_OF_MASK[mask]
        peers = peer_nodes[c]
        strong_out = 0  # the strong links of the cell's digits, as "is d" nodes
        for d in digits:
            out = links[d][c]
            if out:
                succ[base + 8 + d] = out
                strong_out |= out
                # into "is d" from every node of the partner cells but their "is d"
                pred[base + d - 1] = (positive & (out >> (d - 1)) * 0x1FF) ^ out | out << 9
        if len(digits) == 2:  # weak links into a pair from its digits in the peers
            d, e = digits
            pred[base + d - 1] |= is_nodes[e] & peers
            pred[base + e - 1] |= is_nodes[d] & peers
        else:
            for d in digits:
                pred[base + 8 + d] = is_nodes[d] & peers
        sources = []
        for k in _NODES[mask]:
            n = base + k
            if k < 9:
                succ[n] = strong_out & _OTHER_DIGIT_NODES[k + 1] | land[k + 1] & peers
            out = succ[n]
            if out:
                sources.append(n)
                first[n] = _UNIT_BALLS[n] | out
                into = pred[n]
                if into:
                    known = known_lists[n]
                    into_lists[n] = known if known_pred[n] == into and known is not _NONE else _nodes_of(into)
        cell_sources[c] = sources
        starts = []
        for d in digits:
            n = base + d - 1
            starts.append(n)
            ends = _OTHER_DIGITS[n] | is_nodes[d] & peers
            target[n] = ends
            watched[n] = ends | pred[n]
            if succ[n + 9]:  # "not d"
                starts.append(n + 9)
                target[n + 9] = watched[n + 9] = _UNIT_BALLS[n]
        cell_starts[c] = starts


class _Graph:
    """The implication graph of one board (successor and predecessor bitsets).

    Built from the graph built before it (of any board under the same rules): the links of
    a cell's nodes are read off the cell, its peers and its units, so only the cells whose
    candidates changed since and their peers are read again; consecutive searches of a puzzle
    differ in a few candidates.  The tables of a built graph are never changed afterwards
    (the next graph works on copies), so graphs of different threads do not interfere.
    """

    #: The graph built last.
    _last: _Graph | None = None

    known: tuple[list[int], list[int], int]
    links: list[list[int]]
    positive: int
    negative_landings: int
    pair_landings: list[int]
    succ: list[int]
    pred: list[int]
    into: list[list[int]]
    cell_sources: list[list[int]]
    cell_starts: list[list[int]]
    target: list[int]
    watched: list[int]
    first: list[int]

    def __init__(self, board: Board) -> None:
        rules = board.rules
        cands = board.cands
        self.cands = cands
        self.positions = positions = board.positions
        self.peer_mask = peer_mask = rules.peer_mask
        self.peer_nodes = _peer_nodes(rules)
        self.open = cells_of(board.empty)
        self.rules = rules
        #: the board state it was built for (copies: the board changes afterwards)
        self.known = (cands[:], positions[:], board.empty)
        last = _Graph._last
        if last is None or last.rules is not rules:
            last = _EMPTY_GRAPH
        known_cands, known_positions, known_empty = last.known
        # links[d][c]: the "is d" nodes of the cells forming a strong link on d with c (the
        # only two places of d in a unit).  Such a link leads from "not d" in either cell to
        # "is d" in the other, and from every other digit of either cell to "is d" in the other.
        self.links = links = last.links[:]
        changed = board.empty ^ known_empty
        for d in range(1, 10):
            moved = positions[d] ^ known_positions[d]
            if moved:
                changed |= moved
                links[d] = _digit_links(d, positions[d], rules.scan_unit_mask)
        # Every candidate as an "is d" node; the node each weak link on d into a cell b lands
        # on (at most one per cell): a pair's other digit, or "not d" for a cell of one
        # candidate (a user's technique file may leave singles out) or of more.  A changed
        # cell's old part is taken out (xor) and its new part put in.
        positive = last.positive
        negative_landings = last.negative_landings
        self.pair_landings = pair_landings = last.pair_landings[:]
        dirty = changed
        for b in cells_of(changed):
            dirty |= peer_mask[b]
            base = _SLOT * b
            old, mask = known_cands[b], cands[b]
            positive ^= (old ^ mask) << base
            for m in (old, mask):
                if m.bit_count() == 2:
                    low = m & -m
                    d, e = low.bit_length(), (m ^ low).bit_length()
                    pair_landings[d] ^= 1 << (base + e - 1)
                    pair_landings[e] ^= 1 << (base + d - 1)
                else:
                    negative_landings ^= m << (base + 9)
        self.positive = positive
        self.negative_landings = negative_landings
        self.is_nodes = [positive & _DIGIT_NODES[d] for d in range(10)]
        land = [pair_landings[d] | negative_landings & _DIGIT_NODES[d] << 9 for d in range(10)]
        # The links into and out of a cell's nodes depend on the cell, its peers and its units
        # (which are among its peers' cells) alone: only the changed cells and their peers have
        # other links than in the last graph.
        self.succ = last.succ[:]
        self.pred = last.pred[:]
        #: per node with a successor, its predecessors as a list (empty for most; the balls of
        #: the other nodes never grow, so their predecessors are never asked for).  A list is
        #: taken over from the last graph when the set is equal.
        self.into = last.into[:]
        #: per cell, its nodes with a successor
        self.cell_sources = last.cell_sources[:]
        #: per cell, the nodes a search starts from: every "is d" and the "not d" with a successor
        self.cell_starts = last.cell_starts[:]
        #: per start, the nodes ending a contradiction chain from it
        self.target = last.target[:]
        #: per start, those and for an "is d" start its predecessors (a closed chain returns
        #: through one): one test per layer finds both
        self.watched = last.watched[:]
        #: per node, the nodes within one link: itself and its successors
        self.first = last.first[:]
        _read_cells(self, cells_of(dirty & (board.empty | changed)), land, last.pred, last.into)
        _Graph._last = self

    @classmethod
    def empty(cls) -> _Graph:
        """The graph of a board without open cells: what the first graph is built from."""
        graph = cls.__new__(cls)
        graph.known = ([0] * 81, [0] * 10, 0)
        graph.links = [[0] * 81 for _ in range(10)]
        graph.positive = graph.negative_landings = 0
        graph.pair_landings = [0] * 10
        graph.succ = [0] * (_SLOT * 81)
        graph.pred = [0] * (_SLOT * 81)
        graph.into = [_NONE] * (_SLOT * 81)
        graph.cell_sources = [[] for _ in range(81)]
        graph.cell_starts = [[] for _ in range(81)]
        graph.first = list(_UNIT_BALLS)
        graph.target = [0] * (_SLOT * 81)
        graph.watched = [0] * (_SLOT * 81)
        return graph

    @property
    def sources(self) -> list[int]:
        """The nodes with a successor, ascending: only their reach grows."""
        return [n for c in self.open for n in self.cell_sources[c]]

    # -- link kinds (for notation and loop eliminations) ----------------------------

    def weak_pair(self, a: int, b: int) -> bool:
        """``(A)d`` to ``(B)e`` through the pair B = de (or to ``(B)!d``)."""
        ca, d, _ = node_parts(a)
        cb, e, neg_b = node_parts(b)
        if not self.peer_mask[ca] >> cb & 1 or not self.cands[cb] >> (d - 1) & 1:
            return False
        if neg_b:
            return e == d
        return e != d and self.cands[cb] == (1 << (d - 1)) | (1 << (e - 1))

    def strong(self, a: int, b: int) -> bool:
        """``(A)d = (B)e`` (A also has e) or ``(A)!d = (B)d``: a strong link into B."""
        ca, d, neg_a = node_parts(a)
        cb, e, _ = node_parts(b)
        if neg_a and d != e:
            return False
        if not neg_a and (d == e or not self.cands[ca] >> (e - 1) & 1):
            return False
        return bool(self.links[e][ca] >> (_SLOT * cb + e - 1) & 1)


#: What the first graph under some rules is built from.
_EMPTY_GRAPH: Final = _Graph.empty()


@dataclass
class Found:
    """One chain deduction before it becomes a Step."""

    kind: str  # CC CCS ICC ACS ACR
    nodes: int  # N, the number of assertions (longest branch for alternative chains)
    negation: bool  # a negated assertion inside
    chains: tuple[tuple[int, ...], ...]  # written assertions of each branch
    eliminations: tuple[Candidate, ...] = ()
    placements: tuple[Candidate, ...] = ()
    closing: tuple[int, int] | None = None  # (cell, digit) of the bracketed "(A)!d" closing a contradiction chain
    strong_links: tuple[bool, ...] = ()  # ICC: which links are written "="
    start: tuple[int, int] = (0, 0)


class _Search:
    """All chain kinds of one board, shortest first, within the parameters."""

    def __init__(self, board: Board, params: Mapping[str, Any], offsets: Offsets) -> None:
        self.params = params
        self.offsets = offsets
        self.graph = _Graph(board)
        self.found: dict[tuple[object, ...], Found] = {}
        self.history: list[list[int]] = [list(_UNIT_BALLS)]
        self.alt_cands = int(params["alt_cands"])
        self.second_pass = False  # only closed implication chains are recorded in it
        self.alt_done = [0] * 81  # per start cell: ACS targets already examined

    # -- driver ----------------------------------------------------------------------

    def run(self) -> list[Found]:
        g = self.graph
        cands = g.cands
        alt_cands = self.alt_cands
        # the start nodes in scan order; per start of alternative chains (an "is d" node of a
        # cell with up to ``alt_cands`` candidates), its cell with the nodes starting the cell's
        # alternative chains
        starts: list[int] = []
        alt_of: list[_AltCell | None] = [None] * (_SLOT * 81)
        for c in g.open:
            cell_starts = g.cell_starts[c]
            starts += cell_starts
            mask = cands[c]
            if mask.bit_count() <= alt_cands:
                alt_cell = (c, [_SLOT * c + d - 1 for d in DIGITS_OF_MASK[mask]])
                for n in alt_cell[1]:
                    alt_of[n] = alt_cell
        target = g.target
        # per start, the nodes it watches (targets and predecessors) that it has not reached:
        # those its ball holds are the ones reached in the last layer
        unreached = g.watched[:]
        pred = g.pred
        into = g.into
        first = int(self.params["max_nodes_first"])
        second = int(self.params["max_nodes_second"])
        budget = int(self.params["budget"])
        best = float("inf")
        cheapest = min(map(min, self.offsets.values()))
        depth = 1
        # history[k][n]: the nodes within k links of n; one pass over the links per layer
        # advances every start's breadth-first search, and a start's layer k is
        # history[k][n] ^ history[k - 1][n]
        history = self.history
        balls = history[0]
        # the frontier nodes expanded so far, as a search expanding them one by one would count
        # them, and those of the last layer, expanded in the next; a start expands at most the
        # nodes with a predecessor and itself, so below that bound the count need not be kept
        expansions = 0
        frontiers = len(starts)
        counting = len(starts) * (1 + _SLOT * 81 - pred.count(0)) > budget
        # the starts whose ball grew in the last layer are those left in ``starts`` (only their
        # predecessors' balls can grow in the next); of these, those with a predecessor in that
        # layer: they follow from it in this one, a closed chain
        returning: set[int] = set()
        while starts and depth < second:
            if depth >= first and not self.found:
                self.second_pass = True
            if depth >= first and self.found:
                break
            if cheapest + depth > best + _WINDOW or expansions > budget:
                break
            previous = balls
            balls = grow(previous, starts, into) if depth > 1 else g.first
            history.append(balls)
            expansions += frontiers
            frontiers = 0
            recording = not self.second_pass
            loops = depth >= 2  # a predecessor reached now closes a chain of depth + 1 >= 3 links
            closing = returning
            returning = set()
            alive = []
            alt_live: list[_AltCell] = []  # the cells of alternative chains whose branches grew
            for node in starts:
                n = node
                if closing and node in closing:
                    self._loop(n, depth)
                ball = balls[n]
                old = previous[n]
                if ball is old or ball == old:
                    continue
                alive.append(node)
                if counting:
                    frontiers += (ball ^ old).bit_count()
                hit = ball & unreached[n]
                if hit:
                    unreached[n] ^= hit
                    if loops and hit & pred[n]:
                        returning.add(node)
                    if recording:
                        hit &= target[n]
                        for end in _nodes_of(hit):
                            self._contradiction(n, depth, end)
                if recording:
                    alt = alt_of[n]
                    if alt is not None:
                        if not alt_live or alt_live[-1] is not alt:
                            alt_live.append(alt)
                        elsewhere = _POS_ELSEWHERE[alt[0]]
                        seen = ball & elsewhere
                        # per cell v & (v - 1): nonzero where the cell has two assertions or more
                        several = seen & ((seen | _SLOT_GUARD) - _SLOT_ONE)
                        if several:
                            new_pos = (ball ^ old) & elsewhere
                            if new_pos:
                                self._reducing(n, depth, new_pos, seen, several)
            if recording:
                self._alternatives(alt_live, depth)
            starts = alive
            if self.found:
                best = min(map(self._points_floor, self.found.values()))
            depth += 1
        return sorted(self.found.values(), key=_found_order)

    def _layers(self, start: int, depth: int) -> list[int]:
        """The nodes exactly k links from ``start``, for every k below ``depth``."""
        history = self.history
        layers = [_UNIT_BALLS[start]]
        for k in range(1, depth):
            layers.append(history[k][start] ^ history[k - 1][start])
        return layers

    def _depth_of(self, start: int, node: int) -> int:
        """How many links ``node`` is from ``start`` (it has been reached)."""
        history = self.history
        bit = _UNIT_BALLS[node]
        k = 0
        while not history[k][start] & bit:
            k += 1
        return k

    def _points_floor(self, f: Found) -> float:
        """The points of a deduction, by the offsets of its kind (ranks deductions of different kinds)."""
        return self.offsets[f.kind][f.negation] + f.nodes

    # -- paths -------------------------------------------------------------------------

    def _path(self, start: int, end: int, depth: int) -> list[int]:
        """Assertions from ``start`` to ``end`` (in layer ``depth``), with distinct cells if possible."""
        pred = self.graph.pred
        layers = self._layers(start, depth)
        used = CELL_BIT[start // _SLOT] | CELL_BIT[end // _SLOT]
        path = _walk(end, depth, used, start, pred, layers, [0])
        if path is None:  # the lowest predecessor in the layer before, back to the start
            path = [end]
            for k in range(depth, 0, -1):
                way = pred[path[-1]] & layers[k - 1]
                path.append((way & -way).bit_length() - 1)
            path.reverse()
        return path

    # -- the kinds ------------------------------------------------------------------

    def _key(self, kind: str, placements: tuple[Candidate, ...], eliminations: tuple[Candidate, ...]) -> tuple[object, ...]:
        """Under which key a deduction is kept: its effect, or a pair cell it decides."""
        if kind in ("CC", "CCS", "ACR") and len(eliminations) + len(placements) == 1:
            # a pair cell losing one digit is the same as setting the other
            cell = (eliminations or placements)[0][0]
            if self.graph.cands[cell].bit_count() == 2:
                return ("cell", cell)
        return (placements, eliminations)

    def _add(self, f: Found) -> None:
        key = self._key(f.kind, f.placements, f.eliminations)
        old = self.found.get(key)
        if old is None or self._rank(f) < self._rank(old):
            self.found[key] = f

    def _beaten(self, kind: str, placements: tuple[Candidate, ...], eliminations: tuple[Candidate, ...],
                least_points: float, start: tuple[int, int]) -> bool:
        """Whether the deduction kept for this effect outranks any new one of at least ``least_points``.

        Then :meth:`_add` would drop the new one, and its chains need not be written out.
        """
        old = self.found.get(self._key(kind, placements, eliminations))
        return old is not None and self._rank(old) <= (least_points, _KIND_ORDER.index(kind), start)

    def _rank(self, f: Found) -> tuple[float, int, tuple[int, int]]:
        return self._points_floor(f), _KIND_ORDER.index(f.kind), f.start

    def _contradiction(self, start: int, depth: int, end: int) -> None:
        start_cell, digit, negated = node_parts(start)
        kind = "CCS" if negated else "CC"
        effect = ((start_cell, digit),)
        # the path will have depth + 1 assertions; a setting chain counts one less (its closing assertion)
        if self._beaten(kind, effect if negated else (), () if negated else effect,
                        min(self.offsets[kind]) + depth + (0 if negated else 1), (start_cell, digit)):
            return
        path = self._path(start, end, depth)
        inside = _negated(path[1:-1])
        if negated:  # the closing (A)d at the start cell is not counted, as the loop's repeated start
            self._add(Found("CCS", len(path) - 1, inside, (tuple(path),), placements=((start_cell, digit),),
                            start=(start_cell, digit)))
        else:
            self._add(Found("CC", len(path), inside, (tuple(path),), eliminations=((start_cell, digit),),
                            closing=(start_cell, digit), start=(start_cell, digit)))

    def _loop(self, start: int, depth: int) -> None:
        """A closed chain through ``start``, returning to it in layer ``depth`` (ICC)."""
        pred = self.graph.pred
        layers = self._layers(start, depth)
        for last in _nodes_of(pred[start] & layers[depth - 1]):
            # distinct cells or none
            path = _walk(last, depth - 1, CELL_BIT[start // _SLOT] | CELL_BIT[last // _SLOT], start, pred,
                         layers, [0])
            if path is None:
                continue
            result = self._loop_eliminations(path)
            if result is None:
                continue
            elims, strong = result
            if not elims:
                continue
            loop = _rotate(path, strong)
            inside = _negated(path)
            cell, digit, _ = node_parts(loop[0][0])
            self._add(Found("ICC", len(path), inside, (loop[0],), eliminations=elims,
                            strong_links=loop[1], start=(cell, digit)))
            return

    def _loop_eliminations(self, path: list[int]) -> tuple[tuple[Candidate, ...], tuple[bool, ...]] | None:
        """The loop's eliminations and link kinds; None if it is no proper loop.

        The loop is expanded into its single candidates (weak and strong links
        alternating); a candidate used twice would break the argument that
        every link holds both ways, so such a loop is dropped.
        """
        g = self.graph
        cands = g.cands
        positions = g.positions
        n = len(path)
        chain: list[Candidate] = []
        elims: set[Candidate] = set()
        strong_flags: list[bool] = []
        for i in range(n):
            a, b = path[i], path[(i + 1) % n]
            ca, d, _ = node_parts(a)
            cb, e, neg_b = node_parts(b)
            if g.strong(a, b):
                strong_flags.append(True)
                if d != e:  # (A)d = (B)e: A is d or e
                    chain += [(ca, d), (ca, e)]
                    for x in range(1, 10):
                        if x not in (d, e) and cands[ca] >> (x - 1) & 1:
                            elims.add((ca, x))
                else:  # (A)!d = (B)d
                    chain.append((ca, d))
            elif g.weak_pair(a, b):
                strong_flags.append(False)
                chain.append((ca, d))
                if not neg_b:
                    chain.append((cb, d))
                for x in cells_of(g.peer_mask[ca] & g.peer_mask[cb] & positions[d]):
                    elims.add((x, d))
            else:
                return None
        if len(set(chain)) != len(chain):
            return None
        return tuple(sorted(elims)), tuple(strong_flags)

    def _reducing(self, start: int, depth: int, new_pos: int, seen: int, several: int) -> None:
        """Two chains from ``start`` to two digits of one other cell (ACR).

        ``new_pos``, ``seen``: the other cells' "is" nodes in the start's layer ``depth`` (not
        none) and within ``depth`` links; ``several``: those of the cells with two or more (not
        none), each cell's lowest left out.
        """
        # adding 0x1FF to every cell's nine "is" bits carries into its guard bit unless they
        # are all 0: the cells with a new assertion and two or more in all
        cells = (several + _SLOT_NINES) & (new_pos + _SLOT_NINES) & _SLOT_GUARD
        c, d, _ = node_parts(start)
        effect = ((c, d),)
        offset = self.offsets["ACR"][False]
        for guard in _nodes_of(cells):
            x = guard // _SLOT
            # the chains end in the cell's two lowest assertions; unless one of them is new, they
            # were examined in the layer the later of them was new, with the same outcome
            base = _SLOT * x
            slot = seen >> base & 0x1FF
            low = slot & -slot
            two = low | (slot ^ low) & -(slot ^ low)
            if not two & new_pos >> base:
                continue
            # the longer path will have depth + 1 assertions
            if self._beaten("ACR", (), effect, offset + depth + 1, (c, d)):
                continue
            nodes = [base + low.bit_length() - 1, base + two.bit_length() - 1]
            paths = [tuple(self._path(start, n, self._depth_of(start, n))) for n in nodes]
            self._add(Found("ACR", max(map(len, paths)), False, tuple(paths), eliminations=effect, start=(c, d)))

    def _alternatives(self, alt_cells: list[_AltCell], depth: int) -> None:
        """Chains from every digit of a cell that reach one placement (ACS).

        ``alt_cells``: (cell, its "is d" nodes starting the searches) of the cells with up to
        ``alt_cands`` candidates of which a search grew in layer ``depth``, in scan order (in
        the others the common nodes are those already examined).
        """
        balls = self.history[-1]
        alt_done = self.alt_done
        for c, branches in alt_cells:
            common = _POS_ELSEWHERE[c]
            for b in branches:
                common &= balls[b]
            # the balls only grow, so the common nodes examined before are among these
            done = alt_done[c]
            new = common ^ done
            if not new:
                continue
            alt_done[c] = common
            for node in _nodes_of(new):
                x, digit, _ = node_parts(node)
                # common only now, so one branch reaches it in this layer: the longest branch
                # will have depth + 1 assertions
                if self._beaten("ACS", ((x, digit),), (), self.offsets["ACS"][False] + depth + 1, (c, 0)):
                    continue
                paths = [tuple(self._path(b, node, self._depth_of(b, node))) for b in branches]
                self._add(Found("ACS", max(map(len, paths)), False, tuple(paths), placements=((x, digit),),
                                start=(c, 0)))


def _negated(nodes: Sequence[int]) -> bool:
    """Whether one of ``nodes`` is a negated assertion ("not d")."""
    for n in nodes:
        if n % _SLOT >= 9:
            return True
    return False


def _found_order(f: Found) -> tuple[tuple[int, int], int, str]:
    """The order of a search's deductions: by start, length and kind."""
    return f.start, f.nodes, f.kind


def _walk(node: int, k: int, used: int, start: int, pred: list[int], layers: list[int],
          tries: list[int]) -> list[int] | None:
    """A path from ``start`` to ``node`` (in layer ``k``) through the cells not in ``used``, or None.

    Depth first through the predecessors in the layer before, ascending; ``tries`` counts the
    nodes tried, at most 400.
    """
    if k == 0:
        return [node] if node == start else None
    tries[0] += 1
    if tries[0] > 400:
        return None
    way = pred[node] & layers[k - 1]
    while way:
        low = way & -way
        way ^= low
        p = low.bit_length() - 1
        cell = p // _SLOT
        if k - 1 > 0 and used >> cell & 1:
            continue
        found = _walk(p, k - 1, used | CELL_BIT[cell], start, pred, layers, tries)
        if found is not None:
            found.append(node)
            return found
    return None


def _rotate(path: list[int], strong: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """A loop rotated to start at its first positive assertion in scan order (as the seed writes it)."""
    i = path.index(min(n for n in path if n % _SLOT < 9))
    return tuple(path[i:] + path[:i]), strong[i:] + strong[:i]


def chain_finding(nodes: tuple[int, ...], strong: tuple[bool, ...] = (),
                  closing: tuple[int, int] | None = None, cands: Sequence[int] = ()) -> Chain:
    """``(1:6)3 - (2:6)5 - (2:7)8``; with ``strong`` flags a loop written with ``=``.

    ``cands``, the candidates of the board the chain was found on, tell which
    links run through a pair cell (:attr:`Chain.pair_links`).
    """
    elements = [node_finding(n) for n in nodes]
    links = ["=" if strong and strong[i] else "-" for i in range(len(nodes) - 1)]
    if strong:
        links.append("=" if strong[-1] else "-")
        elements.append(elements[0])
    end = Node.of(closing[0], closing[1], sign=NOT) if closing else None
    pairs = tuple(_through_pair(a, b, cands) for a, b in zip(elements, elements[1:])) if cands else ()
    return Chain(tuple(elements), tuple(links), end, pairs)


def _through_pair(a: Node, b: Node, cands: Sequence[int]) -> bool:
    """Whether ``(A)d - (B)e`` may be read through the pair B = de (B then sees A, whichever inference made it)."""
    d, e = a.digits[0], b.digits[0]
    return d != e and cands[b.cell] == (1 << (d - 1)) | (1 << (e - 1))


# -- the techniques -------------------------------------------------------------------------

#: Per chain kind, the points offset without and with a negated assertion inside.
Offsets = dict[str, tuple[float, float]]

_SEARCH_KEYS: Final = ("max_nodes_first", "max_nodes_second", "alt_cands", "budget")


def search(board: Board, ctx: Context, params: Mapping[str, Any], offsets: Offsets) -> list[Found]:
    """All chain deductions of ``board``, searched once per board state and parameter set."""
    key = ("chains", tuple(params[k] for k in _SEARCH_KEYS), tuple(sorted(offsets.items())))
    return ctx.memo(key, lambda: _Search(board, params, offsets).run())


class ChainTechnique(Technique):
    """Common part of the chain classes: one shared search, each class its kind."""

    group = "VI"
    family = "VI"
    sync_level = 6
    phase = Phase.THINNING
    kind: ClassVar[str]
    fields = frozenset({"chain", "length", "negation", "kind", "removed", "set"})
    base_defaults: ClassVar[dict[str, int]] = {
        "max_nodes_first": 9,
        "max_nodes_second": 16,
        "alt_cands": 2,
        "budget": 60000,
    }

    #: The fewest assertions of a chain of the kind.
    min_nodes: ClassVar[int]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        #: Point offsets of every chain kind: the shared search ranks the
        #: deductions of all kinds by their points.  The class defaults until
        #: :meth:`bind` reads the other chain entries of the technique list.
        self.offsets: Offsets = {cls.kind: cls.kind_offsets(cls.defaults) for cls in _chain_classes()}
        self.offsets[self.kind] = self.kind_offsets(self.params)

    def bind(self, techniques: Sequence[Technique]) -> None:
        for t in techniques:
            if isinstance(t, ChainTechnique):
                self.offsets[t.kind] = t.kind_offsets(t.params)

    @staticmethod
    def kind_offsets(params: Mapping[str, Any]) -> tuple[float, float]:
        """The points offset without and with a negated assertion inside."""
        raise NotImplementedError

    def points(self, f: Found) -> float:
        return self.offsets[self.kind][f.negation] + f.nodes

    def floor(self) -> float:
        return min(self.kind_offsets(self.params)) + self.min_nodes

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        cands: list[int] | None = None
        for f in search(board, ctx, self.params, self.offsets):
            if f.kind == self.kind:
                if cands is None:  # the board changes afterwards, the evidence is written later
                    cands = board.cands[:]
                yield self._step(f, cands)

    def _step(self, f: Found, cands: list[int]) -> Step:
        """The deduction's step; its evidence is written when first read (most steps found are not taken)."""
        return Step.deferred(self.code, self.points(f), f.placements, _explain, f, cands,
                             eliminations=f.eliminations)


def _explain(f: Found, cands: list[int]) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    """A deduction's candidates and its finding (``cands``: the board it was found on)."""
    last = len(f.chains) - 1
    chains = Items(chain_finding(c, f.strong_links, f.closing if i == last else None, cands)
                   for i, c in enumerate(f.chains))
    used = tuple(sorted({node_parts(n)[:2] for c in f.chains for n in c}))
    detail = {
        "chain": chains,
        "length": f.nodes,
        "negation": f.negation,
        "kind": Fragment.of(_KIND_NAMES[f.kind][f.negation]),
        "removed": negations(f.eliminations),
        "set": assertions(f.placements),
    }
    return used, detail


#: The fragment naming each kind, without and with a negated assertion inside.
_KIND_NAMES: Final = {
    "CC": (fragment_kind("simple_contradiction_chain"), fragment_kind("extended_contradiction_chain")),
    "CCS": (fragment_kind("setting_contradiction_chain"),) * 2,
    "ICC": (fragment_kind("closed_implication_chain"),) * 2,
    "ACS": (fragment_kind("setting_alternative_chains"),) * 2,
    "ACR": (fragment_kind("reducing_alternative_chains"),) * 2,
}


class _ContradictionLike(ChainTechnique):
    formula = "{points_offset} + N assertions ({points_offset_negation} + N with a negation)"
    defaults = {**ChainTechnique.base_defaults, "points_offset": 13, "points_offset_negation": 15}
    min_nodes = 3

    @staticmethod
    def kind_offsets(params: Mapping[str, Any]) -> tuple[float, float]:
        return float(params["points_offset"]), float(params["points_offset_negation"])


@register
class ContradictionChain(_ContradictionLike):
    """CC: simple (no "!" inside) or extended ("!" inside) contradiction chain."""

    code = "CC"
    measure = "length"
    kind = "CC"


@register
class SettingContradictionChain(_ContradictionLike):
    """CCS: from "d is not in A" to "d is in A": d is set."""

    code = "CCS"
    measure = "length"
    kind = "CCS"


@register
class ClosedImplicationChain(_ContradictionLike):
    """ICC: closed implication chain (continuous nice loop)."""

    code = "ICC"
    measure = "length"
    kind = "ICC"


class _Alternative(ChainTechnique):
    formula = "{points_offset} + N assertions"
    defaults = {**ChainTechnique.base_defaults, "points_offset": 17}
    min_nodes = 2

    @staticmethod
    def kind_offsets(params: Mapping[str, Any]) -> tuple[float, float]:
        return float(params["points_offset"]), float(params["points_offset"])


@register
class SettingAlternativeChains(_Alternative):
    """ACS: chains from every digit of a cell reach the same placement."""

    code = "ACS"
    measure = "length"
    kind = "ACS"


@register
class ReducingAlternativeChains(_Alternative):
    """ACR: two chains from one digit reach two digits of one cell."""

    code = "ACR"
    measure = "length"
    kind = "ACR"


def _chain_classes() -> list[type[ChainTechnique]]:
    """The registered chain kinds."""
    return [ContradictionChain, SettingContradictionChain, ClosedImplicationChain,
            SettingAlternativeChains, ReducingAlternativeChains]
