"""The original program's 4-digit option code.

Digit 1: obvious row/column tests and 2-tuples (methods C and D): 0 none,
1 simple, 2 all.  Digit 2: the alternatives printed beside each step (0-4, see
:meth:`rater.run.engine.Engine._alternatives`).  Digit 3: how thinning
steps are printed (0 in order found, 1 with the list of eliminated
candidates).  Digit 4: 0 half-synchronous, 1 pseudo-synchronous, 2-7
synchronous levels einfach ... allerweitestgehend.  Digits 2 and 3 only change
what is printed, never the points.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from puzzles.errors import InputError

DEFAULT_OPTION = "2001"


class Mode(enum.Enum):
    HALF_SYNC = "half-synchronous"
    PSEUDO_SYNC = "pseudo-synchronous"
    SYNC = "synchronous"


class OptionError(InputError):
    """An option code that is not four digits in the allowed ranges."""


@dataclass(frozen=True)
class Options:
    """A parsed option code."""

    cd_level: int
    detail: int
    thinning_output: int
    sync_digit: int

    @property
    def mode(self) -> Mode:
        if self.sync_digit == 0:
            return Mode.HALF_SYNC
        if self.sync_digit == 1:
            return Mode.PSEUDO_SYNC
        return Mode.SYNC

    @property
    def sync_level(self) -> int:
        """The synchronous level 2-7, or 0 for the two non-synchronous modes."""
        return self.sync_digit if self.sync_digit >= 2 else 0

    @property
    def code(self) -> str:
        return f"{self.cd_level}{self.detail}{self.thinning_output}{self.sync_digit}"

    @classmethod
    def parse(cls, text: str | int) -> Options:
        code = str(text).strip()
        # ASCII digits only: str.isdigit() also accepts superscripts and
        # Arabic-Indic or full-width digits, which would be taken silently.
        if len(code) != 4 or not all("0" <= ch <= "9" for ch in code):
            shown = code if len(code) <= 20 else code[:17] + "..."
            raise OptionError(f"option must be 4 digits like 2001 (ASCII 0-9), got {shown!r}")
        cd, detail, out, sync = (int(ch) for ch in code)
        limits = (("first digit (C/D tests)", cd, 2), ("second digit (detail)", detail, 4),
                  ("third digit (thinning output)", out, 1), ("fourth digit (synchronous mode)", sync, 7))
        for label, value, top in limits:
            if value > top:
                raise OptionError(f"option {code}: {label} must be 0-{top}, got {value}")
        return cls(cd, detail, out, sync)
