"""How fast ``generate`` finds puzzles: acceptance per level, time per puzzle, the hard targets.

    nice -n 5 python3 bench/generate.py                    # everything (tens of minutes on a busy machine)
    python3 bench/generate.py --sample 300 --per-level 5   # the parts, smaller
    python3 bench/generate.py --skip-levels --skip-hunt    # only the targets below

Four parts, all on one core (``jobs=1``), CPU time of this process (what a
busy machine disturbs least) beside wall time:

1. *The random method*: ``--sample`` random starts (random grid, random
   removal order, minimal, rated in full) without and with central symmetry;
   the share of each level among them is the acceptance rate of the random
   method for that level, and its mean cost per start over that share the
   time per accepted puzzle it implies.
2. *Per level, with and without the neighbourhood search*: ``--per-level``
   puzzles of every level that part 1 saw at all (``--climb 0`` against the
   default climb); the median CPU time per accepted puzzle (the attempts
   since the previous accepted one, rejected ones included).
3. *Targets*: 100 "very easy" puzzles (total time); ``--per-level`` "hard" and
   "very hard" puzzles with central symmetry (median per puzzle).
4. *Hunt*: puzzles over 240 points for ``--hunt-seconds`` seconds; how many
   were found, and the rate per hour.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from puzzles.reduction import checks_for, reduce_orbits  # noqa: E402
from rater.generation.generator import (  # noqa: E402
    DEFAULT_CLIMB,
    GenerateSettings,
    attempt_rng,
    attempts,
    distinct,
    parse_points,
    plan,
    random_grid,
)
from rater.levels import level_name, load_levels  # noqa: E402


def random_starts(symmetry: str, sample: int, seed: int) -> tuple[Counter[str], float, float]:
    """Levels (keys) of ``sample`` random minimal puzzles, and the mean CPU and wall seconds per start."""
    p = plan(GenerateSettings(symmetry=symmetry, seed=seed, climb=0))
    checks = checks_for(p.rules)
    levels: Counter[str] = Counter()
    cpu, wall = time.process_time(), time.perf_counter()
    for number in range(sample):
        rng = attempt_rng(seed, number)
        solution = random_grid(rng, p.rules)
        orbits = list(p.symmetry.orbits)
        rng.shuffle(orbits)
        rating = p.engine.rate(reduce_orbits(solution, solution, orbits, checks), rules=p.rules)
        levels[rating.level or "stuck"] += 1
    return levels, (time.process_time() - cpu) / sample, (time.perf_counter() - wall) / sample


def per_puzzle(settings: GenerateSettings, count: int, budget: float) -> tuple[list[float], list[float], int, int]:
    """CPU and wall seconds per accepted puzzle (attempts since the last one), attempts made, puzzles found.

    Stops after ``count`` puzzles or ``budget`` CPU seconds.
    """
    p = plan(settings)
    cpu_times: list[float] = []
    wall_times: list[float] = []
    cpu = wall = spent = 0.0
    made = 0
    stream = attempts(p)
    for attempt in distinct(stream, set()):
        made += 1
        cpu += attempt.cpu_seconds
        wall += attempt.seconds
        spent += attempt.cpu_seconds
        if attempt.rating is not None:
            cpu_times.append(cpu)
            wall_times.append(wall)
            cpu = wall = 0.0
        if len(cpu_times) >= count or spent > budget:
            break
    stream.close()
    return cpu_times, wall_times, made, len(cpu_times)


def median(values: list[float]) -> str:
    return f"{statistics.median(values):8.2f}" if values else "       -"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=500, help="random starts per symmetry in part 1")
    parser.add_argument("--per-level", type=int, default=10, help="puzzles per level and method in parts 2 and 3")
    parser.add_argument("--budget", type=float, default=120.0, help="CPU seconds per level and method at most")
    parser.add_argument("--hunt-seconds", type=float, default=600.0, help="CPU seconds of the >240 points hunt")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-levels", action="store_true", help="skip parts 1 and 2")
    parser.add_argument("--skip-hunt", action="store_true", help="skip part 4")
    args = parser.parse_args()
    order = {level.key: level_name(level.names, "en") for level in load_levels().levels()}

    if not args.skip_levels:
        print(f"1. random method: {args.sample} random minimal puzzles per symmetry, option 2001")
        shares = {}
        for symmetry in ("none", "central"):
            levels, cpu, wall = random_starts(symmetry, args.sample, args.seed)
            shares[symmetry] = levels
            print(f"   {symmetry}: {1000 * cpu:.0f} ms CPU ({1000 * wall:.0f} ms wall) per start")
            print(f"   {'level':32} {'share':>7} {'s CPU/accepted':>15}")
            for key, name in order.items():
                if levels[key]:
                    share = levels[key] / args.sample
                    print(f"   {name:32} {100 * share:6.1f}% {cpu / share:15.2f}")
        print(f"\n2. median CPU s per accepted puzzle (no symmetry), --climb 0 against --climb {DEFAULT_CLIMB}")
        print(f"   {'level':32} {'random':>8} {'climb':>8}   found/attempts (random, climb)")
        for key, name in order.items():
            if not shares["none"][key]:
                continue
            row = []
            for climb in (0, DEFAULT_CLIMB):
                cpu_times, _wall, made, found = per_puzzle(
                    GenerateSettings(levels=(key,), seed=args.seed, climb=climb), args.per_level, args.budget)
                row.append((median(cpu_times), f"{found}/{made}"))
            print(f"   {name:32} {row[0][0]} {row[1][0]}   {row[0][1]}, {row[1][1]}")

    print("\n3. targets (one core)")
    cpu_times, wall_times, made, found = per_puzzle(
        GenerateSettings(levels=("very_easy",), seed=args.seed), 100, float("inf"))
    print(f"   100 'very easy': {sum(cpu_times):.1f} s CPU, {sum(wall_times):.1f} s wall, {made} attempts")
    for key in ("hard", "very_hard"):
        name = order[key]
        for climb in (0, DEFAULT_CLIMB):
            cpu_times, wall_times, made, found = per_puzzle(
                GenerateSettings(levels=(key,), symmetry="central", seed=args.seed, climb=climb),
                args.per_level, args.budget)
            print(f"   '{name}', central, --climb {climb:2}: median {median(cpu_times).strip()} s CPU "
                  f"({median(wall_times).strip()} s wall) per puzzle, {found} found in {made} attempts")

    if not args.skip_hunt:
        print(f"\n4. hunt: over 240 points, {args.hunt_seconds:.0f} s CPU per method")
        for climb in (0, DEFAULT_CLIMB):
            settings = GenerateSettings(points=parse_points("240.01.."), seed=args.seed, climb=climb)
            _cpu, _wall, made, found = per_puzzle(settings, 10**9, args.hunt_seconds)
            print(f"   --climb {climb:2}: {found} puzzles in {made} attempts, "
                  f"{3600 * found / args.hunt_seconds:.0f} per CPU hour")


if __name__ == "__main__":
    main()
