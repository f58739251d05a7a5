"""How the YAML files (technique catalogue, language files, level table) are parsed.

PyYAML ships a binding to libyaml next to its pure-Python parser, where it was built with it
(the wheels are): libyaml's safe loader parses the packaged files five to ten times faster,
some 60 ms of the start-up of every rating process.  Only the scanner and parser are in C;
the resolvers and constructors that turn the nodes into Python objects are the same code, so
a file reads the same with either, and each file is still read with the safe constructors.
"""

from __future__ import annotations

from typing import Any

import yaml

#: The safe loader: libyaml's where PyYAML has it, else the pure-Python one.
SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(text: str) -> Any:
    """The one document of ``text``, with the safe constructors (``yaml.safe_load``, libyaml parsing)."""
    return yaml.load(text, Loader=SafeLoader)
