"""How cells, candidates and chains are written: Giese's notation or Eureka.

A step's finding holds cells, digits and chain nodes as typed values
(:mod:`techniques.findings`); a :class:`Notation` writes them, and the
language (:class:`techniques.texts.Language`) holds one, so every view that
renders findings writes them in either notation without knowing which.

* :data:`GIESE` is the original program's: a cell ``(2:1)``, a placement
  ``(2:1)9``, an elimination ``(2:1)!9``, a chain ``(2:1)95 - (7:1)58``.
* :data:`EUREKA` is how forum posts and HoDoKu write them: a cell ``r2c1``,
  cells of one row or column as one group (``r1c23``, ``r12c3``), a
  placement ``r2c1=9``, an elimination ``r2c1<>9``, and chains as
  alternating inference chains, every candidate named with its cell and
  every link written strong ``=`` or weak ``-``: ``(9=5)r2c1-(5=8)r7c1``;
  the cells of a wing (XYZ, WXYZ) with their candidates, ``(35)r7c9, (359)r7c6``.

Giese's chains are chains of *assertions* (``(A)d`` "d is in A", ``(A)!d``
"d is not"), each following from the one before.  Eureka names the
candidates the inferences run through, so an implication is spelled out by
its kind: "d in A, so not in B" is the weak link ``(d)A-(d)B``; "d not in A,
so in B" the strong link ``(d)A=(d)B``; "d in A, so e in the pair B" is
``(d)A-(d=e)B``; "d in A, so e not in A, so e in B" is ``(d)A-(e)A=(e)B``.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzles.errors import InputError
from puzzles.geometry import COL_OF, ROW_OF, cell_name
from techniques.findings import BRACKET, IS, NOT, Chain, Node


class Notation:
    """Giese's notation, the default: ``(r:c)`` cells, ``(r:c)d`` and ``(r:c)!d`` assertions."""

    name = "giese"

    def cell(self, c: int) -> str:
        return cell_name(c)

    def cells(self, cells: Sequence[int], sep: str) -> str:
        """Cells a step names together (a tuple's, a pattern's)."""
        return sep.join(self.cell(c) for c in cells)

    def path(self, cells: Sequence[int], sep: str) -> str:
        """Cells in their order around a pattern (a rectangle's, a loop's corners), without brackets."""
        return sep.join(f"{ROW_OF[c] + 1}:{COL_OF[c] + 1}" for c in cells)

    def node(self, n: Node) -> str:
        """One assertion on its own (a placement, an elimination, a cell with its digits)."""
        digits = "".join(map(str, n.digits))
        if n.sign == NOT:
            return f"{self.cell(n.cell)}!{digits}"
        if n.sign == BRACKET:
            return f"{self.cell(n.cell)}[{digits}]"
        return f"{self.cell(n.cell)}{digits}"

    def chain(self, ch: Chain) -> str:
        parts = [self.node(ch.nodes[0])] if ch.nodes else []
        for link, n in zip(ch.links, ch.nodes[1:]):
            parts.append(f" {link} {self.node(n)}")
        if ch.closing is not None:
            parts.append(f" [- {self.node(ch.closing)}]")
        return "".join(parts)

    def eliminated(self, cell: int, digit: int) -> str:
        """One entry of the list of eliminated candidates (option digit 3 = 1)."""
        return f"{self.cell(cell)}{digit}"


class Eureka(Notation):
    """Eureka, as forum posts and HoDoKu write: ``r2c1``, ``r2c1=9``, ``r2c1<>9``, ``(9=5)r2c1-(5=8)r7c1``."""

    name = "eureka"

    def cell(self, c: int) -> str:
        return f"r{ROW_OF[c] + 1}c{COL_OF[c] + 1}"

    def cells(self, cells: Sequence[int], sep: str) -> str:
        """Cells of one row (``r1c23``) or one column (``r12c3``) as one group, others one by one."""
        if len(cells) > 1:
            rows, cols = sorted({ROW_OF[c] + 1 for c in cells}), sorted({COL_OF[c] + 1 for c in cells})
            if len(rows) == 1:
                return f"r{rows[0]}c{''.join(map(str, cols))}"
            if len(cols) == 1:
                return f"r{''.join(map(str, rows))}c{cols[0]}"
        return sep.join(self.cell(c) for c in cells)

    def path(self, cells: Sequence[int], sep: str) -> str:
        return sep.join(self.cell(c) for c in cells)

    def node(self, n: Node) -> str:
        digits = "".join(map(str, n.digits))
        if n.sign != IS:
            return f"{self.cell(n.cell)}<>{digits}"
        if len(n.digits) == 1:
            return f"{self.cell(n.cell)}={digits}"
        return f"({''.join(map(str, sorted(n.digits)))}){self.cell(n.cell)}"  # a cell's candidates

    def term(self, n: Node) -> str:
        """A chain node: ``(5)r6c3`` for one candidate, ``(9=5)r2c1`` for a pair cell entered with 9, left with 5."""
        joined = "=".join(map(str, n.digits)) if len(n.digits) == 2 else "".join(map(str, n.digits))
        return f"({joined}){self.cell(n.cell)}"

    def chain(self, ch: Chain) -> str:
        if any(len(n.digits) > 2 for n in ch.nodes):  # a wing's cells, not an inference chain: their candidates
            return ", ".join(self.node(n) for n in ch.nodes)
        if not ch.nodes:
            return ""
        parts = [self.term(ch.nodes[0])]
        for i, (link, before, after) in enumerate(zip(ch.links, ch.nodes, ch.nodes[1:])):
            through_pair = ch.pair_links[i] if i < len(ch.pair_links) else None
            parts.append(self._inference(before, link, after, through_pair))
        if ch.closing is not None:
            parts.append(f"-{self.term(ch.closing)}")
        return "".join(parts)

    def _inference(self, before: Node, link: str, after: Node, through_pair: bool | None) -> str:
        """The link from ``before`` to ``after`` and the node ``after``, every inference spelled out.

        ``through_pair`` tells for "d in A, so e in B" whether B is the pair de
        (``(d)A-(d=e)B``) or e's only other place in a unit (``(d)A-(e)A=(e)B``);
        unknown (None), Giese's link tells: ``=`` for the latter.
        """
        if len(before.digits) != 1 or len(after.digits) != 1:  # pair cells of a bivalue chain
            return f"{link}{self.term(after)}"
        if before.sign == IS and after.sign == IS and before.digits != after.digits:
            if link == "=" or through_pair is False:
                turned = Node(before.cell, after.digits)
                return f"-{self.term(turned)}={self.term(after)}"
            return f"-({before.digits[0]}={after.digits[0]}){self.cell(after.cell)}"
        if before.sign != IS and after.sign == IS:
            return f"={self.term(after)}"
        if before.sign == IS and after.sign != IS:
            return f"-{self.term(after)}"
        return f"{link}{self.term(after)}"

    def eliminated(self, cell: int, digit: int) -> str:
        return f"{self.cell(cell)}<>{digit}"


GIESE = Notation()
EUREKA = Eureka()
#: The notations by name (``rate --notation``), the default first.
NOTATIONS: dict[str, Notation] = {n.name: n for n in (GIESE, EUREKA)}
DEFAULT_NOTATION = GIESE.name


class NotationError(InputError):
    """A notation name that is not one of :data:`NOTATIONS`."""


def notation(name: str) -> Notation:
    """The notation called ``name``; an unknown name is a :class:`NotationError` listing the known ones."""
    try:
        return NOTATIONS[name]
    except KeyError:
        raise NotationError(f"unknown notation {name!r}: choose {', '.join(NOTATIONS)}") from None
