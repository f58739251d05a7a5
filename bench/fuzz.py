"""A seeded random fuzzer for the command-line tools: no traceback, documented exit codes, one-line errors.

    python bench/fuzz.py [--cases 3000] [--bulk 60] [--outputs 60] [--seed 1]

Single-puzzle cases (``rate PUZZLE`` with random options, ``canon`` commands,
technique files mutated from the packaged one) run in-process through
click's CliRunner; bulk cases (``rate --file`` over random files, with random
formats and templates) run as subprocesses, because the bulk rater starts
worker processes.  Printed: cases run, tracebacks, wrong exit codes,
multi-line errors, and for bulk the records lost (records read from the input
against records written).  Output cases run every command that writes
(``rate --file --output``, ``--html``/``--svg``, ``generate --output``,
``canon dedup --output``, ``canon enumerate --output``) as a subprocess, its
output aimed at the input by name, link or ``>>``, at a file another run
holds, at names no file system takes, at directories and devices, over
inputs with Unix, Windows and old Mac line ends: counted are the inputs (and
locked outputs) changed and the records lost.  The generators live in ``tests/fuzzing.py``;
``tests/test_fuzz.py`` runs them on a few hundred cases.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.fuzzing import (  # noqa: E402
    BULK_CODES,
    OUTPUT_CODES,
    Outcome,
    codes_for,
    run_bulk,
    run_output_case,
    run_single,
    single_cases,
)


def expected_codes(outcome: Outcome) -> frozenset[int]:
    """The exit codes the case's command documents."""
    if outcome.case.kind == "bulk":
        return BULK_CODES
    return OUTPUT_CODES.get(outcome.case.kind) or codes_for(outcome.case)


def report(outcomes: Sequence[Outcome], label: str) -> int:
    """Print the figures of one group of cases; the number of cases with a problem."""
    problems: Counter[str] = Counter()
    examples: dict[str, Outcome] = {}
    for outcome in outcomes:
        for problem in outcome.problems(expected_codes(outcome)):
            problems[problem] += 1
            examples.setdefault(problem, outcome)
    codes = Counter(o.code for o in outcomes)
    print(f"{label}: {len(outcomes)} cases, exit codes {dict(sorted(codes.items()))}")
    slowest = max(outcomes, key=lambda o: o.seconds, default=None)
    if slowest is not None:
        print(f"  slowest case {slowest.seconds:.1f} s: {json.dumps(slowest.case.args, ensure_ascii=True)[:160]}")
    for name in ("traceback", "exit code", "stderr lines"):
        print(f"  {name + ':':14s} {problems[name]}")
    for name, outcome in examples.items():
        detail = outcome.traceback.strip().splitlines()[-1:] if outcome.traceback else list(outcome.stderr_lines[:3])
        print(f"  first {name}: args {json.dumps(outcome.case.args, ensure_ascii=True)[:200]} -> {outcome.code} {detail}")
    return sum(1 for o in outcomes if o.problems(expected_codes(o)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=int, default=3000, help="single-puzzle, canon and technique-file cases")
    ap.add_argument("--bulk", type=int, default=60, help="bulk runs (subprocesses)")
    ap.add_argument("--outputs", type=int, default=60, help="writing commands on hostile outputs (subprocesses)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        directory = Path(tmp)
        outcomes = [run_single(case, directory) for case in single_cases(rng, args.cases)]
        single_seconds = time.perf_counter() - began
        bad = report([o for o in outcomes if o.case.kind == "rate" and "--techniques" not in o.case.args],
                     "rate PUZZLE")
        bad += report([o for o in outcomes if "--techniques" in o.case.args], "rate --techniques FILE")
        bad += report([o for o in outcomes if o.case.kind == "canon"], "canon")
        print(f"  ({single_seconds:.1f} s)")
        bulk = [run_bulk(rng, directory) for _ in range(args.bulk)]
        outputs = [run_output_case(rng, directory) for _ in range(args.outputs)]
    bad += report([b[0] for b in bulk], "rate --file")
    # Records are counted on runs that finished (exit 0 or 4), whatever the input's encoding (a
    # non-UTF-8 line is an error record); a run refused with exit 2 (a bad template, say) writes
    # nothing by design.
    finished = [(e, w) for o, e, w in bulk if o.code in (0, 4)]
    lost = [(e, w) for e, w in finished if e != w]
    print(f"  finished runs: {len(finished)}, records read {sum(e for e, _ in finished)}, "
          f"written {sum(w for _, w in finished)}, runs losing records: {len(lost)} {lost[:5]}")
    bad += report([o.outcome for o in outputs], "outputs")
    kinds = Counter(o.outcome.case.args[0] for o in outputs)
    destroyed = [o.outcome.case.args for o in outputs if o.destroyed]
    dropped = [o.outcome.case.args for o in outputs if o.lost]
    print(f"  output kinds {dict(sorted(kinds.items()))}")
    print(f"  inputs or locked outputs changed: {len(destroyed)} {destroyed[:3]}")
    print(f"  runs losing records: {len(dropped)} {dropped[:3]}")
    print(f"total {time.perf_counter() - began:.1f} s, cases with a problem: {bad}")
    sys.exit(1 if bad or lost or destroyed or dropped else 0)


if __name__ == "__main__":
    main()
