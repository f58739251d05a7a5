"""Golden chains (GC): exact eliminations on known positions, and soundness on real puzzles."""

from __future__ import annotations

from thinning_chain_support import CTX, advance, check_soundness, load_puzzles, pencil_board, settle

from puzzles.geometry import ALL_DIGITS_MASK
from puzzles.parsing import parse_line
from techniques.board import Board
from techniques.golden_chains import GoldenChain
from techniques.single_digit_chains import SingleDigitChain, SingleDigitContradictionChain
from techniques.texts import explain, written
from techniques.wings import WXYZWing, XYZWing


def cell(r: int, c: int) -> int:
    return 9 * (r - 1) + c - 1


def mask(digits: str) -> int:
    return sum(1 << (int(d) - 1) for d in digits)


def open_board(special: dict[tuple[int, int], str]) -> Board:
    """An empty grid: the given cells with their candidates, every other cell with all nine."""
    cands = [ALL_DIGITS_MASK] * 81
    for (r, c), digits in special.items():
        cands[cell(r, c)] = mask(digits)
    return Board.from_candidates([0] * 81, cands)


def test_seed_three_chain() -> None:
    """The seed's chain (1:4)92 - (1:1)28 - (2:3)89: 9 goes from the cells seeing both ends."""
    board = open_board({(1, 4): "29", (1, 1): "28", (2, 3): "89"})
    steps = list(GoldenChain().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert step.points == 6
    assert written(step.detail["chain"]) == "(1:4)92 - (1:1)28 - (2:3)89"
    assert step.detail["closed"] is False
    assert step.eliminations == tuple(
        (cell(r, c), 9) for r, c in [(1, 2), (1, 3), (2, 4), (2, 5), (2, 6)]
    )
    text = explain(step, "{kind} der Länge {length}: {chain} => {removed}", "de")
    assert text == "Goldene Kette der Länge 3: (1:4)92 - (1:1)28 - (2:3)89 => (1:2)!9, (1:3)!9, (2:4)!9, (2:5)!9, (2:6)!9"


def test_closed_chain_removes_every_link_digit() -> None:
    """A loop of four pairs: each link digit goes from the rest of its row or column."""
    board = open_board({(1, 1): "12", (1, 5): "23", (5, 5): "34", (5, 1): "14"})
    steps = list(GoldenChain().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert step.points == 7 and step.detail["closed"] is True
    assert written(step.detail["chain"]) == "(1:1)12 - (1:5)23 - (5:5)34 - (5:1)41"
    expected = sorted(
        [(cell(1, c), 2) for c in range(2, 10) if c != 5]
        + [(cell(r, 5), 3) for r in range(2, 10) if r != 5]
        + [(cell(5, c), 4) for c in range(2, 10) if c != 5]
        + [(cell(r, 1), 1) for r in range(2, 10) if r != 5]
    )
    assert list(step.eliminations) == expected


def test_length_two_is_not_a_chain() -> None:
    board = open_board({(1, 1): "12", (1, 5): "12"})
    assert list(GoldenChain().find(board, CTX)) == []


def test_example_43_single_golden_chain() -> None:
    """examples.csv id 43: stuck after singles, box tests and tuples; one golden chain solves it."""
    board = pencil_board(parse_line("000000000000000012000034000000000000000100560023000007000000208009000003504009000"))
    steps = advance(board, [GoldenChain()])
    first = steps[0]
    assert written(first.detail["chain"]) == "(1:2)95 - (2:3)56 - (2:7)69"
    assert first.eliminations == ((cell(1, 7), 9),)
    assert [s.detail["length"] for s in steps] == sorted(s.detail["length"] for s in steps)
    four = [s for s in steps if s.detail["length"] == 4]
    assert four[0].eliminations == ((cell(1, 4), 5), (cell(2, 3), 5))
    assert len({s.eliminations for s in steps}) == len(steps)  # identical eliminations once
    for step in steps:
        after = board.copy()
        after.eliminate_all(step.eliminations)
        settle(after)
        assert after.solved


def test_soundness() -> None:
    grids = load_puzzles("top95.txt", 40) + load_puzzles("17clue_every491.txt", 30) + load_puzzles("sample1000_every3.txt", 60, step=2)
    techniques = [GoldenChain(), XYZWing(), WXYZWing(), SingleDigitChain(), SingleDigitContradictionChain()]
    seen: list[str] = []
    puzzles, steps = check_soundness(grids, techniques, on_step=lambda s: seen.append(s.code))
    assert puzzles == len(grids)
    assert seen.count("GC") > 50
