"""The one version number of all four packages, and the text ``--version`` prints.

Every package re-exports :data:`__version__` from here and ``pyproject.toml``
reads it (a dynamic version), so the number a record carries, the one
``--version`` prints and the installed distribution's can never disagree.
The number changes whenever a rating can change (see ``CHANGELOG.md``).
"""

from __future__ import annotations

from typing import Final

from puzzles.build import status

__version__: Final = "0.3.4"


def version_text(program: str) -> str:
    """What ``PROGRAM --version`` prints: the program, its version, the Python running it and the
    path in use (compiled or pure Python, :func:`puzzles.build.status`), since the same version
    rates at different speeds on the two.

    One function for every command, so a line added here (where the package
    was imported from, say) shows in all of them.
    """
    import platform  # here: only ``--version`` needs it, not every process

    return f"{program} {__version__} (Python {platform.python_version()}; {status()})"
