"""``--notation eureka``: cells r1c2, placements r1c2=5, eliminations r1c2<>5, chains as AICs.

The hard puzzles below cover every chain kind, the wings, fish, tuples,
uniqueness patterns, Bowman's Bingo and trial & error.  Their Eureka texts
are read back and compared with the steps' typed placements and
eliminations, and every chain is checked link by link on the grid before its
step: a strong link ``=`` joins the only two places of a digit in a unit (or
the two candidates of a pair cell), a weak link ``-`` two candidates that
cannot both be true, and the links alternate.
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from click.testing import CliRunner

from puzzles.errors import InputError
from puzzles.geometry import CELL_UNITS, PEER_MASK, UNITS
from rater.api import rate
from rater.cli import main
from rater.result import Rating
from rater.run.engine import default_catalogue
from rater.settings import RunSettings
from rater.views import render
from rater.views.marks import replay, start_board
from techniques.board import Board
from techniques.chain_notation import pair_chain
from techniques.findings import BRACKET, NOT, Cells, Chain, Items, Mapping81, Node, negations, transform
from techniques.notation import EUREKA, GIESE, NotationError
from techniques.texts import language
from tests.conftest import read_puzzles

#: (puzzle, option): together every technique family; the option's third digit lists eliminations.
CASES = [
    (read_puzzles("top1465_every24.txt")[34], "2011"),  # SCC, CC, WXYZ, XYZ, SG, UR, QUR, BB, tuples
    (read_puzzles("top1465_every24.txt")[21], "2011"),  # GC, RP, CRP, SC
    (read_puzzles("top1465_every24.txt")[25], "2011"),  # ICC, UL
    (read_puzzles("top1465_every24.txt")[29], "2011"),  # ACS
    (read_puzzles("top1465_every24.txt")[19], "2011"),  # ACR
    (read_puzzles("top1465_every24.txt")[12], "2011"),  # QUL
    (read_puzzles("top95.txt")[46], "2011"),  # D8
    (read_puzzles("forum_hardest_1905_11plus_every1600.txt")[4], "2011"),  # TE
    (read_puzzles("top95.txt")[0], "2010"),  # CCS (half-synchronous)
]
IDS = [f"{i}-{option}" for i, (_p, option) in enumerate(CASES)]

GIESE_CELL = re.compile(r"\(\d:\d\)|\b\d:\d\b")
CELL = re.compile(r"\br(\d+)c(\d+)")
ELIMINATION = re.compile(r"\br(\d)c(\d)<>(\d)\b")
PLACEMENT = re.compile(r"\br(\d)c(\d)=(\d)\b")
NODE = r"\((\d(?:=\d)?|\d{3,})\)r(\d)c(\d)"
_NODE = r"\((?:\d(?:=\d)?|\d{3,})\)r\dc\d"
CHAIN = re.compile(rf"{_NODE}(?:[-=]{_NODE})+")


def _run(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code in (0, 1), result.output
    return result.stdout


@cache
def _json(puzzle: str, option: str) -> dict:
    return json.loads(_run(puzzle, "-o", option, "--json", "--notation", "eureka"))


def _written(triples: list[list[int]]) -> set[tuple[int, int, int]]:
    return {(r, c, d) for r, c, d in triples}


def _read(pattern: re.Pattern[str], text: str) -> set[tuple[int, int, int]]:
    return {(int(r), int(c), int(d)) for r, c, d in pattern.findall(text)}


# -- the texts of whole ratings ----------------------------------------------------------------------


@pytest.mark.parametrize(("puzzle", "option"), CASES, ids=IDS)
def test_json_texts_name_cells_r1c1_and_read_back_to_the_steps(puzzle: str, option: str) -> None:
    data = _json(puzzle, option)
    assert data["steps"]
    for step in data["steps"]:
        text = step["text"]
        assert not GIESE_CELL.search(text), text
        assert all(1 <= int(r) <= 9 and 1 <= int(c) <= 9 for r, c in re.findall(r"\br(\d)c(\d)\b", text)), text
        placed, removed = _written(step["placements"]), _written(step["eliminations"])
        if "=>" in text:  # the conclusion: exactly the step's placements and eliminations
            conclusion = text[text.index("=>"):]
            assert _read(ELIMINATION, conclusion) == removed, text
            assert _read(PLACEMENT, conclusion) == placed, text
        if len(placed) == 1:  # a single names its cell (trial & error names where it started)
            (r, c, d), = placed
            assert f"r{r}c{c}" in text and str(d) in text, text


@pytest.mark.parametrize(("puzzle", "option"), CASES, ids=IDS)
def test_text_report_lists_every_elimination_with_not_equal(puzzle: str, option: str) -> None:
    steps = _json(puzzle, option)["steps"]
    lines = [line for line in _run(puzzle, "-o", option, "--no-walk", "--notation", "eureka").splitlines()
             if line.startswith("Step ")]
    assert len(lines) == len(steps)
    for line, step in zip(lines, steps):
        assert not GIESE_CELL.search(line), line
        assert step["text"] in line
        if step["eliminations"] and not step["placements"]:
            listed = line[line.index("[eliminated: "):]
            assert _read(ELIMINATION, listed) == _written(step["eliminations"]), line


@pytest.mark.parametrize(("puzzle", "option"), CASES[:2], ids=IDS[:2])
def test_walkthrough_hint_and_page_have_no_giese_cells(puzzle: str, option: str) -> None:
    walk = _run(puzzle, "-o", option, "--walk", "--ascii", "--no-color", "--notation", "eureka", "--lang", "de")
    hint = _run(puzzle, "-o", option, "--hint", "--full", "--ascii", "--no-color", "--notation", "eureka")
    page = _run(puzzle, "-o", option, "--html", "-", "--notation", "eureka")
    for output in (walk, hint, page):
        assert not GIESE_CELL.search(output) and CELL.search(output)


def test_the_reduction_names_its_removed_givens_in_the_notation() -> None:
    puzzle = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
    assert "  r4c4=7 r7c2=1 r7c3=2" in _run(puzzle, "--reduce", "--notation", "eureka")
    assert "  (4:4)=7 (7:2)=1 (7:3)=2" in _run(puzzle, "--reduce")


def test_giese_stays_the_default() -> None:
    puzzle, option = CASES[1]
    timing = re.compile(r"\(\d+\.\d+ s\)")
    default = timing.sub("", _run(puzzle, "-o", option, "--no-walk"))
    assert default == timing.sub("", _run(puzzle, "-o", option, "--no-walk", "--notation", "giese"))
    assert GIESE_CELL.search(default) and not re.search(r"\br\dc\d", default)


# -- the chains, link by link on the grid --------------------------------------------------------------


def _links_hold(chain: str, board: Board) -> None:
    """Every node's candidates are on ``board``, every link holds there, and the links alternate."""
    nodes = [(digits, (int(r) - 1) * 9 + int(c) - 1) for digits, r, c in re.findall(NODE, chain)]
    links = re.findall(r"\)r\dc\d([-=])", chain)
    assert len(links) == len(nodes) - 1, chain
    kinds: list[str] = []
    for i, (digits, cell) in enumerate(nodes):
        assert all(board.has(cell, int(d)) for d in digits if d != "="), chain
        if "=" in digits:  # a pair cell entered with one digit and left with the other: a strong link inside it
            assert board.cands[cell] == sum(1 << (int(d) - 1) for d in digits.split("=")), chain
            kinds.append("=")
        if i < len(links):
            kinds.append(links[i])
            _link_holds(links[i], digits, cell, *nodes[i + 1], board, chain)
    assert all(a != b for a, b in zip(kinds, kinds[1:])), chain


def _link_holds(link: str, digits: str, a: int, next_digits: str, b: int, board: Board, chain: str) -> None:
    d, e = int(digits[-1]), int(next_digits[0])
    if a == b:  # two candidates of one cell: weak always, strong in a pair cell
        assert d != e and (link == "-" or board.cands[a] == (1 << (d - 1)) | (1 << (e - 1))), chain
        return
    assert d == e, chain
    if link == "-":
        assert PEER_MASK[a] >> b & 1, chain
    else:
        assert any(b in UNITS[u] and [c for c in UNITS[u] if board.has(c, d) and not board.values[c]] == sorted((a, b))
                   for u in CELL_UNITS[a]), chain


CHAIN_CODES = ("GC", "RP", "SC", "SCC", "CC", "CCS", "ICC", "ACS", "ACR")


@cache
def _rating(puzzle: str, option: str) -> Rating:
    return rate(puzzle, option)


@pytest.mark.parametrize(("puzzle", "option"), CASES, ids=IDS)
def test_every_eureka_chain_is_a_valid_alternating_inference_chain(puzzle: str, option: str) -> None:
    rating = _rating(puzzle, option)
    board, placed_by = start_board(rating), [""] * 81
    for _number, step in replay(rating.steps, board, placed_by):
        if step.code not in CHAIN_CODES:
            continue
        text = render.explain(step, notation="eureka")
        chains = [m.group(0) for m in CHAIN.finditer(text)]
        assert chains, text
        for chain in chains:
            _links_hold(chain, board)


# -- the writing of single values ------------------------------------------------------------------------


def test_cells_of_one_row_or_column_are_one_group() -> None:
    eureka = language("en").in_notation("eureka")
    assert eureka.value(Cells((0, 1, 5))) == "r1c126"
    assert eureka.value(Cells((2, 20, 74))) == "r139c3"
    assert eureka.value(Cells((0, 10))) == "r1c1, r2c2"
    assert eureka.value(Cells((0, 10)), "/") == "r1c1/r2c2"
    assert eureka.value(Cells((0, 1, 10, 9)), "bare - ") == "r1c1 - r1c2 - r2c2 - r2c1"  # a path stays a path
    assert language("en").value(Cells((0, 1)), "bare - ") == "1:1 - 1:2"


def test_placements_eliminations_and_candidates() -> None:
    assert EUREKA.node(Node.of(1, 5)) == "r1c2=5"
    assert EUREKA.node(Node.of(1, 5, sign=NOT)) == "r1c2<>5"
    assert EUREKA.node(Node.of(1, 5, sign=BRACKET)) == "r1c2<>5"
    assert EUREKA.node(Node.of(1, 4, 7)) == "(47)r1c2"
    assert language("de").in_notation("eureka").value(negations([(19, 9), (72, 1)])) == "r3c2<>9, r9c1<>1"
    assert GIESE.node(Node.of(1, 5, sign=NOT)) == "(1:2)!5" and GIESE.eliminated(1, 5) == "(1:2)5"
    assert EUREKA.eliminated(1, 5) == "r1c2<>5"


def test_bivalue_chains_name_both_digits_of_every_cell() -> None:
    chain = pair_chain([9, 54, 65], [1 << 4, 1 << 7, 1 << 8], 1 << 8)
    assert GIESE.chain(chain) == "(2:1)95 - (7:1)58 - (8:3)89"
    assert EUREKA.chain(chain) == "(9=5)r2c1-(5=8)r7c1-(8=9)r8c3"


def test_a_wing_is_written_as_its_cells_with_their_candidates() -> None:
    xyz = Chain.plain((Node.of(62, 5, 3), Node.of(59, 3, 9, 5), Node.of(68, 9, 5)))
    assert GIESE.chain(xyz) == "(7:9)53 - (7:6)395 - (8:6)95"
    assert EUREKA.chain(xyz) == "(35)r7c9, (359)r7c6, (59)r8c6"


def test_single_digit_chains_keep_their_links() -> None:
    nodes = tuple(Node.of(c, 5) for c in (47, 45, 0, 3))
    assert EUREKA.chain(Chain(nodes, ("=", "-", "="))) == "(5)r6c3=(5)r6c1-(5)r1c1=(5)r1c4"
    scc = Chain.plain((Node.of(20, 7), Node.of(29, 7, sign=BRACKET), Node.of(30, 7)))
    assert EUREKA.chain(scc) == "(7)r3c3-(7)r4c3=(7)r4c4"


def test_every_kind_of_implication_is_spelled_out() -> None:
    a5, b7 = Node.of(0, 5), Node.of(1, 7)
    # d in A, so e in the pair B / so e not in A, so e in B (e's only other place)
    assert EUREKA.chain(Chain((a5, b7), ("-",), pair_links=(True,))) == "(5)r1c1-(5=7)r1c2"
    assert EUREKA.chain(Chain((a5, b7), ("-",), pair_links=(False,))) == "(5)r1c1-(7)r1c1=(7)r1c2"
    assert EUREKA.chain(Chain((a5, b7), ("=",))) == "(5)r1c1-(7)r1c1=(7)r1c2"  # a loop's strong link
    # d in A, so not in B; d not in B, so in C; a contradiction chain's closing
    chain = Chain((a5, Node.of(9, 5, sign=NOT), Node.of(12, 5)), ("-", "-"), Node.of(0, 5, sign=NOT))
    assert EUREKA.chain(chain) == "(5)r1c1-(5)r2c1=(5)r2c4-(5)r1c1"
    assert GIESE.chain(chain) == "(1:1)5 - (2:1)!5 - (2:4)5 [- (1:1)!5]"


def test_a_symmetry_keeps_the_pair_links() -> None:
    identity = Mapping81(tuple(range(81)), tuple(range(10)), tuple(range(27)), False)
    chain = Chain((Node.of(0, 5), Node.of(1, 7)), ("-",), pair_links=(False,))
    assert transform(Items((chain,)), identity) == Items((chain,))


def test_unknown_notations_are_input_errors() -> None:
    with pytest.raises(NotationError, match="unknown notation 'hodoku': choose giese, eureka"):
        default_catalogue().in_notation("hodoku")
    with pytest.raises(InputError):
        RunSettings(notation="hodoku")
    assert default_catalogue().in_notation("giese") is default_catalogue()
    result = CliRunner().invoke(main, [CASES[0][0], "--notation", "hodoku"])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1


def test_the_api_writes_either_notation() -> None:
    puzzle, option = CASES[1]
    rating = _rating(puzzle, option)
    step = next(s for s in rating.steps if s.code == "GC")
    assert re.match(r"golden chain of length \d+: \(\d=\d\)r\dc\d-", render.explain(step, notation="eureka"))
    assert render.explain(step).startswith("golden chain of length") and "(" in render.explain(step, "de")
    assert not GIESE_CELL.search(render.text(rating, notation="eureka"))
    assert not GIESE_CELL.search(render.html(rating, "de", notation="eureka"))
    engine = RunSettings(option=option, notation="eureka").engine()
    assert render.text(rating, catalogue=engine.catalogue) == render.text(rating, notation="eureka")
