"""The error contract of the public API, measured: bad input raises an InputError subclass, nothing else.

Hypothesis throws random bad input (wrong lengths and types, bad characters,
out-of-range numbers, None, nested junk) at every public function of
``puzzles``, ``canon`` and ``rater`` (their ``__all__`` and the calls docs/api.md
documents) and checks that only :class:`puzzles.InputError` subclasses come
out; the same functions given the accepted forms of a good puzzle (text, a
tuple, a list, NumPy integers) still work and agree.  Examples are few and
deadlines off, so the whole file runs in seconds.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import canon
import puzzles
import rater
from puzzles import InputError

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)

GOOD = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
GOOD_GRID = puzzles.parse_puzzle(GOOD)
SOLUTION = puzzles.solve(GOOD_GRID)

# --- the strategies of bad input -----------------------------------------------------------

#: Anything at all: scalars, text, bytes and nestings of them.
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6) | st.binary(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=2), inner,
                                                                                          max_size=2),
    max_leaves=6,
)
#: A value no cell may hold.
bad_cell = st.one_of(
    st.integers(max_value=-1), st.integers(min_value=10), st.booleans(), st.floats(), st.none(),
    st.text(max_size=2), st.lists(st.integers(0, 9), max_size=2),
)
#: Characters that stand for a cell in a puzzle line.
line_chars = st.sampled_from("123456789.0-_x*?")


@st.composite
def cells_with_a_bad_one(draw: st.DrawFn) -> list[Any]:
    cells: list[Any] = draw(st.lists(st.integers(0, 9), min_size=81, max_size=81))
    cells[draw(st.integers(0, 80))] = draw(bad_cell)
    return cells


@st.composite
def line_with_a_bad_character(draw: st.DrawFn) -> str:
    line = draw(st.lists(line_chars, min_size=81, max_size=81))
    line[draw(st.integers(1, 79))] = draw(st.sampled_from(" \t\x00\x07\x1b\u200b\u2028\x7f\x85"))
    return "".join(line)


#: Not a puzzle in any form :func:`puzzles.parsing.read_cells` takes.
bad_puzzle = st.one_of(
    st.lists(st.integers(0, 9), max_size=120).filter(lambda cells: len(cells) != 81),
    st.lists(st.integers(0, 9), max_size=120).filter(lambda cells: len(cells) != 81).map(tuple),
    cells_with_a_bad_one(),
    cells_with_a_bad_one().map(tuple),
    st.text(line_chars, max_size=120).filter(lambda text: len(text) != 81),
    line_with_a_bad_character(),
    st.lists(st.text(line_chars, min_size=1, max_size=12), min_size=2, max_size=12).map("\n".join),
    st.none() | st.booleans() | st.integers() | st.floats() | st.binary(max_size=90),
    st.dictionaries(st.integers(0, 80), st.integers(0, 9), max_size=3),
    junk.filter(lambda value: not isinstance(value, str)),
)


@st.composite
def clashing_givens(draw: st.DrawFn) -> tuple[int, ...]:
    """81 good cells with one digit twice in a row: bad for the engine, a pattern to ``canon``."""
    cells = list(GOOD_GRID)
    row = draw(st.integers(0, 8))
    digit = draw(st.integers(1, 9))
    cells[9 * row], cells[9 * row + 1] = digit, digit
    return tuple(cells)


not_an_index = st.one_of(st.integers(max_value=-1), st.integers(min_value=81), st.booleans(), st.floats(),
                         st.none(), st.text(max_size=3), st.lists(st.integers(), max_size=2))


def raises_input_error(call: Callable[[], Any]) -> None:
    """``call`` must fail with an InputError (anything else propagates and fails the test)."""
    with pytest.raises(InputError):
        call()


def only_input_error(call: Callable[[], Any]) -> None:
    """``call`` may work or fail, but only with an InputError."""
    try:
        call()
    except InputError:
        pass


# --- bad puzzles ---------------------------------------------------------------------------

PUZZLE_FUNCTIONS: dict[str, Callable[[Any], Any]] = {
    "puzzles.as_grid": puzzles.as_grid,
    "puzzles.count_solutions": puzzles.count_solutions,
    "puzzles.solve": puzzles.solve,
    "puzzles.format_line": puzzles.format_line,
    "puzzles.format_grid": puzzles.format_grid,
    "canon.canonical_form": canon.canonical_form,
    "canon.canonical_form(pattern)": lambda grid: canon.canonical_form(grid, pattern=True),
    "canon.sort_key": canon.sort_key,
    "canon.minlex": canon.minlex,
    "canon.minlex_result": canon.minlex_result,
    "canon.dedup": lambda grid: list(canon.dedup([GOOD, grid])),
    "canon.Transformation.apply": canon.Transformation().apply,
    "rater.rate": rater.rate,
    "rater.Engine.rate": rater.RunSettings().engine().rate,
}


@pytest.mark.parametrize("name", sorted(PUZZLE_FUNCTIONS))
@FAST
@given(bad=bad_puzzle)
def test_a_bad_puzzle_is_an_input_error(name, bad):
    raises_input_error(lambda: PUZZLE_FUNCTIONS[name](bad))


@pytest.mark.parametrize("call", [puzzles.as_grid, puzzles.parse_puzzle, rater.rate])
@FAST
@given(bad=clashing_givens())
def test_givens_that_clash_are_an_input_error_where_a_puzzle_must_be_valid(call, bad):
    text = puzzles.format_line(bad)
    raises_input_error(lambda: call(bad if call is not puzzles.parse_puzzle else text))


@FAST
@given(bad=bad_puzzle)
def test_parse_puzzle_takes_text_only(bad):
    raises_input_error(lambda: puzzles.parse_puzzle(bad))


@FAST
@given(bad=bad_puzzle)
def test_rate_many_reports_a_bad_puzzle_in_its_stream(bad):
    ratings = list(rater.rate_many([bad, GOOD]))
    assert [r.status for r in ratings] == ["invalid", "solved"] and ratings[0].message


# --- bad arguments besides the puzzle ------------------------------------------------------


@pytest.mark.parametrize("name", ["cell_name", "box_name", "unit_name"])
@FAST
@given(bad=not_an_index)
def test_names_of_cells_boxes_and_units_take_their_numbers_only(name, bad):
    raises_input_error(lambda: getattr(puzzles, name)(bad))


@FAST
@given(limit=junk, rules=junk, empty=junk)
def test_solver_and_format_arguments(limit, rules, empty):
    only_input_error(lambda: puzzles.count_solutions(GOOD_GRID, limit))
    raises_input_error(lambda: puzzles.solve(GOOD_GRID, rules=rules))
    raises_input_error(lambda: canon.minlex(GOOD_GRID, rules=rules))
    only_input_error(lambda: puzzles.format_line(GOOD_GRID, empty))
    only_input_error(lambda: puzzles.format_grid(GOOD_GRID, empty))


@FAST
@given(key=junk, jobs=junk)
def test_dedup_arguments(key, jobs):
    only_input_error(lambda: list(canon.dedup([GOOD], key=key)))
    if not (isinstance(jobs, int) and jobs > 1):  # no worker processes for this
        only_input_error(lambda: list(canon.dedup([GOOD], jobs=jobs)))
    raises_input_error(lambda: canon.dedup(key if not isinstance(key, (list, tuple, dict)) else None))


@FAST
@given(part=st.sampled_from(["transpose", "bands", "stacks", "rows", "cols", "digits"]), value=junk, rng=junk)
def test_transformations(part, value, rng):
    only_input_error(lambda: canon.Transformation(**{part: value}))
    raises_input_error(lambda: canon.random_transformation(rng))


SETTING_FIELDS = ("option", "rules", "techniques", "disable", "enable", "allow_multiple", "canonical", "lang",
                  "reduce", "with_minlex", "timeout")


@FAST
@given(field=st.sampled_from(SETTING_FIELDS), value=junk)
def test_settings(field, value):
    only_input_error(lambda: rater.RunSettings(**{field: value}))
    only_input_error(lambda: rater.rate(GOOD, **{field: value}))


@FAST
@given(option=junk, path=junk, jobs=junk)
def test_rate_arguments(option, path, jobs):
    only_input_error(lambda: rater.rate(GOOD, option))
    raises_input_error(lambda: rater.rate(GOOD, settings=option if option is not None else 5))
    only_input_error(lambda: rater.RunSettings.from_file(path))
    if not (isinstance(jobs, int) and jobs > 1):  # no worker processes for this
        only_input_error(lambda: list(rater.rate_many([GOOD], jobs=jobs)))
    if not isinstance(path, (list, tuple, dict)):
        raises_input_error(lambda: rater.rate_many(path))


ENGINE_RATE_ARGUMENTS = ("allow_multiple", "start", "verify", "deadline", "rules", "stop_above")


@FAST
@given(argument=st.sampled_from(ENGINE_RATE_ARGUMENTS), value=junk, parts=st.tuples(junk, junk, junk, junk))
def test_engine_and_status(argument, value, parts):
    only_input_error(lambda: rater.RunSettings().engine().rate(GOOD, **{argument: value}))
    only_input_error(lambda: rater.Engine(*parts))
    if value not in tuple(status.value for status in rater.Status):
        raises_input_error(lambda: rater.Status(value))


RATING = rater.rate(GOOD, "2001")


@FAST
@given(number=junk | st.integers(), lang=junk)
def test_rating_methods(number, lang):
    only_input_error(lambda: RATING.position(number))
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= len(RATING.steps):
        raises_input_error(lambda: RATING.position(number))
    only_input_error(lambda: RATING.level_text(lang))
    only_input_error(lambda: RATING.to_record(lang))


@FAST
@given(argument=st.sampled_from(["catalogue", "start", "first"]), value=junk, lang=junk, board=junk, step=junk)
def test_pictures(argument, value, lang, board, step):
    from rater.views import render

    only_input_error(lambda: render.html(RATING, **{argument: value}))
    only_input_error(lambda: render.html(RATING, lang))
    raises_input_error(lambda: render.html(board))
    raises_input_error(lambda: render.svg(board))
    only_input_error(lambda: render.svg(RATING.position(1).board, step=step, title=lang, placed_by=value))


GENERATE_ARGUMENTS = ("level", "points", "require", "first_hard", "symmetry", "clues", "minimal", "seed", "climb",
                      "jobs", "max_seconds")


@FAST
@given(argument=st.sampled_from(GENERATE_ARGUMENTS), value=junk, count=junk)
def test_generate_arguments(argument, value, count):
    only_input_error(lambda: list(rater.generate(0, **{argument: value})))  # checked, nothing generated
    if not isinstance(count, int) or isinstance(count, bool):
        raises_input_error(lambda: list(rater.generate(count)))


# --- good input still works ----------------------------------------------------------------


@st.composite
def good_puzzle(draw: st.DrawFn) -> tuple[tuple[int, ...], Any]:
    """A symmetric copy of GOOD, and the same copy in one of the accepted forms."""
    grid = canon.random_transformation(random.Random(draw(st.integers(0, 2**32)))).apply(GOOD_GRID)
    forms = [grid, list(grid), puzzles.format_line(grid), puzzles.format_line(grid, "0"), puzzles.format_grid(grid),
             np.array(grid, dtype=np.int64), np.array(grid, dtype=np.int8)]
    return grid, draw(st.sampled_from(forms))


@settings(FAST, max_examples=10)
@given(good=good_puzzle())
def test_every_accepted_form_of_a_good_puzzle_works_alike(good):
    grid, form = good
    assert puzzles.as_grid(form) == grid == puzzles.parsing.read_cells(form)
    assert puzzles.count_solutions(form) == 1
    assert puzzles.solve(form) == puzzles.solve(grid)
    assert puzzles.format_line(form) == puzzles.format_line(grid)
    assert canon.canonical_form(form).form == canon.canonical_form(GOOD).form
    assert canon.minlex(form) == canon.minlex(GOOD) == canon.minlex_result(form).text()
    assert canon.sort_key(form) == canon.sort_key(grid)
    assert [index for index, _ in canon.dedup([GOOD, form])] == [0]
    assert rater.rate(form).status == "solved"


def test_a_full_grid_and_a_pattern_are_canon_input():
    assert canon.minlex(SOLUTION) == canon.minlex_result(SOLUTION).text()
    ones = tuple(1 if v else 0 for v in GOOD_GRID)
    assert canon.canonical_form(ones, pattern=True).form == canon.canonical_form(GOOD_GRID, pattern=True).form


def test_the_error_classes_of_bad_input_are_input_errors_and_value_errors():
    from puzzles.cluster import ClusterError
    from puzzles.reduction import NotUniqueError
    from rater.bulk.output import TemplateError
    from rater.bulk.resume import ResumeError
    from rater.bulk.runner import BulkError
    from techniques.plugins import PluginError
    from techniques.texts import TextError

    for cls in (ClusterError, NotUniqueError, TemplateError, ResumeError, BulkError, PluginError, TextError):
        assert issubclass(cls, InputError) and issubclass(cls, ValueError)
