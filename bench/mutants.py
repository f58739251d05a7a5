"""Mutation check: does the test suite notice a small deliberate bug?

Each mutant replaces one exact piece of source text (it must occur exactly
once in its file) in a scratch copy of the repository, runs the tests chosen
for it (a few files, so the whole check takes minutes, not hours) and counts
as *killed* when they fail (or run past the time limit), *survived* when they
pass.  The mutants are spread over the finders, the modes, the orientation of
the half-synchronous mode, the scoring, ``canon`` and the bulk runs with
``--resume``.  The tests run first on the unmutated copy; if they fail there,
nothing is counted.

    nice -n 5 python3 bench/mutants.py                 # all mutants, then the score
    python3 bench/mutants.py --only sync-redundant-steps cd-cap
    python3 bench/mutants.py --only cd-cap --tests tests/test_rating_guards.py
    python3 bench/mutants.py --list
    python3 bench/mutants.py --check                   # does the list still fit the code? (a test runs it)

The scratch copy holds the files git tracks or would track (untracked files
not ignored too, so uncommitted work is checked as it stands), or a plain
copy without ``.git`` outside a git checkout.  Results and the survivors'
explanations: docs/reliability.md, "Mutation check".
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: Seconds one mutant's tests may take; slower counts as killed (a mutant that loops).
TIME_LIMIT = 600


@dataclass(frozen=True)
class Mutant:
    """Replace ``old`` by ``new`` in ``path``, then run ``tests``."""

    name: str
    area: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


RATINGS = ("tests/test_golden.py", "tests/test_rating_guards.py")
FINDERS = RATINGS + ("tests/test_soundness.py", "tests/test_pattern_finders.py", "tests/test_hard_finders.py")
MODES = RATINGS + ("tests/test_cheapest_steps.py", "tests/test_option_digits.py")
ORIENTATION = RATINGS + ("tests/test_canonical_orientation.py", "tests/test_symmetry.py")
SCORING = RATINGS + ("tests/test_point_bands.py", "tests/test_point_params.py", "tests/test_fidelity_rules.py")
CANON = ("tests/test_canon_key.py", "tests/test_canon_group.py", "tests/test_canon_canonical.py",
         "tests/test_canon_oracle.py")
BULK = ("tests/test_bulk.py",
        *(f"tests/test_fuzz_bulk.py::{name}" for name in (
            "test_resume_with_another_input_or_setting_is_refused",
            "test_resume_of_the_same_run_continues_where_the_output_stops",
            "test_resume_from_stdin_checks_every_skipped_record", "test_escaping_of_control_characters_and_separators",
            "test_hostile_comments_and_puzzle_text_are_escaped_in_every_format")))

GENERATION = tuple(f"tests/test_generate.py::{name}" for name in (
    "test_a_seeded_run_gives_these_puzzles", "test_same_seed_same_puzzles_any_jobs",
    "test_hard_central_puzzles_meet_every_condition", "test_without_symmetry_every_given_is_necessary"))
COPIES = ("tests/test_symmetric_copies.py", "tests/test_cli.py::test_copies_table_and_json")
DIGEST = ("tests/test_versioning.py",)

MUTANTS: tuple[Mutant, ...] = (
    # --- finders ---------------------------------------------------------------------
    Mutant("box-test-own-unit", "finders", "techniques/boxtest.py",
           "elim = pos & UNIT_MASK[target] & ~mask", "elim = pos & UNIT_MASK[target]",
           FINDERS + ("tests/test_thinning_boxtest.py",)),
    Mutant("tuples-no-pairs", "finders", "techniques/tuples.py", "        if size >= 2:\n            found[ids] = union",
           "        if size >= 3:\n            found[ids] = union", FINDERS + ("tests/test_thinning_tuples.py",)),
    Mutant("fish-no-jellyfish", "finders", "techniques/fish.py", "for n in SIZES:", "for n in SIZES[:2]:",
           FINDERS + ("tests/test_thinning_fish.py",)),
    Mutant("xy-wing-pivot", "finders", "techniques/wings.py", "if pm.bit_count() != 3:", "if pm.bit_count() != 4:",
           FINDERS + ("tests/test_thinning_wings.py",)),
    Mutant("remote-pairs-length", "finders", "techniques/remote_pairs.py", "if len(order) < 4:",
           "if len(order) < 6:", FINDERS + ("tests/test_thinning_remote_pairs.py",)),
    Mutant("ur-common-pair", "finders", "techniques/unique_rectangles.py", "if common.bit_count() < 2:",
           "if common.bit_count() < 3:", FINDERS + ("tests/test_unique_rectangles.py",)),
    Mutant("e3-variant-units", "finders", "techniques/singles.py",
           '    code = "E3"\n    measure = "missing"\n    units = range(18, 27)\n    with_extra_units = True',
           '    code = "E3"\n    measure = "missing"\n    units = range(18, 27)\n    with_extra_units = False',
           FINDERS + ("tests/test_variants.py",)),
    # --- modes -----------------------------------------------------------------------
    Mutant("sync-redundant-steps", "modes", "rater/run/engine.py", "return board.apply_step(step) or synchronous",
           "return board.apply_step(step)", MODES),
    Mutant("pseudo-last-step", "modes", "rater/run/modes.py", "return at_min[:1]", "return at_min[-1:]", MODES),
    Mutant("sync-any-step-per-cell", "modes", "rater/run/modes.py", "_distinct_cells(found, cheapest=True)",
           "_distinct_cells(found, cheapest=False)", MODES),
    Mutant("thinning-fewest-eliminations", "modes", "rater/run/modes.py", "most = max(settled(s) for s in eligible)",
           "most = min(settled(s) for s in eligible)", MODES),
    Mutant("half-one-thinning-step", "modes", "rater/run/modes.py",
           "return chosen[:1] if mode is Mode.PSEUDO_SYNC else chosen", "return chosen[:1]", MODES),
    Mutant("detail-prunes", "modes", "rater/run/engine.py",
           "prune = self.options.detail < 3 and self.mode is not Mode.SYNC", "prune = self.mode is not Mode.SYNC",
           MODES),
    Mutant("sync-level-families", "modes", "rater/run/engine.py", "and level <= self.options.sync_level",
           "and level < self.options.sync_level", MODES),
    # --- orientation -----------------------------------------------------------------
    Mutant("transpose-e-codes", "orientation", "techniques/singles.py", 'transposed_twin = "E2"',
           "transposed_twin = None", ORIENTATION),
    Mutant("transpose-a-codes", "orientation", "techniques/direct.py", 'transposed_twin = "A2"',
           "transposed_twin = None", ORIENTATION),
    Mutant("half-not-canonical", "orientation", "rater/run/engine.py",
           "self.canonical = mode is Mode.HALF_SYNC if canonical is None else canonical", "self.canonical = False",
           ORIENTATION),
    # --- scoring ---------------------------------------------------------------------
    Mutant("cd-cap", "scoring", "techniques/obvious_singles.py",
           'return float(min(base + weight * (justifications + follow_ons), self.params["cap"]))',
           "return float(base + weight * (justifications + follow_ons))", SCORING),
    Mutant("band-upper-bound", "scoring", "techniques/points.py", "if value <= upper:", "if value < upper:", SCORING),
    Mutant("naked-single-visible", "scoring", "techniques/direct.py",
           "visible = (filled & peer_mask[cell]).bit_count()", "visible = (filled & peer_mask[cell]).bit_count() - 1",
           SCORING),
    Mutant("bowman-steps", "scoring", "techniques/bowman.py",
           'float(self.params["points_per_step"]) * steps', 'float(self.params["points_per_step"]) * (steps + 1)',
           SCORING + ("tests/test_bowman.py",)),
    Mutant("trial-depth", "scoring", "techniques/trial.py", 'float(self.params["points_per_level"]) * depth',
           'float(self.params["points_per_level"]) * (depth + 1)', SCORING),
    Mutant("golden-chain-length", "scoring", "techniques/golden_chains.py",
           'points: float = length + self.params["points_offset"]',
           'points: float = length + 1 + self.params["points_offset"]',
           SCORING),
    Mutant("chain-negation-offset", "scoring", "techniques/chains.py",
           "return self.offsets[self.kind][f.negation] + f.nodes", "return self.offsets[self.kind][False] + f.nodes",
           SCORING + ("tests/test_chains.py",)),
    Mutant("pencil-rounding", "scoring", "techniques/pencil.py", "math.floor(share * count + 0.5)",
           "math.floor(share * count)", SCORING),
    Mutant("norm2-squares", "scoring", "rater/figures.py", "squares.append(p * p)",
           "squares.append(abs(p))", SCORING),
    Mutant("norms-count-pm", "scoring", "rater/figures.py",
           "        if code != WRITE_CANDIDATES:\n            solving.append(p)",
           "        if True:\n            solving.append(p)", SCORING),
    Mutant("thinning-count", "scoring", "rater/figures.py",
           "if not step.placements and step.eliminations:", "if step.eliminations:", SCORING),
    Mutant("level-bound", "scoring", "rater/levels.py", "if points <= bound)", "if points < bound)", SCORING),
    Mutant("sync-level-one-lower", "scoring", "rater/levels.py", "index = max(index - 1, 0)",
           "index = max(index, 0)", SCORING),
    # --- canon -----------------------------------------------------------------------
    Mutant("key-relabel-from-0", "canon", "canon/key.py", "seen.setdefault(v, len(seen) + 1)",
           "seen.setdefault(v, len(seen))", CANON),
    Mutant("key-blocks-order", "canon", "canon/key.py", "            -self.blocks,\n", "            self.blocks,\n",
           CANON),
    Mutant("group-inverse-digits", "canon", "canon/group.py", "digits[image - 1] = d", "digits[d - 1] = image",
           CANON),
    Mutant("canonical-largest", "canon", "canon/canonical.py", "if best_seq is None or labels < best_labels:",
           "if best_seq is None or labels > best_labels:", CANON),
    # --- bulk and resume -------------------------------------------------------------
    Mutant("resume-ignores-option", "bulk", "rater/bulk/resume.py",
           '("format", "template", "option", "lang",', '("format", "template", "lang",', BULK),
    Mutant("resume-cuts-newline", "bulk", "rater/bulk/resume.py", "position = position - step + newline + 1",
           "position = position - step + newline", BULK),
    Mutant("resume-other-puzzle", "bulk", "rater/bulk/resume.py", "if written.puzzle != record_format.cell(item_key(item)):", "if False:",
           BULK),
    Mutant("fingerprint-tail", "bulk", "rater/bulk/resume.py", "fh.seek(max(_HASHED_BYTES, size - _HASHED_BYTES))",
           "fh.seek(_HASHED_BYTES)", BULK),
    Mutant("csv-formula-quote", "bulk", "rater/bulk/output.py",
           "return \"'\" + text if text[:1] in _FORMULA_CHARS else text", "return text", BULK),
    Mutant("record-whole-numbers", "bulk", "rater/result.py",
           "return int(value) if value.is_integer() else value", "return value", BULK),
    # --- generation ------------------------------------------------------------------
    Mutant("generate-one-generator", "generation", "rater/generation/generator.py",
           'return random.Random(f"generate {seed} {number}")', 'return random.Random(f"generate {seed}")',
           GENERATION),
    Mutant("generate-orbits-in-order", "generation", "rater/generation/generator.py",
           "    rng.shuffle(orbits)\n", "", GENERATION),
    Mutant("generate-grid-unmoved", "generation", "rater/generation/generator.py", "return element.apply(grid)",
           "return grid", GENERATION),
    Mutant("climb-only-if-better", "generation", "rater/generation/generator.py",
           "if new_distance is None or new_distance <= distance:", "if new_distance is None or new_distance < distance:",
           GENERATION),
    Mutant("climb-rest-in-order", "generation", "rater/generation/generator.py", "    rng.shuffle(rest)\n", "",
           GENERATION),
    # --- symmetric copies ------------------------------------------------------------
    Mutant("copies-best-is-max", "copies", "rater/copies.py",
           "return min(self.copies, key=lambda c: c.rating.points)",
           "return max(self.copies, key=lambda c: c.rating.points)", COPIES),
    Mutant("copies-best-last-of-equals", "copies", "rater/copies.py",
           "return min(self.copies, key=lambda c: c.rating.points)",
           "return min(reversed(self.copies), key=lambda c: c.rating.points)", COPIES),
    Mutant("copies-median-is-mean", "copies", "rater/copies.py", "statistics.median(pts)", "statistics.mean(pts)",
           COPIES),
    Mutant("copies-median-rounded", "copies", "rater/copies.py", '"median": round(mid, 2),', '"median": round(mid),',
           COPIES),
    Mutant("copies-standard-group", "copies", "rater/copies.py", "iter_copies(grid, k, seed, rules=rules)",
           "iter_copies(grid, k, seed)", COPIES),
    # --- catalogue digest ------------------------------------------------------------
    Mutant("digest-no-params", "digest", "rater/digest.py", '"params": dict(sorted(e.technique.params.items())),',
           '"params": {},', DIGEST),
    Mutant("digest-sorted-techniques", "digest", "rater/digest.py", "            for e in catalogue\n",
           "            for e in sorted(catalogue, key=lambda e: e.code)\n", DIGEST),
    Mutant("digest-no-bounds", "digest", "rater/digest.py",
           '"levels": [[bound, level.key] for bound, level in levels.grades]',
           '"levels": [[level.key] for bound, level in levels.grades]', DIGEST),
    Mutant("digest-no-sync-levels", "digest", "rater/digest.py",
           '        "sync_levels": _sync_levels(catalogue),\n', "", DIGEST),
    Mutant("digest-no-origin", "digest", "rater/digest.py", '"origin": origin(e.code)}', '"origin": "built-in"}',
           DIGEST),
    Mutant("digest-shorter", "digest", "rater/digest.py", "DIGEST_LENGTH: Final = 16", "DIGEST_LENGTH: Final = 12",
           DIGEST),
)


def scratch_copy(target: Path) -> None:
    """The repository's files (tracked, or untracked and not ignored) copied into ``target``."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                                check=True, capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(REPO, target, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns(".git", "__pycache__", "*.egg-info", "build"))
        return
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def run_tests(root: Path, tests: Sequence[str]) -> tuple[bool, float, str]:
    """(passed, seconds, last output line) of pytest on ``tests`` in ``root``; past the limit counts as failed."""
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")  # no stale bytecode between a mutant and its restore
    began = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-rf", "-p", "no:cacheprovider", *tests],
                              cwd=root, env=env, capture_output=True, text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return False, time.monotonic() - began, f"over {TIME_LIMIT} s"
    lines = done.stdout.strip().splitlines()
    failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    summary = (failed or lines or [done.stderr.strip()[-200:]])[0 if failed else -1]
    return done.returncode == 0, time.monotonic() - began, summary[:160]


def check(mutants: Sequence[Mutant], root: Path) -> list[str]:
    """What no longer fits the code: a mutant whose text does not occur exactly once in its file,
    or whose tests name a missing file or test function. A list that drifted from the code would
    count nothing."""
    problems = []
    for m in mutants:
        path = root / m.path
        count = path.read_text(encoding="utf-8").count(m.old) if path.is_file() else 0
        if count != 1:
            problems.append(f"{m.name}: the text to replace occurs {count} times in {m.path}, not once")
        for test in m.tests:
            file, _, function = test.partition("::")
            source = root / file
            if not source.is_file():
                problems.append(f"{m.name}: no test file {file}")
            elif function and f"def {function.split('[')[0]}(" not in source.read_text(encoding="utf-8"):
                problems.append(f"{m.name}: no test {test}")
    names = [m.name for m in mutants]
    problems += [f"{name}: two mutants of this name" for name in sorted(set(names)) if names.count(name) > 1]
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run these mutants only")
    parser.add_argument("--tests", nargs="+", metavar="PATH",
                        help="run these tests for every mutant instead of each mutant's own selection")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--check", action="store_true",
                        help="check that every mutant still fits the code (its text once in its file), run nothing")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.only or m.name in args.only]
    if args.tests:
        chosen = [replace(m, tests=tuple(args.tests)) for m in chosen]
    if args.only and len(chosen) != len(set(args.only)):
        parser.error(f"unknown mutant among {args.only}")
    if args.list:
        for m in chosen:
            print(f"{m.name:<28} {m.area:<12} {m.path}")
        return 0
    if args.check:
        problems = check(chosen, REPO)
        for problem in problems:
            print(f"mutants: {problem}", file=sys.stderr)
        return 1 if problems else 0
    with tempfile.TemporaryDirectory(prefix="mutants-") as folder:
        root = Path(folder)
        scratch_copy(root)
        problems = check(chosen, root)
        if problems:
            sys.exit("\n".join(f"mutants: {problem}" for problem in problems))
        selection = sorted({t for m in chosen for t in m.tests})
        passed, seconds, summary = run_tests(root, selection)
        print(f"baseline: {len(selection)} test files {'pass' if passed else 'FAIL'} ({seconds:.0f} s): {summary}",
              flush=True)
        if not passed:
            return 2
        survivors = []
        for m in chosen:
            path = root / m.path
            original = path.read_text(encoding="utf-8")
            path.write_text(original.replace(m.old, m.new), encoding="utf-8")
            try:
                passed, seconds, summary = run_tests(root, m.tests)
            finally:
                path.write_text(original, encoding="utf-8")
            verdict = "SURVIVED" if passed else "killed"
            if passed:
                survivors.append(m.name)
            print(f"{verdict:<8} {m.name:<28} {m.area:<12} {seconds:5.0f} s  {summary}", flush=True)
    killed = len(chosen) - len(survivors)
    print(f"score: {killed}/{len(chosen)} killed ({100 * killed / len(chosen):.0f} %)"
          + (f"; survived: {', '.join(survivors)}" if survivors else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
