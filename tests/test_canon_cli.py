"""The ``canon`` command line."""

from __future__ import annotations

from pathlib import Path

import click
from click.testing import CliRunner

from canon.cli import main
from canon.group import parse_spec
from puzzles.parsing import parse_line

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_form_key_stabilizer() -> None:
    code, out, _ = run("form", PUZZLE, "--details")
    assert code == 0
    form, spec, stab = out.strip().split("\t")
    assert parse_spec(spec).apply(parse_line(PUZZLE)) == parse_line(form)
    assert stab == "stabilizer=1"
    code, out, _ = run("key", PUZZLE)
    assert code == 0 and out.startswith("9 111111111 ")
    code, out, _ = run("stabilizer", "1" + "." * 80, "--pattern", "--elements", "--limit", "2")
    assert code == 0 and out.splitlines()[0] == "41472" and len(out.splitlines()) == 4


def test_transform_spec_and_random_seed() -> None:
    code, out, _ = run("transform", PUZZLE, "--spec", "bands=102")
    assert code == 0 and out.split("\t")[0] == PUZZLE[27:54] + PUZZLE[:27] + PUZZLE[54:]
    first = run("transform", PUZZLE, "--random", "--seed", "4")[1]
    assert first == run("transform", PUZZLE, "--random", "--seed", "4")[1]


def test_bad_input_exits_2_with_one_line() -> None:
    for args in (["form", "123"], ["transform", PUZZLE, "--spec", "bands=11"], ["form"], ["transform", PUZZLE]):
        code, out, err = run(*args)
        assert code == 2 and err.startswith("error: ") and err.count("\n") == 1


def test_file_mode_skips_comments_and_reports_bad_lines(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(f"# header\n\n{PUZZLE}\n123.456.789.1\n{PUZZLE}\n")
    code, out, _ = run("form", "--file", str(path))
    lines = out.splitlines()
    assert code == 0 and len(lines) == 3
    assert lines[1] == "line 4: error: a puzzle needs 81 cells, got 13 characters"
    assert lines[0] == lines[2]


def test_enumerate_count_and_output(tmp_path: Path) -> None:
    assert run("enumerate", "--clues", "3", "--count", "--no-progress")[1].strip() == "43"
    assert run("enumerate", "--clues", "3", "--patterns", "--count", "--no-progress")[1].strip() == "21"
    target = tmp_path / "out.txt"
    code, _, _ = run("enumerate", "--clues", "2", "--output", str(target))
    assert code == 0 and len(target.read_text().splitlines()) == 7


def test_main_is_extendable() -> None:
    @click.command(name="hello-test")
    def hello() -> None:
        click.echo("hi")

    main.add_command(hello)
    try:
        assert run("hello-test")[1] == "hi\n"
    finally:
        main.commands.pop("hello-test")
