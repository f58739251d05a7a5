"""Unique rectangles, quasi URs and unique loops (thinning method V).

The pattern tests build candidate grids by hand: every cell not named holds
all nine candidates, and "alone" removes a digit from the rest of a unit to
make a strong link.  These positions are *not* complete valid puzzles (no
solution is implied); they only put each type's pattern on the board and
check its exact eliminations.  Soundness on real puzzles is checked at the
end against the solutions of puzzles from tests/data.
"""

from __future__ import annotations

import pytest
from board_support import propagate

from puzzles.geometry import UNIT_MASK, cells_of
from techniques.base import Context
from techniques.board import Board
from techniques.texts import explain, language, written
from techniques.unique_loops import QuasiUniqueLoop, UniqueLoop
from techniques.unique_rectangles import QuasiUniqueRectangle, UniqueRectangle
from techniques.uniqueness import RECTANGLES, ur_corner_candidates
from tests.conftest import read_puzzles

CTX = Context()


def cell(name: str) -> int:
    """'r3c8' -> cell index."""
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def unit(name: str) -> int:
    """'r1' / 'c5' / 'b2' -> unit number (rows 0-8, columns 9-17, boxes 18-26)."""
    return {"r": 0, "c": 9, "b": 18}[name[0]] + int(name[1]) - 1


def mask(digits: str) -> int:
    return sum(1 << (int(d) - 1) for d in digits)


def board_with(cells: dict[str, str], alone: tuple[tuple[str, int], ...] = ()) -> Board:
    """All candidates open except the named cells; each (unit, digit) in ``alone`` keeps
    ``digit`` in that unit only in the named cells."""
    cands = [0x1FF] * 81
    named = {cell(n) for n in cells}
    for n, digits in cells.items():
        cands[cell(n)] = mask(digits)
    for u, d in alone:
        for c in cells_of(UNIT_MASK[unit(u)]):
            if c not in named:
                cands[c] &= ~(1 << (d - 1))
    return Board.from_candidates([0] * 81, cands)


def elims(*pairs: tuple[str, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((cell(n), d) for n, d in pairs))


def found(technique, board: Board, type_: str, cells: str | None = None) -> list:
    steps = [s for s in technique.find(board, CTX) if s.detail["type"] == type_]
    if cells is not None:
        steps = [s for s in steps if written(s.detail["cells"], spec="bare - ") == cells]
    return [s.eliminations for s in steps]


# Rectangle used by most tests: rows 1-2, columns 1 and 5 (boxes TL and TM), main candidates 1 and 2.
# A = r1c1, B = r1c5, C = r2c1, D = r2c5; printed around the rectangle as A - B - D - C.
RECT = "1:1 - 1:5 - 2:5 - 2:1"
UR = UniqueRectangle()


def test_rectangles_are_the_two_box_ones():
    assert len(RECTANGLES) == 486
    # scan order: top-left cell row-major, then bottom-right cell; r1c1-r1c4-r2c1-r2c4 comes first
    assert RECTANGLES[0].cells == (0, 3, 9, 12)
    assert [r.cells[0] for r in RECTANGLES] == sorted(r.cells[0] for r in RECTANGLES)


def test_type_1():
    b = board_with({"r1c1": "12", "r1c5": "12", "r2c1": "12", "r2c5": "1234"})
    assert found(UR, b, "1", RECT) == [elims(("r2c5", 1), ("r2c5", 2))]


def test_type_2():
    b = board_with({"r1c1": "12", "r1c5": "12", "r2c1": "123", "r2c5": "123"})
    row2 = [(f"r2c{c}", 3) for c in (2, 3, 4, 6, 7, 8, 9)]
    assert found(UR, b, "2", RECT) == [elims(*row2)]


def test_type_3a_quasi_pair():
    b = board_with({"r1c1": "12", "r1c5": "12", "r2c1": "123", "r2c5": "124", "r2c9": "34"})
    expected = elims(*[(f"r2c{c}", d) for c in (2, 3, 4, 6, 7, 8) for d in (3, 4)])
    assert found(UR, b, "3A", RECT) == [expected]
    step = next(s for s in UR.find(b, CTX) if s.detail["type"] == "3A")
    assert step.points == 5


def test_type_3b_quasi_triple():
    b = board_with({"r1c1": "12", "r1c5": "12", "r2c1": "123", "r2c5": "124", "r2c8": "35", "r2c9": "45"})
    expected = elims(*[(f"r2c{c}", d) for c in (2, 3, 4, 6, 7) for d in (3, 4, 5)])
    assert found(UR, b, "3B", RECT) == [expected]
    assert found(UR, b, "3A", RECT) == []
    step = next(s for s in UR.find(b, CTX) if s.detail["type"] == "3B")
    assert step.points == 8


def test_type_4a():
    b = board_with({"r1c1": "12", "r1c5": "12", "r2c1": "123", "r2c5": "124"}, (("c1", 1),))
    assert found(UR, b, "4A", RECT) == [elims(("r2c5", 2))]


def test_type_4b():
    b = board_with({"r1c1": "12", "r1c5": "12", "r2c1": "123", "r2c5": "124"}, (("r2", 1),))
    assert found(UR, b, "4B", RECT) == [elims(("r2c1", 2), ("r2c5", 2))]


def test_type_4c_and_text():
    b = board_with({"r1c1": "12", "r2c5": "12", "r1c5": "123", "r2c1": "124"}, (("r1", 1),))
    assert found(UR, b, "4C", RECT) == [elims(("r2c1", 1))]
    step = next(s for s in UR.find(b, CTX) if s.detail["type"] == "4C")
    assert step.points == 7
    text = _texts("UR")
    assert explain(step, text["de"], "de") == (
        "Ausschluss-Rechteck Typ 4C für (1:1 - 1:5 - 2:5 - 2:1)12 gefunden: Wegen Kandidat 1 alleine "
        "in Zeile 1 ist Kandidat 1 in nicht betrachteter Zelle mit Zusatzkandidaten (2:1) streichbar"
    )
    assert explain(step, text["en"], "en").startswith(
        "Unique rectangle type 4C for (1:1 - 1:5 - 2:5 - 2:1)12 found: because of candidate 1 alone in row 1"
    )


def test_type_5a_and_5b():
    b = board_with({"r1c1": "12", "r2c5": "12", "r1c5": "123", "r2c1": "123"})
    assert found(UR, b, "5A", RECT) == [elims(("r1c2", 3), ("r1c3", 3), ("r2c4", 3), ("r2c6", 3))]
    b = board_with({"r1c1": "12", "r1c5": "123", "r2c1": "123", "r2c5": "123"})
    assert found(UR, b, "5B", RECT) == [elims(("r2c4", 3), ("r2c6", 3))]


def test_type_6():
    b = board_with({"r1c1": "12", "r2c5": "12", "r1c5": "123", "r2c1": "124"}, (("r1", 1), ("r2", 1)))
    assert found(UR, b, "6", RECT) == [elims(("r1c5", 1), ("r2c1", 1))]
    assert step_points(b, "6") == 8


def test_type_7a():
    b = board_with({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "125"}, (("r2", 1), ("c5", 1)))
    assert found(UR, b, "7A", RECT) == [elims(("r2c5", 2))]


def test_type_7b():
    b = board_with({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "125"}, (("r1", 1), ("r2", 1)))
    assert found(UR, b, "7B", RECT) == [elims(("r2c5", 2))]


def test_type_7c():
    b = board_with({"r1c1": "12", "r2c5": "12", "r1c5": "123", "r2c1": "124"}, (("r1", 1), ("c1", 1)))
    assert found(UR, b, "7C", RECT) == [elims(("r1c1", 2))]


def test_type_8a():
    b = board_with({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "125"}, (("r1", 1), ("r2", 2)))
    assert found(UR, b, "8A", RECT) == [elims(("r2c1", 1))]


def test_type_8b():
    b = board_with({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "125"}, (("c1", 1), ("r2", 2)))
    assert found(UR, b, "8B", RECT) == [elims(("r1c5", 1))]


def test_type_8c():
    b = board_with({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "1256"}, (("r2", 1), ("c5", 2)))
    assert found(UR, b, "8C", RECT) == [elims(("r2c5", 5), ("r2c5", 6))]


def step_points(b: Board, type_: str) -> float:
    return next(s.points for s in UR.find(b, CTX) if s.detail["type"] == type_)


def _texts(code: str) -> dict[str, str]:
    return {lang: language(lang).texts[code] for lang in ("en", "de")}


def test_quasi_ur_seed_example_7c():
    """Seed 004: rows 2-3, columns 3 and 7 with 17, 15, 13 and a solved (not given) 5 in (3:3)."""
    b = board_with({"r2c3": "17", "r2c7": "15", "r3c7": "13"}, (("r2", 1), ("c7", 1)))
    b.place(cell("r3c3"), 5)
    steps = [s for s in QuasiUniqueRectangle().find(b, CTX) if written(s.detail["cells"], spec="bare - ") == "2:3 - 2:7 - 3:7 - 3:3"]
    step = next(s for s in steps if s.detail["type"] == "7C")
    assert step.eliminations == elims(("r2c7", 5))
    assert written(step.detail["cands"], spec=" - ") == "1(5)7 - 15 - 13(5) - (1)5"
    assert step.points == 8 + 1 + 2 * 3
    assert explain(step, _texts("QUR")["de"], "de").startswith(
        "Quasi-Ausschluss-Rechteck Typ 7C für (2:3 - 2:7 - 3:7 - 3:3)15 mit 1(5)7 - 15 - 13(5) - (1)5 gefunden"
    )


def test_quasi_ur_skips_givens():
    b = board_with({"r2c3": "17", "r2c7": "15", "r3c7": "13"}, (("r2", 1), ("c7", 1)))
    b.place(cell("r3c3"), 5)
    b.givens |= 1 << cell("r3c3")
    steps = [s for s in QuasiUniqueRectangle().find(b, CTX) if written(s.detail["cells"], spec="bare - ") == "2:3 - 2:7 - 3:7 - 3:3"]
    assert steps == []


# A 6-cell loop in rows 3-5, columns 4, 5, 9 and boxes TM, MM, MR.
LOOP = {"r3c4": "12", "r3c5": "12", "r4c5": "12", "r4c9": "12", "r5c9": "12", "r5c4": "12"}
LOOP_TEXT = "3:4 - 3:5 - 4:5 - 4:9 - 5:9 - 5:4"


def test_six_loop_type_1():
    b = board_with({**LOOP, "r5c4": "123"})
    steps = [s for s in UniqueLoop().find(b, CTX) if written(s.detail["cells"], spec="bare - ") == LOOP_TEXT]
    assert [(s.detail["type"], s.eliminations, s.points) for s in steps] == [
        ("1", elims(("r5c4", 1), ("r5c4", 2)), 4 + 3)
    ]


def test_six_loop_type_4b():
    # two extra cells in row 5; 1 only in the loop there: 2 goes from both
    b = board_with({**LOOP, "r5c9": "123", "r5c4": "124"}, (("r5", 1),))
    steps = [s for s in UniqueLoop().find(b, CTX) if written(s.detail["cells"], spec="bare - ") == LOOP_TEXT and s.detail["type"] == "4B"]
    assert [s.eliminations for s in steps] == [elims(("r5c4", 2), ("r5c9", 2))]
    assert steps[0].points == 7 + 3


def test_quasi_six_loop():
    # (4:9) was solved earlier (not a given) with 1, which also took 1 from (4:5) and (5:9).
    # Colours: (3:4) (4:5) (5:9) | (3:5) (4:9) (5:4).  2 fills the first class and is re-added to
    # (4:9); 1 fills the second and is re-added to (4:5) and (5:9): N = 3, then type 1.
    b = board_with({**LOOP, "r5c4": "123"})
    b.place(cell("r4c9"), 1)
    steps = [s for s in QuasiUniqueLoop().find(b, CTX) if written(s.detail["cells"], spec="bare - ") == LOOP_TEXT]
    t1 = [s for s in steps if s.detail["type"] == "1"]
    assert [s.eliminations for s in t1] == [elims(("r5c4", 1), ("r5c4", 2))]
    assert written(t1[0].detail["cands"], spec=" - ") == "12 - 12 - (1)2 - 1(2) - (1)2 - 123"
    assert t1[0].points == 4 + 3 + 1 + 2 * 3


def test_d8_corner_helper():
    pair = mask("29")
    pair_of = [0] * 81
    cands = [0x1FF] * 81
    for n in ("r1c2", "r6c2", "r6c3"):
        pair_of[cell(n)] = pair
        cands[cell(n)] = pair
    cands[cell("r1c3")] = mask("239")
    corners = [k for k in ur_corner_candidates(pair_of, cands) if k.corner == cell("r1c3")]
    assert len(corners) == 1 and corners[0].remaining == mask("3") and corners[0].pair == pair


def test_uniqueness_flag():
    assert UR.needs_uniqueness and not UR.applicable(Context(unique=False))
    b = board_with({"r1c1": "12", "r1c5": "12", "r2c1": "12", "r2c5": "1234"})
    for technique in (UR, QuasiUniqueRectangle(), UniqueLoop(), QuasiUniqueLoop()):
        assert list(technique.find(b, Context(unique=False))) == []


LINK_CASES = [
    ({"r1c1": "12", "r1c5": "12", "r2c1": "123", "r2c5": "124"}, (("c1", 1),)),
    ({"r1c1": "12", "r1c5": "12", "r2c1": "123", "r2c5": "124"}, (("r2", 1),)),
    ({"r1c1": "12", "r2c5": "12", "r1c5": "123", "r2c1": "124"}, (("r1", 1), ("r2", 1), ("c1", 1))),
    ({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "125"}, (("r2", 1), ("c5", 1), ("r1", 1))),
    ({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "125"}, (("r1", 1), ("r2", 2), ("c1", 1))),
    ({"r1c1": "12", "r1c5": "123", "r2c1": "124", "r2c5": "1256"}, (("r2", 1), ("c5", 2))),
]


@pytest.mark.parametrize("cells,alone", LINK_CASES)
def test_link_types_agree_with_propagation(cells, alone):
    """Second derivation of types 4-8: each elimination is refuted by the loop module's propagation."""
    from techniques.unique_loops import _O, _X, _Y, _links, refutes
    from techniques.uniqueness import RECT_ORDER, Pattern

    b = board_with(cells, alone)
    rect = tuple(cell(n) for n in ("r1c1", "r1c5", "r2c1", "r2c5"))
    pat = Pattern(rect, tuple(b.cands[c] for c in rect), (0,) * 4, 1, 2, RECT_ORDER)
    nbrs = [[j for j in range(4) if j != i and (i ^ j) != 3] for i in range(4)]
    links = _links(b, pat)
    steps = [s for s in UR.find(b, CTX) if written(s.detail["cells"], spec="bare - ") == RECT and s.detail["type"][0] in "4678"]
    assert steps
    for s in steps:
        for c, d in s.eliminations:
            value = {1: _X, 2: _Y}.get(d, _O)
            assert refutes(pat, nbrs, links, rect.index(c), value), (s.detail["type"], c, d)


# ----------------------------------------------------------------------------- soundness

def _solution(grid: list[int]) -> tuple[int, ...] | None:
    try:
        from puzzles.solver import solve
    except ImportError:  # pragma: no cover - the solver is part of the foundation
        pytest.skip("puzzles.solver missing")
    return solve(grid)


def _singles(b: Board) -> bool:
    """All singles (the shared propagation); whether any was placed."""
    before = b.empty
    assert propagate(b)
    return b.empty != before


def _locked(b: Board) -> bool:
    """Box/line interactions, so that the loop reaches the positions URs need."""
    for d in range(1, 10):
        for box in range(18, 27):
            for line in range(18):
                p = b.positions[d] & UNIT_MASK[box]
                q = b.positions[d] & UNIT_MASK[line]
                for inner, outer, rest in ((p, UNIT_MASK[line], q), (q, UNIT_MASK[box], p)):
                    if inner and not inner & ~outer and rest & ~inner:
                        for c in cells_of(rest & ~inner):
                            b.eliminate(c, d)
                        return True
    return False


@pytest.mark.parametrize("name,count", [("sample1000_every3.txt", 100), ("top1465_every24.txt", 40)])
def test_soundness(name: str, count: int):
    techniques = [UniqueRectangle(), QuasiUniqueRectangle(), UniqueLoop(), QuasiUniqueLoop()]
    checked = 0
    for line in read_puzzles(name, count):
        grid = [int(ch) if ch.isdigit() else 0 for ch in line]
        solution = _solution(grid)
        assert solution is not None
        b = Board.from_grid(grid)
        b.pencil = True
        while not b.solved:
            if _singles(b) or _locked(b):
                continue
            for t in techniques:
                steps = list(t.find(b, CTX))
                for s in steps:
                    assert s.eliminations
                    wrong = [(c, d) for c, d in s.eliminations if solution[c] == d]
                    assert not wrong, f"{line}: {s.code} {dict(s.detail)} removes solution candidates {wrong}"
                    checked += 1
                if steps:
                    b.eliminate_all(steps[0].eliminations)
                    break
            else:
                break
    assert checked > 0
