"""Our points and levels beside the scales people quote: Sudoku Explainer's ER/EP/ED and HoDoKu's.

    python bench/scales.py [--peer peer_ratings.csv] [--option 2001] [--jobs 1]
                           [--records FILE | --save-records FILE] [--output docs/scales.md]

``peer_ratings.csv`` (the shared data, ``SOURCES.md``) holds, for 1000
puzzles, the ratings two other programs gave them: Sudoku Explainer's ER, EP
and ED and HoDoKu's level and score.  The script rates the same puzzles with
the rater's API (``rater.rate_many``, a worker pool of ``--jobs`` processes)
or reads the records of an earlier run (``--records``: jsonl or csv as
``rate --file`` writes them, or as ``--save-records`` saved them), then
writes docs/scales.md: cross-tables of our levels against ER ranges and
HoDoKu's levels, and the rank agreement (Spearman's rho) of our points and
norms with ER and HoDoKu's score, overall and per source file.

The other programs' numbers are placed beside ours to be read, never to be
matched: no rule of ours is tuned to them.  The statistics (:func:`ranks`,
:func:`spearman`, :func:`cross_table`) are plain Python, small enough to be
checked by hand on a tiny table.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import DATA  # noqa: E402

#: Sudoku Explainer's ER in bands named by the steps whose ratings fall in them (SE's step values:
#: singles up to 2.3, intersections 2.6-2.8, subsets and basic fish 3.0-4.0, XY/XYZ-wings 4.2-4.4,
#: uniqueness, large subsets and fish, BUG, aligned pairs 4.5-6.4, chains 6.5-8.x, nested chains 9+).
ER_BANDS: Final = (
    (2.4, "1.0-2.3 singles"),
    (4.45, "2.5-4.4 intersections, subsets, wings"),
    (6.45, "4.5-6.4 uniqueness, large fish, BUG"),
    (8.95, "6.5-8.9 chains, forcing chains"),
    (math.inf, "9.0+ nested forcing chains"),
)
#: HoDoKu's levels, easiest first.
HODOKU_LEVELS: Final = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
#: Our measures compared, as record fields and their names in the tables.
MEASURES: Final = (("points", "points (sum)"), ("norm2", "Euclidean norm"), ("max", "maximum norm"))
#: The peer scales compared, as columns of peer_ratings.csv and their names in the tables.
SCALES: Final = (("se_er", "SE ER"), ("hodoku_score", "HoDoKu score"))


# --- the statistics ---------------------------------------------------------------------


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks of ``values``, ties sharing the mean of the ranks they span (as Spearman's rho needs)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def pearson(x: Sequence[float], y: Sequence[float]) -> float:
    """The correlation coefficient of two equally long sequences; nan when either is constant or too short."""
    n = len(x)
    if n < 2 or n != len(y):
        return math.nan
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else math.nan


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's on the tie-averaged ranks (exact with ties)."""
    return pearson(ranks(x), ranks(y))


def cross_table(pairs: Iterable[tuple[str, str]]) -> Counter[tuple[str, str]]:
    """How often each (row, column) pair occurs."""
    return Counter(pairs)


def er_band(er: float) -> str:
    """The ER band (:data:`ER_BANDS`) of an ER value."""
    return next(name for bound, name in ER_BANDS if er < bound)


# --- the data -------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One puzzle: the peers' ratings and our record."""

    puzzle: str
    source: str
    peer: dict[str, Any]
    ours: dict[str, Any]


def read_peer(path: Path) -> list[dict[str, Any]]:
    """The rows of peer_ratings.csv, numbers as floats."""
    with path.open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    for row in rows:
        for name in ("se_er", "se_ep", "se_ed", "hodoku_score"):
            row[name] = float(row[name])
    return rows


def read_records(path: Path) -> dict[str, dict[str, Any]]:
    """Records by puzzle, from a jsonl or csv file of ``rate --file`` (or ``--save-records``)."""
    with path.open(encoding="utf-8", newline="") as stream:
        if path.suffix == ".csv":
            records = list(csv.DictReader(stream))
        else:
            records = [json.loads(line) for line in stream if line.strip()]
    return {record["puzzle"]: record for record in records}


def rate_records(puzzles: Sequence[str], option: str, jobs: int) -> dict[str, dict[str, Any]]:
    """Our records of ``puzzles`` under ``option``, rated with ``jobs`` worker processes."""
    from rater.api import rate_many

    return {rating.puzzle: rating.to_record() for rating in rate_many(puzzles, jobs, option=option)}


def joined(peer: list[dict[str, Any]], ours: dict[str, dict[str, Any]]) -> list[Row]:
    """The puzzles both rated, our figures as floats; a puzzle without a record of ours is an error."""
    missing = [row["puzzle"] for row in peer if row["puzzle"] not in ours]
    if missing:
        raise SystemExit(f"scales: no record of ours for {len(missing)} puzzles, e.g. {missing[0]}")
    rows = []
    for row in peer:
        record = dict(ours[row["puzzle"]])
        for name, _label in MEASURES:
            record[name] = float(record[name]) if record[name] not in (None, "") else math.nan
        rows.append(Row(row["puzzle"], row["source_file"], row, record))
    return rows


# --- the report -----------------------------------------------------------------------


def markdown_table(header: Sequence[str], body: Iterable[Sequence[object]]) -> list[str]:
    """A markdown table, first column left-aligned, the others right-aligned."""
    lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in body]
    return lines


def cross_section(rows: Sequence[Row], columns: Sequence[str], column_of: Any, levels: Sequence[tuple[str, str]]) -> list[str]:
    """Our levels (rows: ``levels`` as (key, name), easiest first) against ``columns``, with totals."""
    table = cross_table((row.ours.get("level") or "-", column_of(row)) for row in rows)
    named = [*levels, *((key, key) for key in sorted({k for k, _c in table} - {k for k, _n in levels}))]
    shown = [(key, name) for key, name in named if any(table[key, c] for c in columns)]
    body = [[name, *(table[key, c] or "" for c in columns), sum(table[key, c] for c in columns)]
            for key, name in shown]
    body.append(["**all**", *(sum(table[key, c] for key, _n in shown) for c in columns), len(rows)])
    return markdown_table(["our level", *columns, "all"], body)


def agreement(rows: Sequence[Row]) -> dict[tuple[str, str], float]:
    """Spearman's rho of each of our measures with each peer scale, over the ``rows`` we rated."""
    rated = [row for row in rows if not math.isnan(row.ours["points"])]
    return {(m, s): spearman([r.ours[m] for r in rated], [r.peer[s] for r in rated])
            for m, _label in MEASURES for s, _name in SCALES}


def agreement_table(parts: Sequence[tuple[str, Sequence[Row]]]) -> list[str]:
    """One row per part of the puzzles: its size and every rho of :func:`agreement`."""
    header = ["puzzles", "n", *(f"{label} ~ {name}" for s, name in SCALES for _m, label in MEASURES)]
    body = []
    for title, part in parts:
        rho = agreement(part)
        body.append([title, len(part), *(f"{rho[m, s]:.3f}" for s, _name in SCALES for m, _label in MEASURES)])
    return markdown_table(header, body)


def closest(rows: Sequence[Row]) -> str:
    """A sentence naming, for each peer scale, the measure of ours whose order of the puzzles is most like it."""
    rho = agreement(rows)
    labels = dict(MEASURES)
    parts = []
    for s, name in SCALES:
        best = max((m for m, _label in MEASURES), key=lambda m: rho[m, s])
        parts.append(f"{name}'s order is closest to that of our {labels[best]} ({rho[best, s]:.3f})")
    return "Over all puzzles, " + ", and ".join(parts) + "."


def report(rows: Sequence[Row], option: str, levels: Sequence[tuple[str, str]]) -> str:
    """docs/scales.md."""
    sources = sorted({row.source for row in rows})
    statuses = Counter(row.ours.get("status") for row in rows)
    lines = [
        "# Our ratings beside Sudoku Explainer's and HoDoKu's",
        "",
        "<!-- Generated by `python bench/scales.py` from the shared data's peer_ratings.csv; do not edit. -->",
        "",
        f"{len(rows)} puzzles of the shared data's `peer_ratings.csv` ({', '.join(f'{n} from `{s}`' for s, n in sorted(Counter(r.source for r in rows).items()))}), "
        "each rated by Sudoku Explainer (serate 1.2.1.3: ER, EP, ED) and HoDoKu 2.2.4 (level, score) with "
        f"their default settings, and here with option {option} "
        f"({', '.join(f'{n} {s}' for s, n in statuses.most_common())}).",
        "",
        "These are other programs' numbers, placed beside ours to be read: they are not targets, and no rule",
        "of this rater is tuned to agree with them. Where the scales disagree, they measure different things",
        "(below); neither is the error of the other.",
        "",
        "## What each scale measures",
        "",
        "- **Sudoku Explainer's ER** (the rating forums quote): the hardest single step SE needs, on SE's own",
        "  step scale (hidden single 1.2-1.5, naked single 2.3, pointing 2.6, X-wing 3.2, XY-wing 4.2, chains",
        "  6.5 and up, nested forcing chains 9 and up). SE always takes the easiest step available, so ER is",
        "  the peak of the path, not its length: two puzzles with the same hardest step get the same ER.",
        "- **EP** is the same measure for the first placement (the hardest step before the first digit can be",
        "  placed), **ED** for the first elimination; both are low for most puzzles.",
        "- **HoDoKu's score** is a sum: every step of HoDoKu's solution adds its technique's score, so it",
        "  grows with both the hardness and the number of hard steps. **HoDoKu's level** is the level of the",
        "  hardest technique used (Easy, Medium, Hard, Unfair, Extreme).",
        "- **Ours** are Giese's points: each step scores points by its technique and size (docs/decisions.md),",
        "  and the **points** are their sum, like HoDoKu's score. The **Euclidean norm** (root of the sum of",
        "  squares) weights hard steps more than many easy ones; the **maximum norm** is the single hardest",
        "  step, the measure closest in kind to ER. The level grades the sum (rater/levels.yaml).",
        "",
        "## Our levels against ER ranges",
        "",
        "ER ranges by the steps whose SE ratings fall in them.",
        "",
        *cross_section(rows, [name for _b, name in ER_BANDS], lambda row: er_band(row.peer["se_er"]), levels),
        "",
        "## Our levels against HoDoKu's levels",
        "",
        *cross_section(rows, HODOKU_LEVELS, lambda row: row.peer["hodoku_level"], levels),
        "",
        "## Rank agreement",
        "",
        "Spearman's rho (ties get their mean rank) of each of our measures with ER and with HoDoKu's score,",
        "over the puzzles we rated: 1 is the same order, 0 none.",
        "",
        *agreement_table([("all", rows), *((f"`{source}`", [row for row in rows if row.source == source])
                                           for source in sources)]),
        "",
        closest(rows),
        "",
        "## Regenerating",
        "",
        "```",
        "nice python bench/scales.py --jobs 1 --save-records /tmp/scales.jsonl --output docs/scales.md",
        "python bench/scales.py --records /tmp/scales.jsonl --output docs/scales.md   # no rating",
        "```",
        "",
        "`SUDOKU_DATA` names the shared data folder when it is not next to the repository.",
    ]
    return "\n".join(lines) + "\n"


def our_levels() -> list[tuple[str, str]]:
    """Our levels as (key, English name), easiest first."""
    from rater.levels import level_name, load_levels

    return [(level.key, level_name(level.names, "en")) for level in load_levels().levels()]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--peer", type=Path, default=DATA / "peer_ratings.csv", help="the peers' ratings (csv)")
    ap.add_argument("--option", default="2001", help="our option code")
    ap.add_argument("--jobs", type=int, default=1, help="rating worker processes")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--records", type=Path, default=None, help="read our records from this file, rate nothing")
    group.add_argument("--save-records", type=Path, default=None, help="also write our records (jsonl) here")
    ap.add_argument("--output", type=Path, default=None, help="write the markdown here (default: stdout)")
    args = ap.parse_args(argv)
    peer = read_peer(args.peer)
    if args.records is not None:
        ours = read_records(args.records)
    else:
        ours = rate_records([row["puzzle"] for row in peer], args.option, args.jobs)
        if args.save_records is not None:
            args.save_records.write_text("".join(json.dumps(r) + "\n" for r in ours.values()), encoding="utf-8")
    text = report(joined(peer, ours), args.option, our_levels())
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
