"""Rate the variant examples 82-85 under readings of how the original treats the extra units.

    python bench/variant_readings.py                       # every reading alone, options 2001 and 2000
    python bench/variant_readings.py --readings direct-standard+thinning-standard --options 2001,0002
    python bench/variant_readings.py --readings as-is --copies 20   # spread over symmetric copies
    python bench/variant_readings.py --steps 83c --readings direct-standard+thinning-standard

The seed states the original's totals of four variant ratings (examples 82-85
of tests/data/examples.csv) but not how its methods use the diagonals or
colour groups.  This script measures candidate readings side by side; it
changes nothing in the rater.  A reading is a ``+``-joined list of:

- ``as-is``: the rater as it is (every method uses the variant's units).
- ``direct-standard``: the direct methods A-D work on a standard board of the
  placed digits (rows, columns and boxes only: no extra-unit singles, no
  exclusions along an extra unit, visible numbers out of 20 peers).  The
  candidates written (PM) and everything after them keep the variant's rules.
- ``direct-box``: only the box methods A3/C3/D3 leave out the extra units.
- ``thinning-standard``: every thinning method works on rows, columns and
  boxes only (the candidates and singles keep the variant's rules).
- ``extra-as-line``: a single in an extra unit is found and scored by the
  row methods (A1, C1, D1, E1, the line bands) instead of the box methods.
- ``colour-column-major``: the colour groups are scanned in the order of their
  place in a box counted down the columns (the same groups, another order).
- ``visible-standard``: the naked singles B0 and F0 count the visible numbers
  and open cells among the 20 standard peers (F0's "last possibility" too
  looks at rows, columns and boxes only).
- ``uniqueness-on``: the uniqueness-based methods (UR, UL, D8) stay on, as
  on a standard Sudoku; their steps may be unsound in a variant (see below).
- ``bowman-standard``: Bowman's Bingo follows its singles on rows, columns and
  boxes only (a contradiction there is one in the variant too).
- ``singles-standard``: E3 leaves out the extra units (no hidden single in a
  diagonal or colour group once candidates are written).

Every reading but ``uniqueness-on`` is sound: it only leaves out deductions,
and a deduction on the standard units holds in the variant.  Every step is
checked against the variant's solution all the same (``unsound`` in the table
if one contradicts it).  Trial & error is no reading: on the standard units it would complete the grid to a standard solution, not the
variant's.  Each reading is rated in its own process, because the techniques
keep per-rules tables.  Besides examples 82-85
the script rates the two strings of the pair 82/83 under the other rules
(``82c``: 82's string as colour Sudoku, ``83d``: 83's as diagonal), since
the seed lists them as one example of a puzzle rated in both kinds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.variant_readings import READINGS, _fresh, cases, rate_reading, step_summary  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--readings", default=",".join(READINGS),
                    help="comma list of readings, each a +-joined list of " + ", ".join(READINGS))
    ap.add_argument("--options", default="2001,2000", help="comma-separated option codes")
    ap.add_argument("--disable", default="", help="comma list of technique codes to switch off (as rate --disable)")
    ap.add_argument("--copies", type=int, default=0,
                    help="also rate this many random symmetric copies of each string: min-median-max")
    ap.add_argument("--seed", type=int, default=1, help="seed of the copies")
    ap.add_argument("--steps", metavar="CASE", help="per-code summary of one case (82d, 83c, 84d, 85c, 82c, 83d)")
    args = ap.parse_args()
    readings = args.readings.split(",")
    disabled = [c for c in args.disable.split(",") if c]
    for reading in readings:
        unknown = set(reading.split("+")) - set(READINGS)
        if unknown:
            ap.error(f"unknown reading {', '.join(sorted(unknown))}")
    if args.steps:
        for reading in readings:
            for option in args.options.split(","):
                print(_fresh(step_summary, reading, option, disabled, args.steps))
        return
    names = [c[0] for c in cases()]
    stated = [c[3] for c in cases()]
    if disabled:
        print(f"switched off: {', '.join(disabled)}")
    print("| reading | option | " + " | ".join(names) + " |")
    print("|---|---|" + "---:|" * len(names))
    print("| stated | | " + " | ".join(f"{s:g}" if s else "-" for s in stated) + " |")
    for reading in readings:
        result = _fresh(rate_reading, reading, args.options.split(","), disabled, args.copies, args.seed)
        assert isinstance(result, list)
        for option, cells in result:
            print(f"| {reading} | {option} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
