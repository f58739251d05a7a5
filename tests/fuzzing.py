"""A seeded random fuzzer for the command-line tools: no traceback, documented exit codes, one-line errors.

    python3 -m tests.fuzzing [--cases 3000] [--bulk 60] [--outputs 60] [--seed 1]

Single-puzzle cases (``rate PUZZLE`` with random options, ``canon`` commands,
technique files mutated from the packaged one) run in-process through
click's CliRunner; bulk cases (``rate --file`` over random files, with random
formats and templates) run as subprocesses, because the bulk rater starts
worker processes.  ``tests/test_fuzz.py`` runs the generators on a few hundred
cases; run as a module, this file runs them at length and prints: cases run,
tracebacks, wrong exit codes, multi-line errors, and for bulk the records lost
(records read from the input against records written).  Output cases run
every command that writes (``rate --file --output``, ``--html``/``--svg``,
``generate --output``, ``canon dedup --output``, ``canon enumerate --output``)
as a subprocess, its output aimed at the input by name, link or ``>>``, at a
file another run holds, at names no file system takes, at directories and
devices, over inputs with Unix, Windows and old Mac line ends: counted are the
inputs (and locked outputs) changed and the records lost.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from puzzles.formats import read_items
from techniques.catalogue import DEFAULT_PATH

REPO = Path(__file__).resolve().parents[1]

#: Exit codes each command documents (README, docs/reliability.md).
RATE_CODES = frozenset({0, 1, 2, 3})
CANON_CODES = frozenset({0, 2})
BULK_CODES = frozenset({0, 2, 4})

#: Valid puzzles the near-valid inputs are mutated from: quick to rate, with thinning steps.
SEEDS = (
    "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3...",
    "800000003009000000040706090005904100000000000003002700090108070002000400700000005",
    "...6..9...4521...6.....7...5.......2..8....5..32.....4.2.....1.8..369.........8..",
    "9..5..3.2.5.....7.....34..1.....671.3...2...6.813.....7..14.....4.....9.2.9..5..8",
)
#: A puzzle rated by the technique-file cases: uses box tests, tuples, remote pairs and chains.
TECHNIQUE_PUZZLE = SEEDS[0]

_UNICODE = "٠١٢٣٤٥٦٧٨٩０１２３４５６７８９²³¹①⑨ⅨéßÄ漢字\u200b\u00a0\u2028\u202e\ufeff\ud800🙂"
_CONTROL = "".join(map(chr, range(32))) + "\x7f\x85"
_ASCII = "123456789.0-_x*#;|+ "


@dataclass
class Case:
    """One command line: the arguments, files it needs (name -> bytes) and its stdin."""

    kind: str
    args: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: str | None = None


@dataclass
class Outcome:
    """What a case did: exit code, whether an exception escaped, and its stderr lines."""

    case: Case
    code: int
    traceback: str = ""
    stderr_lines: tuple[str, ...] = ()
    seconds: float = 0.0

    def problems(self, codes: frozenset[int]) -> list[str]:
        """What breaks the promises: a traceback, an undocumented exit code, an error of several lines."""
        found = []
        if self.traceback:
            found.append("traceback")
        if self.code not in codes:
            found.append("exit code")
        if len(self.stderr_lines) > 1 or (self.code == 2 and len(self.stderr_lines) != 1):
            found.append("stderr lines")
        return found


# -- generators ---------------------------------------------------------------------------------


def _solution(puzzle: str) -> str:
    from puzzles.solver import solve

    grid = solve(tuple(int(ch) if ch.isdigit() else 0 for ch in puzzle))
    return "".join(map(str, grid)) if grid else puzzle


def _candidate_line(rng: random.Random, puzzle: str) -> str:
    """A 729-character line for ``puzzle``: full candidates, then random damage."""
    from techniques.board import Board

    grid = tuple(int(ch) if ch.isdigit() else 0 for ch in puzzle)
    board = Board.from_grid(grid)
    masks = [1 << (d - 1) if d else board.cands[c] for c, d in enumerate(grid)]
    for _ in range(rng.choice((0, 0, 1, 3, 10))):
        cell = rng.randrange(81)
        masks[cell] ^= 1 << rng.randrange(9)
    return "".join("".join(str(d) if m >> (d - 1) & 1 else rng.choice(".-0") for d in range(1, 10)) for m in masks)


def random_puzzle_text(rng: random.Random, full_grids: bool = True) -> str:
    """A PUZZLE argument: random junk, or a valid puzzle with a few mutations.

    ``full_grids`` False leaves out (nearly) solved grids, whose canonical
    form takes seconds: the ``canon`` cases would dominate the run.
    """
    kind = rng.randrange(10)
    if kind == 1 and not full_grids:
        kind = 4
    if kind == 0:
        alphabet = rng.choice((_ASCII, _UNICODE, _CONTROL, _ASCII + _UNICODE + _CONTROL))
        return "".join(rng.choice(alphabet) for _ in range(rng.choice((0, 1, 80, 81, 82, 729, rng.randrange(2000)))))
    seed = rng.choice(SEEDS)
    if kind == 1:
        return _solution(seed) if rng.random() < 0.5 else _solution(seed)[:-1] + "."
    if kind == 2:
        return _candidate_line(rng, seed)
    if kind == 3:
        rows = [seed[9 * r : 9 * r + 9] for r in range(9)]
        if rng.random() < 0.5:
            rows = [" ".join(row[:3]) + " | " + " ".join(row[3:6]) + " | " + " ".join(row[6:]) for row in rows]
        if rng.random() < 0.2:
            del rows[rng.randrange(9)]
        return "\n".join(rows)
    chars = list(seed)
    for _ in range(rng.choice((1, 1, 2, 5))):
        cell = rng.randrange(len(chars)) if chars else 0
        chars = chars or ["."]
        action = rng.randrange(6)
        if action == 0:
            chars[cell] = str(rng.randint(1, 9))  # likely a duplicate or no solution
        elif action == 1:
            chars[cell] = "."  # likely several solutions
        elif action == 2:
            chars[cell] = rng.choice(_UNICODE + _CONTROL)
        elif action == 3:
            chars.insert(cell, rng.choice(_ASCII))
        elif action == 4:
            del chars[cell]
        else:
            chars = ["\ufeff"] + chars
    return "".join(chars)


def random_option(rng: random.Random) -> str:
    """An option code: mostly near-valid (4 characters), some with non-ASCII digits."""
    alphabet = rng.choice(("0123456789", "0123456789" + _UNICODE, "0127", "٠١٢٣٤٥٦٧٨٩"))
    return "".join(rng.choice(alphabet) for _ in range(rng.choice((4, 4, 4, 0, 3, 5, 12))))


def random_flags(rng: random.Random) -> list[str]:
    """A few of ``rate``'s single-puzzle options, some with bad values."""
    pool: list[Callable[[], list[str]]] = [
        lambda: ["--json"], lambda: ["--hint"], lambda: ["--hint", "--full"], lambda: ["--walk"],
        lambda: ["--no-walk"], lambda: ["--ascii"], lambda: ["--no-color"], lambda: ["--color"],
        lambda: ["--allow-multiple"], lambda: ["--lang", rng.choice(("en", "de", "fr", ""))],
        lambda: ["--from", rng.choice(("1", "3", "0", "-1", "x", "99999"))],
        lambda: ["--to", rng.choice(("1", "2", "0", "99999", "1e3"))],
        lambda: ["--copies", rng.choice(("1", "2", "0", "-5", "10001", "1000000000", "٢"))],
        lambda: ["--seed", rng.choice(("0", "7", "-1", str(2**63), str(2**63 - 1), "1.5", "１"))],
        lambda: ["--option", random_option(rng)],
        lambda: [rng.choice(("--bogus", "--json=3", "--hint=no", "-z", "--", "--techniques"))],
    ]
    return [arg for _ in range(rng.choice((0, 1, 1, 2, 3))) for arg in rng.choice(pool)()]


def _random_value(rng: random.Random) -> Any:
    return rng.choice((
        "x", "", "[/x]", 0, -1, 1, 3, 10**12, -(10**12), 2.5, -0.5, float("nan"), float("inf"),
        float("-inf"), True, False, None, [1, 2], ["A1", "A2"], {"a": 1}, {"en": "x", "de": "y"},
    ))


def mutate_techniques(rng: random.Random, data: dict[str, Any]) -> dict[str, Any] | Any:
    """A copy of the technique data with 1-3 random mutations of types, values and keys."""
    data = copy.deepcopy(data)
    entries = data["techniques"]
    for _ in range(rng.randint(1, 3)):
        entry = rng.choice(entries)
        action = rng.randrange(8)
        if action == 0:
            entry.pop(rng.choice(("code", "name", "text", "enabled", "params")), None)
        elif action == 1:
            entry[rng.choice(("code", "enabled", "params", "bogus"))] = _random_value(rng)
        elif action in (2, 3) and entry.get("params"):
            key = rng.choice(sorted(entry["params"]))
            entry["params"][key] = _random_value(rng) if action == 2 else rng.choice((0, -3, 1, 81, 10**6))
        elif action == 4:
            entries.append(copy.deepcopy(entry))
        elif action == 5:
            rng.shuffle(entries)
        elif action == 6:
            entry["enabled"] = not entry.get("enabled", True)
        else:
            return rng.choice((None, [], "techniques", {"techniques": _random_value(rng)}))
    return data


def technique_file(rng: random.Random, base: dict[str, Any]) -> bytes:
    """A technique file: a mutated copy of the packaged one, sometimes damaged as text or bytes."""
    text = yaml.safe_dump(mutate_techniques(rng, base), allow_unicode=True, sort_keys=False)
    raw = text.encode("utf-8")
    damage = rng.randrange(8)
    if damage == 0:
        raw = raw[: rng.randrange(len(raw) + 1)]
    elif damage == 1:
        at = rng.randrange(len(raw) + 1)
        raw = raw[:at] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + raw[at:]
    elif damage == 2:
        raw = "\ufeff".encode() + raw
    return raw


def single_cases(rng: random.Random, count: int) -> list[Case]:
    """``count`` cases for ``rate PUZZLE``, ``canon`` and ``--techniques`` (about 5 : 1 : 2)."""
    base = yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))
    cases = []
    for _ in range(count):
        roll = rng.randrange(8)
        if roll < 5:
            text = random_puzzle_text(rng)
            if rng.random() < 0.15:
                raw = text.encode("utf-8", "surrogatepass")
                if rng.random() < 0.5:
                    raw = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
                cases.append(Case("rate", ["{dir}/grid.txt", *random_flags(rng)], {"grid.txt": raw}))
            else:
                flags = random_flags(rng)
                while sum(ch.isdigit() for ch in text) >= 80 and "--copies" in flags:
                    # The canonical form of a complete grid takes minutes (see docs/reliability.md).
                    at = flags.index("--copies")
                    del flags[at : at + 2]
                cases.append(Case("rate", [text, *flags]))
        elif roll == 5:
            command = rng.choice(("form", "key", "stabilizer"))
            if rng.random() < 0.3:
                raw = "\n".join(random_puzzle_text(rng, False) for _ in range(3)).encode("utf-8", "surrogatepass")
                if rng.random() < 0.3:
                    raw = bytes(rng.randrange(256) for _ in range(100))
                cases.append(Case("canon", [command, "--file", "{dir}/in.txt"], {"in.txt": raw}))
            else:
                cases.append(Case("canon", [command, random_puzzle_text(rng, False), *rng.choice(([], ["--bogus"]))]))
        else:
            raw = technique_file(rng, base)
            cases.append(Case("rate", [TECHNIQUE_PUZZLE, "--no-walk", "--json", "--techniques", "{dir}/t.yaml"],
                              {"t.yaml": raw}))
    return cases


# -- running ------------------------------------------------------------------------------------


def run_single(case: Case, directory: Path) -> Outcome:
    """Run a ``rate``/``canon`` case in-process; surrogates in arguments stay as they are."""
    from canon.cli import main as canon_main
    from rater.cli import main as rate_main

    for name, raw in case.files.items():
        (directory / name).write_bytes(raw)
    args = [arg.replace("{dir}", str(directory)) for arg in case.args]
    command = rate_main if case.kind == "rate" else canon_main
    began = time.perf_counter()
    result = CliRunner().invoke(command, args, input=case.stdin)
    seconds = time.perf_counter() - began
    trace = ""
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(*result.exc_info)) if result.exc_info else repr(result.exception)
    stderr = result.stderr
    return Outcome(case, result.exit_code, trace, tuple(stderr.splitlines()), seconds)


def codes_for(case: Case) -> frozenset[int]:
    return RATE_CODES if case.kind == "rate" else CANON_CODES


def random_bulk_file(rng: random.Random) -> bytes:
    """A puzzle file: valid lines, comments, blanks, junk, grids and candidate lines mixed."""
    lines: list[str] = []
    for _ in range(rng.randint(0, 12)):
        kind = rng.randrange(6)
        if kind == 0:
            lines.append(rng.choice(SEEDS) + rng.choice(("", " # note", ";x", "\tcomment")))
        elif kind == 1:
            lines.append(rng.choice(("", "# comment", "   ", "[Section]")))
        elif kind == 2:
            lines.append(random_puzzle_text(rng).replace("\n", " "))
        elif kind == 3:
            seed = rng.choice(SEEDS)
            lines.extend(seed[9 * r : 9 * r + 9] for r in range(rng.choice((9, 9, 4))))
        elif kind == 4:
            lines.append(_candidate_line(rng, rng.choice(SEEDS)))
        else:
            lines.append("".join(rng.choice(_ASCII + _UNICODE) for _ in range(rng.randrange(100))))
    text = "\n".join(lines) + rng.choice(("\n", "", "\r\n"))
    if rng.random() < 0.8:
        text = text.replace("\ud800", "")  # most files stay UTF-8; the others test per-line decoding
    return text.encode("utf-8", "surrogatepass")


def random_template(rng: random.Random) -> str | None:
    if rng.random() < 0.6:
        return None
    fields = ["{line}", "{puzzle}", "{points}", "{level}", "{status}", "{bogus}", "{", "}", "{0}", "{points:.1f}",
              "{points!r}", "{message}", "{comment}", "text", "\t"]
    return " ".join(rng.choice(fields) for _ in range(rng.randint(1, 5)))


def run_bulk(rng: random.Random, directory: Path) -> tuple[Outcome, int, int]:
    """One ``rate --file`` run as a subprocess: its outcome, records expected and records written."""
    raw = random_bulk_file(rng)
    source = directory / "bulk.txt"
    source.write_bytes(raw)
    fmt = rng.choice(("jsonl", "csv", "text"))
    template = random_template(rng)
    args = [sys.executable, "-m", "rater.cli", "--file", str(source), "--quiet", "--jobs", "1", "--format", fmt]
    if template is not None:
        args += ["--template", template]
    began = time.perf_counter()
    proc = subprocess.run(args, cwd=REPO, capture_output=True, text=True, errors="replace", timeout=300)
    case = Case("bulk", args[3:])
    trace = proc.stderr if "Traceback (most recent call last)" in proc.stderr else ""
    outcome = Outcome(case, proc.returncode, trace, tuple(proc.stderr.splitlines()), time.perf_counter() - began)
    # the reader's own view of the file: binary lines, decoded one by one (a non-UTF-8 line is a record too)
    expected = sum(1 for _ in read_items(io.BytesIO(raw)))
    written = proc.stdout.count("\n")  # one line per record, empty when a template field is
    if fmt == "csv" and template is None and written:
        written -= 1  # the header
    return outcome, expected, written


# -- outputs: every command that writes, on hostile output names ------------------------------------

#: Exit codes of the commands that write files (``generate`` 3: --max-seconds ran out).
OUTPUT_CODES = {"rate-file": frozenset({0, 2, 4}), "rate-picture": frozenset({0, 1, 2, 3}),
                "generate": frozenset({0, 2, 3}), "canon-dedup": frozenset({0, 2}),
                "canon-enumerate": frozenset({0, 2})}
#: Where an output goes: a new file, the input under its own or another name, a file another run
#: holds, names no file system takes, devices.
OUTPUT_KINDS = ("new", "existing", "input", "hard link", "symbolic link", "stdout >> input", "locked",
                "long name", "directory", "missing directory", "/dev/null")
#: Line ends of the input file: Unix, Windows, old Mac.
LINE_ENDS = ("\n", "\r\n", "\r")


@dataclass
class OutputOutcome:
    """An output case's outcome, whether it changed a file it must not touch, and whether records were lost."""

    outcome: Outcome
    destroyed: bool
    lost: bool


def _output_command(rng: random.Random, command: str, source: Path, puzzle: Path) -> list[str]:
    if command == "rate-file":
        return ["rater.cli", "--file", str(source), "-q", "-j", rng.choice(("1", "2")),
                "--format", rng.choice(("csv", "jsonl", "text"))]
    if command == "rate-picture":
        return ["rater.cli", str(puzzle)]
    if command == "generate":
        return ["rater.generation.cli", "-q", "-n", "1", "--max-seconds", "20"]
    if command == "canon-dedup":
        return ["canon.cli", "dedup", str(source), "--no-progress"]
    return ["canon.cli", "enumerate", "--clues", "1", "--no-progress"]


def run_output_case(rng: random.Random, directory: Path) -> OutputOutcome:
    """One writing command as a subprocess, its output aimed somewhere hostile; the input must stay whole.

    Records are counted for ``rate --file`` into a new or existing file: one
    per record the reader finds in the input, whatever its line ends.
    """
    import fcntl
    import shutil

    shutil.rmtree(directory / "out", ignore_errors=True)
    (directory / "out").mkdir()
    command = rng.choice(tuple(OUTPUT_CODES))
    kind = rng.choice(OUTPUT_KINDS)
    end = rng.choice(LINE_ENDS)
    source = directory / "out" / "in.txt"
    lines = [rng.choice(SEEDS) + rng.choice(("", " # note \x1b[31m")) for _ in range(rng.randint(1, 4))]
    source.write_bytes((end.join(lines) + end).encode())
    puzzle = directory / "out" / "p.txt"
    puzzle.write_text(rng.choice(SEEDS) + end)
    target: Path | None = directory / "out" / "result.out"
    assert target is not None
    if kind == "existing":
        target.write_text("old\n")
    elif kind == "input":
        target = source if command != "rate-picture" else puzzle
    elif kind in ("hard link", "symbolic link"):
        original = source if command != "rate-picture" else puzzle
        target.hardlink_to(original) if kind == "hard link" else target.symlink_to(original)
    elif kind == "long name":
        target = directory / "out" / ("n" * 300)
    elif kind == "directory":
        target = directory / "out"
    elif kind == "missing directory":
        target = directory / "out" / "missing" / "result.out"
    elif kind == "/dev/null":
        target = Path(os.devnull)
    elif kind == "stdout >> input":
        target = None
    args = _output_command(rng, command, source, puzzle)
    flag = rng.choice(("--html", "--svg")) if command == "rate-picture" else "--output"
    if target is not None:
        args += [flag, str(target)]
    elif command == "rate-picture":
        args += [flag, "-"]  # the picture to stdout, which appends to the puzzle file
    inputs = {path: path.read_bytes() for path in (source, puzzle)}
    locked = b""
    holder = None
    if kind == "locked":
        target.write_text("the other run's records\n")
        locked = target.read_bytes()
        holder = target.open("a")
        fcntl.flock(holder.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    began = time.perf_counter()
    try:
        if target is None:
            appended = source if command != "rate-picture" else puzzle
            with appended.open("ab") as sink:
                proc = subprocess.run([sys.executable, "-m", *args], cwd=REPO, stdout=sink, stderr=subprocess.PIPE,
                                      timeout=300)
        else:
            proc = subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, timeout=300)
    finally:
        if holder is not None:
            holder.close()
    stderr = proc.stderr.decode("utf-8", "replace")
    trace = stderr if "Traceback (most recent call last)" in stderr else ""
    case = Case(command, [kind, repr(end), *args])
    outcome = Outcome(case, proc.returncode, trace, tuple(stderr.splitlines()), time.perf_counter() - began)
    # generate and canon enumerate read no file: the puzzle files are no inputs of theirs to keep
    reads = command not in ("generate", "canon-enumerate")
    destroyed = (reads and any(path.read_bytes() != raw for path, raw in inputs.items())) \
        or (kind == "locked" and target is not None and target.read_bytes() != locked)
    lost = False
    if command == "rate-file" and kind in ("new", "existing") and proc.returncode in (0, 4):
        assert target is not None
        expected = sum(1 for _ in read_items(io.BytesIO(source.read_bytes())))
        written = target.read_text(encoding="utf-8").count("\n") - ("--format csv" in " ".join(args))
        lost = written != expected
    return OutputOutcome(outcome, destroyed, lost)


# --- the long run ------------------------------------------------------------------------


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
