"""Variants on the generated sets: soundness, the symmetry groups, and half-synchronous invariance.

The sets (``tests/data/variant_*_200.txt``, made by ``bench/variant_puzzles.py``, see
tests/data/README.md) hold minimal puzzles unique in their variant.  Every fifth
puzzle of each set is rated here with every technique of the default catalogue and
each step checked against the solution; the whole sets run in bench/soundness.py
(``--rules``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from canon.group import random_transformation
from canon.variant_group import group_order, random_variant_transformation, symmetry_sources
from puzzles.formats import read_items
from puzzles.parsing import format_line, parse_puzzle
from puzzles.rules import COLOUR_DIAGONAL_RULES, COLOUR_RULES, DIAGONAL_RULES, STANDARD, VARIANTS, Rules, item_rules
from puzzles.solver import analyse
from rater.result import Rating
from rater.run.engine import Engine
from techniques.base import transposed_code
from tests.conftest import FIXTURES


def sample(name: str, step: int) -> list[tuple[str, Rules]]:
    with (FIXTURES / name).open(encoding="utf-8") as handle:
        items = list(read_items(handle))
    return [(format_line(it.grid), item_rules(it.comment, STANDARD)) for it in items[::step] if it.grid]


SAMPLE = sample("variant_diagonal_200.txt", 5) + sample("variant_colour_200.txt", 5)
ENGINES = {option: Engine(option) for option in ("2001", "2000")}


def test_the_sets_are_unique_in_their_variant_only() -> None:
    for name, rules in (("variant_diagonal_200.txt", DIAGONAL_RULES), ("variant_colour_200.txt", COLOUR_RULES)):
        puzzles = sample(name, 1)
        assert len(puzzles) == 200 and all(r is rules for _p, r in puzzles)
        assert all(analyse(parse_puzzle(p), 2, rules=rules).count == 1 for p, _r in puzzles[:20])
        assert sum(analyse(parse_puzzle(p), 2).count == 2 for p, _r in puzzles[:20]) >= 15


@pytest.mark.parametrize(("index", "puzzle", "rules"), [(i, p, r) for i, (p, r) in enumerate(SAMPLE)],
                         ids=[f"{r.name}:{i}" for i, (_p, r) in enumerate(SAMPLE)])
def test_no_step_contradicts_the_variant_solution(index: int, puzzle: str, rules: Rules) -> None:
    rating = ENGINES["2000" if index % 2 else "2001"].rate(puzzle, rules=rules, verify=True)
    assert rating.status == "solved" and rating.final_grid == rating.solution


# --- the variants' symmetry groups ------------------------------------------------------------------


def test_group_orders_are_computed() -> None:
    assert [group_order(r, digits=False) for r in VARIANTS] == [3_359_232, 96, 2592, 16]
    assert group_order(DIAGONAL_RULES) == 96 * 362_880


@pytest.mark.parametrize("rules", VARIANTS[1:], ids=lambda r: r.name)
def test_group_elements_keep_the_extra_units(rules: Rules) -> None:
    targets = {frozenset(rules.units[u]) for u in rules.extra_units}
    for src in symmetry_sources(rules)[:: max(1, len(symmetry_sources(rules)) // 50)]:
        where = {int(s): i for i, s in enumerate(src)}
        assert all(frozenset(where[c] for c in rules.units[u]) in targets for u in rules.extra_units)


def test_a_general_element_breaks_a_diagonal_puzzle() -> None:
    """Why the subgroup matters: most elements of G turn a diagonal puzzle into another puzzle."""
    puzzle, rules = SAMPLE[0]
    rng = random.Random(3)
    broken = sum(analyse(random_transformation(rng).apply(parse_puzzle(puzzle)), 2, rules=rules).count != 1
                 for _ in range(10))
    assert broken >= 5


# --- half-synchronous invariance per variant --------------------------------------------------------

#: One puzzle per variant, rated by Bowman's Bingo or trial & error where possible (their searches
#: depend on the scan order, so they test the canonical orientation hardest).
INVARIANCE = [
    ("...1.7.....4...1.5....3......3...6......6....5...9...8.3...97....9....4..2.......", DIAGONAL_RULES),
    ("...19.478.....59......7......2......5.......443.....6...15...............9...362.", COLOUR_RULES),
    # bench/variant_puzzles.py --rules colour-diagonal --count 30 --seed 7, puzzle 5
    ("..............2....3..6.......9....4.7........9.7..................5...9..834.67.", COLOUR_DIAGONAL_RULES),
]


def signature(rating: Rating) -> Counter:
    """(code, points) of every step, a row code and its column twin counted as one."""
    return Counter((min(s.code, transposed_code(s.code)), s.points) for s in rating.steps)


@pytest.mark.parametrize(("puzzle", "rules"), INVARIANCE, ids=[r.name for _p, r in INVARIANCE])
def test_half_synchronous_rating_is_invariant_under_the_variant_group(puzzle: str, rules: Rules) -> None:
    engine = ENGINES["2000"]
    base = engine.rate(puzzle, rules=rules)
    assert base.status == "solved"
    rng = random.Random(rules.name)
    grid = parse_puzzle(puzzle)
    for _ in range(20):
        t = random_variant_transformation(rng, rules)
        copy = engine.rate(t.apply(grid), rules=rules, verify=True)
        assert copy.status == "solved" and copy.points == base.points
        assert signature(copy) == signature(base)
