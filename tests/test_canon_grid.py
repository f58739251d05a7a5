"""Canonical forms of complete grids and of dense puzzles (60-81 clues).

The fast methods (:mod:`canon.grid_form`, :mod:`canon.value_stage`) must give
the same form as the definition, not merely *a* form.  Expected forms and
stabiliser orders come from ``tests/data/``:

* ``canon_complete_grids.json``: complete grids with large stabilisers (the
  Urbeispiel U and the normalised superfixes U0-U3 of seed 002, U'), Jehne's
  grid A and two solutions of 17-clue puzzles, each computed once by the brute
  force :func:`brute_complete_grid` below over all 3,359,232 elements of G
  (U and U1 also by the previous method, which took 100-200 s per grid);
* ``canon_dense_puzzles.json``: puzzles made from A and U by removing random
  cells, or keeping only whole bands and blocks, with forms computed once by
  the previous method (pattern survivors tried one by one).

Everything cheap is checked live: invariance under random elements of G*,
the transformation reaching the form, the stabiliser elements fixing the grid.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from canon.canonical import canonical_form
from canon.cli import main
from canon.grid_form import complete_grid_form, is_complete_grid
from canon.group import GROUP_ORDER, parse_spec, random_transformation, row_group_sources
from canon.key import BLOCK_ORDER, sort_key
from puzzles.parsing import format_line, parse_line
from puzzles.solver import solve

Grid = tuple[int, ...]
DATA = Path(__file__).resolve().parent / "data"


def brute_complete_grid(grid: Grid) -> tuple[Grid, int]:
    """(canonical form, stabiliser order in G*) of a complete grid by trying every element of G.

    For a complete grid only key component 5 differs between images, and an
    image's first block holds all nine digits, so relabelling is the inverse
    of that block.  For each of the 2 x 1296 row maps, the 1296 column maps
    are tried at once.  About 20 s per grid: used to make the test data.
    """
    maps = row_group_sources()
    order = np.array(BLOCK_ORDER)
    index = np.arange(len(maps))[:, None]
    values = np.array(grid).reshape(9, 9)
    best: bytes | None = None
    count = 0
    for base in (values, values.T):
        for rows in maps:
            images = base[rows][:, maps].transpose(1, 0, 2).reshape(len(maps), 81)[:, order]
            labels = np.zeros((len(maps), 10), dtype=np.intp)
            labels[index, images[:, :9]] = np.arange(1, 10)
            keys = [bytes(row) for row in labels[index, images].astype(np.uint8)]
            smallest = min(keys)
            if best is None or smallest < best:
                best, count = smallest, keys.count(smallest)
            elif smallest == best:
                count += keys.count(smallest)
    assert best is not None
    form = [0] * 81
    for cell, value in zip(BLOCK_ORDER, best):
        form[cell] = value
    return tuple(form), count


def _oracle(grid: Grid) -> tuple[Grid, int]:
    """The brute-force oracle of test_canon_oracle.py, whose module reads the public collections."""
    try:
        from test_canon_oracle import oracle
    except OSError:
        pytest.skip("the oracle's module needs ../shared/data")
    return oracle(grid)  # type: ignore[no-any-return]


def _grid(text: str) -> Grid:
    return tuple(int(ch) for ch in text)


@lru_cache(maxsize=1)
def _complete_grids() -> list[dict[str, object]]:
    return json.loads((DATA / "canon_complete_grids.json").read_text())["grids"]  # type: ignore[no-any-return]


@lru_cache(maxsize=1)
def _dense_puzzles() -> list[dict[str, object]]:
    return json.loads((DATA / "canon_dense_puzzles.json").read_text())["puzzles"]  # type: ignore[no-any-return]


def _random_complete_grid(rng: random.Random) -> Grid:
    """A solution grid grown from a few random clues (not uniform, but varied)."""
    while True:
        cells = [0] * 81
        for cell in rng.sample(range(81), 12):
            cells[cell] = rng.randint(1, 9)
        solution = solve(cells)
        if solution is not None:
            return solution


@pytest.mark.parametrize("entry", _complete_grids(), ids=lambda e: str(e["name"]))
def test_complete_grid_form_and_stabiliser_match_the_brute_force(entry: dict[str, object]) -> None:
    grid = _grid(str(entry["grid"]))
    result = canonical_form(grid)
    assert format_line(result.form) == entry["form"]
    assert result.stabilizer_order == entry["stabilizer_order"]
    assert result.transformation.apply(grid) == result.form
    elements = list(result.stabilizer())
    assert len(set(elements)) == len(elements) == result.stabilizer_order
    assert all(element.apply(grid) == grid for element in elements)


def test_complete_grid_form_is_invariant_under_random_elements() -> None:
    rng = random.Random(81)
    grids = [_grid(str(e["grid"])) for e in _complete_grids()[:2]] + [_random_complete_grid(rng) for _ in range(3)]
    for grid in grids:
        result = canonical_form(grid)
        assert canonical_form(result.form).form == result.form
        for _ in range(50):
            image = random_transformation(rng).apply(grid)
            other = canonical_form(image)
            assert other.form == result.form
            assert other.stabilizer_order == result.stabilizer_order
            assert other.transformation.apply(image) == other.form


def test_complete_grid_form_comes_first_among_its_images() -> None:
    rng = random.Random(5)
    grid = _random_complete_grid(rng)
    best = sort_key(canonical_form(grid).form)
    assert all(best <= sort_key(random_transformation(rng).apply(grid)) for _ in range(200))


def test_only_valid_complete_grids_take_the_fast_path() -> None:
    grid = _grid(str(_complete_grids()[0]["grid"]))
    assert is_complete_grid(grid)
    broken = list(grid)
    broken[0], broken[1] = broken[1], broken[0]
    assert not is_complete_grid(broken)
    assert not is_complete_grid(grid[:80] + (0,))
    form, elements = complete_grid_form(grid)
    assert all(element.apply(grid) == form for element in elements)


def test_dense_method_agrees_with_the_grid_method_on_complete_grids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two independent fast methods: 648 first-block candidates, and pattern states plus sorting."""
    rng = random.Random(9)
    grids = [_grid(str(e["grid"])) for e in _complete_grids()[::2]]
    expected = [canonical_form(random_transformation(rng).apply(grid)) for grid in grids]
    monkeypatch.setattr("canon.canonical.is_complete_grid", lambda grid: False)
    for grid, fast in zip(grids, expected):
        general = canonical_form(grid)
        assert general.form == fast.form
        assert general.stabilizer_order == fast.stabilizer_order
        assert general.transformation.apply(grid) == general.form


@pytest.mark.parametrize("entry", _dense_puzzles(), ids=lambda e: str(e["case"]))
def test_dense_puzzles_agree_with_the_previous_method(entry: dict[str, object]) -> None:
    puzzle = parse_line(str(entry["puzzle"]))
    result = canonical_form(puzzle)
    assert format_line(result.form) == format_line(parse_line(str(entry["form"])))
    assert result.stabilizer_order == entry["stabilizer_order"]
    assert result.transformation.apply(puzzle) == result.form
    rng = random.Random(len(str(entry["case"])))
    for _ in range(3):
        assert canonical_form(random_transformation(rng).apply(puzzle)).form == result.form


@pytest.mark.parametrize("clues", [74, 80])
def test_dense_puzzle_against_the_brute_force_oracle(clues: int) -> None:
    rng = random.Random(clues)
    grid = list(_grid(str(_complete_grids()[0]["grid"])))
    for cell in rng.sample(range(81), 81 - clues):
        grid[cell] = 0
    expected_form, expected_order = _oracle(tuple(grid))
    result = canonical_form(grid)
    assert result.form == expected_form
    assert result.stabilizer_order == expected_order


def test_dense_stabiliser_elements_fix_the_puzzle() -> None:
    entry = next(e for e in _dense_puzzles() if int(e["stabilizer_order"]) > 1)  # type: ignore[call-overload]
    puzzle = parse_line(str(entry["puzzle"]))
    result = canonical_form(puzzle)
    elements = list(result.stabilizer())
    assert len(set(elements)) == len(elements) == result.stabilizer_order
    assert all(element.apply(puzzle) == puzzle for element in elements)


def test_full_and_dense_patterns() -> None:
    full = canonical_form((1,) * 81, pattern=True)
    assert full.form == (1,) * 81 and full.stabilizer_order == GROUP_ORDER
    grid = list(_grid(str(_complete_grids()[0]["grid"])))
    for cell in (4, 40, 44, 76):
        grid[cell] = 0
    pattern = tuple(1 if v else 0 for v in grid)
    expected_form, expected_order = _oracle(pattern)
    result = canonical_form(grid, pattern=True)
    assert result.form == expected_form and result.stabilizer_order == expected_order


def test_cli_on_a_complete_grid() -> None:
    entry = _complete_grids()[0]
    grid = str(entry["grid"])
    runner = CliRunner()
    out = runner.invoke(main, ["form", grid, "--details"])
    assert out.exit_code == 0
    form, spec, stabilizer = out.stdout.strip().split("\t")
    assert form == entry["form"]
    assert parse_spec(spec).apply(_grid(grid)) == _grid(form)
    assert stabilizer == f"stabilizer={entry['stabilizer_order']}"
    out = runner.invoke(main, ["stabilizer", grid, "--elements", "--limit", "3"])
    assert out.exit_code == 0 and out.stdout.splitlines()[0] == str(entry["stabilizer_order"])
    out = runner.invoke(main, ["key", grid])
    assert out.exit_code == 0 and out.stdout.startswith("9 111111111 999999999 ")
