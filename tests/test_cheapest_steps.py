"""The engine's shortcuts give what the full searches give.

When no alternative is printed the engine asks every placing technique for
its cheapest steps only (``Technique.cheapest``), and hidden singles are
derived from the digit's last bitboard.  Each is checked here against the
plain definition: on boards met while rating puzzles of
``tests/data/sudoku_exchange_mixed_every25.txt`` and ``tests/data/17clue_every491.txt``
(every 25th / 491st line of the public collections) and
``tests/data/variant_diagonal_200.txt``, and on the ratings
themselves under option codes that print alternatives and codes that do not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles.parsing import parse_puzzle
from puzzles.rules import DIAGONAL_RULES, STANDARD, Rules
from rater.run.engine import Engine
from techniques.base import Context, Phase, Technique
from techniques.board import Board
from techniques.step import Step

DATA = Path(__file__).parent / "data"


def _lines(name: str, count: int) -> list[str]:
    return [line.split()[0] for line in (DATA / name).read_text().splitlines() if line.strip()][:count]


def _boards(lines: list[str], rules: Rules = STANDARD) -> list[Board]:
    """The board of every round of the lines' ratings (direct and candidate phase)."""
    engine = Engine("2001")
    boards: list[Board] = []
    for line in lines:
        board = Board.from_grid(parse_puzzle(line), rules)
        for step in engine.rate(line, rules=rules).steps:
            boards.append(board.copy())
            board.apply(step)
    return boards


BOARDS = _boards(_lines("sudoku_exchange_mixed_every25.txt", 6) + _lines("17clue_every491.txt", 6))
DIAGONAL_BOARDS = _boards(_lines("variant_diagonal_200.txt", 3), DIAGONAL_RULES)
ENGINE = Engine("2001")
PLACING = [t for t in ENGINE.catalogue.enabled() if t.phase in (Phase.DIRECT, Phase.SINGLES)]


def _key(step: Step) -> tuple[object, ...]:
    return step.code, step.points, step.placements, step.used, sorted((k, repr(v)) for k, v in step.detail.items())


def _at_least(technique: Technique, board: Board) -> list[Step]:
    steps = list(technique.find(board, Context().at_new_position()))
    least = min((s.points for s in steps), default=None)
    return [s for s in steps if s.points == least]


@pytest.mark.parametrize("technique", PLACING, ids=lambda t: t.code)
def test_cheapest_steps_are_the_first_found_at_the_least_points(technique):
    for board in BOARDS + DIAGONAL_BOARDS:
        if board.pencil != (technique.phase is Phase.SINGLES):
            continue
        expected = [_key(s) for s in _at_least(technique, board)]
        for first_only in (False, True):
            got = [_key(s) for s in technique.cheapest(board, Context().at_new_position(), first_only)]
            assert got == (expected[:1] if first_only else expected)


def _record(engine: Engine, line: str) -> list[tuple[object, ...]]:
    return [(s.code, s.points, s.placements, s.eliminations) for s in engine.rate(line).steps]


@pytest.mark.parametrize("quiet, loud", [("2001", "2401"), ("2000", "2300"), ("1001", "1201"), ("2101", "2201")])
def test_printing_alternatives_changes_no_step(quiet, loud):
    """Option digit 2 only changes what is printed: the searches it turns off change no choice."""
    lines = _lines("sudoku_exchange_mixed_every25.txt", 10) + _lines("17clue_every491.txt", 10)
    first, second = Engine(quiet), Engine(loud)
    for line in lines:
        assert _record(first, line) == _record(second, line)


def test_a_hidden_single_subclass_with_its_own_cheapest_is_asked_through_it():
    """The engine reads each technique's search once per run (``cheapest_search``); a hidden-single
    technique hands over its slotted search, unless a subclass searches its own way."""
    from techniques.direct import HiddenSingleRow

    class Counted(HiddenSingleRow):
        calls = 0

        def cheapest(self, board: Board, ctx: Context, first_only: bool, bound: float = float("inf")) -> list[Step]:
            Counted.calls += 1
            return super().cheapest(board, ctx, first_only, bound)

    plain, counted = HiddenSingleRow(), Counted()
    assert plain.cheapest_search() == plain.search.cheapest
    assert counted.cheapest_search() == counted.cheapest
    board = Board.from_grid(parse_puzzle(open(Path(__file__).parent / "data" / "sample1000_every3.txt").readline()))
    found = counted.cheapest_search()(board, Context(), False)
    assert found and list(map(repr, found)) == list(map(repr, plain.cheapest_search()(board, Context(), False)))
    assert Counted.calls == 1
