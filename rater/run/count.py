"""``rate PUZZLE --count``: the number of all solutions, up to a limit.

The rater refuses puzzles with several solutions; this answers "how many?"
(the original's documentation quotes counts such as 30,619 and 14,297,616).
Counting stops at ``--count-limit`` (:data:`DEFAULT_LIMIT`), and a count
that reaches it is reported as "at least N": a sparse grid has too many
solutions to count (the empty one about 6.7 * 10**21), and the count must end
by itself.  :func:`puzzles.solver.count_solutions` does the counting in
bounded memory.  On a terminal a progress display (solutions so far, elapsed
time) runs on stderr meanwhile; the result goes to stdout alone, so a pipe
only ever sees the answer.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any, Final

from puzzles.geometry import Grid
from puzzles.parsing import format_line
from puzzles.rules import Rules
from puzzles.solver import count_solutions

#: Default ``--count-limit``: the empty grid reaches it in about 3 s (docs/performance.md).
DEFAULT_LIMIT: Final = 100_000


@dataclass(frozen=True)
class Count:
    """The solutions of one puzzle under one rules, counted up to ``limit``, and how long counting took."""

    puzzle: str
    rules: str
    solutions: int
    limit: int
    seconds: float

    @property
    def exact(self) -> bool:
        """False when counting stopped at the limit: the puzzle has at least that many solutions."""
        return self.solutions < self.limit

    def to_json(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle, "rules": self.rules, "solutions": self.solutions, "exact": self.exact,
                "limit": self.limit, "seconds": round(self.seconds, 3)}

    def text(self) -> str:
        word = "solution" if self.solutions == 1 else "solutions"
        if self.exact:
            return f"{self.solutions:,} {word} ({self.rules}, counted in {self.seconds:.1f} s)"
        return (f"at least {self.solutions:,} {word} ({self.rules}, counting stopped at the limit "
                f"after {self.seconds:.1f} s; --count-limit N counts further)")


def count_all(grid: Grid, rules: Rules, limit: int = DEFAULT_LIMIT) -> Count:
    """Count the solutions of ``grid`` up to ``limit``; a progress display on stderr, if it is a terminal."""
    began = time.perf_counter()
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        columns = (TextColumn("counting the solutions ({task.description})"), BarColumn(),
                   MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task(rules.name, total=limit)
            solutions = count_solutions(grid, limit, rules=rules,
                                        progress=lambda found: progress.update(task, completed=found))
    else:
        solutions = count_solutions(grid, limit, rules=rules)
    return Count(format_line(grid), rules.name, solutions, limit, time.perf_counter() - began)
