"""Reading puzzle files one record at a time, in every form the bulk rater accepts.

Collections come in several shapes, often mixed in one file:

* one puzzle per line, 81 characters (``.sdm`` files are exactly this), with an
  optional trailing comment after white space, ``#`` or ``;``;
* 729-character candidate lines: 9 characters per cell, the character at
  position ``d - 1`` is ``d`` when ``d`` is still a candidate (anything else
  means "not a candidate"); a cell with a single candidate counts as filled,
  as the usual pencil-mark exports write solved cells that way;
* 9-line grids (``.sdk`` and printed grids), optionally framed with ``|``,
  ``+``, ``-``, ``=``, ``_``, with ``#`` metadata lines and ``[Section]``
  headers around them.

Blank lines, lines starting with ``#``, ``[Section]`` headers and frame lines
(only frame characters, shorter than a puzzle) are skipped; every other line
yields exactly one :class:`PuzzleItem`, alone or as part of a grid.  A line
whose first token is 81 or more characters long is always a record of its own,
even when it consists of frame characters only: 81 dashes are an empty puzzle,
not a border, so the records of a file still match its puzzle lines.

Reading is streaming (a generator over lines), so a file of a million lines is
never held in memory.  Lines may be given as ``bytes`` (a file opened in
binary mode), and each is decoded on its own, so one line that is not UTF-8 becomes an
``error`` item with its line number instead of ending the run.  A UTF-8 byte
order mark at the start of the first line is ignored.  A line that cannot be
read becomes a :class:`PuzzleItem` with an ``error`` instead of an exception:
a bulk run must report it with its line number and go on.

Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r`` (old Mac files): whatever
the ends, every puzzle line is a record, none is swallowed into another's
comment.  Line numbers count these ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from puzzles.geometry import Grid
from puzzles.parsing import FRAME_CHARS, PuzzleError, grid_line, parse_line

CANDIDATE_LINE_LENGTH: Final = 729
#: The start of the error of a line whose bytes are not UTF-8 (``canon`` ends such a file with exit 2).
NOT_UTF8: Final = "line is not UTF-8"
PUZZLE_LINE_LENGTH: Final = 81
COMMENT_CHARS: Final = "#;"
BOM: Final = "\ufeff"
#: Longest puzzle text kept in an ``error`` item (a 729-character line fits).
MAX_TEXT: Final = 800
_GRID_STRIP: Final = "|+ \t"


@dataclass(frozen=True)
class PuzzleItem:
    """One record of a puzzle file.

    ``line`` is the 1-based line number where the record starts; ``text`` the
    puzzle as written (the 81/729 characters, or a grid joined to one line).
    Exactly one of ``grid`` and ``error`` is set; ``cands`` holds the 81
    candidate masks of a 729-character line (None for plain puzzles).
    """

    line: int
    text: str
    grid: Grid | None = None
    cands: tuple[int, ...] | None = None
    comment: str = ""
    error: str = ""


def _is_frame(line: str) -> bool:
    """A grid border: frame characters only, and shorter than a puzzle line."""
    return len(line) < PUZZLE_LINE_LENGTH and all(ch in FRAME_CHARS for ch in line)


def _grid_row(line: str) -> str | None:
    """The 9 cells of a grid row, or None if the line is not one."""
    cells = "".join(ch for ch in line if ch not in _GRID_STRIP)
    return cells if len(cells) == 9 and all(ch.isprintable() for ch in cells) else None


def split_puzzle(line: str) -> tuple[str, str]:
    """Split a puzzle line into (puzzle text, comment).

    The puzzle is the first token up to any white space (Unicode's notion:
    tabs, form feeds, U+2028 ... too); a ``#`` or ``;`` right after 81 or 729
    characters also starts the comment.
    """
    parts = line.strip().split(maxsplit=1)
    token = parts[0] if parts else ""
    rest = parts[1] if len(parts) > 1 else ""
    for size in (CANDIDATE_LINE_LENGTH, PUZZLE_LINE_LENGTH):
        if len(token) > size and token[size] in COMMENT_CHARS:
            return token[:size], (token[size + 1 :] + " " + rest).strip()
    if rest[:1] in COMMENT_CHARS:
        rest = rest[1:].strip()
    return token, rest


def parse_candidates(text: str) -> tuple[Grid, tuple[int, ...]]:
    """Givens and candidate masks of a 729-character line.

    A cell with exactly one candidate is taken as filled (see the module
    docstring); a cell without any candidate stays empty with the mask 0: the
    state has no solution, which the rating reports (exit 3) naming the cell.
    """
    if len(text) != CANDIDATE_LINE_LENGTH:
        raise PuzzleError("length", f"a candidate line needs 729 characters, got {len(text)}")
    grid: list[int] = []
    masks: list[int] = []
    for cell in range(81):
        chunk = text[9 * cell : 9 * cell + 9]
        mask = sum(1 << (d - 1) for d in range(1, 10) if chunk[d - 1] == str(d))
        single = mask.bit_length() if mask & (mask - 1) == 0 else 0
        grid.append(single)
        masks.append(mask)
    return tuple(grid), tuple(masks)


def parse_item(number: int, line: str) -> PuzzleItem:
    """The record of one puzzle line (81 or 729 characters and a comment), numbered ``number``."""
    return _split_item(number, *split_puzzle(line))


def _split_item(number: int, text: str, comment: str) -> PuzzleItem:
    """:func:`parse_item` of a line already split by :func:`split_puzzle`."""
    try:
        if len(text) == CANDIDATE_LINE_LENGTH:
            grid, cands = parse_candidates(text)
            return PuzzleItem(number, text, grid, cands, comment)
        return PuzzleItem(number, text, parse_line(text), None, comment)
    except PuzzleError as exc:
        return PuzzleItem(number, text[:MAX_TEXT], comment=comment, error=str(exc))


def _decode(number: int, raw: str | bytes) -> str | PuzzleItem:
    """The text of one line, or an ``error`` item when its bytes are not UTF-8."""
    if isinstance(raw, str):
        line = raw
    else:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            shown = raw.rstrip(b"\r\n").decode("utf-8", "backslashreplace").strip()
            return PuzzleItem(number, shown[:MAX_TEXT],
                              error=f"{NOT_UTF8} (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})")
    if number == 1:
        line = line.removeprefix(BOM)
    return line.rstrip("\r\n")


class _GridCollector:
    """The rows of a 9-line grid being read, and where it started."""

    def __init__(self) -> None:
        self.rows: list[str] = []
        self.start = 0

    def begin(self, number: int, row: str) -> None:
        self.rows, self.start = [row], number

    def add(self, row: str) -> PuzzleItem | None:
        """Add a row; the finished grid's item after the ninth."""
        self.rows.append(row)
        if len(self.rows) < 9:
            return None
        text, start = "".join(self.rows), self.start
        self.rows = []
        try:
            return PuzzleItem(start, text, parse_line(text))
        except PuzzleError as exc:
            return PuzzleItem(start, text, error=str(exc))

    def cut_short(self) -> PuzzleItem:
        """The ``error`` item of a grid that ended before its ninth row."""
        item = PuzzleItem(self.start, "".join(self.rows), error=f"grid has only {len(self.rows)} of 9 rows")
        self.rows = []
        return item


def _split_cr(lines: Iterable[str | bytes]) -> Iterator[str | bytes]:
    """``lines`` with each line cut at a lone ``\\r`` too (a ``\\r\\n`` ending is one end)."""
    for raw in lines:
        cr = "\r" if isinstance(raw, str) else b"\r"
        if cr not in raw:  # type: ignore[operator]  # nearly every line: no copy of it
            yield raw
            continue
        body = raw.rstrip("\r\n") if isinstance(raw, str) else raw.rstrip(b"\r\n")
        if cr in body:  # type: ignore[operator]
            yield from body.split(cr)  # type: ignore[arg-type]
        else:
            yield raw


def read_items(lines: Iterable[str | bytes]) -> Iterator[PuzzleItem]:
    """Every puzzle record of ``lines`` (text lines, or byte lines of a binary file), in order."""
    grid = _GridCollector()
    for number, raw in enumerate(_split_cr(lines), 1):
        line = _decode(number, raw)
        if isinstance(line, PuzzleItem):
            if grid.rows:
                yield grid.cut_short()
            yield line
            continue
        stripped = line.strip()
        if grid.rows:
            if stripped and _is_frame(stripped):
                continue
            row = _grid_row(stripped) if stripped and stripped[0] not in "#[" else None
            if row is not None:
                item = grid.add(row)
                if item is not None:
                    yield item
                continue
            yield grid.cut_short()
        if not stripped or stripped[0] == "#" or (stripped[0] == "[" and stripped[-1] == "]"):
            continue
        if _is_frame(stripped):
            continue
        text, comment = split_puzzle(stripped)
        if len(text) < PUZZLE_LINE_LENGTH:
            row = _grid_row(stripped)
            if row is not None:
                grid.begin(number, row)
                continue
        yield _split_item(number, text, comment)
    if grid.rows:
        yield grid.cut_short()


def item_key(item: PuzzleItem) -> str:
    """The text identifying a record's puzzle (81 characters when readable)."""
    if item.grid is not None and item.cands is None:
        return grid_line(item.grid)
    return item.text[:MAX_TEXT]
