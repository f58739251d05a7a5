"""The console script of the ``canon`` command.

It imports :mod:`canon.cli` with the collector off and then settles it
(:mod:`puzzles.collector`); ``python -m canon.cli`` runs the same command without this.
"""

from __future__ import annotations

from puzzles.collector import import_quietly


def canon() -> None:
    """The ``canon`` command (:mod:`canon.cli`)."""
    import_quietly("canon.cli").main()
