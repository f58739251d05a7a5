"""Shared searches live in the state the engine gives each board position, nowhere else.

The C/D analysis and the chain search are computed once per position and
search parameters (``Context.memo``); a rating must therefore not depend on
what was rated before, and a caller without a store always gets a fresh search.
"""

from __future__ import annotations

from rater.run.engine import Engine
from techniques.base import Context
from techniques.board import Board
from techniques.chains import ContradictionChain

CHAINS = "105480009040901000900070104218549600593768412467123895059014020624097001001000940"
OBVIOUS = ".57.38.....61..2.7....9....63......1.7..2..6.5......34....8....2.5..74.....91.37."


def _record(engine: Engine, puzzle: str) -> list[tuple[object, ...]]:
    rating = engine.rate(puzzle)
    return [(s.code, s.points, s.placements, s.eliminations) for s in rating.steps]


def test_ratings_do_not_depend_on_earlier_ratings() -> None:
    for option in ("2001", "2005"):
        engine = Engine(option)
        first = [_record(engine, p) for p in (CHAINS, OBVIOUS)]
        again = [_record(engine, p) for p in (OBVIOUS, CHAINS)][::-1]
        assert first == again
        assert first == [_record(Engine(option), p) for p in (CHAINS, OBVIOUS)]


def test_memo_keeps_a_value_per_position_only() -> None:
    calls: list[int] = []

    def make() -> int:
        calls.append(1)
        return len(calls)

    position = Context().at_new_position()
    assert position.memo("k", make) == position.memo("k", make) == 1
    assert position.at_new_position().memo("k", make) == 2  # a new position computes anew
    plain = Context()
    assert plain.memo("k", make) == 3 and plain.memo("k", make) == 4  # no store: nothing kept


def test_chain_search_without_store_follows_the_board() -> None:
    """After a change of the board, a plain context searches the new state."""
    board = Board.from_grid([int(ch) for ch in CHAINS])
    board.pencil = True
    technique = ContradictionChain()
    shared = Context().at_new_position()
    before = list(technique.find(board, shared))
    assert before
    board.apply(before[0])
    after = [(s.placements, s.eliminations) for s in technique.find(board, Context())]
    fresh = [(s.placements, s.eliminations) for s in technique.find(board, Context().at_new_position())]
    assert after == fresh
