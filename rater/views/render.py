"""Pictures of ratings for programs and notebooks: SVG grids and HTML pages.

The same pictures as ``rate --svg`` and ``rate --html``::

    from rater.run.engine import rate
    from rater.views import render

    rating = rate(puzzle)
    rating                          # in Jupyter: the walkthrough page (Rating._repr_html_)
    rating.position(12)             # in Jupyter: the grid after step 12 (Position._repr_svg_)
    render.svg(board, step=step)    # any Board, with the marks of any Step, as an SVG string
    render.html(rating, lang="de")  # the page as a string
    render.html(rating, notation="eureka")  # cells r1c2, eliminations r1c2<>5, Eureka chains
    render.text(rating)             # the text report of ``rate --no-walk``
    render.explain(step, "de")      # one step's explanation

Names and explanations come from the technique catalogue; the packaged one
unless a rating was made with another (pass ``catalogue=``).  ``notation``
(``giese``, the default, or ``eureka``) is how texts write cells, candidates
and chains: it is the catalogue's, :meth:`Catalogue.in_notation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final
from xml.sax.saxutils import quoteattr

from puzzles.errors import InputError, whole_number
from puzzles.parsing import format_line
from rater.result import Rating, register_drawing
from rater.run.engine import default_catalogue
from rater.views.html import rating_html
from rater.views.marks import replay, start_board
from rater.views.report import step_text, text_report
from rater.views.svg import grid_svg
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.step import Step
from techniques.texts import available_languages


def svg(board: Board, step: Step | None = None, *, placed_by: Sequence[str] | None = None,
        catalogue: Catalogue | None = None, title: str = "") -> str:
    """``board`` as an SVG picture, with the marks of ``step`` when given (drawn on the state before it).

    ``placed_by`` names the technique code that placed each non-given digit
    (it gives the digit its group's colour); without it such digits are dark grey.
    """
    _check(board=board, step=step, catalogue=catalogue, title=title)
    if placed_by is not None and (isinstance(placed_by, str) or not isinstance(placed_by, Sequence)
                                  or len(placed_by) != 81 or not all(isinstance(code, str) for code in placed_by)):
        raise InputError("placed_by names a technique code (or '') for each of the 81 cells")
    return grid_svg(board, catalogue or default_catalogue(), placed_by, step, title)


def _texts(catalogue: Catalogue | None, notation: str | None) -> Catalogue:
    """The catalogue whose words are used, in ``notation`` (None: the catalogue's own)."""
    chosen = catalogue or default_catalogue()
    return chosen if notation is None else chosen.in_notation(notation)


def html(rating: Rating, lang: str = "en", *, catalogue: Catalogue | None = None, start: Board | None = None,
         first: int = 1, notation: str | None = None) -> str:
    """The self-contained page of ``rating`` in ``lang``, opening at step ``first``.

    ``start`` is the board a candidate line was rated from (its candidates are
    not in ``rating.puzzle``).
    """
    _check(rating=rating, catalogue=catalogue, start=start, first=first)
    if lang not in available_languages():
        raise InputError(f"unknown language {lang!r:.20}: choose {', '.join(available_languages())}")
    return rating_html(rating, _texts(catalogue, notation), lang, start, first)


def text(rating: Rating, lang: str = "en", *, catalogue: Catalogue | None = None, notation: str | None = None) -> str:
    """The text report of ``rating`` (``rate --no-walk``): one line per step, then the summary."""
    return text_report(rating, _texts(catalogue, notation), lang)


def explain(step: Step, lang: str = "en", *, catalogue: Catalogue | None = None, notation: str | None = None) -> str:
    """One step's explanation in ``lang`` (the text after the technique's name in every view)."""
    return step_text(step, _texts(catalogue, notation), lang)


def notebook(rating: Rating, lang: str = "en", *, catalogue: Catalogue | None = None,
             notation: str | None = None) -> str:
    """The page of ``rating`` in a frame of its own, for a notebook's output.

    The frame keeps the page's styles and keys to itself: the notebook around
    it looks and behaves as before.
    """
    page = html(rating, lang, catalogue=catalogue, notation=notation)
    return (f'<iframe srcdoc={quoteattr(page)} title={quoteattr(format_line(rating.puzzle))} '
            'style="width:100%;max-width:42rem;height:46rem;border:1px solid #ccc"></iframe>')


#: What each argument of the functions here must be: they draw what they are given without looking.
_KINDS: Final[dict[str, tuple[type, ...]]] = {
    "rating": (Rating,), "board": (Board,), "step": (Step, type(None)), "catalogue": (Catalogue, type(None)),
    "start": (Board, type(None)), "title": (str,), "first": (int,),
}


def _check(**arguments: object) -> None:
    """An InputError naming the first argument that is not of its kind (:data:`_KINDS`)."""
    for name, value in arguments.items():
        if not isinstance(value, _KINDS[name]) or isinstance(value, bool):
            kinds = " or ".join("None" if kind is type(None) else kind.__name__ for kind in _KINDS[name])
            raise InputError(f"{name} must be {kinds}, not {type(value).__name__}")


@dataclass(frozen=True)
class Position:
    """The grid after step ``number`` of a rating (0: the start), and the step that follows it."""

    number: int
    board: Board
    placed_by: tuple[str, ...]
    next_step: Step | None
    catalogue: Catalogue

    def svg(self, marked: bool = False) -> str:
        """The position as SVG; ``marked`` draws the marks of the next step on it (as the page shows that step)."""
        step = self.next_step if marked else None
        return grid_svg(self.board, self.catalogue, self.placed_by, step)

    def _repr_svg_(self) -> str:
        return self.svg()


def position(rating: Rating, number: int, *, catalogue: Catalogue | None = None,
             start: Board | None = None) -> Position:
    """The position after step ``number`` (0 to the number of steps) of ``rating``."""
    _check(rating=rating, catalogue=catalogue, start=start)
    whole_number(number, "a position of this rating (a step number)", 0, len(rating.steps))
    board, placed_by = start_board(rating, start), [""] * 81
    following = None
    for n, step in replay(rating.steps, board, placed_by):
        if n > number:
            following = step
            break
    return Position(number, board, tuple(placed_by), following, catalogue or default_catalogue())


register_drawing(position, notebook)
