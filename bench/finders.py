"""CPU time of rating hard puzzles, and of each thinning family on the positions they reach.

    python bench/finders.py [--file sample1000.txt] [--part top1465.txt] [--first 0] [--last 300] [--repeat 3]

Rates the puzzles ``first..last`` of the file (of those also in the collection ``--part``
when given: sample1000.txt is shuffled, its hard puzzles are its top1465.txt lines) once (option 2001, one process) and
prints the CPU seconds; on the way it keeps every board state at which the III
family (golden chains, wings) runs, that is where every simpler family found
nothing.  Then it times each thinning family alone on those states: CPU seconds,
the best of ``--repeat`` runs, one context per state as in the engine (the
structures a family shares are made once per state), and the states of one
puzzle taken in turn by one board, as in the engine (a search may keep what it
found on a board for its next search there).  CPU seconds, not wall
time, because the figures are taken on a shared machine; the digest of all
steps found lets two trees be compared for identical output.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench._common import load  # noqa: E402
from rater.run.engine import Engine  # noqa: E402
from techniques.base import Context  # noqa: E402
from techniques.board import Board  # noqa: E402
from techniques.wings import WXYZWing  # noqa: E402

#: The thinning families, as the catalogue orders them.
FAMILIES = (
    ("I box test", ("BT1", "BT2")),
    ("II tuples", ("NT", "HT")),
    ("remote pairs", ("RP", "CRP")),
    ("III golden chains", ("GC",)),
    ("III wings", ("XYZ", "WXYZ")),
    ("IV single-digit", ("SG", "SC", "SCC")),
    ("V rectangles, loops", ("UR", "QUR", "UL", "QUL")),
    ("VI chains", ("CC", "CCS", "ICC", "ACS", "ACR")),
    ("Bowman's Bingo", ("BB",)),
)


#: A state where the III family ran: the puzzle's number, a copy of the board, whether it is unique.
State = tuple[int, Board, bool]


def rate_and_capture(engine: Engine, puzzles: list[str]) -> tuple[float, list[State]]:
    """CPU seconds of rating ``puzzles``, and the states where the III family ran."""
    states: list[State] = []
    original = WXYZWing.find
    number = [0]

    def capture(self: WXYZWing, board: Board, ctx: Context) -> Iterator:
        states.append((number[0], board.copy(), ctx.unique))
        return original(self, board, ctx)

    WXYZWing.find = capture  # type: ignore[method-assign]
    try:
        began = time.process_time()
        for number[0], p in enumerate(puzzles):
            engine.rate(p)
        seconds = time.process_time() - began
    finally:
        WXYZWing.find = original  # type: ignore[method-assign]
    return seconds, states


def time_family(engine: Engine, codes: tuple[str, ...], states: list[State], repeat: int) -> tuple[float, str]:
    """Best CPU seconds of the family's searches over all states, and a digest of their steps."""
    techs = [e.technique for e in engine.catalogue if e.code in codes]
    digest = hashlib.sha256()
    best = float("inf")
    for run in range(repeat):
        boards: dict[int, Board] = {}
        began = time.process_time()
        for number, state, unique in states:
            board = boards.setdefault(number, state.copy())
            board.values[:], board.cands[:], board.positions[:] = state.values, state.cands, state.positions
            board.empty = state.empty
            ctx = Context(cd_level=2, unique=unique).at_new_position()
            for t in techs:
                steps = list(t.find(board, ctx))
                if run == 0:
                    for s in steps:
                        digest.update(repr((s.code, s.points, s.placements, s.eliminations)).encode())
        best = min(best, time.process_time() - began)
    return best, digest.hexdigest()[:12]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", default="sample1000.txt")
    ap.add_argument("--part", default="top1465.txt", help="keep only the lines also in this collection ('' for all)")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, default=300)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    puzzles = load(args.file)
    if args.part:
        part = set(load(args.part))
        puzzles = [p for p in puzzles if p in part]
    puzzles = puzzles[args.first:args.last]
    engine = Engine("2001")
    seconds, states = rate_and_capture(engine, puzzles)
    print(f"file {args.file} ({args.part or 'all'}) puzzles {args.first}..{args.last}: rating {seconds:.1f} s CPU, "
          f"{len(states)} positions reach family III")
    for name, codes in FAMILIES:
        spent, digest = time_family(engine, codes, states, args.repeat)
        print(f"  {name:22} {spent:6.2f} s   steps digest {digest}")


if __name__ == "__main__":
    main()
