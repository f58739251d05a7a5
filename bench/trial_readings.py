"""Reading (f) of docs/fidelity.md: what follows a guess in trial & error, and where the search stops.

    python3 bench/trial_readings.py [--top1465 N] [--hardest N] [--bingo] [--jobs N]

The engine's trial & error states (Bowman's Bingo off, or on with ``--bingo``)
are recorded once per puzzle, then searched again under every reading: naked
and hidden singles after a guess (the engine), naked singles only (method E),
hidden singles only (method F); the guess in the first cell with the fewest
candidates (the engine) or the first empty cell; stop at the first solution
(the engine) or search the whole tree.  Printed: the deepest level for the
seed's examples 11, 12, 53 and 54, and per collection the mean depth, the
share in 3-13 and the mean level of the solution (the seed: about 8-9, about
90 %, about 6).  The search here is a plain one on candidate lists, slow but
independent of the engine's bit-parallel search; its "both / fewest / first
solution" row must equal the engine's depths.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import load  # noqa: E402
from bench.fidelity import load_rows  # noqa: E402
from puzzles.geometry import PEERS, UNITS  # noqa: E402
from rater.run.engine import Engine, default_catalogue  # noqa: E402
from techniques.base import Context  # noqa: E402
from techniques.board import Board  # noqa: E402
from techniques.step import Step  # noqa: E402
from techniques.trial import TrialAndError  # noqa: E402

State = tuple[list[int], list[int]]  # digits, candidate masks
READINGS = [(singles, cell, whole) for whole in (False, True) for singles in ("both", "naked", "hidden")
            for cell in ("fewest", "first") if not whole or singles == "both"]

_RECORDED: list[State] = []
_ENGINE_FIND = TrialAndError.find


def _recording_find(self: TrialAndError, board: Board, ctx: Context) -> Iterator[Step]:
    _RECORDED.append((list(board.values), list(board.cands)))
    yield from _ENGINE_FIND(self, board, ctx)


def states(job: tuple[str, bool]) -> list[State]:
    """The states where the engine starts trial & error on one puzzle."""
    puzzle, bingo = job
    _RECORDED.clear()
    TrialAndError.find = _recording_find  # type: ignore[method-assign]
    try:
        Engine("2001", default_catalogue() if bingo else default_catalogue().without(["BB"])).rate(puzzle)
    finally:
        TrialAndError.find = _ENGINE_FIND  # type: ignore[method-assign]
    return list(_RECORDED)


def place(values: list[int], cands: list[int], cell: int, digit: int) -> None:
    values[cell], cands[cell] = digit, 0
    keep = ~(1 << (digit - 1))
    for p in PEERS[cell]:
        cands[p] &= keep


def propagate_singles(values: list[int], cands: list[int], singles: str) -> bool:
    """Place the reading's singles until none is left; False on a contradiction."""
    while True:
        if any(not values[c] and not cands[c] for c in range(81)):
            return False
        if singles != "hidden":
            cell = next((c for c in range(81) if not values[c] and cands[c] & (cands[c] - 1) == 0), None)
            if cell is not None:
                place(values, cands, cell, cands[cell].bit_length())
                continue
        if singles != "naked":
            found = False
            for unit in UNITS:
                for d in range(1, 10):
                    if any(values[c] == d for c in unit):
                        continue
                    where = [c for c in unit if cands[c] >> (d - 1) & 1]
                    if not where:
                        return False
                    if len(where) == 1:
                        place(values, cands, where[0], d)
                        found = True
                        break
                if found:
                    break
            if found:
                continue
        return all(len({values[c] for c in unit if values[c]}) == sum(1 for c in unit if values[c])
                   for unit in UNITS)


Chooser = Callable[[list[int], list[int]], int]
#: the cell a guess is made in, from the candidates and the open cells
CELL_RULES: dict[str, Chooser] = {
    "fewest": lambda cands, cells: min(cells, key=lambda c: cands[c].bit_count()),
    "first": lambda cands, cells: cells[0],
}


def search(state: State, singles: str, choose: Chooser, whole: bool) -> tuple[int, int]:
    """(deepest level, level of the first solution) under one reading."""
    deepest = 0

    def solve(values: list[int], cands: list[int], depth: int) -> int | None:
        nonlocal deepest
        if not propagate_singles(values, cands, singles):
            return None
        open_cells = [c for c in range(81) if not values[c]]
        if not open_cells:
            return depth
        cell = choose(cands, open_cells)
        first: int | None = None
        for d in range(1, 10):
            if cands[cell] >> (d - 1) & 1:
                deepest = max(deepest, depth + 1)
                values2, cands2 = values[:], cands[:]
                place(values2, cands2, cell, d)
                found = solve(values2, cands2, depth + 1)
                if found is not None and first is None:
                    first = found
                    if not whole:
                        return first
        return first

    solution = solve(state[0][:], state[1][:], 0)
    return deepest, solution or 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top1465", type=int, default=150)
    ap.add_argument("--hardest", type=int, default=100)
    ap.add_argument("--bingo", action="store_true", help="record the states with Bowman's Bingo on")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    stated = {"11": "10", "12": "≈8", "53": "≈14", "54": "≈20"}
    examples = {r["id"]: states((r["puzzle"], args.bingo)) for r in load_rows() if r["id"] in stated}
    samples = {}
    for name, count in (("forum_hardest_1106.txt", args.hardest), ("top1465.txt", args.top1465)):
        lines = load(name)
        puzzles = lines[:: max(1, len(lines) // count)][:count] if count else []
        with ProcessPoolExecutor(args.jobs) as pool:
            samples[name] = [s for ss in pool.map(states, [(p, args.bingo) for p in puzzles], chunksize=4)
                             for s in ss]
    print("| singles | cell | stops | " + " | ".join(f"{i} ({v})" for i, v in stated.items())
          + " | " + " | ".join(f"{n} (depth / 3-13 / solution)" for n in samples) + " |")
    print("|---|---|---|" + "---:|" * len(stated) + "---|" * len(samples))
    for singles, cell, whole in READINGS:
        row = [singles, cell, "whole tree" if whole else "first solution"]
        row += [", ".join(str(search(s, singles, CELL_RULES[cell], whole)[0]) for s in examples[i]) or "-" for i in stated]
        for found in samples.values():
            runs = [search(s, singles, CELL_RULES[cell], whole) for s in found]
            if not runs:
                row.append("none")
                continue
            depths = [r[0] for r in runs]
            row.append(f"{statistics.fmean(depths):.1f} / {sum(3 <= d <= 13 for d in depths) / len(depths):.0%} / "
                       f"{statistics.fmean(r[1] for r in runs):.1f} (n={len(runs)})")
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
