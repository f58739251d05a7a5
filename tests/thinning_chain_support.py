"""Test helpers for the III/IV chain and wing techniques (not a test module).

They reach the positions the original describes without the engine: write the
candidates, then repeat singles, a plain box test and naked/hidden pairs and
triples (the families I and II that run before III and IV) until the technique
under test is the only way forward.  The soundness loop checks every step a
technique reports against the known solution.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from board_support import propagate

from puzzles.geometry import UNIT_MASK, UNITS, cells_of
from puzzles.parsing import parse_line
from puzzles.solver import solve
from techniques.base import Context, Technique
from techniques.board import Board
from techniques.step import Step
from tests.conftest import read_puzzles

CTX = Context()


def load_puzzles(name: str, count: int, step: int = 1) -> list[tuple[int, ...]]:
    """Every ``step``-th puzzle of a data file (see ``tests/conftest.py``), at most ``count``."""
    return [tuple(parse_line(line)) for line in read_puzzles(name, count, step)]


def pencil_board(grid: Sequence[int]) -> Board:
    board = Board.from_grid(grid)
    board.pencil = True
    return board


def settle(board: Board) -> None:
    """Place naked and hidden singles until none is left."""
    propagate(board)


def basic_eliminations(board: Board) -> list[tuple[int, int]]:
    """Box test (both directions) and naked/hidden pairs and triples: the first that removes something."""
    pos = board.positions
    for u in range(27):
        for d in range(1, 10):
            where = pos[d] & UNIT_MASK[u]
            if not where:
                continue
            for v in range(27):
                if v != u and where & ~UNIT_MASK[v] == 0:
                    extra = pos[d] & UNIT_MASK[v] & ~UNIT_MASK[u]
                    if extra:
                        return [(c, d) for c in cells_of(extra)]
    for u in range(27):
        cells = [c for c in UNITS[u] if board.empty >> c & 1]
        for n in (2, 3):
            for group in combinations(cells, n):
                union = 0
                for c in group:
                    union |= board.cands[c]
                if union.bit_count() == n:
                    out = [(c, d) for c in cells if c not in group for d in range(1, 10)
                           if union >> (d - 1) & 1 and board.has(c, d)]
                    if out:
                        return out
            for digits in combinations(range(1, 10), n):
                where = 0
                for d in digits:
                    where |= pos[d] & UNIT_MASK[u]
                if where.bit_count() == n and all(pos[d] & UNIT_MASK[u] for d in digits):
                    out = [(c, d) for c in cells_of(where) for d in range(1, 10)
                           if d not in digits and board.has(c, d)]
                    if out:
                        return out
    return []


def advance(board: Board, techniques: Iterable[Technique] = ()) -> list[Step]:
    """Singles and I/II until stuck; then the steps of the first of ``techniques`` that has any."""
    while True:
        settle(board)
        if board.solved:
            return []
        elims = basic_eliminations(board)
        if elims:
            board.eliminate_all(elims)
            continue
        for t in techniques:
            steps = list(t.find(board, CTX))
            if steps:
                return steps
        return []


def check_soundness(
    grids: Iterable[Sequence[int]],
    techniques: Sequence[Technique],
    on_step: Callable[[Step], None] | None = None,
) -> tuple[int, int]:
    """Solve each grid with singles, I/II and ``techniques``; assert every elimination is wrong.

    Returns (puzzles checked, steps checked).
    """
    puzzles = steps_seen = 0
    for grid in grids:
        solution = solve(grid)
        if solution is None:
            continue
        puzzles += 1
        board = pencil_board(grid)
        while True:
            steps = advance(board, techniques)
            if not steps:
                break
            for step in steps:
                steps_seen += 1
                assert step.eliminations, step
                for c, d in step.eliminations:
                    assert solution[c] != d, (grid, step.code, step.detail, (c, d))
                if on_step:
                    on_step(step)
            board.eliminate_all(steps[0].eliminations)
        for c in range(81):
            if board.values[c]:
                assert board.values[c] == solution[c]
            else:
                assert board.has(c, solution[c])
    return puzzles, steps_seen


def board_from_text(text: str) -> Board:
    """A candidate position from 81 tokens: ``+d`` for a placed digit, else the candidates."""
    tokens = text.split()
    assert len(tokens) == 81, len(tokens)
    grid = [int(t[1]) if t.startswith("+") else 0 for t in tokens]
    masks = [0 if t.startswith("+") else sum(1 << (int(ch) - 1) for ch in t) for t in tokens]
    return Board.from_candidates(grid, masks)


def board_text(board: Board) -> str:
    """The inverse of :func:`board_from_text`, nine tokens per line."""
    tokens = [
        f"+{board.values[c]}" if board.values[c] else "".join(str(d) for d in range(1, 10) if board.has(c, d))
        for c in range(81)
    ]
    return "\n".join(" ".join(tokens[9 * r: 9 * r + 9]) for r in range(9))
