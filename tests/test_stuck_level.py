"""A stuck rating has no difficulty level: its partial total says nothing about the puzzle."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

from rater.bulk.runner import Stats
from rater.cli import main
from rater.options import Options
from rater.run.engine import Engine, default_catalogue

#: top95's first puzzle: stuck when only singles are on.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "14.....5.7..2........3..2.42...8.4...8..9..2...6.5...18.9..1........6..7.5.....69"
SINGLES_ONLY = ("C1,C2,C3,C0,C7,D1,D2,D3,D0,D7,D8,BT1,BT2,NT,HT,RP,CRP,GC,XYZ,WXYZ,SG,SC,SCC,UR,QUR,UL,QUL,"
                "CC,CCS,ICC,ACS,ACR,BB,TE")


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_engine_and_single_reports_give_a_stuck_rating_no_level() -> None:
    engine = Engine(Options.parse("2001"), default_catalogue().without(tuple(SINGLES_ONLY.split(","))))
    rating = engine.rate(tuple(int(c) if c.isdigit() else 0 for c in HARD))
    assert rating.status == "stuck" and rating.level is None and rating.level_text() is None and rating.points > 0
    data = json.loads(run(HARD, "--disable", SINGLES_ONLY, "--json").stdout)
    assert data["status"] == "stuck" and data["level"] is None and data["level_text"] is None
    text = run(HARD, "--disable", SINGLES_ONLY, "--no-walk")
    assert text.exit_code == 1 and "Level:    thinning steps" in text.stdout
    walk = run(HARD, "--disable", SINGLES_ONLY, "--walk", "--ascii", "--no-color", "--lang", "de")
    assert walk.exit_code == 1 and "Traceback" not in walk.output


def test_file_records_of_a_stuck_rating_have_no_level(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(f"{EASY}\n{HARD}\n")

    def bulk(*args: str) -> str:
        result = run("--file", str(path), "--disable", SINGLES_ONLY, "-j", "1", "-q", *args)
        assert result.exit_code == 0, result.output
        return result.stdout

    solved, stuck = (json.loads(line) for line in bulk("--format", "jsonl").splitlines())
    assert solved["level"] == "extremely_easy" and solved["level_text"] == "extremely easy" and stuck["status"] == "stuck" and stuck["level"] is None
    rows = list(csv.DictReader(io.StringIO(bulk("--format", "csv"))))
    assert rows[0]["level"] == "extremely_easy" and rows[1]["level"] == "" and rows[1]["level_text"] == ""
    assert bulk("--format", "text").splitlines()[1].endswith(" stuck")  # the status where a level would be
    assert bulk("--template", "{status}:{level}").splitlines() == ["solved:extremely_easy", "stuck:-"]


def test_the_summary_counts_stuck_ratings_under_their_status_only() -> None:
    stats = Stats()
    stats.add({"status": "solved", "level": "hard", "points": 100, "techniques": {}, "seconds": 0.0})
    stats.add({"status": "stuck", "level": None, "points": 69, "techniques": {}, "seconds": 0.0})
    assert dict(stats.levels) == {"hard": 1} and stats.statuses["stuck"] == 1 and stats.rated == 2
