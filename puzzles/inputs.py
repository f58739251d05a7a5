"""What a command reads as a puzzle: one argument (a puzzle text or a file name), or a file of puzzles.

Every command (``rate PUZZLE``, ``rate --file``, each ``canon`` command and
its ``--file``) reads puzzle files with :func:`puzzles.formats.read_items`, so
a file one of them takes, every other takes too: 81- and 729-character
lines, ``.sdm`` files, 9-line grids with frames, ``.sdk`` files with ``#``
metadata lines and ``[Section]`` headers.

One argument is a puzzle text or the name of a file holding one puzzle.
The rule (docs/decisions.md, "A puzzle argument or a file name"):

1. a text of several lines is a grid;
2. a line whose puzzle part is 81 or 729 characters long is a puzzle;
3. the name of an existing file is read from that file (which must hold
   exactly one puzzle);
4. any other argument made only of digits and the usual empty-cell marks
   (:data:`PUZZLE_MARKS`) is a puzzle of the wrong length, and says so
   (with white space inside, it names the column of the first);
5. anything else names a file that does not exist: ``no such file: X``
   (an empty argument is an "empty PUZZLE", a directory says it is one).

So a mistyped file name is reported as a missing file, and a puzzle with a
character too few as a puzzle of 80 characters.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Final

from puzzles.formats import (
    BOM,
    CANDIDATE_LINE_LENGTH,
    PUZZLE_LINE_LENGTH,
    PuzzleItem,
    parse_item,
    read_items,
    split_puzzle,
)
from puzzles.parsing import PuzzleError

#: Largest file read as one puzzle (a framed 9x9 grid with notes is far smaller).
MAX_PUZZLE_FILE_BYTES: Final = 64 * 1024
#: The characters of a puzzle text besides ``1``-``9``: the empty-cell marks collections use.
PUZZLE_MARKS: Final = frozenset("0.*_-?xX")


def looks_like_puzzle(text: str) -> bool:
    """Whether ``text`` is made only of digits and empty-cell marks (a puzzle, however long)."""
    return all(ch.isdigit() or ch in PUZZLE_MARKS for ch in text)


def read_argument(argument: str) -> PuzzleItem:
    """The one puzzle of a command's PUZZLE argument (see the module docstring); PuzzleError if none.

    The item's ``grid`` holds the cells as written: callers check the givens
    (a 0-1 pattern has none to check).
    """
    text = argument.removeprefix(BOM).strip()
    if not text:
        raise PuzzleError("input", "empty PUZZLE: give its 81 characters or the name of a file holding it")
    if "\n" in text:
        return single_item(read_items(text.splitlines()), "the puzzle text")
    if len(split_puzzle(text)[0]) in (PUZZLE_LINE_LENGTH, CANDIDATE_LINE_LENGTH):
        return _checked(parse_item(1, text))
    path = Path(argument)
    try:
        is_file, is_dir = path.is_file(), path.is_dir()
    except (OSError, ValueError):  # a name too long, or with a NUL byte: not a file
        is_file = is_dir = False
    if is_file:
        return read_puzzle_file(path)
    if is_dir:
        raise PuzzleError("file", f"{argument} is a directory, not a puzzle file")
    if looks_like_puzzle(text):
        return _checked(parse_item(1, text))
    if any(ch.isspace() for ch in text) and looks_like_puzzle("".join(text.split())):
        column = next(i for i, ch in enumerate(text) if ch.isspace()) + 1
        raise PuzzleError("input", f"white space inside the puzzle (column {column}): write it as one word, "
                                   "empty cells as 0 or .")
    raise PuzzleError("file", f"no such file: {argument}")


def check_input_file(name: str) -> None:
    """PuzzleError unless ``name`` is a file that can be read: missing, a directory or an unusable name say so."""
    path = Path(name)
    try:
        is_dir, exists = path.is_dir(), path.exists()
    except OSError as exc:  # a name too long
        raise PuzzleError("file", f"cannot read {name}: {exc.strerror}") from None
    except ValueError:  # a NUL byte in the name
        is_dir = exists = False
    if is_dir:
        raise PuzzleError("file", f"{name} is a directory, not a puzzle file")
    if not exists:
        raise PuzzleError("file", f"no such file: {name}")


def read_puzzle_file(path: Path) -> PuzzleItem:
    """The one puzzle of a small file, read as ``--file`` reads files; PuzzleError otherwise."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_PUZZLE_FILE_BYTES + 1)
    except OSError as exc:
        raise PuzzleError("file", f"cannot read {path}: {exc.strerror}") from None
    if len(raw) > MAX_PUZZLE_FILE_BYTES:
        raise PuzzleError("file", f"{path}: larger than {MAX_PUZZLE_FILE_BYTES // 1024} KiB, not a puzzle file "
                                  "(rate a collection with --file)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PuzzleError("file", f"{path}: not UTF-8 text (byte {exc.start})") from None
    return single_item(read_items(text.splitlines()), str(path))


def single_item(items: Iterable[PuzzleItem], where: str) -> PuzzleItem:
    """The only item of ``items``; PuzzleError for an unreadable one, none, or several."""
    found: PuzzleItem | None = None
    for item in items:
        _checked(item, f"{where}: line {item.line}: ")
        if found is not None:
            raise PuzzleError("file", f"{where} holds more than one puzzle; give it with --file")
        found = item
    if found is None:
        raise PuzzleError("file", f"{where}: no puzzle in it")
    return found


def _checked(item: PuzzleItem, where: str = "") -> PuzzleItem:
    """``item`` if it was read; its error as a PuzzleError otherwise."""
    if item.error:
        raise PuzzleError("input", where + item.error)
    return item
