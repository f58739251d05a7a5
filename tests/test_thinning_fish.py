"""Thinning method IV, single-digit grids SG: 2x2 X-wing, 3x3 swordfish, 4x4 jellyfish (3N points)."""

from __future__ import annotations

from itertools import combinations

import pytest
from thinning_basic_support import CTX, candidate_board, cands, check_soundness, grid_of, load_puzzles, reach

from puzzles.geometry import COL_MASK, ROW_MASK
from puzzles.solver import solve
from techniques.board import Board
from techniques.boxtest import BoxTestBox, BoxTestLine
from techniques.fish import SingleDigitGrid
from techniques.remote_pairs import ChuteRemotePairs, RemotePairs
from techniques.texts import explain, written
from techniques.tuples import HiddenTuple, NakedTuple

BEFORE = [BoxTestLine(), BoxTestBox(), NakedTuple(), HiddenTuple(), RemotePairs(), ChuteRemotePairs()]
NO5 = "12346789"



def lines(step) -> tuple[str, str, str]:
    """(base kind, base numbers, cover numbers) of a grid step, e.g. ("rows", "1, 5", "2, 5")."""
    base, cover = step.detail["base"], step.detail["cover"]
    numbers = [", ".join(str(u % 9 + 1) for u in units) for units in (base, cover)]
    return ("rows" if base[0] < 9 else "columns", *numbers)

def test_seed_x_wing_rows() -> None:
    """The seed's row grid of the 5: 56-56-157-157 in rows 1 and 5, columns 2 and 5."""
    cells = {f"{r}:{c}": NO5 for r in (1, 5) for c in range(1, 10)}
    cells |= {"1:2": "56", "1:5": "56", "5:2": "157", "5:5": "157"}
    steps = list(SingleDigitGrid().find(candidate_board(cells), CTX))
    assert len(steps) == 1
    step = steps[0]
    assert (step.code, step.points, step.detail["n"], step.detail["digit"]) == ("SG", 6, 2, 5)
    assert (step.detail["base"], step.detail["cover"]) == ((0, 4), (10, 13))  # rows 1, 5; columns 2, 5
    assert written(step.detail["rests"], spec="-") == "56-56-157-157"
    assert set(step.eliminations) == cands(*(f"{r}:{c}/5" for r in (2, 3, 4, 6, 7, 8, 9) for c in (2, 5)))
    template = "{n}*{n}-Gitter der {digit} in {base}: {cover}"
    assert explain(step, template, "de") == "2*2-Gitter der 5 in Zeilen 1, 5: Spalten 2, 5"


def test_x_wing_columns() -> None:
    cells = {f"{r}:{c}": NO5 for r in range(1, 10) for c in (1, 5)}
    cells |= {"2:1": "56", "5:1": "56", "2:5": "157", "5:5": "157"}
    steps = list(SingleDigitGrid().find(candidate_board(cells), CTX))
    assert [lines(s) for s in steps] == [("columns", "1, 5", "2, 5")]
    assert set(steps[0].eliminations) == cands(*(f"{r}:{c}/5" for r in (2, 5) for c in (2, 3, 4, 6, 7, 8, 9)))


def test_equal_complementary_grids_are_reported_once() -> None:
    """The 5 is open only in rows 1-4 and columns 2, 3, 6, 9: the row X-wing 1, 2 / 2, 6
    and the column X-wing 3, 9 / 3, 4 remove the same candidates; the row view is kept."""
    cells = {f"{r}:{c}": ("56" if c in (2, 6) else "12") for r in (1, 2) for c in (2, 6)}
    cells |= {f"{r}:{c}": "56" for r in (3, 4) for c in (2, 3, 6, 9)}
    board = candidate_board(cells, default=NO5)
    steps = list(SingleDigitGrid().find(board, CTX))
    assert [(s.detail["n"], *lines(s)) for s in steps] == [
        (2, "rows", "1, 2", "2, 6")
    ]
    assert set(steps[0].eliminations) == cands("3:2/5", "3:6/5", "4:2/5", "4:6/5")


def _reference(board: Board) -> set[tuple[int, int]]:
    """Every grid elimination of sizes 2-4, by brute force over all line sets."""
    out = set()
    for d in range(1, 10):
        pos = board.positions[d]
        for base_masks, cover_masks in ((ROW_MASK, COL_MASK), (COL_MASK, ROW_MASK)):
            lines = [i for i in range(9) if pos & base_masks[i]]
            for n in (2, 3, 4):
                for base in combinations(lines, n):
                    cover = [j for j in range(9) if any(pos & base_masks[i] & cover_masks[j] for i in base)]
                    if len(cover) == n:
                        hit = pos & sum(cover_masks[j] for j in cover) & ~sum(base_masks[i] for i in base)
                        out |= {(c, d) for c in range(81) if hit >> c & 1}
    return out


# The examples the seed gives for the 2x2, 3x3 and 4x4 grids (examples.csv ids 64-66), at the first
# position where singles, I, II and remote pairs are exhausted: (n, digit, base lines, base, cover, eliminated cells).
SEED_GRIDS = {
    "000000000012000340050206070004080500000103000009050700060509080021000460000000000": [
        (2, 4, "rows", "3, 7", "1, 5", "1:1 1:5 5:5 9:5"),
        (2, 6, "rows", "2, 4", "1, 9", "1:1 1:9 5:1 5:9 6:1 6:9"),
        (2, 6, "columns", "3, 7", "1, 5", "1:1 1:9 5:1 5:5 5:9"),
        (3, 4, "rows", "3, 5, 7", "1, 5, 9", "1:1 1:5 6:9 9:5"),
        (3, 6, "rows", "2, 4, 6", "1, 4, 9", "1:1 1:9 5:1 5:9 9:4"),
    ],
    "102000300000009050900030006000500010005020400010006000600070002080900000004000803": [
        (3, 9, "rows", "1, 5, 9", "2, 8, 9", "4:2 4:9 6:8 6:9 7:2 7:8"),
    ],
    "000000000001203400024506370068000250000000000093000180076401530002805600000000000": [
        (4, 9, "rows", "2, 3, 7, 8", "1, 5, 8, 9", "1:5 1:8 1:9 4:5 4:9 5:5 5:8 5:9 9:5 9:8 9:9"),
    ],
}


@pytest.mark.parametrize("puzzle", list(SEED_GRIDS), ids=["2x2", "3x3", "4x4"])
def test_seed_grid_examples(puzzle: str) -> None:
    grid = grid_of(puzzle)
    board, steps = reach(grid, BEFORE, SingleDigitGrid())
    got = [
        (s.detail["n"], s.detail["digit"], *lines(s),
         " ".join(f"{c // 9 + 1}:{c % 9 + 1}" for c, _ in s.eliminations))
        for s in steps
    ]
    assert got == SEED_GRIDS[puzzle]
    assert all(s.points == 3 * s.detail["n"] for s in steps)
    assert set().union(*(s.eliminations for s in steps)) == _reference(board)
    solution = solve(grid)
    assert all(solution[c] != d for s in steps for c, d in s.eliminations)


def test_points_parameter() -> None:
    technique = SingleDigitGrid({"points_per_line": 2})
    assert technique.min_points == 4.0
    cells = {f"{r}:{c}": NO5 for r in (1, 5) for c in range(1, 10)} | {"1:2": "56", "1:5": "56", "5:2": "15", "5:5": "15"}
    assert [s.points for s in technique.find(candidate_board(cells), CTX)] == [4]


def test_soundness() -> None:
    grids = load_puzzles("17clue_every491.txt", 101) + load_puzzles("sample1000_every3.txt", 150, 2)
    report = check_soundness(grids, BEFORE, SingleDigitGrid())
    assert report.wrong == []
    assert report.steps >= 3
