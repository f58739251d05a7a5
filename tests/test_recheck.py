"""A search that remembers where it last found nothing finds exactly what a fresh search finds.

Searches may look only at what changed since they last found nothing on the
same board (:mod:`techniques.recheck`).  Along the solving paths of hard
puzzles, every thinning and last-resort technique of one catalogue, asked at
every position in turn (so that it carries its memory from position to
position), must yield the same steps in the same order as a second
catalogue's technique asked on a copy of the board (a board it has never seen,
so a full search).  Golden chains, wings and remote pairs keep what they found
whatever it was, and are checked at more spacings and on the steps as written.
"""

import pytest

from puzzles.parsing import parse_puzzle
from puzzles.rules import DIAGONAL_RULES, STANDARD
from rater.run.engine import Engine
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


def _walk(puzzle, searches, every=1, key=_key, rules=STANDARD):
    """Ask two sets of ``searches()`` along the puzzle's solving path under ``rules``, at every
    ``every``-th step: the first on the board itself (remembering), the second on a copy (fresh).
    The number of positions compared and of searches that found something."""
    rating = Engine("2001").rate(puzzle, rules=rules)
    remembering, fresh = searches(), searches()
    board = Board.from_grid(parse_puzzle(puzzle), rules)
    ctx = Context(unique=rules.standard)
    compared = found = 0
    for number, step in enumerate(rating.steps):
        if board.pencil and number % every == 0:
            for kept, new in zip(remembering, fresh):
                steps = list(kept.find(board, ctx.at_new_position()))
                assert key(steps) == key(new.find(board.copy(), ctx.at_new_position())), \
                    f"{kept.code} after {compared} positions"
                found += bool(steps)
            compared += 1
        if step.code == WRITE_CANDIDATES:
            board.pencil = True
        else:
            board.apply(step)
    return compared, found


@pytest.mark.parametrize("puzzle, rules", CASES, ids=[f"{p[:12]}-{r.name}" for p, r in CASES])
def test_remembering_searches_find_what_fresh_ones_find(puzzle, rules):
    compared, _ = _walk(puzzle, lambda: _searches(Catalogue.load()), rules=rules)
    assert compared > 0


#: Golden chains, wings and remote pairs keep what they found on a board, found or not.
KEEPING = ("RP", "CRP", "GC", "XYZ", "WXYZ")
#: Hard puzzles whose solving path takes a step of theirs (so that both outcomes occur).
KEEPING_PUZZLES = [p for p in read_puzzles("top95.txt", 12, 7) + read_puzzles("top1465_every24.txt", 8, 7)
                   if any(s.code in KEEPING for s in Engine("2001").rate(p).steps)][:6]


def _written(steps):
    return [(s.code, s.points, s.eliminations, s.used, repr(sorted(s.detail.items(), key=repr))) for s in steps]


@pytest.mark.parametrize("every", [1, 3])
@pytest.mark.parametrize("puzzle", KEEPING_PUZZLES, ids=[p[:12] for p in KEEPING_PUZZLES])
def test_searches_keeping_their_findings_find_what_fresh_ones_find(puzzle, every):
    """Asked at every position, or at every third one (several steps' changes between two
    searches, as when the engine asks them only where the simpler families found nothing);
    the steps as written, too (a kept step must be the step a fresh search writes)."""
    compared, found = _walk(puzzle, lambda: [t for t in Catalogue.load().enabled() if t.code in KEEPING],
                            every, _written)
    assert compared > 0
    assert found > 0 or every > 1


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
