"""Guards of four rules a rating rests on that no published figure pins down.

Each test names the rule it guards; each was seen to fail when the rule is
broken on purpose (docs/reliability.md, "Mutation check"):

* synchronous mode counts every step of a round, also one an earlier step of
  the same round made redundant (:func:`rater.run.engine.apply_counted`);
* half-synchronous mode renames row and column codes when the canonical
  orientation is the transposed one (each technique's ``transposed_twin``);
* E3 searches a variant's extra units (diagonals, colour sets) as boxes
  (:mod:`techniques.singles`);
* a C or D single costs at most 8 points (:data:`techniques.obvious_singles.CD_WEIGHTS`).
"""

from __future__ import annotations

from collections import Counter

import pytest

from puzzles.rules import parse_rules
from rater.options import Options
from rater.result import Rating, Status
from rater.run.engine import Engine
from techniques.obvious_singles import CD_WEIGHTS
from techniques.step import Step
from tests.test_golden import CD_CAP, DIAGONAL, HARD

ROW_CODES = {"A1", "C1", "D1", "E1"}
COLUMN_CODES = {"A2", "C2", "D2", "E2"}


def transposed(puzzle: str) -> str:
    return "".join(puzzle[9 * c + r] for r in range(9) for c in range(9))


def test_synchronous_mode_counts_a_step_made_redundant_by_an_earlier_step_of_its_round() -> None:
    rating = Engine("2007").rate(HARD)
    placed = Counter(p for s in rating.steps for p in s.placements)
    twice = sorted(p for p, n in placed.items() if n > 1)
    # Two singles of one round place the same digit in the same cell: both count.
    assert twice == [(55, 4), (56, 6)]
    assert rating.points == 1894  # the golden record sync7


def test_pseudo_synchronous_mode_counts_each_placement_once() -> None:
    rating = Engine("2001").rate(HARD)
    placed = Counter(p for s in rating.steps for p in s.placements)
    assert max(placed.values()) == 1


@pytest.mark.parametrize("puzzle", [HARD, CD_CAP], ids=["E-and-D-codes", "A-C-and-D-codes"])
def test_half_synchronous_codes_name_the_users_rows_and_columns_in_both_orientations(puzzle: str) -> None:
    """One of a puzzle and its transpose is rated through a transposed canonical form: E1 stays a row."""
    engine = Engine("2000")
    counts = []
    for grid in (puzzle, transposed(puzzle)):
        rating = engine.rate(grid)
        for step in rating.steps:
            unit = step.detail.get("unit")
            if step.code in ROW_CODES:
                assert 0 <= unit < 9, (step.code, unit)
            elif step.code in COLUMN_CODES:
                assert 9 <= unit < 18, (step.code, unit)
        counts.append(Counter(s.code for s in rating.steps))
    # The transpose's rating is the same with rows and columns swapped.
    swap = {"A1": "A2", "A2": "A1", "C1": "C2", "C2": "C1", "D1": "D2", "D2": "D1", "E1": "E2", "E2": "E1"}
    assert counts[1] == Counter({swap.get(code, code): n for code, n in counts[0].items()})
    assert counts[0] != counts[1]  # otherwise the swap would prove nothing


def test_e3_finds_hidden_singles_on_a_diagonal() -> None:
    rating = Engine("2001").rate(DIAGONAL, rules=parse_rules("diagonal"))
    on_diagonal = [i for i, s in enumerate(rating.steps, 1) if s.code == "E3" and s.detail["unit"] >= 27]
    assert on_diagonal[:3] == [11, 12, 13]
    assert rating.points == 558  # the golden record diagonal


def test_e3_finds_hidden_singles_in_a_colour_set() -> None:
    colour = "....38.26...29....5......1.35..........17..89.................54....7....9......."
    rating = Engine("2001").rate(colour, rules=parse_rules("colour"))
    assert any(s.code == "E3" and s.detail["unit"] >= 27 for s in rating.steps)


def test_a_c_single_that_would_cost_more_is_capped_at_8_points() -> None:
    assert CD_WEIGHTS["cap"] == 8
    rating = Engine("2001").rate(CD_CAP)
    step = rating.steps[5]
    assert (step.code, step.placements) == ("C0", ((65, 2),))  # 2 at r8c3
    # band(visible - justifications) + 2 per justification + 2 per follow-on claim = 10 here.
    assert step.points == 8
    assert rating.points == 25 and rating.max == 8


def test_a_step_that_places_is_no_thinning_step_even_when_it_also_eliminates() -> None:
    """A thinning step only removes candidates; one that also places counts as a placement.

    No built-in technique yields both today (a chain's step does one or the
    other), so a synthetic rating pins the definition for plugins and for
    future techniques."""
    steps = [Step("X", 3.0, placements=((0, 1),), eliminations=((1, 1),)), Step("Y", 2.0, eliminations=((2, 5),)),
             Step("Z", 1.0, placements=((3, 4),))]
    rating = Rating(puzzle=(0,) * 81, option=Options.parse("2001"), status=Status.STUCK, steps=steps)
    assert rating.thinning_steps == 1
