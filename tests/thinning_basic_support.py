"""Test helpers for the thinning families I, II, remote pairs and single-digit grids (not a test module).

They build positions without the engine: write the candidates of a puzzle,
then repeat singles and the earlier families until the technique under test
is reached, or read a hand-made candidate grid.  The soundness loop checks
every step a technique reports against the puzzle's solution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from board_support import propagate

from puzzles.parsing import parse_line
from puzzles.solver import solve
from techniques.base import Context, Technique
from techniques.board import Board
from techniques.step import Step
from tests.conftest import read_puzzles

CTX = Context()
ALL = "123456789"


def load_puzzles(name: str, count: int, step: int = 1) -> list[tuple[int, ...]]:
    """Every ``step``-th puzzle of a data file (see ``tests/conftest.py``), at most ``count``."""
    return [tuple(parse_line(line)) for line in read_puzzles(name, count, step)]


def grid_of(text: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch in ALL else 0 for ch in text)


def pencil_board(grid: Sequence[int]) -> Board:
    """The grid's candidates written from its placed digits."""
    board = Board.from_grid(grid)
    board.pencil = True
    return board


def candidate_board(cells: dict[str, str], default: str = ALL, placed: dict[str, int] | None = None) -> Board:
    """A hand-made candidate grid: ``{"r:c": "235", ...}``, every other cell ``default``.

    ``placed`` puts digits into cells first (they leave their peers); the grid
    need not be consistent otherwise, it only has to show the pattern under test.
    """
    masks = [sum(1 << (int(d) - 1) for d in default)] * 81
    for key, rest in cells.items():
        masks[cell(key)] = sum(1 << (int(d) - 1) for d in rest)
    grid = [0] * 81
    for key, digit in (placed or {}).items():
        grid[cell(key)] = digit
    return Board.from_candidates(grid, masks)


def cell(name: str) -> int:
    """``"r:c"`` (1-based) to a cell number."""
    r, c = (int(x) for x in name.split(":"))
    return 9 * (r - 1) + c - 1


def cands(*items: str) -> set[tuple[int, int]]:
    """``"r:c/digits"`` items to a set of (cell, digit) candidates."""
    out = set()
    for item in items:
        where, digits = item.split("/")
        out |= {(cell(where), int(d)) for d in digits}
    return out


def settle(board: Board) -> None:
    """Place naked and hidden singles until none is left."""
    propagate(board)


def first_step(board: Board, techniques: Sequence[Technique]) -> Step | None:
    for technique in techniques:
        step = next(iter(technique.find(board, CTX)), None)
        if step is not None:
            return step
    return None


def reach(grid: Sequence[int], before: Sequence[Technique], target: Technique) -> tuple[Board, list[Step]]:
    """Apply singles and the first step of ``before`` until ``target`` finds steps.

    Returns the board and ``target``'s steps there ([] if the puzzle is solved
    or stuck first).
    """
    board = pencil_board(grid)
    while True:
        settle(board)
        if board.solved:
            return board, []
        step = first_step(board, before)
        if step is None:
            return board, list(target.find(board, CTX))
        board.eliminate_all(step.eliminations)


@dataclass
class SoundnessReport:
    puzzles: int = 0
    steps: int = 0
    eliminations: int = 0
    wrong: list[str] = field(default_factory=list)


def check_soundness(
    grids: Sequence[Sequence[int]], before: Sequence[Technique], target: Technique, max_rounds: int = 400
) -> SoundnessReport:
    """Solve each grid with singles, ``before`` and ``target`` (first step of the
    first technique that has one), checking *every* step ``target`` reports
    against the solution: none may remove a solution candidate."""
    report = SoundnessReport()
    for grid in grids:
        solution = solve(grid)
        if solution is None:
            continue
        report.puzzles += 1
        board = pencil_board(grid)
        for _ in range(max_rounds):
            settle(board)
            if board.solved:
                break
            step = first_step(board, before)
            if step is None:
                steps = list(target.find(board, CTX))
                for s in steps:
                    report.steps += 1
                    report.eliminations += len(s.eliminations)
                    bad = [(c, d) for c, d in s.eliminations if solution[c] == d]
                    if bad:
                        report.wrong.append(f"{''.join(map(str, grid))}: {s.code} {dict(s.detail)} removes {bad}")
                    if not s.eliminations:
                        report.wrong.append(f"{s.code} step without eliminations")
                if not steps:
                    break
                step = steps[0]
            board.eliminate_all(step.eliminations)
    return report
