"""The one exception type of bad input, for every package.

A puzzle that cannot be read, an unknown option code or variant, an unusable
technique file: each is an :class:`InputError` (a subclass names which), whose
message is the one line the command-line tools print after ``error:``.  A
program using the packages catches this one type and never sees an
``IndexError`` or a bare ``ValueError`` for something a user typed.
"""

from __future__ import annotations


class InputError(ValueError):
    """Input that cannot be used; ``str(exc)`` is one line naming the problem."""


#: The largest seed a command or function takes: random.Random folds a negative seed onto its
#: absolute value, so only 0 .. 2**63 - 1 are accepted and each names one sequence (of symmetric
#: copies for ``rate --seed``, of attempts for ``generate --seed``).
MAX_SEED = 2**63 - 1


def whole_number(value: object, what: str, least: int = 0, most: int | None = None) -> int:
    """``value`` if it is an int (``bool`` is not) in ``least..most``; an InputError naming ``what`` otherwise.

    The one check of the counts, limits, indices and seeds the APIs take:
    ``2.5`` processes, ``True`` as a cell number or a negative index that
    would wrap round are bad input, not something to round or guess.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < least or (most is not None and value > most):
        bound = f"{least}..{most}" if most is not None else f">= {least}"
        raise InputError(f"{what} must be a whole number {bound}, not {value!r:.20}")
    return value
