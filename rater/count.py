"""``rate PUZZLE --count``: the number of all solutions, however many there are.

The rater refuses puzzles with several solutions; this answers "how many?"
(the original's documentation quotes counts such as 30,619 and 14,297,616).
Standard puzzles are counted by the solver's band join, variants by search
(:func:`puzzles.solver.count_solutions`).  A count can take minutes, so on a
terminal a spinner with the elapsed time runs on stderr meanwhile; the
result goes to stdout alone, so a pipe only ever sees the answer.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any

from puzzles.parsing import Grid, format_line
from puzzles.rules import Rules
from puzzles.solver import count_solutions


@dataclass(frozen=True)
class Count:
    """All solutions of one puzzle under one rules, and how long counting took."""

    puzzle: str
    rules: str
    solutions: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle, "rules": self.rules, "solutions": self.solutions,
                "seconds": round(self.seconds, 3)}

    def text(self) -> str:
        word = "solution" if self.solutions == 1 else "solutions"
        return f"{self.solutions:,} {word} ({self.rules}, counted in {self.seconds:.1f} s)"


def count_all(grid: Grid, rules: Rules) -> Count:
    """Count every solution of ``grid``; a spinner on stderr while it runs, if stderr is a terminal."""
    began = time.perf_counter()
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        columns = (SpinnerColumn(), TextColumn("counting the solutions ({task.description})"), TimeElapsedColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
            progress.add_task(rules.name, total=None)
            solutions = count_solutions(grid, None, rules=rules)
    else:
        solutions = count_solutions(grid, None, rules=rules)
    return Count(format_line(grid), rules.name, solutions, time.perf_counter() - began)
