"""``canon minlex`` and ``canon dedup`` on the command line."""

from __future__ import annotations

import random
from pathlib import Path

from click.testing import CliRunner

from canon.cli import main
from canon.dedup import dedup
from canon.group import parse_spec, random_transformation
from puzzles.parsing import format_line, parse_line
from tests.conftest import FIXTURES, read_puzzles

PUZZLE = "001000090030604001809030042095000104740901020128706935900010063312860450576023810"
MINLEX = "000001002003042056670300010000208160120690005790514283001020037047135608305987401"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_minlex_single_and_details() -> None:
    assert run("minlex", PUZZLE) == (0, MINLEX + "\n", "")
    code, out, _ = run("minlex", PUZZLE, "--details", "--empty", ".")
    form, spec, count = out.strip().split("\t")
    assert code == 0 and form == MINLEX.replace("0", ".") and count == "automorphisms=1"
    assert format_line(parse_spec(spec).apply(parse_line(PUZZLE)), "0") == MINLEX


def test_minlex_pattern_and_grid_input() -> None:
    code, out, _ = run("minlex", "--pattern", "1" + "." * 80, "--details")
    assert code == 0 and out.split("\t")[0] == "0" * 80 + "1" and out.strip().endswith("automorphisms=41472")
    grid = "\n".join(PUZZLE[9 * r : 9 * r + 9] for r in range(9))
    assert run("minlex", grid)[1] == MINLEX + "\n"


def test_minlex_rules_and_bad_input() -> None:
    line = (FIXTURES / "variant_diagonal_200.txt").read_text().splitlines()[0].split()[0]
    code, out, _ = run("minlex", line, "--rules", "diagonal", "--details")
    assert code == 0 and out.strip().endswith("automorphisms=1")
    code, _, err = run("minlex", line, "--rules", "nonsense")
    assert code == 2 and err.startswith("error: unknown rules")
    code, _, err = run("minlex", "123")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run("minlex", PUZZLE, "--empty", "5")
    assert code == 2 and "--empty" in err


def test_minlex_file_reports_bad_lines(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text(f"{PUZZLE}\n# a comment\nnot a puzzle\n{MINLEX}\n")
    code, out, _ = run("minlex", "--file", str(src))
    assert code == 0
    # the first token is read, as rate --file reads a line
    assert out.splitlines() == [MINLEX, "line 3: error: a puzzle needs 81 cells, got 3 characters", MINLEX]


def _copies_file(tmp_path: Path, originals: list[str], copies: int, seed: int) -> Path:
    rng = random.Random(seed)
    lines = list(originals)
    for _ in range(copies):
        lines.append(format_line(random_transformation(rng).apply(parse_line(rng.choice(originals)))) + " # copy")
    tail = lines[len(originals) // 2 :]
    rng.shuffle(tail)  # copies may come before later originals
    lines[len(originals) // 2 :] = tail
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines[:5] + ["12345", "1" * 81] + lines[5:]) + "\n")
    return src


def test_dedup_keeps_first_of_each_class(tmp_path: Path) -> None:
    originals = read_puzzles("17clue_every491.txt")[:40]
    src = _copies_file(tmp_path, originals, 60, seed=1)
    out_path = tmp_path / "out.txt"
    code, out, err = run("dedup", str(src), "--output", str(out_path), "--no-progress")
    assert code == 0 and out == ""
    kept = out_path.read_text().splitlines()
    assert len(kept) == 40
    # the first of every class in input order: exactly what the API keeps
    records = [line for line in src.read_text().splitlines() if len(line.split()[0]) == 81]
    grids = [parse_line(line.split()[0]) for line in records]
    firsts = [records[i] for i, _ in dedup(grids)]
    assert kept == firsts
    assert "line 6: error: a puzzle needs 81 cells, got 5 characters\nline 7: error: digit 1 appears twice" in err
    assert err.strip().endswith("100 puzzles, 40 classes kept, 60 duplicates dropped, 2 malformed records")


def test_dedup_jobs_and_keys_agree(tmp_path: Path) -> None:
    originals = read_puzzles("top95.txt")[:30]
    src = _copies_file(tmp_path, originals, 30, seed=2)
    single = run("dedup", str(src), "--no-progress")
    assert single[0] == 0
    assert run("dedup", str(src), "--no-progress", "--jobs", "2")[1] == single[1]
    assert run("dedup", str(src), "--no-progress", "--key", "form")[1] == single[1]


def test_dedup_refuses_to_overwrite_its_input(tmp_path: Path) -> None:
    src = tmp_path / "in.txt"
    src.write_text(PUZZLE + "\n")
    code, _, err = run("dedup", str(src), "--output", str(src))
    assert code == 2 and "input" in err
    code, _, err = run("dedup", str(tmp_path / "missing.txt"))
    assert code == 2 and err.startswith("error: cannot read")


def test_dedup_reads_grid_files(tmp_path: Path) -> None:
    """The 9-line grids rate --file reads: a framed grid and an isomorphic line are one class."""
    rows = [PUZZLE[9 * r : 9 * r + 9].replace("0", ".") for r in range(9)]
    framed = "\n".join(f"{row[:3]}|{row[3:6]}|{row[6:]}" for row in rows)
    src = tmp_path / "grids.sdk"
    src.write_text(f"# two copies of one puzzle\n{framed}\n\n{MINLEX}\n")
    code, out, err = run("dedup", str(src), "--no-progress")
    assert code == 0 and out.splitlines() == [PUZZLE.replace("0", ".")]
    assert err.strip().endswith("2 puzzles, 1 classes kept, 1 duplicates dropped")
