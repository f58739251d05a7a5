"""How the YAML files (technique catalogue, language files, level table) are parsed, and kept parsed.

PyYAML ships a binding to libyaml next to its pure-Python parser, where it was built with it
(the wheels are): libyaml's safe loader parses the packaged files five to ten times faster.
Only the scanner and parser are in C; the resolvers and constructors that turn the nodes into
Python objects are the same code, so a file reads the same with either, and each file is still
read with the safe constructors.

Parsing still cost every rating process about a sixth of its start-up (importing PyYAML alone
compiles some forty regular expressions), so the data of the package's own files is kept
the way Python keeps a module's bytecode: :func:`load_kept` stores it in ``__pycache__`` beside
the file, with the whole text it came from, and uses it only while the file holds that very
text.  A user who tunes a packaged file changes its text, and the next run parses it again.
PyYAML is imported only when a file is parsed.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Callable
from importlib.util import cache_from_source
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml


def safe_loader() -> type[yaml.SafeLoader]:
    """The safe loader: libyaml's where PyYAML has it, else the pure-Python one."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlError(Exception):
    """A text that is not one valid YAML document; the message is PyYAML's."""


def safe_load(text: str) -> Any:
    """The one document of ``text``, with the safe constructors (``yaml.safe_load``, libyaml parsing).

    PyYAML's error is raised as a :class:`YamlError` with its message, so that a caller
    catches it without importing PyYAML.
    """
    import yaml

    try:
        return yaml.load(text, Loader=safe_loader())
    except yaml.YAMLError as exc:
        raise YamlError(str(exc)) from exc


def load_kept(path: Path, text: str, parse: Callable[[str], Any] = safe_load) -> Any:
    """``parse(text)`` of the package's file ``path``: the data kept from a former run if it parsed this text.

    The kept data is a :mod:`marshal` file (a ``.pyc`` is one too) of the text and its data
    (plain dicts, lists, strings and numbers), named after the file and the Python version
    (``__pycache__/techniques.yaml.cpython-311.marshal``, or under ``sys.pycache_prefix``). It
    is written, as bytecode is, unless ``sys.dont_write_bytecode`` (``PYTHONDONTWRITEBYTECODE``)
    says not to, and only where the directory is writable; whatever cannot be read or written
    is parsed as if nothing were kept.  ``parse`` raises for a bad text, which is never kept.
    """
    kept = _kept_path(path)
    if kept is None:
        return parse(text)
    try:
        with open(kept, "rb") as handle:
            kept_text, data = marshal.loads(handle.read())  # marshal.load would read item by item
        if kept_text == text:
            return data
    except (OSError, EOFError, ValueError, TypeError):  # none kept yet, or unreadable: parse
        pass
    data = parse(text)
    if not sys.dont_write_bytecode:
        _keep(kept, text, data)
    return data


def _kept_path(path: Path) -> Path | None:
    """Where the data of ``path`` is kept: where Python keeps the bytecode of a module of that name."""
    try:
        pyc = cache_from_source(f"{path}.py")
    except (NotImplementedError, ValueError):  # no cache tag: bytecode is not kept either
        return None
    return Path(pyc.removesuffix(".pyc") + ".marshal")


def _keep(kept: Path, text: str, data: Any) -> None:
    """Write the kept data atomically (a reader sees the old file or the new one), or nothing."""
    try:
        payload = marshal.dumps((text, data))
    except ValueError:  # a value marshal cannot write (a YAML date): parse every time
        return
    part = kept.with_name(f"{kept.name}.{os.getpid()}.part")
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(payload)
        os.replace(part, kept)
    except OSError:  # a read-only installation: parse every time
        part.unlink(missing_ok=True)
