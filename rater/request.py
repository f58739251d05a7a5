"""The options of one ``rate`` command line as one typed value.

click hands the command its options as keywords; they become one
:class:`Request`, which the checks, the views (:mod:`rater.views.registry`)
and the bulk run read.  A new option of ``rate`` is one click option and one
field here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rater.bulk.output import DEFAULT_FORMAT
from rater.exits import EXIT_INPUT, fail
from rater.options import DEFAULT_OPTION
from techniques.notation import DEFAULT_NOTATION


@dataclass(frozen=True)
class Request:
    """Every option of ``rate`` under its click parameter name (``rater/cli.py`` has their help)."""

    puzzle: str | None = None
    option: str = DEFAULT_OPTION
    rules_name: str = "standard"
    techniques: str | None = None
    disable: str | None = None
    enable: str | None = None
    allow_multiple: bool = False
    canonical: bool = False
    count: bool = False
    count_limit: int | None = None
    verify: bool = False
    list_techniques: bool = False
    as_json: bool = False
    lang: str = "en"
    notation: str = DEFAULT_NOTATION
    walk: bool | None = None
    step_mode: str | None = None
    first: int = 1
    last: int | None = None
    color: bool | None = None
    ascii_only: bool = False
    hint: bool = False
    full: bool = False
    html_file: str | None = None
    svg_file: str | None = None
    marked: bool = False
    copies: int | None = None
    seed: int = 0
    reduce: bool = False
    reduce_all: int | None = None
    source: str | None = None
    output: str | None = None
    fmt: str = DEFAULT_FORMAT
    template: str | None = None
    jobs: int = 0
    timeout: float | None = None
    resume: bool = False
    quiet: bool = False
    with_minlex: bool = False
    cluster: str | None = None
    chunk_size: int | None = None
    #: ``--step`` without a number: the walkthrough waits for a key between steps.
    waiting: bool = False
    #: ``--step N``: the picture's step (``--svg``) or the page's first step (``--html``).
    step_number: int | None = None

    @classmethod
    def of(cls, options: dict[str, Any]) -> Request:
        """The request of click's keywords, with ``--step`` read (see :meth:`_read_step`)."""
        return cls(**options)._read_step()

    def _read_step(self) -> Request:
        """PUZZLE, whether ``--step`` waits for keys, and the step number ``--step N`` names.

        ``--step`` takes an optional number, so in ``rate --step PUZZLE`` the parser
        hands the puzzle to ``--step``: a value that is not a number is the puzzle.
        """
        value = self.step_mode
        if value is None:
            return self
        if value == "":
            return replace(self, waiting=True)
        if value.isascii() and value.isdigit():
            return replace(self, step_number=int(value))
        if self.puzzle is None:
            return replace(self, puzzle=value, waiting=True)
        fail(f"--step takes a step number, not {value!r}", EXIT_INPUT)

    @property
    def pictures(self) -> bool:
        """Whether ``--html`` or ``--svg`` asks for a picture."""
        return self.html_file is not None or self.svg_file is not None

    @property
    def reducing(self) -> bool:
        """Whether ``--reduce`` or ``--reduce-all`` asks for the reduction report."""
        return self.reduce or self.reduce_all is not None
