"""Our points beside the original's for every example of examples.csv with points.

    python bench/fidelity.py [--write docs/fidelity.md]

For each example: the option (stated, inferred, or 2001 when the seed names
none), the stated and our points, the ratio, our thinning steps, and the
technique that decided (the most expensive step).  Prints the share within
±10 % and ±25 %; with --write, also the markdown table for docs/fidelity.md.
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import EXAMPLES  # noqa: E402
from rater.engine import Engine  # noqa: E402


def option_of(text: str) -> str:
    digits = text.strip()[:4]
    return digits if digits.isdigit() and len(digits) == 4 else "2001"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", default=None, help="markdown file to write the table to")
    args = ap.parse_args()
    with EXAMPLES.open(newline="") as fh:
        rows = [r for r in csv.DictReader(fh) if r["points"] and r["variant"] == "std"]
    engines: dict[str, Engine] = {}
    table = []
    within10 = within25 = 0
    for r in rows:
        opt = option_of(r["option"])
        engine = engines.setdefault(opt, Engine(opt))
        rating = engine.rate(r["puzzle"])
        stated = float(r["points"])
        ours = rating.points
        ratio = ours / stated if stated else 0.0
        within10 += abs(ratio - 1) <= 0.10
        within25 += abs(ratio - 1) <= 0.25
        solving = [s for s in rating.steps if s.code != "PM"]
        decider = max(solving, key=lambda s: s.points).code if solving else "-"
        table.append((r["id"], opt + ("" if r["option"].startswith(opt) else "*"), r["points"], f"{ours:g}",
                       f"{ratio:.2f}", str(rating.thinning_steps), r["thinning_steps"] or "-", decider,
                       r["solved_with"], rating.status))
    header = ("id", "option", "stated", "ours", "ratio", "thinning (ours)", "thinning (stated)",
              "deciding step (ours)", "stated method", "status")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in table]
    summary = (f"{len(rows)} examples with points: {within10} within ±10 % ({within10 / len(rows):.0%}), "
               f"{within25} within ±25 % ({within25 / len(rows):.0%}).  * = option not stated, 2001 used.")
    print("\n".join(lines))
    print(summary)
    if args.write:
        write_table(Path(args.write), "\n".join(lines) + "\n\n" + summary)


BEGIN, END = "<!-- fidelity-table:begin -->", "<!-- fidelity-table:end -->"


def write_table(path: Path, table: str) -> None:
    """Replace the generated table between the markers, keeping the hand-written notes."""
    block = f"{BEGIN}\n{table}\n{END}"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Fidelity\n\n" + block + "\n"
    if BEGIN in text and END in text:
        text = text[: text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    path.write_text(text, encoding="utf-8")

if __name__ == "__main__":
    main()
