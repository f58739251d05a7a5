"""The fixtures in tests/data are what tests/data/README.md says they are.

Every excerpt ``<collection>_every<k>.txt`` is lines 1, 1 + k, 1 + 2k, ... of the public
collection ``<collection>.txt``; ``top95.txt`` is that collection whole; ``hard_symmetry.txt`` is
the lines of two collections listed in ``PICKED``.  Checking that needs the
full collections, so those tests are marked ``collections``; the shape checks run everywhere.
"""

from __future__ import annotations

import re

import pytest

from puzzles.solver import count_solutions
from tests.conftest import FIXTURES, collections_dir, examples, read_puzzles

EXCERPT = re.compile(r"(?P<collection>.+)_every(?P<step>\d+)\.txt")
#: Standard puzzles only: the generated variant sets (``variant_*.txt``) are checked in tests/test_variants_sets.py.
PUZZLE_FILES = sorted(path.name for path in FIXTURES.glob("*.txt") if not path.name.startswith("variant_"))
#: Fixtures picked line by line (1-based line numbers per collection, in file order).
PICKED = {
    "hard_symmetry.txt": (("forum_hardest_1106.txt", (1, 3, 6, 9, 10)), ("top1465.txt", (1, 2, 3, 7, 12))),
    "top1465_finned_grids.txt": (("top1465.txt", (24, 35)),),
    "cd_cap.txt": (("sample1000.txt", (138,)),),
}


def _source(name: str) -> tuple[str, int]:
    """(collection file, step) an excerpt was taken from."""
    match = EXCERPT.fullmatch(name)
    return (f"{match['collection']}.txt", int(match["step"])) if match else (name, 1)


@pytest.mark.parametrize("name", PUZZLE_FILES)
def test_puzzle_files_hold_distinct_81_character_lines(name: str) -> None:
    lines = (FIXTURES / name).read_text().splitlines()
    assert lines and all(len(line) == 81 for line in lines)
    assert len(set(lines)) == len(lines)


@pytest.mark.parametrize("name", PUZZLE_FILES)
def test_excerpt_puzzles_have_one_solution_each(name: str) -> None:
    assert all(count_solutions(tuple(int(ch) if ch.isdigit() else 0 for ch in p)) == 1 for p in read_puzzles(name))


@pytest.mark.collections
@pytest.mark.parametrize("name", PUZZLE_FILES)
def test_excerpt_is_every_kth_line_of_its_collection(name: str) -> None:
    folder = collections_dir()
    assert folder is not None
    lines = (FIXTURES / name).read_text().splitlines()
    if name in PICKED:
        expected = []
        for collection, numbers in PICKED[name]:
            source = (folder / collection).read_text().splitlines()
            expected += [source[n - 1] for n in numbers]
        assert lines == expected
        return
    collection, step = _source(name)
    source = (folder / collection).read_text().splitlines()
    assert lines == source[::step]


def test_examples_are_the_seeds_89_puzzles() -> None:
    rows = examples()
    assert list(rows) == [str(i) for i in range(1, 90)]
    assert all(len(row["puzzle"]) == 81 and row["source"] == "seed004" for row in rows.values())
