"""Golden chains, wings and remote pairs keep what they found on a board for their next search there.

A search of the same board takes over what its last search met where nothing it read changed
(:mod:`techniques.golden_chains`, :mod:`techniques.wings`, :mod:`techniques.remote_pairs`).  Along
the solving paths of hard puzzles, asked at every position or only at every third one (several
steps' changes between two searches, as when the engine asks them only where the simpler families
found nothing), each must yield the same steps in the same order as a fresh search of a copy of
the board, whether its last search found something or not.
"""

import pytest

from puzzles.parsing import parse_puzzle
from rater.engine import Engine
from techniques.base import Context
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.step import WRITE_CANDIDATES
from tests.conftest import read_puzzles

CODES = ("RP", "CRP", "GC", "XYZ", "WXYZ")
#: Hard puzzles whose solving path takes a step of these techniques (so that both outcomes occur).
PUZZLES = [p for p in read_puzzles("top95.txt", 12, 7) + read_puzzles("top1465_every24.txt", 8, 7)
           if any(s.code in CODES for s in Engine("2001").rate(p).steps)][:6]


def _techniques():
    return [t for t in Catalogue.load().enabled() if t.code in CODES]


def _key(steps):
    return [(s.code, s.points, s.eliminations, s.used, sorted(s.detail.items(), key=repr).__repr__()) for s in steps]


@pytest.mark.parametrize("every", [1, 3])
@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p[:12] for p in PUZZLES])
def test_remembering_finds_what_a_fresh_search_finds(puzzle, every):
    rating = Engine("2001").rate(puzzle)
    remembering = _techniques()
    board = Board.from_grid(parse_puzzle(puzzle))
    compared = found = 0
    for number, step in enumerate(rating.steps):
        if board.pencil and number % every == 0:
            for kept, new in zip(remembering, _techniques()):
                steps = list(kept.find(board, Context(shared={})))
                assert _key(steps) == _key(new.find(board.copy(), Context(shared={}))), \
                    f"{kept.code} at step {number}"
                found += bool(steps)
            compared += 1
        if step.code == WRITE_CANDIDATES:
            board.pencil = True
        else:
            board.apply(step)
    assert compared > 0
    assert found > 0 or every > 1
