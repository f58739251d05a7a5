"""XYZ-wing and WXYZ-wing (standard and extended): exact eliminations and soundness."""

from __future__ import annotations

from thinning_chain_support import CTX, advance, board_from_text, check_soundness, load_puzzles, pencil_board

from puzzles.geometry import ALL_DIGITS_MASK
from puzzles.parsing import parse_line
from techniques.board import Board
from techniques.golden_chains import GoldenChain
from techniques.single_digit_chains import SingleDigitChain, SingleDigitContradictionChain
from techniques.texts import explain, written
from techniques.wings import WXYZWing, XYZWing


def cell(r: int, c: int) -> int:
    return 9 * (r - 1) + c - 1


def open_board(special: dict[tuple[int, int], str]) -> Board:
    """An empty grid: the given cells with their candidates, every other cell with all nine."""
    cands = [ALL_DIGITS_MASK] * 81
    for (r, c), digits in special.items():
        cands[cell(r, c)] = sum(1 << (int(d) - 1) for d in digits)
    return Board.from_candidates([0] * 81, cands)


def test_seed_xyz_wing() -> None:
    """The seed's wing: pivot (1:1)289, wings (1:4)29 and (2:3)89; 9 goes where all three are seen."""
    board = open_board({(1, 1): "289", (1, 4): "29", (2, 3): "89"})
    steps = list(XYZWing().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert step.points == 7
    assert written(step.detail["chain"]) == "(1:4)92 - (1:1)289 - (2:3)89"
    assert step.eliminations == ((cell(1, 2), 9), (cell(1, 3), 9))
    assert list(GoldenChain().find(board, CTX)) == []  # the pivot is a trio, no golden chain


def test_example_63_xyz_wing() -> None:
    """examples.csv id 63: after singles and box tests the XYZ-wing removes the 6 of (5:1)."""
    board = pencil_board(parse_line("000000002000178030807090000000082910030000024200600000765000000080007060300000045"))
    steps = advance(board, [XYZWing()])
    assert len(steps) == 1
    assert written(steps[0].detail["chain"]) == "(2:1)65 - (4:1)546 - (4:3)46"
    assert steps[0].eliminations == ((cell(5, 1), 6),)


def test_standard_wxyz_constructed() -> None:
    """Hinge (1:4)4567 with wings (1:1)56, (1:3)67, (3:5)46: the 6 goes from (1:5) and (1:6)."""
    board = open_board({(1, 4): "4567", (1, 1): "56", (1, 3): "67", (3, 5): "46"})
    steps = list(WXYZWing().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert step.points == 10 and step.detail["standard"] is True
    assert written(step.detail["cells"]) == "(1:4)4567, (1:1)56, (1:3)67, (3:5)46"
    assert step.eliminations == ((cell(1, 5), 6), (cell(1, 6), 6))
    text = explain(step, "{kind}WXYZ-Wing {cells} => {removed}", "de")
    assert text.startswith("Standard-WXYZ-Wing (1:4)4567")


def test_extended_wxyz_constructed() -> None:
    """2, 6 and 9 see each other everywhere, the 3s of (1:1) and (2:4) do not: 3 goes where both are seen."""
    board = open_board({(1, 1): "39", (1, 2): "29", (2, 3): "269", (2, 4): "36"})
    steps = list(WXYZWing().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert step.points == 11 and step.detail["standard"] is False and step.detail["digit"] == 3
    assert step.eliminations == tuple((cell(r, c), 3) for r, c in [(1, 4), (1, 5), (1, 6), (2, 1), (2, 2)])


def test_no_wxyz_without_unrestricted_digit() -> None:
    """Four cells of one row with four digits are a naked quadruple, not a wing."""
    board = open_board({(1, 1): "12", (1, 2): "23", (1, 3): "34", (1, 4): "14"})
    assert list(WXYZWing().find(board, CTX)) == []


STANDARD_WXYZ = """
+3 59 178 48 +6 478 159 49 +2
18 69 178 248 +5 2478 139 3469 39
+2 56 +4 +3 +9 +1 +8 67 57
48 48 +2 +9 +7 +3 +6 +5 +1
+9 +1 +3 +6 +2 +5 +7 +8 +4
+6 +7 +5 148 18 48 39 +2 39
+7 38 18 1258 +4 289 359 39 +6
148 348 +6 158 18 89 +2 379 57
+5 +2 +9 +7 +3 +6 +4 +1 +8
"""
"""A position of sample1000.txt line 300060002000050000004301800002903600010605080070000020700040006006000200520000018."""


def test_standard_wxyz_in_a_puzzle() -> None:
    steps = list(WXYZWing().find(board_from_text(STANDARD_WXYZ), CTX))
    standard = [s for s in steps if s.detail["standard"]]
    assert len(standard) == 1
    assert written(standard[0].detail["cells"]) == "(2:8)3469, (1:8)49, (2:2)69, (2:9)39"
    assert standard[0].eliminations == ((cell(2, 7), 9),)


def test_example_15_extended_wxyz() -> None:
    """examples.csv id 15 (both WXYZ kinds in the original's steps 4 and 8): an extended wing after one chain step."""
    board = pencil_board(parse_line("000035700000700018080000000059000000710003609060020800000060040004900000070100500"))
    first = advance(board, [WXYZWing(), SingleDigitChain()])
    assert first[0].code == "SC"
    board.eliminate_all(first[0].eliminations)
    steps = advance(board, [WXYZWing()])
    assert written(steps[0].detail["cells"]) == "(3:1)36, (7:2)29, (8:2)23, (9:1)2369"
    assert written(steps[0].detail["kind"]) == "extended" and steps[0].points == 11
    assert steps[0].eliminations == ((cell(8, 1), 3),)


def test_soundness() -> None:
    grids = load_puzzles("top95.txt", 40) + load_puzzles("17clue_every491.txt", 30, step=2) + load_puzzles("sample1000_every3.txt", 60, step=2)
    techniques = [XYZWing(), WXYZWing(), GoldenChain(), SingleDigitChain(), SingleDigitContradictionChain()]
    seen: list[str] = []
    puzzles, _ = check_soundness(grids, techniques, on_step=lambda s: seen.append(s.code))
    assert puzzles == len(grids)
    assert seen.count("XYZ") >= 3 and seen.count("WXYZ") > 20
