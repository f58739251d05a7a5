"""tests/variant_readings.py (``python3 -m tests.variant_readings``): its readings stay sound and leave the rater as it was.

The readings change technique classes, so each is rated in a fresh process;
these tests check that a reading's steps agree with the variant's solution
(the script verifies every step) and that the parent process keeps the
rater's own behaviour.
"""

from __future__ import annotations

from puzzles.rules import parse_rules
from rater.run.engine import Engine
from tests.variant_readings import READINGS, _fresh, cases, rate_reading


def test_cases_are_the_stated_variant_examples_and_the_crossed_pair() -> None:
    names = [c[0] for c in cases()]
    assert names == ["82d", "83c", "84d", "85c", "82c", "83d"]
    assert [c[3] for c in cases()] == [105, 1251, 637, 166, None, None]


def test_the_closest_reading_is_sound_on_every_case() -> None:
    result = _fresh(rate_reading, "direct-standard+thinning-standard", ["2001"], [])
    assert isinstance(result, list)
    [(option, cells)] = result
    assert option == "2001"
    assert len(cells) == len(cases())
    assert all(cell.replace(".", "").isdigit() for cell in cells), cells  # a bare total: solved, every step verified


def test_a_reading_changes_nothing_outside_its_process() -> None:
    _fresh(rate_reading, "direct-standard", ["2001"], [])
    name, puzzle, rules, _ = cases()[0]
    as_is = Engine("2001").rate(puzzle, rules=parse_rules(rules))
    assert name == "82d" and as_is.steps[0].code != "PM"  # the direct phase still uses the diagonals
    assert set(READINGS) >= {"as-is", "direct-standard", "thinning-standard"}
