"""The paper's global figures beside the merged sweep (seed 002, Satz 2.2, Tables 2.3/2.4, 4.4).

Every constant below is copied from Schönhage, "Einige Sudoku-Studien"
(December 2010); the comment names the place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from statistics import median
from typing import Final

import numpy as np

from canon.studies.diagonal import parse_word
from canon.studies.sweep import FIX_CATEGORIES, TOTAL_PAIRS, Summary
from canon.studies.words import PLAIN, TRANSPOSING, word_tables

#: Satz 2.2: number of H*-classes of normalised block-diagonal pre-sudokus.
K_STAR: Final = 237_083
#: Table 2.3, column f(m): classes of size m.
CLASS_SIZES: Final = {
    1: 1, 3: 1, 4: 2, 6: 2, 12: 8, 24: 4, 27: 2, 36: 14, 54: 19, 72: 46, 108: 118, 144: 44, 216: 3_356, 432: 233_466,
}
#: Table 2.3, column f_e(m): the 170 classes (e, v).
CLASS_SIZES_E: Final = {1: 1, 3: 1, 6: 1, 12: 2, 27: 2, 36: 4, 54: 9, 72: 2, 108: 24, 216: 124}
#: Section 2.3: TPFUV has 119 u-sections; (e, e) is the only representative (u, u).
FIRST_WORDS: Final = 119
SELF_PAIRS: Final = 1
#: (2.12).
N0: Final = 14_184_585_201_152
#: Section 2.4: #X = 9! 6^4 N_0, the number of all Sudoku grids.
GRIDS: Final = 6_670_903_752_021_072_936_960
#: Table 2.4 h: h_k = number of values n taken by exactly k representatives.
VALUE_MULTIPLICITIES: Final = {
    1: 17_084, 2: 11_078, 3: 9_450, 4: 8_249, 5: 6_851, 6: 5_269, 7: 3_590, 8: 2_288,
    9: 1_387, 10: 762, 11: 351, 12: 158, 13: 59, 14: 22, 15: 13, 16: 4,
}
#: Section 2.4: distinct N values, mean and median of the 237,083 N(u, v).
DISTINCT_VALUES: Final = 66_615
MEAN: Final = 139_707
MEDIAN: Final = 137_451
#: Section 2.4: the two largest and the two smallest N(u, v) with their pairs.
EXTREMES: Final = (
    (95_514, "74563120", "56240371"),
    (96_841, "74563120", "43052671"),
    (278_740, "76543210", "15320764"),
    (283_576, "76543210", "76543210"),
)
#: Table 2.4 a: a_k = #{(u, v) : 1000 k - 500 <= N(u, v) < 1000 k + 500}, k = 96 ... 284.
BINS_FROM: Final = 96
BINS: Final = (
    1, 1, 1, 4,
    10, 14, 20, 28, 68, 74, 160, 241, 317, 474,
    608, 811, 1186, 1444, 1794, 2151, 2647, 3088, 3492, 3916,
    4280, 4626, 4740, 5080, 5196, 5259, 5328, 5343, 5370, 5521,
    5543, 5633, 5702, 5700, 5693, 5652, 5843, 5782, 5779, 5872,
    5718, 5612, 5519, 5229, 5055, 4754, 4471, 4148, 3927, 3673,
    3270, 3087, 3088, 2916, 2613, 2655, 2672, 2595, 2527, 2347,
    2522, 2331, 2255, 2183, 1912, 1745, 1550, 1304, 1175, 992,
    816, 693, 697, 595, 546, 588, 494, 496, 439, 495,
    479, 563, 586, 595, 505, 492, 447, 285, 294, 215,
    154, 101, 104, 82, 75, 67, 71, 65, 61, 60,
    68, 67, 53, 40, 64, 137, 176, 142, 115, 76,
    91, 92, 44, 14, 12, 20, 18, 9, 9, 2,
    1, 7, 11, 4, 6, 6, 3, 5, 9, 6,
    8, 6, 40, 66, 62, 21, 4, 0, 0, 1,
    0, 0, 0, 2, 1, 0, 0, 0, 1, 0,
    0, 0, 1, 0, 0, 0, 1, 0, 3, 3,
    4, 15, 9, 10, 6, 8, 1, 1, 0, 1,
    0, 1, 1, 0, 0, 0, 0, 0, 0, 1,
    0, 0, 0, 0, 1,
)
#: (4.8) and section 4.4.
N_F: Final = 1_161_284
FIX_GRIDS: Final = 546_143_132_344_320
FIX_PAIRS: Final = 405
#: Section 4.4: how many representatives have N_f = 64, 26, 17, 16, 8.
FIX_PAIR_COUNTS: Final = {64: 1, 26: 1, 17: 1, 16: 19, 8: 383}
#: Section 4.4: m(u, v) of the 383 pairs with N_f = 8 (sum 139,932).
FIX8_SIZES: Final = {432: 275, 216: 92, 72: 11, 36: 2, 144: 2, 108: 1}
#: (4.9): fix-sudokus among the completions of the representatives, by type; 4 superfixes.
TYPES: Final = {"R": 1452, "S": 1980, "RS": 36, "RSS": 3, "superfix": 4}
#: Section 4.4: of the representatives' completions, 11,989 pass the whole mod-3 criterion.
MOD3: Final = 11_989
#: Section 4.4: FCNT fully examined h = 2,375,835 grids (after its early cut-offs).
EXAMINED: Final = 2_375_835
MIXED_ORDER: Final = 362_880 * 6**4


@dataclass(frozen=True)
class Line:
    """One figure: label, the paper's value, ours, and whether they agree (None: not comparable)."""

    label: str
    paper: object
    ours: object
    agrees: bool | None


def _fmt(counter: dict[int, int] | Counter[int]) -> str:
    return " ".join(f"{k}:{v}" for k, v in sorted(counter.items()))


def bins(values: Counter[int]) -> tuple[int, ...]:
    """Table 2.4 a from the N values: counts per 1000-wide bin centred at 1000 k, k = 96 ... 284."""
    out = [0] * len(BINS)
    for n, count in values.items():
        k = (n + 500) // 1000 - BINS_FROM
        if 0 <= k < len(out):
            out[k] += count
    return tuple(out)


def weighted_types(fix_pairs: list[tuple[str, str, int, int, dict[str, int]]]) -> Counter[str]:
    """Fix-sudokus of each type among all (e, u, v)-normalised grids (summing to N_f).

    N_f(w, y) is constant on a class, but the split into [R] and [S] is not:
    the transposition in H* swaps the two types.  So each pair of the class
    is counted with the representative's types if an element without t
    reaches it, and with R and S exchanged otherwise.  (If both kinds reach
    a pair, P(u, v) has a transposing symmetry and its R and S counts agree.)
    """
    tables = word_tables()
    totals: Counter[str] = Counter()
    for u, v, m, _, types in fix_pairs:
        w, y = (int(i) for i in tables.index(np.array([parse_word(u), parse_word(v)])))
        plain = set(tables.orbit_codes(w, np.array([y]), PLAIN)[:, 0].tolist())
        transposed = set(tables.orbit_codes(w, np.array([y]), TRANSPOSING)[:, 0].tolist()) - plain
        if len(plain) + len(transposed) != m:
            raise AssertionError(f"class ({u}, {v}): halves do not add up to m")
        for name, count in types.items():
            mirror = {"R": "S", "S": "R"}.get(name, name)
            totals[name] += len(plain) * count
            totals[mirror] += len(transposed) * count
    return totals


def lines(summary: Summary) -> list[Line]:
    """Every global figure; on a partial sweep only the sums so far (nothing to compare)."""
    full = summary.complete

    def line(label: str, paper: object, ours: object) -> Line:
        return Line(label, paper, ours, (paper == ours) if full else None)

    values = summary.n_values
    every = sorted(values.elements()) if values else []
    multiplicities = Counter(values.values())
    fix_counts = Counter(n_f for _, _, _, n_f, _ in summary.fix_pairs)
    fix8 = Counter(m for _, _, m, n_f, _ in summary.fix_pairs if n_f == 8)
    extremes = summary.extremes[:2] + summary.extremes[-2:] if len(summary.extremes) >= 4 else summary.extremes
    types = {name: summary.types.get(name, 0) for name in FIX_CATEGORIES}
    out = [
        line("normalised pairs covered (10080^2)", TOTAL_PAIRS, summary.pairs),
        line("k* classes (Satz 2.2)", K_STAR, summary.classes),
        line("class sizes m:f(m) (Table 2.3)", _fmt(CLASS_SIZES), _fmt(summary.sizes)),
        line("classes (e, v), m:f_e(m) (Table 2.3)", _fmt(CLASS_SIZES_E), _fmt(summary.sizes_e)),
        line("u-sections of TPFUV (2.3)", FIRST_WORDS, summary.first_words),
        line("representatives (u, u) (Table 2.3)", SELF_PAIRS, summary.self_pairs),
        line("N_0 = sum m N (2.12)", N0, summary.n0),
        line("#X = 9! 6^4 N_0 (2.4)", GRIDS, MIXED_ORDER * summary.n0),
        line("distinct N values (Table 2.4 h)", DISTINCT_VALUES, len(values)),
        line("h_k (Table 2.4 h)", _fmt(VALUE_MULTIPLICITIES), _fmt(multiplicities)),
        line("a_k, k = 96..284 (Table 2.4 a)", BINS, bins(values)),
        line("mean N, whole part (2.4: about 139,707)", MEAN, int(sum(every) / len(every)) if every else None),
        line("median N (2.4)", MEDIAN, round(median(every)) if every else None),
        line("two smallest, two largest N (2.4)", EXTREMES, tuple(extremes)),
        line("N_f = sum m N_f (4.8)", N_F, summary.n_f),
        line("#X_f = 9! 6^4 N_f (4.4)", FIX_GRIDS, MIXED_ORDER * summary.n_f),
        line("pairs with fix-sudokus (4.4)", FIX_PAIRS, len(summary.fix_pairs)),
        line("N_f:pairs (4.4)", _fmt(FIX_PAIR_COUNTS), _fmt(fix_counts)),
        line("m of the N_f = 8 pairs (4.4)", _fmt(FIX8_SIZES), _fmt(fix8)),
        line("types per representative (4.9)", TYPES, types),
        line("passing the whole mod-3 criterion (4.4)", MOD3, summary.mod3),
        Line("examined after cut-offs (4.4; ours: vertical mod-3)", EXAMINED, summary.vertical_mod3, None),
        Line("types among all normalised fix-sudokus (sum = N_f)", "[R] = [S] (4.4)", dict(weighted_types(summary.fix_pairs)), None),
    ]
    return out
