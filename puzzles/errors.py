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
