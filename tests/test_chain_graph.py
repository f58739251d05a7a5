"""The implication graph of the chain search and the golden-chain search agree with plain readings.

The graph is built from bitsets, from the graph built before it (only the cells
changed since and their peers are read again), its breadth-first balls grow only
where a successor's ball grew, and golden chains search on bitboards: each is checked here against a
direct, slow reading of the same rule on positions that hard puzzles reach
(tests/data/top1465_every24.txt, captured while rating, as in tests/test_hard_finders.py).
"""

from __future__ import annotations

from functools import reduce
from operator import or_

import pytest

from puzzles.geometry import CELL_BIT, cells_of
from techniques.board import Board
from techniques.chains import _SLOT, _Graph, _nodes_of, neg_node, node_parts, pos_node
from techniques.golden_chains import GoldenChain, _chain, bivalue_mask
from tests.test_hard_finders import _hard_positions, ball_layers


@pytest.fixture(scope="module")
def positions() -> list[Board]:
    return _hard_positions(3)


def _links(board: Board) -> set[tuple[int, int]]:
    """Every link of the graph, read off the four inferences one candidate pair at a time."""
    peer = board.rules.peer_mask
    cands = board.cands

    def only_two(d: int, a: int, b: int) -> bool:
        return any(board.positions[d] & u == CELL_BIT[a] | CELL_BIT[b] for u in board.rules.scan_unit_mask)

    links = set()
    for a in cells_of(board.empty):
        for d in range(1, 10):
            if not cands[a] >> (d - 1) & 1:
                continue
            for b in cells_of(board.empty):
                for e in range(1, 10):
                    if not cands[b] >> (e - 1) & 1 or a == b:
                        continue
                    sees = bool(peer[a] >> b & 1)
                    pair = cands[b] == 1 << (d - 1) | 1 << (e - 1)
                    if sees and e != d and pair:  # (A)d - (B)e through the pair B
                        links.add((pos_node(a, d), pos_node(b, e)))
                    if sees and e == d and cands[b].bit_count() != 2:  # (A)d - (B)!d
                        links.add((pos_node(a, d), neg_node(b, d)))
                    if e != d and cands[a] >> (e - 1) & 1 and only_two(e, a, b):  # (A)d = (B)e
                        links.add((pos_node(a, d), pos_node(b, e)))
                    if e == d and only_two(d, a, b):  # (A)!d = (B)d
                        links.add((neg_node(a, d), pos_node(b, d)))
    return links


def test_graph_links_are_the_four_inferences(positions: list[Board]) -> None:
    for board in positions[::15]:
        graph = _Graph(board)
        built = {(a, b) for a, out in enumerate(graph.succ) for b in _nodes_of(out)}
        assert built == _links(board)
        for b, into in enumerate(graph.pred):
            assert into == sum(1 << a for a, out in enumerate(graph.succ) if out >> b & 1)


def test_reused_predecessor_lists_match_the_graph(positions: list[Board]) -> None:
    # built one after another, as the engine does, so that most lists are taken over
    for board in positions:
        graph = _Graph(board)
        for n in range(_SLOT * 81):  # node numbers, read as bit positions
            assert graph.into[n] == (_nodes_of(graph.pred[n]) if graph.succ[n] else [])
        assert graph.sources == [n for n in range(_SLOT * 81) if graph.succ[n]]


def test_nodes_of_a_set_are_its_bits_ascending() -> None:
    for nodes in ([], [0], [5, 17, 18], [0, 700, _SLOT * 81 - 1], list(range(0, _SLOT * 81, 13))):
        assert _nodes_of(sum(1 << n for n in nodes)) == nodes


def _tables(graph: _Graph) -> tuple:
    return (graph.succ, graph.pred, graph.sources, [graph.into[n] for n in graph.sources], graph.links,
            graph.is_nodes, graph.open, graph.cell_starts, graph.target, graph.watched)


def test_a_graph_built_after_another_equals_one_built_afresh(positions: list[Board]) -> None:
    # after the graph of a later position, of an earlier one, of another puzzle: the cells
    # changed in between and their peers are read again, the rest is taken over
    for board in positions[::-1][::4] + positions[::9]:
        graph = _Graph(board)
        _Graph._last = None
        assert _tables(graph) == _tables(_Graph(board))


def test_balls_are_breadth_first_layers_until_nothing_grows(positions: list[Board]) -> None:
    for board in positions[::10]:
        graph = _Graph(board)
        visited = [1 << n for n in range(_SLOT * 81)]
        for balls in ball_layers(graph):
            grown = [reduce(or_, (graph.succ[n] for n in _nodes_of(v)), v) for v in visited]
            assert balls == grown
            if grown == visited:
                break
            visited = grown


def _plain_golden_chains(board: Board, min_len: int, max_len: int) -> list[tuple[list[int], list[int], int]]:
    """(cells, outgoing digit bits, z) of every chain reaching an end, by the per-neighbour search."""
    cands = board.cands
    peer_mask = board.rules.peer_mask
    bival = bivalue_mask(board)
    neighbours = {c: cells_of(peer_mask[c] & bival) for c in cells_of(bival)}
    found = []
    for start in cells_of(bival):
        for zbit in (cands[start] & -cands[start], cands[start] & (cands[start] - 1)):
            target = peer_mask[start] & board.positions[zbit.bit_length()]
            if not target:
                continue
            frontier = [(start, cands[start] ^ zbit, [start], [cands[start] ^ zbit], CELL_BIT[start])]
            visited = {(start, cands[start] ^ zbit)}
            for length in range(2, max_len + 1):
                nxt = []
                for cell, out, path, links, pmask in frontier:
                    for n in neighbours[cell]:
                        if pmask >> n & 1 or not cands[n] & out or (n, cands[n] ^ out) in visited:
                            continue
                        nout = cands[n] ^ out
                        visited.add((n, nout))
                        if nout == zbit and length >= min_len and (peer_mask[n] & target or peer_mask[n] >> start & 1):
                            found.append((path + [n], links + [nout], zbit.bit_length()))
                        nxt.append((n, nout, path + [n], links + [nout], pmask | CELL_BIT[n]))
                frontier = nxt
    return found


def test_golden_chains_match_the_per_neighbour_search(positions: list[Board]) -> None:
    def written(chains):
        return [(f.key, f.cells, f.links, f.z, f.closed, f.eliminations) for f in chains if f is not None]

    for board in positions[::3]:
        peer_mask = board.rules.peer_mask
        expected = [_chain(cells, links, 1 << (z - 1), 0, board.positions, peer_mask)
                    for cells, links, z in _plain_golden_chains(board, 3, 14)]
        assert written(GoldenChain()._chains(board, bivalue_mask(board))) == written(expected)


def test_node_numbering_round_trips() -> None:
    for cell in (0, 40, 80):
        for digit in (1, 9):
            assert node_parts(pos_node(cell, digit)) == (cell, digit, False)
            assert node_parts(neg_node(cell, digit)) == (cell, digit, True)
