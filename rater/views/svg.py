"""One board state with the marks of one step, as an SVG picture.

The picture shows what the terminal walkthrough shows (:mod:`rater.views.walkthrough`),
with the marks :mod:`rater.views.marks` reads from the step: givens in bold black,
placed digits in their method group's colour (A green, B blue, C red,
D yellow-green, E purple, F brown), candidates once written (before that only
those the step reasons with), the cells and candidates the step rests on, the
candidates it removes and the digit it places, and every chain of its finding
as links between candidates.

Every mark has a shape as well as a colour, so that the picture reads in
black and white and for colour-blind readers: a used candidate sits in a
ringed disc, a used cell has a dashed frame, a removed candidate is red and
struck through, the placed digit is bold in a double frame, and a strong link
(``=``) is a solid line where a weak one (``-``) is dashed; givens are bold,
later digits are not.

The SVG carries its looks in presentation attributes, not in a style sheet, so
that it is the same picture as a file, inside a page and in a notebook, and
changes nothing around it.  Marked elements carry their cell and digit
(``data-c``, ``data-d``; links ``data-a``, ``data-b`` as ``cell.digit``), so
that a reader or a test can tell what is marked without reading pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from puzzles.geometry import COL_OF, ROW_OF
from rater.views.marks import GROUP_COLOURS, Link, StepMarks, extra_unit, group_colour
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.step import Step

#: Side of a cell, the margin that holds the row and column numbers, the side of the picture.
CELL = 60
MARGIN = 24
SIZE = MARGIN + 9 * CELL + 4
#: The SVG namespace: a name, never fetched; a picture on its own needs it to be read as SVG.
SVG_NAMESPACE = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Arial, Helvetica, sans-serif"
#: How the marks look (the shapes are drawn in :class:`_Picture`).
USED_FILL = "#ffd740"
USED_CELL_FILL = "#fff3c4"
REMOVED = "#d50000"
LINK = "#3949ab"
CANDIDATE = "#6b6b6b"
PLAIN_DIGIT = "#333333"
#: Light tints of a variant's extra units: the diagonals, and the nine colour groups.
DIAGONAL_TINT = "#e8e8e8"
COLOUR_GROUP_TINTS = ("#f6dada", "#daf6da", "#dadaf6", "#f6f6da", "#f6daf6", "#daf6f6", "#f6e6d2", "#e6d2f6",
                      "#d2f6e6")


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` with ``share`` of ``other`` mixed in (``#rrggbb``)."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * share):02x}" for x, y in zip(a, b))


def text_colour(colour: str) -> str:
    """A group colour darkened enough to read as a digit on white."""
    return mix(colour, "#000000", 0.3)


def grid_svg(board: Board, catalogue: Catalogue, placed_by: Sequence[str] | None = None, step: Step | None = None,
             title: str = "", inline: bool = False) -> str:
    """``board`` as an SVG picture with the marks of ``step`` (drawn on the state before it).

    ``placed_by`` names the code that placed each non-given digit (its group
    gives the digit's colour); without it such digits are dark grey.  An
    ``inline`` picture (inside an HTML page) leaves out the namespace
    declaration, which the HTML parser supplies, so that a page names no
    address at all.
    """
    return _Picture(board, catalogue, placed_by or [""] * 81, step).svg(title, inline)


def _centre(c: int) -> tuple[int, int]:
    return MARGIN + COL_OF[c] * CELL + CELL // 2, MARGIN + ROW_OF[c] * CELL + CELL // 2


def candidate_point(c: int, d: int) -> tuple[int, int]:
    """The centre of candidate ``d`` of cell ``c``: a 3x3 keypad inside the cell, 1 top left."""
    x, y = _centre(c)
    return x + ((d - 1) % 3 - 1) * 19, y + ((d - 1) // 3 - 1) * 18


class _Picture:
    """The parts of one picture, drawn bottom to top."""

    def __init__(self, board: Board, catalogue: Catalogue, placed_by: Sequence[str], step: Step | None) -> None:
        self.board = board
        self.catalogue = catalogue
        self.placed_by = placed_by
        self.step = step
        self.marks = StepMarks.of(step, board)

    def svg(self, title: str, inline: bool) -> str:
        namespace = "" if inline else f' xmlns="{SVG_NAMESPACE}"'
        parts = [(f'<svg{namespace} viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}" '
                  f'font-family={quoteattr(FONT)} text-anchor="middle" role="img">')]
        if title:
            parts.append(f"<title>{escape(title)}</title>")
        parts.append(f'<rect width="{SIZE}" height="{SIZE}" fill="#ffffff"/>')
        parts += self._tints()
        parts += self._cell_marks()
        parts += self._frame()
        parts += self._digits()
        parts += self._candidates()
        parts += self._links()
        parts.append("</svg>")
        return "".join(parts)

    # -- backgrounds ---------------------------------------------------------------

    def _tints(self) -> list[str]:
        """The extra units of a variant: tinted cells, and the diagonals as faint lines."""
        if self.board.rules.standard:
            return []
        cells: dict[str, list[int]] = {}
        for c in range(81):
            unit = extra_unit(self.board, c)
            if unit is not None:
                cells.setdefault(DIAGONAL_TINT if unit == 0 else COLOUR_GROUP_TINTS[unit - 1], []).append(c)
        out = [f'<path d="{_squares(group)}" fill="{fill}"/>' for fill, group in cells.items()]
        if any(extra_unit(self.board, c) == 0 for c in (0, 8)):
            end = MARGIN + 9 * CELL
            out.append(f'<path d="M{MARGIN} {MARGIN}L{end} {end}M{end} {MARGIN}L{MARGIN} {end}" stroke="#c0c0c0" '
                       'stroke-width="2"/>')
        return out

    def _cell_marks(self) -> list[str]:
        """Used cells (pale, dashed frame) and the cell a digit goes to (group tint, double frame)."""
        out = [used_cell(c) for c in sorted(self.marks.cells)]
        colour = self._step_colour()
        out += [placing_cell(c, d, colour) for c, d in sorted(self.marks.placing.items())]
        return out

    def _step_colour(self) -> str:
        return group_colour(self.step.code, self.catalogue) if self.step else PLAIN_DIGIT

    def _frame(self) -> list[str]:
        """Thin cell lines, thick box lines, row and column numbers."""
        end = MARGIN + 9 * CELL
        thin = "".join(f"M{MARGIN + k * CELL} {MARGIN}V{end}M{MARGIN} {MARGIN + k * CELL}H{end}"
                       for k in range(1, 9) if k % 3)
        thick = "".join(f"M{MARGIN + k * CELL} {MARGIN}V{end}M{MARGIN} {MARGIN + k * CELL}H{end}"
                        for k in range(0, 10, 3))
        labels = _glyphs([(MARGIN + k * CELL + CELL // 2, MARGIN - 7, str(k + 1)) for k in range(9)] +
                         [(MARGIN // 2, MARGIN + k * CELL + CELL // 2 + 5, str(k + 1)) for k in range(9)])
        return [f'<path d="{thin}" stroke="#9e9e9e" stroke-width="1"/>',
                f'<path d="{thick}" stroke="#000000" stroke-width="3" stroke-linecap="square" fill="none"/>',
                f'<g font-size="14" fill="#555555">{labels}</g>']

    # -- digits and candidates -----------------------------------------------------------

    def _digits(self) -> list[str]:
        """Givens bold black; placed digits in their group's colour; the placed digit of the step bold.

        The digits of one look are one text element with a position per digit, which keeps a page of
        a hundred grids small.
        """
        looks: dict[tuple[str, bool], list[tuple[float, float, str]]] = {}
        board = self.board
        for c in range(81):
            value = board.values[c]
            if value:
                look = ("", True) if board.is_given(c) else (self._placed_colour(c), False)
            elif c in self.marks.placing:
                value, look = self.marks.placing[c], (text_colour(self._step_colour()), True)
            else:
                continue
            x, y = _centre(c)
            looks.setdefault(look, []).append((x, y + 13, str(value)))
        out = ['<g font-size="38">']
        for (colour, bold), glyphs in looks.items():
            out.append(_glyphs(glyphs, (' font-weight="bold"' if bold else "") + (f' fill="{colour}"' if colour else "")))
        out.append("</g>")
        return out

    def _placed_colour(self, c: int) -> str:
        code = self.placed_by[c]
        if not code:
            return PLAIN_DIGIT
        return text_colour(group_colour(code, self.catalogue))

    def _candidates(self) -> list[str]:
        """Candidates once written (else only the marked ones); used ones ringed, removed ones struck."""
        board, marks = self.board, self.marks
        plain: list[tuple[float, float, str]] = []
        marked = []
        for c in range(81):
            if board.values[c] or c in marks.placing:
                continue
            for d in range(1, 10):
                used, removed = (c, d) in marks.used, (c, d) in marks.removable
                if used or removed:
                    marked.append(marked_candidate(c, d, used, removed))
                elif board.pencil and board.has(c, d):
                    x, y = candidate_point(c, d)
                    plain.append((x, y + 5, str(d)))
        return [f'<g font-size="15" fill="{CANDIDATE}">{_glyphs(plain)}</g>', '<g font-size="15">', *marked, "</g>"]

    # -- chains ------------------------------------------------------------------------

    def _links(self) -> list[str]:
        """Every chain link as a curve with an arrowhead: solid when strong, dashed when weak."""
        if not self.marks.links:
            return []
        out = [f'<g stroke="{LINK}" stroke-width="2.5" fill="none">']
        for link in self.marks.links:
            out.append(_link_path(link))
        out.append("</g>")
        return out


def digit(c: int, value: int, colour: str = "", bold: bool = False) -> str:
    """A digit in cell ``c``: a given (bold black, no colour), or placed in ``colour``."""
    x, y = _centre(c)
    attributes = (' font-weight="bold"' if bold or not colour else "") + (f' fill="{colour}"' if colour else "")
    return f'<text x="{x}" y="{y + 13}"{attributes}>{value}</text>'


def used_cell(c: int) -> str:
    """A cell the step rests on: pale ground, dashed frame."""
    return (_cell_rect(c, 0, f'fill="{USED_CELL_FILL}"') +
            _cell_rect(c, 5, f'fill="none" stroke="#000000" stroke-width="1.5" stroke-dasharray="5 3" '
                             f'class="sd-cell" data-c="{c}"'))


def placing_cell(c: int, d: int, colour: str) -> str:
    """The cell the step places ``d`` in: a tint of the group colour and a double frame."""
    dark = text_colour(colour)
    return (_cell_rect(c, 1, f'fill="{mix(colour, "#ffffff", 0.7)}"') +
            _cell_rect(c, 3, f'fill="none" stroke="{dark}" stroke-width="3" class="sd-place" data-c="{c}" '
                             f'data-d="{d}"') +
            _cell_rect(c, 8, f'fill="none" stroke="{dark}" stroke-width="1.5"'))


def marked_candidate(c: int, d: int, used: bool, removed: bool) -> str:
    """A candidate the step uses (in a ringed disc) and/or removes (red, struck through)."""
    x, y = candidate_point(c, d)
    out = []
    if used:
        out.append(f'<circle cx="{x}" cy="{y}" r="9" fill="{USED_FILL}" stroke="#000000" stroke-width="1.2" '
                   f'class="sd-used" data-c="{c}" data-d="{d}"/>')
    out.append(f'<text x="{x}" y="{y + 5}" font-weight="bold" fill="{REMOVED if removed else "#000000"}">{d}</text>')
    if removed:
        out.append(f'<path d="M{x - 9} {y + 9}L{x + 9} {y - 9}" stroke="{REMOVED}" stroke-width="2.5" '
                   f'class="sd-removed" data-c="{c}" data-d="{d}"/>')
    return "".join(out)


#: The marks a legend explains, in the order shown.
LEGEND = ("given", "placed", "placing", "used_cell", "used", "removed", "strong", "weak")


def legend_svg(item: str) -> str:
    """One mark of :data:`LEGEND` alone, drawn as in the grid on a cell of its own (for a page: no namespace)."""
    body = {
        "given": lambda: digit(0, 5),
        "placed": lambda: digit(0, 5, text_colour(GROUP_COLOURS["A"])),
        "placing": lambda: placing_cell(0, 5, GROUP_COLOURS["A"]) + digit(0, 5, text_colour(GROUP_COLOURS["A"]), True),
        "used_cell": lambda: used_cell(0),
        "used": lambda: marked_candidate(0, 5, True, False),
        "removed": lambda: marked_candidate(0, 5, False, True),
        "strong": lambda: _link_path(Link((0, 1), (0, 9), True)),
        "weak": lambda: _link_path(Link((0, 1), (0, 9), False)),
    }[item]()
    links = item in ("strong", "weak")
    group = f'<g stroke="{LINK}" stroke-width="2.5" fill="none">{body}</g>' if links else body
    # a digit or cell mark shows its whole cell; a candidate mark is enlarged around the cell's centre
    half = CELL // 2 + 1 if item in ("given", "placed", "placing", "used_cell") else 24 if links else 13
    x, y = _centre(0)
    return (f'<svg viewBox="{x - half} {y - half} {2 * half} {2 * half}" width="{CELL // 2 + 1}" '
            f'height="{CELL // 2 + 1}" font-family={quoteattr(FONT)} text-anchor="middle" '
            f'font-size="{38 if item in ("given", "placed", "placing") else 15}" aria-hidden="true">'
            f'<rect x="{x - half}" y="{y - half}" width="{2 * half}" height="{2 * half}" fill="#ffffff" '
            f'stroke="#9e9e9e"/>{group}</svg>')


def _glyphs(glyphs: Sequence[tuple[float, float, str]], attributes: str = "") -> str:
    """Characters each at its own (x, y), as one text element (each is centred on its x)."""
    if not glyphs:
        return ""
    xs = " ".join(f"{x:g}" for x, _, _ in glyphs)
    ys = " ".join(f"{y:g}" for _, y, _ in glyphs)
    return f'<text x="{xs}" y="{ys}"{attributes}>{"".join(ch for _, _, ch in glyphs)}</text>'


def _squares(cells: list[int]) -> str:
    """The path of the squares of ``cells``."""
    return "".join(f"M{MARGIN + COL_OF[c] * CELL} {MARGIN + ROW_OF[c] * CELL}h{CELL}v{CELL}h-{CELL}z" for c in cells)


def _cell_rect(c: int, inset: int, attributes: str) -> str:
    x = MARGIN + COL_OF[c] * CELL + inset
    y = MARGIN + ROW_OF[c] * CELL + inset
    side = CELL - 2 * inset
    return f'<rect x="{x}" y="{y}" width="{side}" height="{side}" {attributes}/>'


def _link_path(link: Link) -> str:
    """A link bent a little, from the edge of one candidate's disc to the next, with an arrowhead."""
    (x1, y1), (x2, y2) = candidate_point(*link.a), candidate_point(*link.b)
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    bend = min(0.2 * length + 8, 40.0)
    # bent towards the middle of the grid, so that no link leaves it
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    middle = MARGIN + 4.5 * CELL
    side = 1 if (middle - mx) * uy - (middle - my) * ux >= 0 else -1
    cx, cy = mx + side * uy * bend, my - side * ux * bend
    # start and end on the discs' rims, in the direction of the control point
    sx, sy = _towards(x1, y1, cx, cy, 10)
    ex, ey = _towards(x2, y2, cx, cy, 10)
    tx, ty = ex - cx, ey - cy
    t = math.hypot(tx, ty) or 1.0
    tx, ty = tx / t, ty / t
    head = (f"M{ex:.1f} {ey:.1f}L{ex - 9 * tx + 4.5 * ty:.1f} {ey - 9 * ty - 4.5 * tx:.1f}"
            f"L{ex - 9 * tx - 4.5 * ty:.1f} {ey - 9 * ty + 4.5 * tx:.1f}Z")
    kind = "strong" if link.strong else "weak"
    dash = "" if link.strong else ' stroke-dasharray="6 4"'
    return (f'<g class="sd-link sd-{kind}" data-a="{link.a[0]}.{link.a[1]}" data-b="{link.b[0]}.{link.b[1]}">'
            f'<path d="M{sx:.1f} {sy:.1f}Q{cx:.1f} {cy:.1f} {ex:.1f} {ey:.1f}"{dash}/>'
            f'<path d="{head}" fill="{LINK}" stroke="none"/></g>')


def _towards(x: float, y: float, tx: float, ty: float, distance: float) -> tuple[float, float]:
    dx, dy = tx - x, ty - y
    length = math.hypot(dx, dy) or 1.0
    return x + dx / length * distance, y + dy / length * distance
