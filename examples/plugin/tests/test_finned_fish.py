"""The finned single-digit grid on a hand-made board, and its soundness along real ratings."""

from __future__ import annotations

from pathlib import Path

import pytest
from finned_fish.technique import FinnedGrid

from puzzles.parsing import parse_puzzle
from puzzles.solver import analyse
from rater.run.engine import Engine
from techniques.base import Context
from techniques.board import Board
from techniques.texts import load_extra_texts

REPO = Path(__file__).resolve().parents[3]
#: The finned X-wing of rows 1 and 4 over columns 2 and 6, fin (4:5) in the middle box.
PATTERN = {0: (1, 5), 3: (1, 4, 5)}


def cell(row: int, col: int) -> int:
    return 9 * row + col


def finned_board(with_fin: bool = True) -> Board:
    """An empty grid where digit 5 is left in rows 1 and 4 only at the pattern's cells (0-based above)."""
    board = Board.from_grid([0] * 81)
    for row, cols in PATTERN.items():
        for col in range(9):
            if col not in cols or (col == 4 and not with_fin):
                board.eliminate(cell(row, col), 5)
    return board


def test_finds_the_finned_x_wing_with_its_points_and_eliminations() -> None:
    steps = [s for s in FinnedGrid().find(finned_board(), Context())
             if s.detail["digit"] == 5 and s.detail["base"] == (0, 3)]
    assert len(steps) == 1
    step = steps[0]
    assert step.points == 7
    assert step.detail["cover"] == (10, 14)  # columns 2 and 6
    assert step.detail["fins"] == (cell(3, 4),)
    assert step.detail["box"] == 18 + 4
    assert step.eliminations == ((cell(4, 5), 5), (cell(5, 5), 5))  # column 6 in the fin's box


def test_a_plain_x_wing_is_left_to_the_built_in_grid() -> None:
    assert not [s for s in FinnedGrid().find(finned_board(with_fin=False), Context())
                if s.detail["digit"] == 5 and s.detail["base"] == (0, 3)]


def test_parameters_set_the_points_and_the_sizes() -> None:
    tuned = FinnedGrid({"points_per_line": 2, "fin_points": 3, "max_size": 2})
    assert tuned.points(2) == 7 and tuned.sizes() == (2,) and tuned.min_points == 7


def test_the_texts_validate_in_both_languages() -> None:
    for lang in ("en", "de"):
        texts = load_extra_texts(FinnedGrid.texts_dir / f"{lang}.yaml", {"SGF": FinnedGrid.fields})
        assert set(texts.names) == {"SGF"}


@pytest.mark.parametrize("name", ["top1465_every24.txt", "top1465_finned_grids.txt"])
def test_every_elimination_along_real_ratings_is_sound(name: str) -> None:
    """Every finned grid found in every state of the built-in ratings keeps the solution's digits."""
    technique, engine, found = FinnedGrid({"max_size": 4}), Engine("2001"), 0
    puzzles = (REPO / "tests" / "data" / name).read_text().split()[:12]
    for puzzle in puzzles:
        grid = parse_puzzle(puzzle)
        solution = analyse(grid, limit=2).solution
        assert solution is not None
        board = Board.from_grid(grid)
        for step in engine.rate(puzzle).steps:
            for finned in technique.find(board, Context()):
                found += 1
                assert all(solution[c] != d for c, d in finned.eliminations), finned.detail
            board.apply(step)
    assert found
