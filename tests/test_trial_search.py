"""The bit-state guessing search of trial & error is the plain search on boards.

The plain definition (fewest-candidate cell, digits ascending, singles after
every guess, first solution found) is written out here on Board objects; the
fast search must find the same grid with the same number of guesses and the
same deepest level, standard and variant alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from board_support import propagate

from puzzles.geometry import CELL_BIT
from puzzles.parsing import parse_line
from puzzles.rules import DIAGONAL_RULES, STANDARD, Rules
from techniques.board import Board
from techniques.trial_search import GuessSearch

DATA = Path(__file__).parent / "data"


@dataclass
class PlainSearch:
    tries: int = 0
    max_depth: int = 0

    def solve(self, board: Board, depth: int) -> Board | None:
        if not propagate(board):
            return None
        if not board.empty:
            return board
        cell = min((c for c in range(81) if board.empty & CELL_BIT[c]), key=lambda c: board.cands[c].bit_count())
        for d in range(1, 10):
            if board.cands[cell] >> (d - 1) & 1:
                self.tries += 1
                self.max_depth = max(self.max_depth, depth + 1)
                trial = board.copy()
                trial.place(cell, d)
                result = self.solve(trial, depth + 1)
                if result is not None:
                    return result
        return None


def _puzzles(name: str, count: int) -> list[str]:
    lines = [ln.split("#")[0].strip() for ln in (DATA / name).read_text().splitlines()]
    return [ln for ln in lines if len(ln) == 81][:count]


def _root_runs(puzzle: str, rules: Rules) -> tuple[list[tuple[object, int, int]], list[tuple[object, int, int]]]:
    """Both searches under every digit of the first fewest-candidate cell of the puzzle."""
    board = Board.from_grid(parse_line(puzzle), rules)
    board.pencil = True
    open_cells = [c for c in range(81) if board.empty & CELL_BIT[c]]
    root = min(open_cells, key=lambda c: board.cands[c].bit_count())
    plain, fast = [], []
    for d in range(1, 10):
        if board.has(root, d):
            reference = PlainSearch()
            trial = board.copy()
            trial.place(root, d)
            solved = reference.solve(trial, 1)
            plain.append((None if solved is None else solved.grid(), reference.tries, reference.max_depth))
            search = GuessSearch(board.values, board.cands, rules)
            grid = search.first_solution(root, d)
            fast.append((grid, search.tries, search.max_depth))
    return plain, fast


@pytest.mark.parametrize(
    ("name", "rules"),
    [("forum_hardest_1106_every75.txt", STANDARD), ("hard_symmetry.txt", STANDARD),
     ("variant_diagonal_200.txt", DIAGONAL_RULES)],
)
def test_fast_search_is_the_plain_search(name: str, rules: Rules) -> None:
    for puzzle in _puzzles(name, 4):
        plain, fast = _root_runs(puzzle, rules)
        assert fast == plain
