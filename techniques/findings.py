"""The typed values a step's explanation is made of, apart from any words.

A technique reports *what* it found (cells, digits, units, chain nodes and
the measure its points come from) and never *how it reads*: sentences are
written by one renderer from per-language templates (:mod:`techniques.texts`),
so that a new language is a data file, and a step can be mapped onto a
symmetric copy of the grid value by value (:func:`transform`), which is how the
half-synchronous mode rates a canonical form and shows the user's grid.

The value kinds, and how the renderer writes them in Giese's notation (Eureka's,
``r1c6`` ``r1c6<>3`` ``(3=5)r1c6``, is in :mod:`techniques.notation`):

* :class:`Cell` (0..80) — ``(r:c)``; :class:`Digit` (1..9) — the digit;
  :class:`Unit` (0..26) — its localized name (``row 3``, ``Box 1#2 (TM)``);
* :class:`Cells`, :class:`Digits`, :class:`Units` — ``(1:1), (1:2)``, ``235``,
  ``rows 1, 5`` (a format spec in the template may give another separator);
* :class:`Node` and :class:`Chain` — the chain notation ``(1:6)3 - (2:6)5``;
* :class:`Fragment` — a nested finding (a reason, a variant of a sentence)
  with its own template in the language file;
* :class:`Items` — a sequence of any of these, joined (``{x:and}`` joins with
  the language's word for "and");
* plain ``int``/``float``/``bool`` — measures (tuple size, chain length, depth)
  and switches; ``str`` only for notation that no language translates
  (a chain type like ``2XO``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


class Cell(int):
    """A cell number 0..80, written ``(r:c)``."""

    __slots__ = ()


class Digit(int):
    """A digit 1..9."""

    __slots__ = ()


class Unit(int):
    """A unit number 0..26 (rows, columns, boxes), written by its localized name."""

    __slots__ = ()


class Cells(tuple[Cell, ...]):
    """Cells, written ``(1:1), (1:2)`` (or joined by the template's format spec)."""

    __slots__ = ()

    def __new__(cls, cells: Iterable[int] = ()) -> Cells:
        return super().__new__(cls, map(Cell, cells))


class Digits(tuple[Digit, ...]):
    """Digits, written together as the original's "Rest" (``235``)."""

    __slots__ = ()

    def __new__(cls, digits: Iterable[int] = ()) -> Digits:
        return super().__new__(cls, map(Digit, digits))

    @classmethod
    def of_mask(cls, mask: int) -> Digits:
        """The digits of a 9-bit candidate mask (bit d-1 = digit d), ascending."""
        return cls(d for d in range(1, 10) if mask >> (d - 1) & 1)


@dataclass(frozen=True)
class Candidates:
    """A cell's candidates, some re-added for the moment (quasi patterns): ``1(5)7``."""

    digits: Digits
    added: Digits = Digits()


class Units(tuple[Unit, ...]):
    """Units, written ``rows 1, 5`` when of one kind, else each by its name."""

    __slots__ = ()

    def __new__(cls, units: Iterable[int] = ()) -> Units:
        return super().__new__(cls, map(Unit, units))


#: Node signs: the digit is in the cell, is not (``!``), or is excluded in passing (``[d]``).
IS, NOT, BRACKET = 1, -1, 0


@dataclass(frozen=True)
class Node:
    """One chain element: a cell with one or more digits and a sign.

    ``(1:6)3`` is ``Node(5, (3,))``, ``(1:5)!9`` has sign :data:`NOT`, the
    single-digit chains' ``(1:2)[9]`` has sign :data:`BRACKET`, and a pair cell
    of a golden chain or remote pair, ``(1:1)27``, carries both digits in order.
    """

    cell: Cell
    digits: Digits
    sign: int = IS

    @classmethod
    def of(cls, cell: int, *digits: int, sign: int = IS) -> Node:
        return cls(Cell(cell), Digits(digits), sign)


@dataclass(frozen=True)
class Chain:
    """Nodes joined by links: ``-`` (weak, or plain succession) and ``=`` (strong).

    ``links[i]`` joins ``nodes[i]`` and ``nodes[i + 1]``; ``closing`` is the
    bracketed last link of a contradiction chain (``[- (1:6)!3]``).
    ``pair_links[i]``, where known, tells how ``(A)d - (B)e`` follows: through
    the pair cell B of d and e (True), or because e, not in A, has B as its
    only other place in a unit (False).  Giese's notation leaves it unsaid;
    Eureka, which names every candidate an inference runs through, needs it.
    """

    nodes: tuple[Node, ...]
    links: tuple[str, ...]
    closing: Node | None = None
    pair_links: tuple[bool, ...] = ()

    @classmethod
    def plain(cls, nodes: Iterable[Node]) -> Chain:
        """Nodes joined by ``-`` only."""
        ns = tuple(nodes)
        return cls(ns, ("-",) * (len(ns) - 1))

    def __len__(self) -> int:
        return len(self.nodes)


@dataclass(frozen=True)
class Fragment:
    """A nested finding: ``kind`` names its template in the language file's ``fragments``."""

    kind: str
    values: Mapping[str, Value]

    @classmethod
    def of(cls, kind: str, **values: Value) -> Fragment:
        return cls(kind, values)


class Items(tuple["Value", ...]):
    """A sequence of values written one after the other (joined by the format spec)."""

    __slots__ = ()


Value = (int | float | bool | str | Cell | Digit | Unit | Cells | Digits | Units | Candidates | Node | Chain | Fragment
         | Items | None)

#: Fragment kinds and their fields, declared by the modules that emit them.
FRAGMENT_FIELDS: dict[str, frozenset[str]] = {}
#: Fragment kinds that name an orientation (a band, a stack) and become their
#: twin when a symmetry transposes the grid.
TRANSPOSED_KIND: dict[str, str] = {}


def fragment_kind(kind: str, *fields: str, transposed: str | None = None) -> str:
    """Declare a fragment kind and its fields (so templates can be checked on load)."""
    FRAGMENT_FIELDS[kind] = frozenset(fields)
    if transposed:
        TRANSPOSED_KIND[kind] = transposed
        TRANSPOSED_KIND[transposed] = kind
    return kind


@dataclass(frozen=True)
class Mapping81:
    """A symmetry of the grid as plain tables: where each cell, digit and unit goes.

    ``transposed`` tells whether rows become columns, which the engine needs to
    rename row- and column-specific technique codes.
    """

    cell: tuple[int, ...]
    digit: tuple[int, ...]  # index 0..9, digit[0] == 0
    unit: tuple[int, ...]
    transposed: bool


def transform(value: Value, m: Mapping81) -> Value:
    """``value`` as seen on the image of the grid under ``m`` (cells, digits, units mapped).

    Sets of digits stay ascending; the digits of a chain node keep their order,
    which is part of the notation (``(1:1)27`` enters with 2, leaves with 7).
    """
    if isinstance(value, Cell):
        return Cell(m.cell[value])
    if isinstance(value, Digit):
        return Digit(m.digit[value])
    if isinstance(value, Unit):
        return Unit(m.unit[value])
    if isinstance(value, Cells):
        return Cells(m.cell[c] for c in value)
    if isinstance(value, Digits):
        return Digits(m.digit[d] for d in value)
    if isinstance(value, Units):
        return Units(m.unit[u] for u in value)
    if isinstance(value, Candidates):
        return Candidates(Digits(sorted(m.digit[d] for d in value.digits)),
                          Digits(sorted(m.digit[d] for d in value.added)))
    if isinstance(value, Node):
        return _node(value, m)
    if isinstance(value, Chain):
        return Chain(tuple(_node(n, m) for n in value.nodes), value.links,
                     _node(value.closing, m) if value.closing else None, value.pair_links)
    if isinstance(value, Fragment):
        kind = TRANSPOSED_KIND.get(value.kind, value.kind) if m.transposed else value.kind
        return Fragment(kind, {k: transform(x, m) for k, x in value.values.items()})
    if isinstance(value, Items):
        return Items(transform(x, m) for x in value)
    return value


def _node(n: Node, m: Mapping81) -> Node:
    return Node(Cell(m.cell[n.cell]), Digits(m.digit[d] for d in n.digits), n.sign)


def negations(candidates: Iterable[tuple[int, int]]) -> Items:
    """Eliminations in the original's negation notation: ``(2:1)!9, (2:3)!9``."""
    return Items(Node.of(c, d, sign=NOT) for c, d in candidates)


def assertions(candidates: Iterable[tuple[int, int]]) -> Items:
    """Placements as chain assertions: ``(2:1)9, (4:4)3``."""
    return Items(Node.of(c, d) for c, d in candidates)
