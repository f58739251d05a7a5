"""What a picture of a step shows, shared by the terminal walkthrough and the SVG pictures.

A rating keeps its steps, not the board states between them, so every picture
replays the steps on a :class:`Board` exactly as the engine applied them
(:func:`replay`) and draws each step on the state *before* it: the candidates
it removes are still there.  What a step marks is read from the step alone
(:class:`StepMarks`): the whole cells and the candidates it rests on
(``Step.used``), the candidates it removes, the digits it places, and the
links of every chain in its finding (:func:`chain_links`).  The terminal and
the SVG renderers only decide how a mark looks.

The placing groups keep the original program's colours (A green, B blue,
C red, D yellow-green, E purple, F brown) in every rendering.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from puzzles.rules import FIRST_COLOUR, parse_rules
from rater.result import Rating
from techniques.board import Board
from techniques.catalogue import Catalogue
from techniques.findings import Chain, Fragment, Items, Node
from techniques.step import Candidate, Step

#: Colours of the placing groups, after the original program.
GROUP_COLOURS: Mapping[str, str] = {
    "A": "#00d700",
    "B": "#0087ff",
    "C": "#ff0000",
    "D": "#9acd32",
    "E": "#af87ff",
    "F": "#b8733d",
}
#: The colour of every other group (the thinning families, Bowman's Bingo, trial & error).
OTHER_COLOUR = "#00afaf"


def group_of(code: str, catalogue: Catalogue) -> str:
    """The technique group (A-F for placing methods) of a step code."""
    return catalogue.entry(code).technique.group if code in catalogue else code


def group_colour(code: str, catalogue: Catalogue) -> str:
    """The colour of a step code's group."""
    return GROUP_COLOURS.get(group_of(code, catalogue), OTHER_COLOUR)


def start_board(rating: Rating, start: Board | None = None) -> Board:
    """A fresh copy of the state the rating began from, under the rules it was rated by."""
    rules = parse_rules(rating.rules)
    board = start.copy() if start else Board.from_grid(rating.puzzle, rules)
    board.rules = rules
    return board


def replay(steps: Sequence[Step], board: Board, placed_by: list[str]) -> Iterator[tuple[int, Step]]:
    """(number, step) for every step, with ``board`` holding the state before it.

    ``board`` and ``placed_by`` (the placing code per cell) are updated in
    place after each yield, the way the engine applied the step, so consumers
    must render before asking for the next; when the loop is exhausted they
    hold the final state.
    """
    for number, step in enumerate(steps, 1):
        yield number, step
        for c in board.apply(step).placed:
            placed_by[c] = step.code


@dataclass(frozen=True)
class Link:
    """One link of a chain, from candidate ``a`` to candidate ``b``; strong (``=``) or weak (``-``)."""

    a: Candidate
    b: Candidate
    strong: bool


@dataclass(frozen=True)
class StepMarks:
    """A step's marks as sets, built once per picture rather than once per cell.

    ``placing`` holds the placements into cells still empty on the board the
    step is drawn on (a synchronous round may have filled some already).
    """

    cells: frozenset[int]
    used: frozenset[Candidate]
    removable: frozenset[Candidate]
    placing: Mapping[int, int]
    links: tuple[Link, ...] = ()

    @classmethod
    def of(cls, step: Step | None, board: Board | None = None) -> StepMarks:
        if step is None:
            return cls(frozenset(), frozenset(), frozenset(), {})
        placing = {c: d for c, d in step.placements if board is None or not board.values[c]}
        return cls(frozenset(u for u, d in step.used if d == 0), frozenset((u, d) for u, d in step.used if d),
                   frozenset(step.eliminations), placing, chain_links(step.detail))


def chains_of(detail: Mapping[str, object]) -> Iterator[Chain]:
    """Every chain of a finding, also inside lists and nested fragments, in the order written."""
    for value in detail.values():
        yield from _chains_in(value)


def _chains_in(value: object) -> Iterator[Chain]:
    """The chains of one value of a finding (a function of the module: a closure calling itself is a
    reference cycle)."""
    if isinstance(value, Chain):
        yield value
    elif isinstance(value, Items):
        for item in value:
            yield from _chains_in(item)
    elif isinstance(value, Fragment):
        for item in value.values.values():
            yield from _chains_in(item)


def chain_links(detail: Mapping[str, object]) -> tuple[Link, ...]:
    """The links of every chain of a finding, between the candidates the notation names.

    A link ``(1:4)92 - (1:1)28`` joins the digit the next node enters with
    (its first digit) to the same digit in the node before when that node has
    it (pair cells: golden chains, remote pairs, wings), else to that node's
    last digit (an implication ``(4:3)5 - (4:4)7``).  A pair cell entered with
    one digit and left with the other is a strong link inside the cell; the
    closing ``[- (4:3)!5]`` of a contradiction chain is a weak link.
    """
    links: list[Link] = []
    for chain in chains_of(detail):
        nodes = chain.nodes
        for node, link, after in zip(nodes, chain.links, nodes[1:]):
            links.append(Link(_leaving(node, after), _entering(after), link == "="))
        for node in nodes:
            if len(node.digits) == 2 and node.digits[0] != node.digits[1]:
                links.append(Link((node.cell, node.digits[0]), (node.cell, node.digits[1]), True))
        if chain.closing is not None and nodes:
            links.append(Link(_leaving(nodes[-1], chain.closing), _entering(chain.closing), False))
    return tuple(dict.fromkeys(links))


def _entering(node: Node) -> Candidate:
    return int(node.cell), int(node.digits[0])


def _leaving(node: Node, after: Node) -> Candidate:
    digit = after.digits[0] if after.digits[0] in node.digits else node.digits[-1]
    return int(node.cell), int(digit)


def extra_unit(board: Board, c: int) -> int | None:
    """The extra unit of the board's rules that cell ``c`` is drawn with, or None.

    0 for a diagonal (a diagonal cell of a colour-diagonal Sudoku shows its
    diagonal), 1-9 for a colour group (read off the cell's place in its box).
    """
    rules = board.rules
    if rules.standard:
        return None
    extra = [u for u in rules.extra_units if rules.unit_mask[u] >> c & 1]
    if any(u < FIRST_COLOUR for u in extra):
        return 0
    return extra[0] - FIRST_COLOUR + 1 if extra else None
