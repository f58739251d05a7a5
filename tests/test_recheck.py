"""A search that remembers where it last found nothing finds exactly what a fresh search finds.

Searches may look only at what changed since they last found nothing on the
same board (:mod:`techniques.recheck`).  Along the solving paths of hard
puzzles, every thinning and last-resort technique of one catalogue, asked at
every position in turn (so that it carries its memory from position to
position), must yield the same steps in the same order as a second
catalogue's technique asked on a copy of the board (a board it has never seen,
so a full search).
"""

import pytest

from puzzles.parsing import parse_puzzle
from puzzles.rules import DIAGONAL_RULES, STANDARD
from rater.engine import Engine
from techniques.base import Context, Phase
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.recheck import EVERYWHERE, Recheck
from techniques.step import WRITE_CANDIDATES
from tests.conftest import data_file, read_puzzles

#: Puzzles that need thinning steps (an easy one never reaches the searches).
PUZZLES = [p for p in read_puzzles("top1465_every24.txt", 5, 11) + read_puzzles("sudoku_exchange_mixed_every25.txt", 8, 9)
           if Engine("2001").rate(p).points > 150]
#: Hard puzzles on whose paths unique loops and quasi unique loops are found again and again, and
#: one (the first) where a quasi rectangle's type 3 appears when a cell of its unit loses a candidate.
UNIQUENESS_PUZZLES = [read_puzzles("top1465_every24.txt")[i] for i in (8, 9, 21, 25, 27)]
#: Diagonal puzzles: the unit searches have two more units there, and the uniqueness ones stay off.
DIAGONAL_PUZZLES = [line.split()[0] for line in data_file("variant_diagonal_200.txt").read_text().splitlines()[:2]]
CASES = [(p, STANDARD) for p in PUZZLES + UNIQUENESS_PUZZLES] + [(p, DIAGONAL_RULES) for p in DIAGONAL_PUZZLES]


def _searches(catalogue: Catalogue):
    return [t for t in catalogue.enabled() if t.phase in (Phase.THINNING, Phase.LAST_RESORT)
            and t.code not in ("BB", "TE")]


def _key(steps):
    return [(s.code, s.points, s.placements, s.eliminations) for s in steps]


@pytest.mark.parametrize("puzzle, rules", CASES, ids=[f"{p[:12]}-{r.name}" for p, r in CASES])
def test_remembering_searches_find_what_fresh_ones_find(puzzle, rules):
    rating = Engine("2001").rate(puzzle, rules=rules)
    remembering, fresh = _searches(Catalogue.load()), _searches(Catalogue.load())
    board = Board.from_grid(parse_puzzle(puzzle), rules)
    ctx = Context(unique=rules.standard)
    compared = 0
    for step in rating.steps:
        if board.pencil:
            for kept, new in zip(remembering, fresh):
                other = board.copy()
                assert _key(kept.find(board, ctx.at_new_position())) == _key(new.find(other, ctx.at_new_position())), \
                    f"{kept.code} after {compared} positions"
            compared += 1
        if step.code == WRITE_CANDIDATES:
            board.pencil = True
        else:
            board.apply(step)
    assert compared > 0


def test_recheck_names_the_changed_cells_of_the_same_board_only():
    board = Board.from_grid(parse_puzzle(PUZZLES[0]))
    recheck = Recheck()
    assert recheck.changed(board) == EVERYWHERE
    recheck.done(board, found=False)
    assert recheck.changed(board) == 0
    cell = next(c for c in range(81) if board.cands[c].bit_count() > 1)
    digit = board.cands[cell].bit_length()
    board.eliminate(cell, digit)
    assert recheck.changed(board) == 1 << cell
    assert recheck.changed(board.copy()) == EVERYWHERE
    recheck.done(board, found=True)
    assert recheck.changed(board) == EVERYWHERE
