"""Hostile input to the single-puzzle CLI: regressions of fuzzing findings, then a seeded fuzzer.

Every case must end with a documented exit code, no traceback, and (for an
error) exactly one line on stderr.  ``python3 -m tests.fuzzing`` runs the same fuzzer on
many more cases and on the bulk path.
"""

from __future__ import annotations

import json
import os
import random
import sys

import click
import pytest
import yaml
from click.testing import CliRunner

from canon.cli import main as canon_main
from canon.copies import iter_copies
from puzzles.formats import parse_candidates
from puzzles.parsing import PuzzleError
from puzzles.solver import solve
from rater.cli import main
from rater.copies import MAX_COPIES, rate_copies
from rater.options import Options
from rater.run.engine import Engine
from techniques.board import Board
from techniques.catalogue import DEFAULT_PATH, MAX_FILE_BYTES, Catalogue
from tests.fuzzing import CANON_CODES, OUTPUT_CODES, RATE_CODES, run_output_case, run_single, single_cases

PUZZLE = "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3..."
GRID = tuple(int(ch) if ch.isdigit() else 0 for ch in PUZZLE)


def run(*args: str, **kwargs):
    return CliRunner().invoke(main, list(args), **kwargs)


def one_error_line(result, prefix: str = "rate: error: ") -> str:
    """The single stderr line of a failed run (and no traceback)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(prefix), lines[0]
    return lines[0]


def candidate_line(masks) -> str:
    return "".join("".join(str(d) if m >> (d - 1) & 1 else "." for d in range(1, 10)) for m in masks)


def full_candidates(grid) -> list[int]:
    board = Board.from_grid(grid)
    return [1 << (d - 1) if d else board.cands[c] for c, d in enumerate(grid)]


# -- candidate lines are solved under their candidates ---------------------------------------


def test_candidates_without_the_solution_have_no_solution():
    solution = solve(GRID)
    masks = full_candidates(GRID)
    cell = next(c for c in range(81) if not GRID[c] and masks[c].bit_count() >= 3)
    masks[cell] &= ~(1 << (solution[cell] - 1))
    line = candidate_line(masks)
    result = run(line, "--no-walk")
    assert result.exit_code == 3
    assert "no solution" in one_error_line(result)
    data = json.loads(run(line, "--json").stdout)
    assert data["status"] == "no_solution" and not data["steps"]


def test_candidates_admitting_several_solutions_are_refused():
    result = run("123456789" * 81, "--no-walk")
    assert result.exit_code == 3
    assert "more than one solution" in one_error_line(result)


def test_contradictory_candidates_name_the_cell():
    masks = [0b111111111] * 81
    masks[1], masks[2], masks[0] = 1 << 4, 1 << 6, (1 << 4) | (1 << 6)  # r1c1 may only hold 5 or 7, both placed
    result = run(candidate_line(masks), "--no-walk")
    assert result.exit_code == 3
    assert "no candidate left" in one_error_line(result)


def test_consistent_candidates_rate_with_a_solution_matching_every_step():
    grid, cands = parse_candidates(candidate_line(full_candidates(GRID)))
    rating = Engine().rate(grid, start=Board.from_candidates(grid, cands), verify=True)
    assert rating.status == "solved" and rating.solution == tuple(solve(GRID))


def test_a_start_board_of_other_givens_is_invalid():
    other = list(GRID)
    other[0] = 1
    with pytest.raises(PuzzleError):
        Engine().rate(tuple(other), start=Board.from_grid(GRID))


# -- encodings ------------------------------------------------------------------------------------


@pytest.mark.parametrize("raw", [bytes(range(256)), PUZZLE.replace(".", "\xe9").encode("latin-1")])
def test_non_utf8_puzzle_file_is_one_line(tmp_path, raw):
    path = tmp_path / "grid.txt"
    path.write_bytes(raw)
    result = run(str(path))
    assert result.exit_code == 2
    assert "not UTF-8" in one_error_line(result)


def test_canon_file_line_that_is_not_utf8(tmp_path):
    """canon --file reads files as rate --file does: a line that is not UTF-8 is that line's error, and the
    file's exit code is 2 (not UTF-8 text), after every record is written."""
    path = tmp_path / "in.txt"
    path.write_bytes(b"\xff\xfe" + bytes(range(128, 256)) + b"\n" + PUZZLE.encode() + b"\n")
    result = CliRunner().invoke(canon_main, ["form", "--file", str(path)])
    assert result.exit_code == 2
    first, second = result.stdout.splitlines()
    assert first.startswith("line 1: error: line is not UTF-8") and len(second) == 81
    assert result.stderr.count("\n") == 1 and "not UTF-8 text (1 line, the first line 1)" in result.stderr


def test_byte_order_mark_is_skipped(tmp_path):
    path = tmp_path / "grid.txt"
    path.write_bytes(b"\xef\xbb\xbf" + "\n".join(PUZZLE[9 * r : 9 * r + 9] for r in range(9)).encode())
    assert run(str(path), "--no-walk").exit_code == 0
    line = tmp_path / "line.txt"
    line.write_bytes(b"\xef\xbb\xbf" + PUZZLE.encode() + b"\n")
    assert run(str(line), "--no-walk").exit_code == 0
    assert run("\ufeff" + PUZZLE, "--no-walk").exit_code == 0


# -- symmetric copies --------------------------------------------------------------------------


def test_copies_over_the_cap_are_one_line():
    result = run(PUZZLE, "--copies", "1000000000")
    assert result.exit_code == 2
    assert str(MAX_COPIES) in one_error_line(result)
    with pytest.raises(ValueError):
        rate_copies(Engine(), GRID, MAX_COPIES + 1, 0)


def test_copies_are_made_lazily():
    copies = iter_copies(GRID, 10**9, seed=3)
    assert len([next(copies) for _ in range(3)]) == 3


def test_copies_of_a_candidate_line_are_refused():
    result = run(candidate_line(full_candidates(GRID)), "--copies", "2")
    assert result.exit_code == 2
    one_error_line(result)


@pytest.mark.parametrize("seed", ["-1", str(2**63), "1.5"])
def test_seed_out_of_range_is_one_line(seed):
    result = run(PUZZLE, "--copies", "2", "--seed", seed)
    assert result.exit_code == 2
    assert "--seed" in one_error_line(result)


# -- technique files -----------------------------------------------------------------------------


def _shipped():
    return yaml.safe_load(DEFAULT_PATH.read_text(encoding="utf-8"))


def _write(tmp_path, data, name="t.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def _technique_error(path) -> str:
    result = run(PUZZLE, "--techniques", str(path))
    assert result.exit_code == 2
    line = one_error_line(result)
    assert str(path) in line and len(line) < 400
    return line


def test_alias_bomb_is_refused_without_echoing_it(tmp_path):
    rows = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    rows += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(rows) + "\ntechniques: *a9\n")
    assert "aliases expand" in _technique_error(path)


def test_recursive_alias_and_deep_nesting(tmp_path):
    path = tmp_path / "rec.yaml"
    path.write_text("x: &x [*x]\ntechniques: *x\n")
    assert "recursive" in _technique_error(path)
    path.write_text("[" * 5_000)
    _technique_error(path)


def test_only_small_regular_technique_files_are_read(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert "larger than" in _technique_error(big)
    if os.path.exists("/dev/zero"):
        assert "not a regular file" in _technique_error("/dev/zero")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.yaml"
        os.mkfifo(fifo)
        assert "not a regular file" in _technique_error(fifo)
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("techniques: [é]".encode("latin-1"))
    assert "not UTF-8" in _technique_error(latin)


def _set_param(code, key, value):
    def mutate(data):
        entry = next(e for e in data["techniques"] if e["code"] == code)
        entry.setdefault("params", {})[key] = value
    return mutate


@pytest.mark.parametrize(
    ("mutate", "fragment"),
    [
        (lambda d: d["techniques"][0].update(code=["A1", "A2"]), "entry 1: unknown technique code ['A1', 'A2']"),
        (lambda d: d["techniques"][0].update(code={"a": 1}), "entry 1: unknown technique code"),
        (lambda d: d["techniques"].__setitem__(0, "A1"), "entry 1: expected a mapping"),
        (lambda d: d["techniques"][0].update(params=[1, 2]), "'params' must be a mapping"),
        (_set_param("TE", "points_per_level", float("nan")), "(TE): parameter 'points_per_level' must be int"),
        (_set_param("PM", "share", float("inf")), "(PM): parameter 'share' must be a finite number"),
        (_set_param("PM", "share", float("nan")), "must be a finite number"),
        (_set_param("GC", "max_length", 14.0), "(GC): parameter 'max_length' must be int, got 14.0"),
        (_set_param("GC", "max_length", True), "must be int, got True"),
        (_set_param("PM", "share", False), "must be float, got False"),
        (_set_param("GC", "max_length", -3), "must be within 0..729"),
        (_set_param("GC", "min_length", 20), "'min_length' (20) exceeds 'max_length' (14)"),
        (_set_param("PM", "share", -0.5), "must be within 0..1"),
        (_set_param("CC", "budget", 10**15), "must be within 0..10000000"),
        (_set_param("TE", "points_per_level", 10**12), "must be within -10000..10000"),
        (_set_param("BB", "first_min_cands", 12), "must be within 1..9"),
    ],
)
def test_bad_parameters_name_file_and_entry(tmp_path, mutate, fragment):
    data = _shipped()
    mutate(data)
    assert fragment in _technique_error(_write(tmp_path, data))


def test_yaml_errors_do_not_quote_the_input(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("techniques: [" + "x" * 5000)
    line = _technique_error(path)
    assert "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" not in line


def test_shipped_file_still_loads_with_its_aliases():
    assert len(Catalogue.load().entries) > 40


def test_json_never_prints_nan(monkeypatch):
    monkeypatch.setattr("rater.views.report.json_report", lambda *a, **k: {"points": float("nan"), "steps": [],
                                                                   "status": "solved"})
    result = run(PUZZLE, "--json")
    assert result.exit_code == 2 and "NaN" not in result.stdout
    one_error_line(result)


# -- option codes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["²001", "٢٠٠١", "２００１", "2\u00b901", "20٠1"])
def test_option_digits_are_ascii_only(code):
    result = run(PUZZLE, "--option", code)
    assert result.exit_code == 2
    assert "ASCII" in one_error_line(result)


@pytest.mark.parametrize(("flag", "value"), [("--copies", "٢"), ("--variants", "٢"), ("--from", "２"), ("--to", "³"), ("--seed", "٧")])
def test_numeric_options_take_ascii_digits_only(flag, value):
    result = run(PUZZLE, flag, value)
    assert result.exit_code == 2
    assert "ASCII digits" in one_error_line(result)


def test_option_parse_refuses_unicode_digits():
    with pytest.raises(ValueError):
        Options.parse("٢٠٠١")


# -- terminals, hints, usage errors -----------------------------------------------------------------


def test_step_without_a_terminal_is_one_line(monkeypatch):
    def no_terminal() -> str:
        raise OSError(6, "No such device or address")

    monkeypatch.setattr(click, "getchar", no_terminal)
    monkeypatch.setattr("rater.cli._has_terminal", lambda: True)  # a terminal that fails when read
    result = run(PUZZLE, "--step")
    assert result.exit_code == 2
    assert "--step needs a terminal" in one_error_line(result)


def test_step_without_any_terminal_is_refused_before_rating(monkeypatch):
    monkeypatch.setattr("rater.cli._has_terminal", lambda: False)
    result = run(PUZZLE, "--step")
    assert result.exit_code == 2 and result.stdout == ""
    assert "--step needs a terminal" in one_error_line(result)


def test_hint_on_a_solved_grid_says_so():
    solved = "".join(map(str, solve(GRID)))
    result = run(solved, "--hint")
    assert result.exit_code == 0 and "already solved" in result.stdout and not result.stderr


@pytest.mark.parametrize(
    "args",
    [["--bogus"], [PUZZLE, "--from", "x"], [PUZZLE, "--lang"], [PUZZLE, "--lang", "fr"], [PUZZLE, "extra"],
     [PUZZLE, "--json=1"]],
)
def test_usage_errors_are_one_line(args):
    result = run(*args)
    assert result.exit_code == 2
    one_error_line(result)


@pytest.mark.parametrize("args", [["nosuch"], ["form", "--bogus"], ["transform", PUZZLE, "--seed", "x"]])
def test_canon_usage_errors_are_one_line(args):
    result = CliRunner().invoke(canon_main, args)
    assert result.exit_code == 2
    one_error_line(result, "error: ")


def test_help_still_works():
    assert "Usage" in run("--help").stdout
    assert "Usage" in CliRunner().invoke(canon_main, ["--help"]).stdout


# -- the fuzzer ----------------------------------------------------------------------------------


@pytest.mark.skipif(sys.platform == "win32", reason="FIFO and /dev paths")
def test_seeded_fuzz_of_single_inputs(tmp_path):
    """A few hundred random puzzles, options and technique files: only documented outcomes."""
    problems = []
    for case in single_cases(random.Random(2024), 300):
        outcome = run_single(case, tmp_path)
        found = outcome.problems(RATE_CODES if case.kind == "rate" else CANON_CODES)
        if found:
            problems.append((found, case.args[:4], outcome.code, outcome.traceback[-300:], outcome.stderr_lines[:2]))
    assert not problems, problems[:3]


def test_a_technique_file_without_singles_does_not_break_the_chain_search() -> None:
    """Found by tests/fuzzing.py: a shuffled file without PM, E and F left naked singles on the board,
    and the chain graph took a cell's only candidate for one of a pair (a negative shift)."""
    codes = ["C7", "D0", "D7", "C0", "A3", "XYZ", "CC", "BT1", "ICC"]
    catalogue = Catalogue.from_data({"techniques": [{"code": code} for code in codes]}, "fuzz.yaml")
    rating = Engine("2001", catalogue).rate(
        "...2..9.6.....752...14..78....7..4...6..8..5...7..2....12..46...351.....9.8..3...", verify=True)
    assert rating.status in ("solved", "stuck")


def test_seeded_fuzz_of_outputs(tmp_path):
    """A few writing commands on hostile outputs (python3 -m tests.fuzzing --outputs runs many): no input is changed."""
    rng = random.Random(5)
    for _ in range(4):
        result = run_output_case(rng, tmp_path)
        assert not result.outcome.problems(OUTPUT_CODES[result.outcome.case.kind]), result.outcome
        assert not result.destroyed and not result.lost, result.outcome.case.args
