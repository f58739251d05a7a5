"""What makes ``generate --resume`` continue a run as if it had never stopped.

A generation run is a sequence of numbered attempts, each a function of the
seed and its number (:mod:`rater.generation`), and the outputs are the
attempts' puzzles that meet the target and are new up to symmetry.  So to
continue, a run needs the settings (to be the same run), the number of the
next attempt, and the canonical forms of the puzzles already written (to stay
distinct).  ``OUT.run.json`` holds the first two, rewritten atomically after
every written puzzle; the output itself holds the puzzles.

The run file is updated after the record is flushed: a run killed in
between has one record more than the run file says, and its attempt is
made again on resume, finds the same puzzle, and drops it as a duplicate.
So the output is the same as an uninterrupted run's.  ``--count`` may differ
on resume (ask for more); every other setting must be the same.
"""

from __future__ import annotations

import csv
import json
import re
from dataclasses import asdict
from pathlib import Path
from typing import Any, Final

from rater.bulk_resume import ResumeError, cut_torn_line, side_path, write_side_file
from rater.generation import GenerateSettings

#: The key of a generation run's settings in ``OUT.run.json`` (a rating run's file has none).
KIND: Final = "generate"
_PUZZLE: Final = re.compile(r"(?<![0-9.])[0-9.]{81}(?![0-9.])")


def identity(settings: GenerateSettings, fmt: str, template: str | None) -> dict[str, Any]:
    """Everything that decides the records, as stored in the run file (the count aside)."""
    data = asdict(settings)
    data.update(format=fmt, template=template)
    return json.loads(json.dumps(data))  # tuples as lists, as they come back from the file


def save(output: Path, settings: dict[str, Any], next_attempt: int, written: int) -> None:
    """Store the run's settings and progress beside ``output``."""
    write_side_file(output, {KIND: settings, "next_attempt": next_attempt, "written": written})


def resume_point(output: Path, settings: dict[str, Any]) -> tuple[int, list[str]]:
    """The next attempt and the puzzles already written; ResumeError when ``output`` is another run's."""
    if not output.exists() or output.stat().st_size == 0:
        return 0, []
    path = side_path(output)
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
        earlier, next_attempt, written = stored[KIND], int(stored["next_attempt"]), int(stored["written"])
    except FileNotFoundError:
        raise ResumeError(f"cannot resume {output}: {path.name} is missing, so nothing shows which settings "
                          "wrote it") from None
    except (OSError, ValueError, KeyError, TypeError):
        raise ResumeError(f"{path} is not the run file of a generate run; cannot resume") from None
    for name, value in settings.items():
        if earlier.get(name) != value:
            raise ResumeError(f"cannot resume {output}: the earlier run used {name} {json.dumps(earlier.get(name))}, "
                              f"this one {json.dumps(value)}")
    cut_torn_line(output)
    puzzles = written_puzzles(output, settings["format"])
    if len(puzzles) < written:
        raise ResumeError(f"cannot resume {output}: it holds {len(puzzles)} puzzles, the run wrote {written}")
    return next_attempt, puzzles


def written_puzzles(output: Path, fmt: str) -> list[str]:
    """The puzzle of every record of ``output`` (text lines: their first 81-character puzzle)."""
    puzzles = []
    with output.open(encoding="utf-8", errors="replace") as stream:
        lines = stream.read().splitlines()
    if fmt == "csv":
        lines = lines[1:]
    for number, line in enumerate(lines, 2 if fmt == "csv" else 1):
        try:
            if fmt == "jsonl":
                puzzle = json.loads(line)["puzzle"]
            elif fmt == "csv":
                puzzle = next(csv.reader([line]))[1]
            else:
                match = _PUZZLE.search(line)
                if match is None:
                    raise ValueError
                puzzle = match.group()
        except (ValueError, KeyError, IndexError, TypeError):
            raise ResumeError(f"cannot resume {output}: line {number} holds no puzzle of this run") from None
        puzzles.append(puzzle)
    return puzzles
