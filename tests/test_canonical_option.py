"""--canonical: any mode rates the canonical orientation, so symmetric copies get one rating; records say so."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from canon.group import random_transformation
from puzzles.parsing import format_line, parse_puzzle
from rater.cli import main
from rater.settings import RunSettings
from tests.conftest import read_puzzles

HARDEST = read_puzzles("forum_hardest_1106_every75.txt", count=3)


@pytest.mark.parametrize("puzzle", HARDEST)
def test_option_2001_canonical_rates_symmetric_copies_alike(puzzle):
    rng = random.Random(puzzle)
    engine = RunSettings(option="2001", canonical=True).engine()
    copies = [puzzle] + [format_line(random_transformation(rng).apply(parse_puzzle(puzzle))) for _ in range(3)]
    ratings = [engine.rate(copy) for copy in copies]
    assert len({r.points for r in ratings}) == 1
    assert len({r.level for r in ratings}) == 1
    assert all(r.orientation == "canonical" and r.status == "solved" for r in ratings)
    assert [r.puzzle for r in ratings] == [parse_puzzle(c) for c in copies]  # the user's grids


def test_records_say_which_orientation_was_rated():
    puzzle = HARDEST[0]
    given = json.loads(CliRunner().invoke(main, [puzzle, "--json"]).stdout)
    canonical = json.loads(CliRunner().invoke(main, [puzzle, "--json", "--canonical"]).stdout)
    half = json.loads(CliRunner().invoke(main, [puzzle, "--json", "--option", "2000"]).stdout)
    assert (given["orientation"], canonical["orientation"], half["orientation"]) == ("given", "canonical", "canonical")
    assert canonical["puzzle"] == given["puzzle"]


def test_canonical_steps_are_shown_on_the_given_grid():
    """The steps of a canonical rating are sound on the user's grid (mapped back, as option 2000 does)."""
    from rater.run.verify import first_unsound

    rating = RunSettings(option="2001", canonical=True).engine().rate(HARDEST[1])
    assert rating.status == "solved" and first_unsound(rating) is None
