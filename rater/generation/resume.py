"""What makes ``generate --resume`` continue a run as if it had never stopped.

A generation run is a sequence of numbered attempts, each a function of the
seed and its number (:mod:`rater.generation.generator`), and the outputs are the
attempts' puzzles that meet the target and are new up to symmetry.  So to
continue, a run needs the settings (to be the same run), the number of the
next attempt, and the canonical forms of the puzzles already written (to stay
distinct).  ``OUT.run.json`` holds the first two, rewritten atomically after
every written puzzle; the output itself holds the puzzles.

The settings are stored as ``rate --file`` stores its run's
(:class:`rater.bulk.resume.RunIdentity`: the program version, the catalogue
digest, the option, rules, language, excluded codes, technique file, format
and template), with the generation conditions as its ``input``; so a resume
is refused, in one line, for the same reasons as a rating run's, and an
upgrade that rates differently never adds its puzzles to an earlier run's.

The run file is updated after the record is flushed: a run killed in
between has one record more than the run file says, and its attempt is
made again on resume, finds the same puzzle, and drops it as a duplicate.
So the output is the same as an uninterrupted run's.  ``--count`` may differ
on resume (ask for more); every other setting must be the same, the seed
included: a resume without ``--seed`` continues with the seed the run file
holds (:func:`recorded_seed`), the one drawn for the run when it began.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from dataclasses import asdict
from pathlib import Path
from typing import Any, Final

from rater.bulk.output import FORMATS
from rater.bulk.resume import (
    ResumeError,
    RunIdentity,
    cut_torn_line,
    identity_of,
    read_side_file,
    refuse_difference,
    side_path,
    write_side_file,
)
from rater.generation.generator import GenerateSettings
from rater.generation.pattern import pattern_text

#: The input kind of a generation run's identity (a rating run's is ``file`` or ``stdin``).
KIND: Final = "generate"
#: The progress a generation run file holds beside the identity.
PROGRESS: Final = ("next_attempt", "written")
#: The run file's SHA-256 of the puzzles written, one per line in order: an edited output is refused.
DIGEST: Final = "puzzles_sha256"
#: The flags ``generate`` names differently from ``rate``.
FLAGS: Final = {"disable": "--exclude"}


def _span(low: float, high: float) -> str:
    return f"{low:g}..{high:g}" if math.isfinite(high) else f"{low:g}.."


def conditions(settings: GenerateSettings) -> dict[str, Any]:
    """The generation conditions as the identity's input: plain values named as the command's flags."""
    return {
        "kind": KIND, "level": ",".join(settings.levels) or None,
        "points": _span(*settings.points) if settings.points else None,
        "require": ",".join(settings.require) or None, "first_hard": settings.first_hard,
        "symmetry": settings.symmetry, "clues": _span(*settings.clues), "minimal": settings.minimal,
        "seed": settings.seed, "climb": settings.climb,
        **({} if settings.pattern is None else {"pattern": pattern_text(settings.pattern)}),
    }


def recorded_seed(output: Path) -> int | None:
    """The seed of the generate run that wrote ``output``, from its run file; None when there is none to read."""
    if not output.is_file() or output.stat().st_size == 0:
        return None
    data = read_side_file(output)
    seed = data.get("input", {}).get("seed") if isinstance(data, dict) and isinstance(data.get("input"), dict) \
        else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0 else None


def identity(settings: GenerateSettings, fmt: str, template: str | None) -> RunIdentity:
    """Everything that decides the records (the count aside), as ``rate --file`` identifies its runs."""
    return RunIdentity.of(conditions(settings), fmt, template, settings.rating)


class PuzzleDigest:
    """The SHA-256 of the puzzles written so far, one per line, kept up to date record by record."""

    def __init__(self, puzzles: Iterable[str] = ()) -> None:
        self._hash = hashlib.sha256()
        for puzzle in puzzles:
            self.add(puzzle)

    def add(self, puzzle: str) -> None:
        self._hash.update(puzzle.encode("utf-8") + b"\n")

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def save(output: Path, run: RunIdentity, next_attempt: int, written: int, digest: PuzzleDigest) -> None:
    """Store the run's identity and progress beside ``output``."""
    write_side_file(output, {**asdict(run), "next_attempt": next_attempt, "written": written,
                             DIGEST: digest.hexdigest()})


def resume_point(output: Path, run: RunIdentity) -> tuple[int, list[str]]:
    """The next attempt and the puzzles already written; ResumeError when ``output`` is another run's."""
    if not output.exists() or output.stat().st_size == 0:
        return 0, []
    path = side_path(output)
    data = read_side_file(output)
    if data is None:
        raise ResumeError(f"cannot resume {output}: {path.name} is missing, so nothing shows which settings "
                          "wrote it")
    try:
        next_attempt, written = (int(data.pop(name)) for name in PROGRESS)
        digest = str(data.pop(DIGEST))
    except (AttributeError, ValueError, KeyError, TypeError):
        raise ResumeError(f"{path} is not the run file of a generate run; cannot resume") from None
    refuse_difference(output, run, identity_of(data, output), FLAGS)
    cut_torn_line(output)
    puzzles = written_puzzles(output, run.format)
    # a run killed between writing a record and its run file has one record more than the file says
    if not written <= len(puzzles) <= written + 1:
        raise ResumeError(f"cannot resume {output}: it holds {len(puzzles)} puzzles, the run wrote {written}")
    if PuzzleDigest(puzzles[:written]).hexdigest() != digest:
        raise ResumeError(f"cannot resume {output}: its puzzles are not the ones the run wrote (the file was "
                          "edited); start a new run")
    return next_attempt, puzzles


def written_puzzles(output: Path, fmt: str) -> list[str]:
    """The puzzle of every record of ``output`` (:meth:`rater.bulk.output.RecordFormat.puzzle_of`)."""
    record_format = FORMATS[fmt]
    with output.open(encoding="utf-8", errors="replace") as stream:
        lines = stream.read().splitlines()
    first = 2 if record_format.header else 1
    puzzles = []
    for number, line in enumerate(lines[first - 1:], first):
        try:
            puzzles.append(record_format.puzzle_of(line))
        except (ValueError, KeyError, IndexError, TypeError, StopIteration):
            raise ResumeError(f"cannot resume {output}: line {number} holds no puzzle of this run") from None
    return puzzles
