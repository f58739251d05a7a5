"""The global sweep of seed 002: word tables, fast classes, counting by sets, chunks (fast parts only).

The full sweep takes tens of CPU minutes (``canon sweep DIR --jobs N``); these
tests pin its pieces against the slower, independent tools of
:mod:`canon.studies.diagonal` and :mod:`canon.studies.completions` and
against the paper's figures for the first chunk (the classes (e, v)).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from canon.cli import main
from canon.studies import sweep_report as paper
from canon.studies.completions import CompletionJoin, classify
from canon.studies.diagonal import E_WORD, BlockDiagonal, equivalence_class, format_word, normalise, parse_word
from canon.studies.examples import U_NORMALISED
from canon.studies.set_count import SetJoin
from canon.studies.sweep import ChunkResult, chunk_count, chunk_path, merge, run_sweep
from canon.studies.triples import check_full_grid
from canon.studies.words import WORD_COUNT, q0_minimal_words, representatives_with_first_word, word_tables


def join_of(u: str, v: str) -> SetJoin:
    return SetJoin(np.array(BlockDiagonal.from_words(parse_word(u), parse_word(v)).blocks))


def test_word_tables() -> None:
    tables = word_tables()
    assert len(tables.words) == WORD_COUNT and (np.diff(tables.words) > 0).all()
    assert tables.words[0] == E_WORD  # e is the least word (section 2.3)
    assert tables.q0.shape == (72, WORD_COUNT)
    assert any((row == np.arange(WORD_COUNT)).all() for row in tables.q0)  # the identity of Q0
    for row in tables.q0[:: 7]:
        assert sorted(row.tolist()) == list(range(WORD_COUNT))  # each map is a bijection of W
    assert chunk_count() == len(q0_minimal_words()) == 170


def test_normalise_agrees_with_the_scalar_normalisation() -> None:
    tables = word_tables()
    rng = random.Random(3)
    for _ in range(20):
        blocks = tuple(tuple(rng.sample(range(1, 10), 9)) for _ in range(3))
        norm = normalise(BlockDiagonal(blocks))  # type: ignore[arg-type]
        relabel = np.zeros(10, dtype=np.int64)
        relabel[list(blocks[0])] = np.arange(1, 10)
        fast = tables.normalise(relabel[np.array(blocks[1:])])
        assert [int(tables.words[i]) for i in fast] == [norm.u, norm.v]


def test_classes_of_e_are_table_2_3_column_f_e() -> None:
    reps, sizes = representatives_with_first_word(0)
    assert len(reps) == 170 and dict(Counter(sizes.tolist())) == paper.CLASS_SIZES_E
    assert (reps[0], sizes[0]) == (0, 1)  # m(e, e) = 1


@pytest.mark.parametrize(
    ("u", "v", "m"),
    [("57643210", "65743210", 12), ("43671520", "43172560", 12), ("57632410", "56742301", 4), ("67543210", "76532410", 432)],
)
def test_paper_pairs_are_found_as_representatives(u: str, v: str, m: int) -> None:
    tables = word_tables()
    first, second = (int(x) for x in tables.index(np.array([parse_word(u), parse_word(v)])))
    reps, sizes = representatives_with_first_word(first)
    assert sizes[list(reps).index(second)] == m


def test_fast_classes_agree_with_trying_all_of_q() -> None:
    """Random pairs: the class minimum and size from the word tables equal equivalence_class's."""
    tables = word_tables()
    rng = random.Random(5)
    for _ in range(3):
        w, y = rng.randrange(WORD_COUNT), rng.randrange(WORD_COUNT)
        slow = equivalence_class(int(tables.words[w]), int(tables.words[y]))
        first, second = (int(x) for x in tables.index(np.array([slow.u, slow.v])))
        codes = tables.orbit_codes(w, np.array([y]))[:, 0]
        assert codes.min() == first * WORD_COUNT + second and len(set(codes.tolist())) == slow.size


@pytest.mark.parametrize(
    ("u", "v", "n"),
    [
        ("76543210", "76543210", 283_576),
        ("76543210", "15320764", 278_740),
        ("74563120", "43052671", 96_841),
        ("74563120", "56240371", 95_514),
    ],
)
def test_counting_by_sets_gives_the_papers_n(u: str, v: str, n: int) -> None:
    assert join_of(u, v).count() == n


def test_counting_by_sets_agrees_with_the_band_join() -> None:
    rng = random.Random(11)
    for _ in range(2):
        blocks = tuple(tuple(rng.sample(range(1, 10), 9)) for _ in range(3))
        diagonal = BlockDiagonal(blocks)  # type: ignore[arg-type]
        assert SetJoin(np.array(blocks)).count() == CompletionJoin(diagonal).count()


def test_fix_sudokus_by_sets_agree_with_the_grid_classification() -> None:
    """(u2, v2): 17 fix-sudokus, the same grids and types as the cell-by-cell classification."""
    diagonal = BlockDiagonal.from_words(parse_word("43671520"), parse_word("43172560"))
    by_sets = SetJoin(np.array(diagonal.blocks)).classify()
    by_grids = classify(diagonal)
    assert by_sets.total == by_grids.total and by_sets.mod3 == by_grids.mod3
    assert by_sets.vertical_mod3 == by_grids.tested
    assert sorted(by_sets.categories.items()) == [("R", 8), ("RSS", 1), ("S", 8)]
    assert {(g, r.category) for g, r in by_sets.fixed} == {(g, r.category) for g, r in by_grids.fixed}


def test_e_e_by_sets() -> None:
    result = join_of("e", "e").classify()
    assert (result.total, result.vertical_mod3, result.mod3, result.fixed_count) == (283_576, 6_460, 460, 64)
    assert dict(result.categories) == {"R": 12, "S": 12, "RS": 36, "superfix": 4}
    assert sorted(g for g, r in result.fixed if r.is_superfix) == sorted(U_NORMALISED)
    for grid, fix in result.fixed:
        check_full_grid(grid)
        assert all(f.apply(grid) == grid for f in fix.elements)


def test_first_chunk_and_resume(tmp_path: Path) -> None:
    """Chunk 0 holds the 170 classes (e, v); a second run skips the finished chunk."""
    runs: list[int] = []
    run_sweep(tmp_path, [0], 1, lambda chunk, _: runs.append(chunk))
    run_sweep(tmp_path, [0], 1, lambda chunk, _: runs.append(chunk))
    assert runs == [0] and chunk_path(tmp_path, 0).exists()
    result = ChunkResult.from_json(chunk_path(tmp_path, 0).read_text())
    assert ChunkResult.from_json(result.to_json()) == result
    assert result.u == format_word(E_WORD) and result.classes == 170 and result.self_pairs == 1
    fix = {v: (m, n_f, types) for v, m, n_f, types in result.fix_pairs}
    assert fix["76543210"] == (1, 64, {"R": 12, "S": 12, "RS": 36, "superfix": 4})
    # Table 4.4's pairs (e, v) with N_f = 16 and their m.
    for v, m in (("67543210", 54), ("57643210", 36), ("67542310", 108), ("57632410", 12)):
        assert fix[v] == (m, 16, {"R": 16})
    summary = merge([result])
    assert summary.sizes_e == Counter(paper.CLASS_SIZES_E) and not summary.complete
    assert summary.extremes[-2:] == [(278_740, "76543210", "15320764"), (283_576, "76543210", "76543210")]

    report = CliRunner().invoke(main, ["sweep", str(tmp_path), "--report-only"])
    assert report.exit_code == 0, report.output
    assert "chunks done 1 of 170" in report.stdout and "k* classes (Satz 2.2)" in report.stdout
    bad = CliRunner().invoke(main, ["sweep", str(tmp_path), "--chunks", "170"])
    assert bad.exit_code == 2 and bad.stderr.startswith("error: ")


def test_paper_constants_are_consistent() -> None:
    """The figures copied from the paper check each other (a guard against typing errors)."""
    assert sum(paper.CLASS_SIZES.values()) == paper.K_STAR
    assert sum(m * f for m, f in paper.CLASS_SIZES.items()) == WORD_COUNT**2
    assert sum(paper.CLASS_SIZES_E.values()) == 170
    assert sum(paper.VALUE_MULTIPLICITIES.values()) == paper.DISTINCT_VALUES
    assert sum(k * h for k, h in paper.VALUE_MULTIPLICITIES.items()) == paper.K_STAR
    assert len(paper.BINS) == 284 - 96 + 1
    assert paper.N0 == 2**9 * 27_704_267_971 and paper.MIXED_ORDER * paper.N0 == paper.GRIDS
    assert paper.N_F == 4 * 41 * 73 * 97 and paper.MIXED_ORDER * paper.N_F == paper.FIX_GRIDS
    assert sum(paper.FIX_PAIR_COUNTS.values()) == paper.FIX_PAIRS
    assert sum(paper.FIX8_SIZES.values()) == 383 and sum(m * c for m, c in paper.FIX8_SIZES.items()) == 139_932
    # N_f = 64 (e, e; m = 1) + 26 * 12 + 17 * 12 + 16 * 2578 (Table 4.4) + 8 * 139,932.
    assert 64 + 26 * 12 + 17 * 12 + 16 * 2578 + 8 * 139_932 == paper.N_F
    assert sum(paper.TYPES.values()) == 3475 == 64 + 26 + 17 + 16 * 19 + 8 * 383


def test_transposition_shares_r_and_s_over_a_class() -> None:
    """(u1, v1): m = 12, its representative has 16 [R], 8 [S], 2 [RSS]; over the class R and S even out."""
    totals = paper.weighted_types([("57643210", "65743210", 12, 26, {"R": 16, "S": 8, "RSS": 2})])
    assert totals == {"R": 6 * 16 + 6 * 8, "S": 6 * 8 + 6 * 16, "RSS": 12 * 2}
    assert paper.weighted_types([("76543210", "76543210", 1, 64, {"R": 12, "S": 12, "RS": 36, "superfix": 4})]) == {
        "R": 12, "S": 12, "RS": 36, "superfix": 4
    }


def test_a_broken_chunk_file_is_one_error_line(tmp_path: Path) -> None:
    (tmp_path / "chunk-003.json").write_text("{not json")
    result = CliRunner().invoke(main, ["sweep", str(tmp_path), "--report-only"])
    assert result.exit_code == 2 and result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
