"""``python3 -m canon ...``: the ``canon`` command without installing the package."""

from canon.cli import main

main()
