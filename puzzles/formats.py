"""Reading puzzle files one record at a time, in every form the bulk rater accepts.

Collections come in several shapes, often mixed in one file:

* one puzzle per line, 81 characters (``.sdm`` files are exactly this), with an
  optional trailing comment after white space, ``#`` or ``;``;
* 729-character candidate lines: 9 characters per cell, the character at
  position ``d - 1`` is ``d`` when ``d`` is still a candidate (anything else
  means "not a candidate"); a cell with a single candidate counts as filled,
  as the usual pencil-mark exports write solved cells that way;
* 9-line grids (``.sdk`` and printed grids), optionally framed with ``|``,
  ``+``, ``-``, ``=``, with ``#`` metadata lines and ``[Section]`` headers
  around them.

Blank lines and lines starting with ``#`` are skipped.  Reading is streaming
(a generator over lines), so a file of a million lines is never held in
memory, and a line that cannot be read becomes a :class:`PuzzleItem` with an
``error`` instead of an exception: a bulk run must report it with its line
number and go on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Final

from puzzles.parsing import FRAME_CHARS, Grid, PuzzleError, format_line, parse_line

CANDIDATE_LINE_LENGTH: Final = 729
COMMENT_CHARS: Final = "#;"
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
    return all(ch in FRAME_CHARS for ch in line)


def _grid_row(line: str) -> str | None:
    """The 9 cells of a grid row, or None if the line is not one."""
    cells = "".join(ch for ch in line if ch not in _GRID_STRIP)
    return cells if len(cells) == 9 and all(ch.isprintable() for ch in cells) else None


def split_puzzle(line: str) -> tuple[str, str]:
    """Split a puzzle line into (puzzle text, comment).

    The puzzle is the first white-space separated token; a ``#`` or ``;`` right
    after 81 or 729 characters also starts the comment.
    """
    token, _, rest = line.strip().partition(" ")
    token, _, tab_rest = token.partition("\t")
    rest = (tab_rest + " " + rest).strip() if tab_rest else rest.strip()
    for size in (CANDIDATE_LINE_LENGTH, 81):
        if len(token) > size and token[size] in COMMENT_CHARS:
            return token[:size], (token[size + 1 :] + " " + rest).strip()
    if rest[:1] in COMMENT_CHARS:
        rest = rest[1:].strip()
    return token, rest


def parse_candidates(text: str) -> tuple[Grid, tuple[int, ...]]:
    """Givens and candidate masks of a 729-character line.

    A cell with exactly one candidate is taken as filled (see the module
    docstring); a cell without any candidate is an error.
    """
    if len(text) != CANDIDATE_LINE_LENGTH:
        raise PuzzleError("length", f"a candidate line needs 729 characters, got {len(text)}")
    grid: list[int] = []
    masks: list[int] = []
    for cell in range(81):
        chunk = text[9 * cell : 9 * cell + 9]
        mask = sum(1 << (d - 1) for d in range(1, 10) if chunk[d - 1] == str(d))
        if not mask:
            raise PuzzleError("candidates", f"cell {cell // 9 + 1}:{cell % 9 + 1} has no candidate")
        single = mask.bit_length() if mask & (mask - 1) == 0 else 0
        grid.append(single)
        masks.append(mask)
    return tuple(grid), tuple(masks)


def _line_item(number: int, line: str) -> PuzzleItem:
    text, comment = split_puzzle(line)
    try:
        if len(text) == CANDIDATE_LINE_LENGTH:
            grid, cands = parse_candidates(text)
            return PuzzleItem(number, text, grid, cands, comment)
        return PuzzleItem(number, text, parse_line(text), None, comment)
    except PuzzleError as exc:
        return PuzzleItem(number, text, comment=comment, error=str(exc))


def read_items(lines: Iterable[str]) -> Iterator[PuzzleItem]:
    """Every puzzle record of ``lines`` (text lines, e.g. an open file), in order."""
    rows: list[str] = []
    start = 0
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        stripped = line.strip()
        if rows:
            if stripped and _is_frame(stripped):
                continue
            row = _grid_row(stripped) if stripped and stripped[0] not in "#[" else None
            if row is None:
                yield PuzzleItem(start, "".join(rows), error=f"grid has only {len(rows)} of 9 rows")
                rows = []
            else:
                rows.append(row)
                if len(rows) == 9:
                    text = "".join(rows)
                    rows = []
                    try:
                        yield PuzzleItem(start, text, parse_line(text))
                    except PuzzleError as exc:
                        yield PuzzleItem(start, text, error=str(exc))
                continue
        if not stripped or stripped[0] == "#" or (stripped[0] == "[" and stripped[-1] == "]"):
            continue
        if _is_frame(stripped):
            continue
        if len(split_puzzle(stripped)[0]) < 81:
            row = _grid_row(stripped)
            if row is not None:
                rows, start = [row], number
                continue
        yield _line_item(number, stripped)
    if rows:
        yield PuzzleItem(start, "".join(rows), error=f"grid has only {len(rows)} of 9 rows")


def item_key(item: PuzzleItem) -> str:
    """The text identifying a record's puzzle (81 characters when readable)."""
    if item.grid is not None and item.cands is None:
        return format_line(item.grid)
    return item.text
