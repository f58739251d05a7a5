"""bench/scales.py on a tiny made-up table whose statistics are worked out by hand.

The script is run as a program (tests do not import bench/): five puzzles,
ties in both columns, so the cross-table counts and Spearman's rho with
mean ranks can be checked against the arithmetic in the comments.
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "scales.py"

#: puzzle id, source, ER, HoDoKu level and score; our level, points, norm2, max.
ROWS = (
    ("p1", "a.txt", 1.2, "Easy", 100, "extremely_easy", 10, 5, 1),
    ("p2", "a.txt", 2.3, "Easy", 200, "extremely_easy", 20, 5, 2),
    ("p3", "a.txt", 2.3, "Medium", 200, "very_easy", 20, 3, 3),
    ("p4", "b.txt", 7.0, "Hard", 300, "hard", 100, 10, 4),
    ("p5", "b.txt", 9.5, "Extreme", 900, "inhuman", 500, 8, 5),
)


def run_scales(tmp_path: Path) -> str:
    peer, records = tmp_path / "peer.csv", tmp_path / "ours.jsonl"
    with peer.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["puzzle", "source_file", "se_er", "se_ep", "se_ed", "hodoku_level", "hodoku_score"])
        for puzzle, source, er, level, score, *_ours in ROWS:
            writer.writerow([puzzle, source, er, 1.2, 1.2, level, score])
    records.write_text("".join(json.dumps({"puzzle": puzzle, "status": "solved", "level": level, "points": points,
                                           "norm2": norm2, "max": top}) + "\n"
                               for puzzle, _s, _e, _l, _c, level, points, norm2, top in ROWS), encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--peer", str(peer), "--records", str(records)],
                          capture_output=True, text=True, check=True, timeout=120)
    return done.stdout


def test_cross_tables_and_rank_agreement(tmp_path: Path) -> None:
    text = run_scales(tmp_path)
    lines = text.splitlines()
    # ER 1.2, 2.3, 2.3 are singles; 7.0 chains; 9.5 nested chains
    assert "| extremely easy | 2 |  |  |  |  | 2 |" in lines
    assert "| very easy | 1 |  |  |  |  | 1 |" in lines
    assert "| inhuman |  |  |  |  | 1 | 1 |" in lines
    assert "| **all** | 3 | 0 | 0 | 1 | 1 | 5 |" in lines
    assert "| extremely easy | 2 |  |  |  |  | 2 |" in lines
    assert "| very easy |  | 1 |  |  |  | 1 |" in lines  # HoDoKu: Medium
    assert "| **all** | 2 | 1 | 1 | 0 | 1 | 5 |" in lines
    # points 10 20 20 100 500 order the puzzles as ER and the score do, ties included: rho 1.
    # norm2 ranks 2.5 2.5 1 5 4 against ER ranks 1 2.5 2.5 4 5: 6.25 / 9.5 = 0.658.
    # max ranks 1..5 against ER ranks 1 2.5 2.5 4 5: 9.5 / sqrt(10 * 9.5) = 0.975.
    assert "| all | 5 | 1.000 | 0.658 | 0.975 | 1.000 | 0.658 | 0.975 |" in lines
    # b.txt: p5 is above p4 on every scale but the Euclidean norm
    assert "| `b.txt` | 2 | 1.000 | -1.000 | 1.000 | 1.000 | -1.000 | 1.000 |" in lines
    assert "not targets" in text
