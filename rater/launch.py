"""The console scripts of the ``rate`` and ``generate`` commands.

Each imports its command's module with the collector off and then settles it
(:mod:`puzzles.collector`), which saves about a sixth of a command's start-up;
``python -m rater.cli`` runs the same command without this.
"""

from __future__ import annotations

from puzzles.collector import import_quietly


def rate() -> None:
    """The ``rate`` command (:mod:`rater.cli`)."""
    import_quietly("rater.cli").main()


def generate() -> None:
    """The ``generate`` command (:mod:`rater.generation.cli`)."""
    import_quietly("rater.generation.cli").main()
