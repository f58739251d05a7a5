"""``canon invariants | fix | count-completions | completions | group-orders`` (seed 002 commands)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from studies_support import A, U, u_prime

from canon.cli import main
from puzzles.parsing import format_line

E_DIAGONAL = "123......456......789.........645......978......312.........897......231......564"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_invariants_prints_partitions() -> None:
    code, out, _ = run("invariants", format_line(A))
    assert code == 0
    assert out.splitlines()[:2] == ["p = 3+2+2+2+2+16·1", "q = 4+3+3+2+2+13·1"]


def test_fix_reports_type_and_elements() -> None:
    code, out, _ = run("fix", format_line(U))
    assert code == 0 and out.startswith("superfix; stabiliser order 9") and len(out.splitlines()) == 5
    code, out, _ = run("fix", format_line(u_prime()))
    assert code == 0 and out.splitlines()[0] == "fix-sudoku of type [R]; stabiliser order 3"
    code, out, _ = run("fix", format_line(A))
    assert code == 0 and out.startswith("neutral")


def test_fix_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "grids.txt"
    path.write_text(f"# two grids and a bad line\n{format_line(U)}\n{format_line(A)}\n123\n")
    code, out, _ = run("fix", "--file", str(path))
    assert code == 0
    assert [line.split("\t")[1] for line in out.splitlines()[:2]] == ["superfix", "neutral"]
    assert out.splitlines()[2].startswith("line 4: error: ")


def test_count_completions_from_words_and_from_grid() -> None:
    code, out, _ = run("count-completions", "--diagonal", "e,e")
    assert code == 0 and out.strip() == "N(76543210,76543210) = 283576"
    code, out, _ = run("count-completions", E_DIAGONAL)
    assert code == 0 and out.strip() == "N(76543210,76543210) = 283576"
    code, out, _ = run("count-completions", "--diagonal", "65743210,57643210", "--class")
    assert code == 0
    assert out.splitlines() == ["N(65743210,57643210) = 262612", "class representative (57643210,65743210), m = 12"]


def test_completions_summary_and_listing() -> None:
    code, out, _ = run("completions", "--diagonal", "e,e", "--summary")
    assert code == 0
    lines = out.splitlines()
    assert "completions 283576" in lines and "fix-sudokus 64" in lines
    assert [" R 12", " S 12", " RS 36", " RSS 0", " superfix 4"] == [" " + l.strip() for l in lines[-5:]]
    code, out, _ = run("completions", "--diagonal", "74563120,56240371")
    assert code == 0 and len(out.splitlines()) == 95_514


def test_group_orders() -> None:
    code, out, _ = run("group-orders")
    assert code == 0 and out.splitlines() == ["|G| = 3359232", "|G0| = 1679616", "|M| = 470292480"]


def test_bad_input_is_one_line_and_exit_2() -> None:
    for args in (
        ["fix", "123"],
        ["invariants", E_DIAGONAL],
        ["count-completions"],
        ["count-completions", "--diagonal", "e"],
        ["count-completions", "--diagonal", "e,01234567"],
        ["count-completions", "1" + E_DIAGONAL[1:3] + "4" + E_DIAGONAL[4:]],
        ["completions", E_DIAGONAL, "--diagonal", "e,e"],
    ):
        code, _, err = run(*args)
        assert code == 2 and err.startswith("error: ") and err.count("\n") == 1, args
