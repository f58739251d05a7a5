"""A step-by-step walkthrough of a rating, rendered with rich.

The walkthrough replays the steps (:func:`rater.views.marks.replay`) and shows each
step on the state *before* it, because that is the state the deduction reads:
the candidates it removes are still there (shown ``[d]``), the cells and
candidates it rests on are highlighted and the digit it places is marked in
its target cell.  What a step marks is decided in :mod:`rater.views.marks`, shared
with the SVG pictures (:mod:`rater.views.svg`); this module decides how it looks on
a terminal.

Two renderings share one layout so that a log reads like the screen:

* colour: givens plain, placed digits in the colour of their method's group
  (A green, B blue, C red, D yellow-green, E purple, F brown, as in the
  original), used cells/candidates on a highlighted background, removable
  candidates red, the new digit in reverse video;
* plain (``--no-color``, ``NO_COLOR``, pipes): givens ``5``, earlier
  placements ``>5<``, this step's placement ``>>5<<``, used candidates
  ``(5)``, used cells ``{...}``, removable candidates ``[5]``.

Until the candidates are written ("Reste", the ``PM`` step) empty cells show
``.`` plus only the candidates a direct method reasons with.  Frames are
box-drawing characters, or ASCII with ``ascii=True`` (logs); box names
(``TL`` … ``BR``, German ``OL`` … ``UR``) sit in the frame above each box.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from puzzles.parsing import format_line
from rater.result import Rating
from rater.views.marks import GROUP_COLOURS, OTHER_COLOUR, StepMarks, extra_unit, group_of, replay, start_board
from rater.views.report import (
    fmt_norm,
    fmt_points,
    fmt_points_with_word,
    status_text,
    step_text,
    summary_lines,
    uniqueness_note,
)
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.step import Step

#: Styles of the placing groups: the colours every rendering shares.
GROUP_STYLES = dict(GROUP_COLOURS)
OTHER_STYLE = OTHER_COLOUR
USED_STYLE = "bold on grey23"
REMOVE_STYLE = "bold red"
CANDIDATE_STYLE = "grey62"
#: Backgrounds that show a variant's extra units on the grid (colour output only): the cells of
#: the two diagonals, and one tint per colour group (the cells at the same place in every box).
DIAGONAL_BACKGROUND = "on grey15"
COLOUR_GROUP_BACKGROUNDS = ("on #3a2020", "on #203a20", "on #20203a", "on #3a3a20", "on #3a203a",
                            "on #203a3a", "on #3a2a1a", "on #2a1a3a", "on #1a3a2a")


@dataclass
class GridStyle:
    """How a grid is drawn: colours or plain marks, box-drawing or ASCII frames."""

    color: bool = True
    ascii: bool = False
    lang: str = "en"

    def frame(self) -> dict[str, str]:
        if self.ascii:
            return {"h": "-", "v": "|", "tl": "+", "tm": "+", "tr": "+", "ml": "+", "mm": "+", "mr": "+",
                    "bl": "+", "bm": "+", "br": "+"}
        return {"h": "─", "v": "│", "tl": "┌", "tm": "┬", "tr": "┐", "ml": "├", "mm": "┼", "mr": "┤",
                "bl": "└", "bm": "┴", "br": "┘"}


@dataclass
class GridRenderer:
    """Draws one board state with the marks of one step (or none)."""

    catalogue: Catalogue
    style: GridStyle = field(default_factory=GridStyle)

    def cell(self, board: Board, placed_by: Sequence[str], c: int, step: Step | None,
             marks: StepMarks | None = None) -> Text:
        """The text of cell ``c``: digit, marker or candidates, with the marks of ``step``."""
        color = self.style.color
        marks = marks or StepMarks.of(step)
        used_cells, used, removable, placing = marks.cells, marks.used, marks.removable, marks.placing
        text = Text()
        value = board.values[c]
        if value:
            if board.is_given(c):
                text.append(str(value))
            elif color:
                text.append(str(value), style=GROUP_STYLES.get(group_of(placed_by[c], self.catalogue), OTHER_STYLE))
            else:
                text.append(f">{value}<")
        elif c in placing:
            d = placing[c]
            group_style = GROUP_STYLES.get(group_of(step.code, self.catalogue), OTHER_STYLE) if step else ""
            if color:
                text.append(str(d), style=f"reverse bold {group_style}")
            else:
                text.append(f">>{d}<<")
        else:
            self._candidates(text, board, c, used, removable)
        if c in used_cells:
            if color:
                text.stylize(USED_STYLE)
            else:
                text = Text("{") + text + Text("}")
        elif color:
            background = _variant_background(board, c)
            if background:
                text.stylize(background)
        return text

    def _candidates(self, text: Text, board: Board, c: int, used: frozenset[tuple[int, int]],
                    removable: frozenset[tuple[int, int]]) -> None:
        """Candidates of an empty cell: all once written, else only those a step reasons with."""
        marked = {d for cc, d in used | removable if cc == c}
        digits = [d for d in range(1, 10) if (board.pencil and board.has(c, d)) or d in marked]
        if not digits:
            text.append(".", style=CANDIDATE_STYLE if self.style.color else "")
            return
        kinds = ["rm" if (c, d) in removable else "used" if (c, d) in used else "" for d in digits]
        if self.style.color:
            for d, kind in zip(digits, kinds):
                if kind == "rm":
                    text.append(f"[{d}]", style=REMOVE_STYLE)
                else:
                    text.append(str(d), style=USED_STYLE if kind == "used" else CANDIDATE_STYLE)
            return
        i = 0
        while i < len(digits):
            j = i
            while j < len(digits) and kinds[j] == kinds[i]:
                j += 1
            run = "".join(map(str, digits[i:j]))
            text.append({"rm": f"[{run}]", "used": f"({run})"}.get(kinds[i], run))
            i = j

    def render(self, board: Board, placed_by: Sequence[str], step: Step | None = None) -> Text:
        """The framed grid with row/column numbers and box names, as one Text."""
        marks = StepMarks.of(step)
        cells = [self.cell(board, placed_by, c, step, marks) for c in range(81)]
        widths = [max(cells[9 * r + col].cell_len for r in range(9)) for col in range(9)]
        f = self.style.frame()
        names = self.catalogue.language(self.style.lang).boxes
        seg = [sum(widths[3 * s : 3 * s + 3]) + 4 for s in range(3)]

        def border(left: str, mid: str, right: str, band: int | None) -> Text:
            parts = []
            for s in range(3):
                label = names[3 * band + s] if band is not None else ""
                parts.append((f["h"] + label).ljust(seg[s], f["h"]))
            return Text("   " + left + mid.join(parts) + right, style="dim" if self.style.color else "")

        header = "    "
        for s in range(3):
            header += " " + " ".join(str(3 * s + k + 1).center(widths[3 * s + k]) for k in range(3)) + "  "
        lines = [Text(header.rstrip(), style="bold" if self.style.color else ""), border(f["tl"], f["tm"], f["tr"], 0)]
        for r in range(9):
            row = Text(f" {r + 1} ", style="bold" if self.style.color else "")
            for s in range(3):
                row.append(f["v"] + " ", style="dim" if self.style.color else "")
                for k in range(3):
                    col = 3 * s + k
                    t = cells[9 * r + col]
                    pad = widths[col] - t.cell_len
                    row.append(" " * (pad // 2))
                    row.append_text(t)
                    row.append(" " * (pad - pad // 2) + (" " if k < 2 else ""))
                row.append(" ")
            row.append(f["v"], style="dim" if self.style.color else "")
            lines.append(row)
            if r in (2, 5):
                lines.append(border(f["ml"], f["mm"], f["mr"], r // 3 + 1))
        lines.append(border(f["bl"], f["bm"], f["br"], None))
        return Text("\n").join(lines)


def _variant_background(board: Board, c: int) -> str:
    """The tint that marks cell ``c`` as part of an extra unit of the board's rules ("" for none)."""
    unit = extra_unit(board, c)
    if unit is None:
        return ""
    return DIAGONAL_BACKGROUND if unit == 0 else COLOUR_GROUP_BACKGROUNDS[unit - 1]


@dataclass
class WalkOptions:
    """What a walkthrough shows and how it pauses."""

    lang: str = "en"
    color: bool = True
    ascii: bool = False
    first: int = 1
    last: int | None = None
    step_mode: bool = False
    read_key: Callable[[], str] | None = None


class Walkthrough:
    """Prints a rating step by step on a rich console."""

    def __init__(self, catalogue: Catalogue, console: Console, options: WalkOptions | None = None) -> None:
        self.catalogue = catalogue
        self.console = console
        self.options = options or WalkOptions()
        self.grids = GridRenderer(catalogue, GridStyle(self.options.color, self.options.ascii, self.options.lang))

    def header(self, number: int, step: Step, running: float) -> Text:
        """``Step 12  D1  <name>  3 points  (total 24.25)`` with the group colour on the code."""
        lang = self.options.lang
        words = self.catalogue.language(lang).words
        group = group_of(step.code, self.catalogue)
        text = Text(f"{words['step']} {number}  ", style="bold" if self.options.color else "")
        text.append(f"{step.code}", style=f"bold {GROUP_STYLES.get(group, OTHER_STYLE)}" if self.options.color else "")
        text.append(f"  {self.catalogue.full_name(step.code, lang)}  ")
        text.append(fmt_points_with_word(step.points, words), style="bold" if self.options.color else "")
        text.append(f"  ({words['walk_total']} {fmt_points(running)})")
        return text

    def step_block(self, number: int, step: Step, board: Board, placed_by: Sequence[str], running: float) -> Group:
        """Header, explanation and grid of one step."""
        explanation = Text("  " + step_text(step, self.catalogue, self.options.lang))
        return Group(self.header(number, step, running), explanation, self.grids.render(board, placed_by, step), Text(""))

    def show(self, rating: Rating, start: Board | None = None) -> bool:
        """Print the chosen steps (and the summary); False if the reader quit with ``q``."""
        opts = self.options
        last = opts.last if opts.last is not None else len(rating.steps)
        print_ = self._print
        print_(Text(format_line(rating.puzzle)))
        for line in summary_lines(rating, self.catalogue, opts.lang):  # the answer first, the summary again at the end
            print_(Text(line))
        print_(Text(""))
        running = 0.0
        shown = [n for n in range(1, len(rating.steps) + 1) if opts.first <= n <= last]
        board, placed_by = start_board(rating, start), [""] * 81
        for number, step in replay(rating.steps, board, placed_by):
            running += step.points
            if number > last:
                break
            if number < opts.first:
                continue
            print_(self.step_block(number, step, board, placed_by, running))
            if opts.step_mode and number != shown[-1] and not self._wait():
                return False
        if last >= len(rating.steps):
            print_(Text(self.catalogue.language(opts.lang).words["walk_final"], style="bold" if opts.color else ""))
            print_(self.grids.render(board, placed_by))
            print_(Text(""))
        print_(summary(rating, self.catalogue, opts.lang, opts.color, opts.ascii))
        return True

    def _print(self, renderable: RenderableType) -> None:
        self.console.print(renderable, crop=False, overflow="ignore", no_wrap=False, highlight=False)

    def _wait(self) -> bool:
        """Wait for a key; False when it is q (or Ctrl-C / Ctrl-D / Escape)."""
        self.console.print(self.catalogue.language(self.options.lang).words["walk_prompt"], end="", markup=False, highlight=False)
        key = (self.options.read_key or _getchar)()
        self.console.print()
        return key not in ("q", "Q", "\x03", "\x04", "\x1b")


def _getchar() -> str:
    import click

    try:
        return click.getchar()
    except (EOFError, KeyboardInterrupt):
        return "q"


def summary(rating: Rating, catalogue: Catalogue, lang: str = "en", color: bool = True,
            ascii_only: bool = False) -> Group:
    """Total, both norms, level, thinning steps, status and time, then the techniques used.

    Names and words are data, so every cell is a :class:`Text` (never parsed
    as rich markup): a name like ``[/x]`` prints as it is.
    """
    words = catalogue.language(lang).words
    frame = box.ASCII if ascii_only else box.ROUNDED
    figures = Table(box=frame, show_header=False, title=Text(words["walk_summary"]), title_justify="left")
    figures.add_column(style="bold" if color else "")
    figures.add_column(justify="right")
    rows = [
        (words["total"], fmt_points(rating.points)),
        (words["norm2"], fmt_norm(rating.norm2)),
        (words["max_norm"], fmt_points(rating.max)),
        (words["level"], rating.level_text(lang) or ""),
        (words["thinning_steps"], str(rating.thinning_steps)),
        (words["status"], status_text(catalogue.language(lang), rating.status)),
        (words["walk_time"], f"{rating.seconds:.2f} s"),
    ]
    for label, value in rows:
        figures.add_row(Text(label), Text(value))
    techniques = Table(box=frame, title=Text(words["walk_used"]), title_justify="left")
    for label, justify in ((words["walk_technique"], "left"), (words["walk_name"], "left"),
                           (words["walk_count"], "right"), (words["walk_points"], "right")):
        techniques.add_column(Text(label), justify=justify)  # type: ignore[arg-type]
    counts = rating.technique_counts()
    points: dict[str, float] = {}
    for s in rating.steps:
        points[s.code] = points.get(s.code, 0.0) + s.points
    order = [e.code for e in catalogue if e.code in counts] + [c for c in counts if c not in catalogue]
    for code in order:
        style = GROUP_STYLES.get(group_of(code, catalogue), "") if color else ""
        techniques.add_row(Text(code, style=style), Text(catalogue.name(code, lang)), Text(str(counts[code])),
                           Text(fmt_points(points[code])))
    parts: list[RenderableType] = [figures, techniques]
    if not rating.uniqueness_techniques:
        parts.append(Text(uniqueness_note(rating, words)))
    return Group(*parts)


def hint(rating: Rating, catalogue: Catalogue, lang: str = "en", full: bool = False, color: bool = True,
         ascii_only: bool = False, start: Board | None = None) -> Group | None:
    """The next step only: its technique name first; with ``full`` also code, points, text and grid."""
    if not rating.steps:
        return None
    step = rating.steps[0]
    name = Text(catalogue.name(step.code, lang), style="bold" if color else "")
    if not full:
        return Group(name)
    walk = Walkthrough(catalogue, Console(), WalkOptions(lang=lang, color=color, ascii=ascii_only))
    return Group(name, walk.step_block(1, step, start_board(rating, start), [""] * 81, step.points))
