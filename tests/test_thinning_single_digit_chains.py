"""Single-digit chains (SC) and contradiction chains (SCC): exact eliminations and soundness."""

from __future__ import annotations

from thinning_chain_support import CTX, board_from_text, check_soundness, load_puzzles, pencil_board, settle

from puzzles.geometry import ALL_DIGITS_MASK
from puzzles.parsing import parse_line
from techniques.board import Board
from techniques.golden_chains import GoldenChain
from techniques.single_digit_chains import SingleDigitChain, SingleDigitContradictionChain, units_hit
from techniques.texts import explain, written
from techniques.wings import WXYZWing, XYZWing


def cell(r: int, c: int) -> int:
    return 9 * (r - 1) + c - 1


def example_15() -> Board:
    """examples.csv id 15 when the candidates are written (no box test or tuple applies)."""
    board = pencil_board(parse_line("000035700000700018080000000059000000710003609060020800000060040004900000070100500"))
    settle(board)
    return board


def test_units_hit_matches_a_loop() -> None:
    from puzzles.geometry import UNIT_MASK

    for x in (0, 1, 1 << 80, 0x1FF << 36, sum(1 << (10 * i) for i in range(9)), (1 << 81) - 1, 0x5A5A5A5A5A5A5A5A5A5):
        want = sum(1 << u for u in range(27) if x & UNIT_MASK[u])
        got = units_hit(x)
        rows = [bool(got >> (9 * r) & 1) for r in range(9)]
        cols = [bool(got >> (81 + c) & 1) for c in range(9)]
        boxes = [bool(got >> (162 + 27 * (b // 3) + 3 * (b % 3)) & 1) for b in range(9)]
        assert rows + cols + boxes == [bool(want >> u & 1) for u in range(27)]


def test_single_digit_chain_example_15() -> None:
    """(1:2)9 = (7:2)9 - (7:7)9 = (3:7)9: 9 goes from (1:8) and (3:1), which see both ends."""
    steps = list(SingleDigitChain().find(example_15(), CTX))
    step = steps[0]
    assert step.points == 7 and step.detail["length"] == 4 and not step.detail["closed"]
    assert written(step.detail["chain"]) == "(1:2)9 = (7:2)9 - (7:7)9 = (3:7)9"
    assert step.eliminations == ((cell(1, 8), 9), (cell(3, 1), 9))
    assert len({s.eliminations for s in steps}) == len(steps)


def test_contradiction_chain_2xo_example_15() -> None:
    """(1:8)9 - (1:2)[9] - (7:2)9: row 9 keeps no place for a 9, so (1:8) loses its 9."""
    steps = list(SingleDigitContradictionChain().find(example_15(), CTX))
    step = steps[0]
    assert step.points == 7 and step.detail["type"] == "2XO"
    assert written(step.detail["chain"]) == "(1:8)9 - (1:2)[9] - (7:2)9"
    assert step.eliminations == ((cell(1, 8), 9),)
    assert written(step.detail["reason"]) == "no place for 9 in row 9"
    text = explain(step, "Einzelzahl-Widerspruchs-Kette Typ {type}: {chain}: {reason} => {removed}", "de")
    assert text == "Einzelzahl-Widerspruchs-Kette Typ 2XO: (1:8)9 - (1:2)[9] - (7:2)9: keine Möglichkeit für eine 9 in Zeile 9 => (1:8)!9"


def test_closed_single_digit_chain() -> None:
    """An X-wing is the shortest closed chain: the 1 goes from the rest of both columns."""
    cands = [ALL_DIGITS_MASK] * 81
    for c in range(1, 10):
        if c not in (1, 5):
            cands[cell(1, c)] &= ~1
            cands[cell(5, c)] &= ~1
    board = Board.from_candidates([0] * 81, cands)
    steps = list(SingleDigitChain().find(board, CTX))
    assert len(steps) == 1
    step = steps[0]
    assert step.detail["closed"] and step.points == 7
    assert written(step.detail["chain"]) == "(1:1)1 = (1:5)1 - (5:5)1 = (5:1)1"
    assert step.eliminations == tuple(sorted((cell(r, c), 1) for r in (2, 3, 4, 6, 7, 8, 9) for c in (1, 5)))


TYPE_2OOXO = """
+9 +8 347 +6 1347 2347 27 17 +5
+1 +2 67 579 579 +8 +3 +4 679
34 +5 3467 1479 13479 23479 26789 1679 6789
58 +9 345 457 +2 457 45678 367 +1
258 47 1245 +3 14579 +6 45789 79 4789
+6 347 1345 14579 +8 4579 4579 +2 3479
25 +1 259 4579 345679 34579 4679 +8 34679
34 +6 +8 +2 3479 3479 +1 +5 3479
+7 34 59 +8 34569 +1 469 369 +2
"""
"""A position of sample1000.txt 900600005020008340050000000090020001000306000600080020000000080068200050700001002."""


def test_type_2_removes_only_before_the_x() -> None:
    """(4:3)3 - (4:8)[3] - (6:9)3 - (6:2)[3] - (9:2)3, type 2OOXO: (9:2) is after the X and keeps its 3."""
    steps = list(SingleDigitContradictionChain().find(board_from_text(TYPE_2OOXO), CTX))
    match = [s for s in steps if written(s.detail["chain"]) == "(4:3)3 - (4:8)[3] - (6:9)3 - (6:2)[3] - (9:2)3"]
    assert len(match) == 1
    step = match[0]
    assert step.detail["type"] == "2OOXO" and step.points == 9
    assert step.eliminations == ((cell(4, 3), 3), (cell(6, 9), 3))
    assert written(step.detail["reason"]) == "no place for 3 in column 8"
    lengths = [s.detail["length"] for s in steps]
    assert lengths == sorted(lengths)


TYPE_1 = """
+8 +2 67 +3 67 +5 +9 +1 +4
+5 679 679 +8 +4 +1 +3 67 +2
+1 +3 +4 679 +2 79 67 +5 +8
+6 17 17 +2 +8 +4 +5 +9 +3
+3 +8 +2 +5 +9 +6 +1 +4 +7
+9 +4 +5 17 17 +3 +2 +8 +6
+4 69 +3 79 +5 +8 67 +2 +1
+2 169 169 +4 +3 79 +8 67 +5
+7 +5 +8 16 16 +2 +4 +3 +9
"""
"""A position of sample1000.txt 000000000000001002034000050000000000000006107045000080000058000000430000700000009."""


def test_type_1_with_its_single_digit_chain() -> None:
    """(3:6)7 - (8:6)[7] - (7:4)7 (type 1) and, one link longer, (3:6)7 = (8:6)7 - (7:4)7 = (7:7)7."""
    steps = list(SingleDigitContradictionChain().find(board_from_text(TYPE_1), CTX))
    match = [s for s in steps if written(s.detail["chain"]) == "(3:6)7 - (8:6)[7] - (7:4)7"]
    assert len(match) == 1
    step = match[0]
    assert step.detail["type"] == "1" and step.points == 7
    assert written(step.detail["reason"]) == "no place for 7 in column 7"
    # (3:6) and (7:4) from the contradiction, (3:7) from the single-digit chain
    assert step.eliminations == ((cell(3, 6), 7), (cell(3, 7), 7), (cell(7, 4), 7))
    assert "(3:6)7 = (8:6)7 - (7:4)7 = (7:7)7 => (3:7)!7" in written(step.detail["extension"])
    assert "Einzelzahl-Kette" in written(step.detail["extension"], "de")


def test_soundness() -> None:
    grids = load_puzzles("top95.txt", 40) + load_puzzles("17clue_every491.txt", 30, step=3) + load_puzzles("sample1000_every3.txt", 60)
    techniques = [SingleDigitContradictionChain(), SingleDigitChain(), GoldenChain(), XYZWing(), WXYZWing()]
    kinds: list[str] = []
    puzzles, _ = check_soundness(grids, techniques, on_step=lambda s: kinds.append(s.detail.get("type", s.code)))
    assert puzzles == len(grids)
    assert kinds.count("1") > 3 and sum(k.startswith("2") for k in kinds) > 50
    chains: list[str] = []
    check_soundness(grids[:60], [SingleDigitChain()], on_step=lambda s: chains.append(s.code))
    assert len(chains) > 20


def test_the_packaged_single_digit_chains_start_at_six_cells() -> None:
    """"Skyscraper, Turbot Fish, Two-String Kite ... hier aber nicht eingebaut": the packaged SC
    leaves out the 4-cell chains (example 15's turbot fish above), and its floor is 6 + 3."""
    from rater.run.engine import default_catalogue

    packaged = default_catalogue().entry("SC").technique
    assert packaged.params["min_length"] == 6 and packaged.floor() == 9
    assert list(packaged.find(example_15(), CTX)) == []  # its chains here are 4-cell ones
    four = SingleDigitChain({"min_length": 4})
    assert {s.detail["length"] for s in four.find(example_15(), CTX)} == {4}
