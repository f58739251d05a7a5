"""Files a command writes: never one of its inputs, one run at a time, every failure one line.

Every command that writes a file (``rate --output``, ``--html``, ``--svg``,
``generate --output``, ``canon dedup --output``, ``canon enumerate
--output``) opens it through :class:`OutputFile`, so the rules hold for all of
them alike and for any command to come:

* **no output is an input.**  Names lie (hard links, symbolic links,
  ``./x`` and ``x``, ``>> input`` on the shell), so files are compared by
  device and inode (:func:`refuse_inputs`).  Only regular files are compared:
  a terminal or ``/dev/null`` may be input and output at once;
* **one run per output.**  The file is opened for appending (nothing is
  lost yet), locked with ``flock`` without waiting, and emptied only once the
  lock is held; a second run on the same file gets one line and exit 2, and
  the first run's file stays whole.  A file system without locks (some network
  mounts) is written unlocked;
* **no traceback on a path.**  A name too long, a directory, a missing
  directory or a permission refused is an :class:`OutputError`, one line;
* **no empty file left behind**: a file the run created and left empty is
  removed when the run fails (:meth:`OutputFile.discard`).
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Union

from puzzles.errors import InputError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows has no flock; outputs are then written unlocked
    fcntl = None  # type: ignore[assignment]

#: A file named by path, or an open file descriptor (0 for stdin, 1 for stdout).
Target = Union[str, "os.PathLike[str]", int]


class OutputError(InputError):
    """An output that cannot be used; ``str(exc)`` is the one line the commands print."""


def _escape_char(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def escape_text(text: str) -> str:
    """``text`` with every non-printable character written as a Python-style escape.

    What every command writes of its input (comments, bad lines) goes through
    it: a terminal escape in a puzzle file never reaches the reader's terminal,
    and a line break never splits a record.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape_char(ch) for ch in text)


def path_message(what: object, exc: OSError, verb: str = "write") -> str:
    """One line for an ``OSError`` on a path: ``cannot write NAME: File name too long``."""
    reason = exc.strerror or type(exc).__name__
    return f"cannot {verb} {_shown(what)}: {reason}"


def _shown(name: object) -> str:
    """A file name as a message shows it: at most 200 characters (a 4,000-byte name is not echoed whole)."""
    text = os.fsdecode(name) if isinstance(name, (str, bytes, os.PathLike)) else str(name)
    return text if len(text) <= 200 else text[:197] + "..."


def _identity(target: Target) -> tuple[int, int] | None:
    """(device, inode) of a regular file; None for anything else, or for a name that names nothing."""
    try:
        info = os.fstat(target) if isinstance(target, int) else os.stat(target)
    except (OSError, ValueError):
        return None
    return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None


def refuse_inputs(outputs: Iterable[tuple[str, Target]], inputs: Iterable[Target | None]) -> None:
    """Raise :class:`OutputError` when an output is one of the inputs (same device and inode).

    ``outputs`` pairs each output with the words that name it in the message
    (``"--output out.txt"``, ``"stdout"``); an input is a path or an open file
    descriptor, None for none.
    """
    known = {ident for ident in (_identity(i) for i in inputs if i is not None) if ident is not None}
    for words, target in outputs:
        if _identity(target) in known:
            raise OutputError(f"{_shown(words)} is the input file; choose another output")


def lock(stream: IO[str], name: object) -> None:
    """Hold an exclusive lock on the regular file behind ``stream`` until it is closed.

    :class:`OutputError` when another run holds it.  Devices, pipes and
    streams without a descriptor are not locked: two runs may share them.
    """
    try:
        descriptor = stream.fileno()
        regular = stat.S_ISREG(os.fstat(descriptor).st_mode)
    except (OSError, ValueError):
        return
    if not regular or fcntl is None:
        return
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise OutputError(f"{_shown(name)} is being written by another run; wait for it to end or choose "
                          "another output") from None
    except OSError:  # no locks on this file system
        return


def lock_stdout(inputs: Iterable[Target | None]) -> None:
    """stdout as an output: not one of ``inputs`` (``> input``, ``>> input``), and locked when it is a file."""
    refuse_inputs([("stdout", 1)], inputs)
    lock(sys.stdout, "stdout's file")


class OutputFile:
    """One output file of a run: checked, opened for appending and locked, emptied only when the run starts.

    ``label`` names the option in messages (``--output``, ``--html``).
    """

    def __init__(self, path: str | os.PathLike[str], label: str = "--output") -> None:
        self.path = Path(path)
        self.label = label
        self.created = False
        self.stream: IO[str] | None = None

    def open(self, inputs: Iterable[Target | None] = ()) -> IO[str]:
        """The locked file, opened for appending (its content kept); OutputError if it cannot be used."""
        try:
            if self.path.is_dir():
                raise OutputError(f"cannot write {_shown(self.path)}: it is a directory")
            exists = self.path.exists()
        except OSError as exc:  # a name too long
            raise OutputError(path_message(self.path, exc)) from None
        refuse_inputs([(f"{self.label} {self.path}", self.path)], inputs)
        try:
            stream = self.path.open("a", encoding="utf-8", newline="\n")
        except OSError as exc:
            raise OutputError(path_message(self.path, exc)) from None
        self.created = not exists
        try:
            lock(stream, self.path)
        except OutputError:
            stream.close()
            raise
        self.stream = stream
        return stream

    def start(self) -> None:
        """Empty the file for a fresh run (the lock is held: no other run is writing it)."""
        assert self.stream is not None, "open() first"
        if stat.S_ISREG(os.fstat(self.stream.fileno()).st_mode):
            self.stream.truncate(0)

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None

    def discard(self) -> None:
        """After a failure: close, and remove the file when this run created it and wrote nothing."""
        self.close()
        if self.created:
            try:
                if self.path.is_file() and self.path.stat().st_size == 0:
                    self.path.unlink()
            except OSError:
                pass


def check_writable(path: str | os.PathLike[str], label: str, inputs: Iterable[Target | None] = ()) -> None:
    """Before any work is done: OutputError unless ``path`` could be written and is none of ``inputs``.

    Nothing is created: a run that fails later leaves no file behind.
    """
    target = Path(path)
    directory = target.parent
    try:
        is_dir, has_directory, exists = target.is_dir(), directory.is_dir(), target.exists()
        longest = os.pathconf(directory, "PC_NAME_MAX") if has_directory and hasattr(os, "pathconf") else 255
    except OSError as exc:  # a name too long
        raise OutputError(path_message(target, exc)) from None
    except ValueError:  # a NUL byte in the name
        raise OutputError(f"cannot write {_shown(target)}: not a file name") from None
    if is_dir:
        raise OutputError(f"cannot write {_shown(target)}: it is a directory")
    if not has_directory:
        raise OutputError(f"cannot write {_shown(target)}: no such directory {_shown(directory)}")
    if len(os.fsencode(target.name)) > longest:
        raise OutputError(f"cannot write {_shown(target)}: File name too long")
    if not os.access(target if exists else directory, os.W_OK):
        raise OutputError(f"cannot write {_shown(target)}: permission denied")
    refuse_inputs([(f"{label} {target}", target)], inputs)


def write_file(path: str | os.PathLike[str], text: str, label: str, inputs: Iterable[Target | None] = ()) -> None:
    """``text`` as the whole content of ``path`` (UTF-8), by the rules above; OutputError if it cannot be."""
    output = OutputFile(path, label)
    stream = output.open(inputs)
    try:
        output.start()
        stream.write(text)
        stream.flush()
    except OSError as exc:
        output.discard()
        raise OutputError(path_message(path, exc)) from None
    output.close()
