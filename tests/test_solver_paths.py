"""The two searches of :func:`puzzles.solver.analyse` give the same result for every input.

The compiled path searches on C arrays of candidate masks (``_analyse_cells``), the sources on
729-bit ints (``_analyse_bits``); ``analyse`` uses the one that suits the path. Both are plain
functions on both paths, so this compares them directly: count, first solution and guesses,
with candidate restrictions, under every rules, at every limit, and the errors of bad input.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from puzzles import solver
from puzzles.rules import COLOUR_RULES, DIAGONAL_RULES, STANDARD, VARIANTS, Rules
from puzzles.solver import SolveResult
from tests.conftest import read_puzzles
from tests.test_solver import MANY_127


def grid(text: str) -> list[int]:
    return [int(ch) if ch in "123456789" else 0 for ch in text[:81]]


def both(cells: Sequence[int], limit: int | None = 2, allowed: Sequence[int] | None = None,
         rules: Rules = STANDARD, progress: solver.Progress | None = None) -> SolveResult:
    lanes, clear = solver.lane_tables(rules)
    by_bits = solver._analyse_bits(cells, limit, allowed, lanes, clear, progress)
    by_cells = solver._analyse_cells(cells, limit, allowed, rules, progress)
    assert by_cells == by_bits
    return by_bits


@pytest.mark.parametrize("name", ["17clue_every491.txt", "top95.txt", "sample1000_every3.txt"])
def test_puzzles_and_their_thinned_copies(name: str) -> None:
    rng = random.Random(name)
    for line in read_puzzles(name, 25):
        puzzle = grid(line)
        assert both(puzzle).count == 1
        thinned = [d if rng.random() < 0.85 else 0 for d in puzzle]
        both(thinned, limit=rng.choice((1, 2, 3, 20)))


@pytest.mark.parametrize("name, rules", [("variant_diagonal_200.txt", DIAGONAL_RULES),
                                         ("variant_colour_200.txt", COLOUR_RULES)])
def test_variants(name: str, rules: Rules) -> None:
    for line in read_puzzles(name, 15):
        for each in VARIANTS:
            both(grid(line), rules=each)
        assert both(grid(line), rules=rules).count == 1


def test_candidate_restrictions() -> None:
    rng = random.Random(7)
    for line in read_puzzles("sample1000_every3.txt", 20):
        puzzle = grid(line)
        solution = both(puzzle).solution
        assert solution is not None
        kept = [1 << solution[c] - 1 | rng.getrandbits(9) & rng.getrandbits(9) for c in range(81)]
        assert both(puzzle, allowed=kept).solution == solution
        both(puzzle, limit=3, allowed=[rng.getrandbits(9) | rng.getrandbits(9) for _ in range(81)],
             rules=rng.choice(VARIANTS))
    both([0] * 81, allowed=[0] + [0x1FF] * 80)
    both([0] * 81, limit=5, allowed=[-1, True, 1 << 20 | 3] + [0x1FF] * 78)


def test_clashes_and_dead_ends() -> None:
    rng = random.Random(11)
    for _ in range(200):
        both([rng.choice([0] * 6 + list(range(1, 10))) for _ in range(81)], rules=rng.choice(VARIANTS))
    assert both([1, 1] + [0] * 79) == SolveResult(0, None, 0)


def test_limits_and_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver, "PROGRESS_EVERY", 7)
    many = grid(MANY_127)
    for limit in (1, 2, 50, None):
        seen: list[int] = []
        bits = solver._analyse_bits(many, limit, None, *solver.lane_tables(STANDARD), seen.append)
        counted: list[int] = []
        assert solver._analyse_cells(many, limit, None, STANDARD, counted.append) == bits
        assert counted == seen
    assert bits.count == 127 and seen == list(range(7, 127, 7))


@pytest.mark.parametrize("cells, allowed", [
    ([0] * 80, None),
    ([0] * 81, [0x1FF] * 80),
    ([0] * 40 + [10] + [0] * 40, None),
    ([0] * 40 + [-1] + [0] * 40, None),
    ([0] * 40 + [2.5] + [0] * 40, None),
    ([0] * 81, [0x1FF] * 40 + ["7"] + [0x1FF] * 40),
])
def test_same_errors(cells: list[object], allowed: list[object] | None) -> None:
    lanes, clear = solver.lane_tables(STANDARD)
    with pytest.raises(Exception) as by_bits:
        solver._analyse_bits(cells, 2, allowed, lanes, clear, None)  # type: ignore[arg-type]
    with pytest.raises(Exception) as by_cells:
        solver._analyse_cells(cells, 2, allowed, STANDARD, None)  # type: ignore[arg-type]
    assert (type(by_cells.value), str(by_cells.value)) == (type(by_bits.value), str(by_bits.value))
