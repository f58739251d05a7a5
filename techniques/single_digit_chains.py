"""IV Single-digit chains ("Einzelzahl-Ketten") and contradiction chains.

Both reason about one digit d and its *strong links*: two cells that are the
only places for d in a row, column or box (one of them holds d).

Single-digit chain (SC, N + 3 points, N = 4..12 cells, even; the packaged
``min_length`` 6 leaves out the 4-cell ones): strong links
joined end to start through a shared unit, ``a = b - c = d ...``.  If the
first cell is not d, the second is, the third is not, the fourth is ... and
the last cell is: one end holds d, so d goes from every cell seeing both ends.
A chain whose last cell sees its first is *closed*: every link then holds both
ways, and d goes from every cell seeing both cells of any of its links.

Single-digit contradiction chain (SCC, Holger Schrader's "Einzelzahl-
Widerspruchs-Kette", N + 4 points, N = 3..11 cells, odd): cells p1 .. pN where
d is assumed set at odd and not set at even positions.  From a set cell any
cell of a shared unit follows (strong link "O" if the unit has exactly two
places for d, else weak "X"); from a not-set cell only its strong partner
follows (after a weak link a strong one must follow).  When the assumed digits
leave a unit with no place for d or with two of them, the assumption fails:

* type 1 (all links strong): every set cell of the chain loses d, because
  setting any one of them sets all the others;
* type 2 (suffix of O/X per link, e.g. ``2XO``, ``2OOXO``): only the set cells
  before the first X lose d, since a weak link does not work backwards.

A type-1 chain that one more strong link turns into a true single-digit chain
is shown together with that chain, with the eliminations of both.  A chain is
reported at the first node where its contradiction appears; a chain that
contradicts already at its first cell alone is not one of these chains.

Notation as in the original: ``(3:2)4 - (3:6)[4] - (5:6)4`` (brackets = not
set) for contradiction chains; ``(6:5)2 = (4:5)2 - (4:7)2 = (3:7)2`` (``=``
strong, ``-`` weak) for single-digit chains.

A chain of a digit reads that digit's places alone, so each search remembers
where it last found nothing (:mod:`techniques.recheck`) and then searches only
the digits that found something or whose places changed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import ClassVar, Final

from puzzles.geometry import CELL_BIT, cells_of
from puzzles.rules import STANDARD, Rules
from techniques.base import Context, Phase, register
from techniques.board import Board
from techniques.findings import BRACKET, Chain, Digit, Fragment, Node, Unit, fragment_kind, negations
from techniques.recheck import Rechecking
from techniques.step import Candidate, Step

_ROW_BASE: Final = sum(1 << (9 * r) for r in range(9))
_BOX_BASE: Final = sum(1 << (27 * (b // 3) + 3 * (b % 3)) for b in range(9))


def units_hit(x: int) -> int:
    """One bit per unit (rows, columns, boxes packed apart) that ``x`` has a cell in.

    A handful of shifts instead of a loop over 27 units: this test runs for
    every partial contradiction chain.
    """
    y = x | x >> 1
    y |= y >> 2
    y |= y >> 4
    rows = (y | x >> 8) & _ROW_BASE
    y = x | x >> 9
    y |= y >> 18
    y |= y >> 36
    cols = (y | x >> 72) & 0x1FF
    y = x | x >> 1 | x >> 2
    boxes = (y | y >> 9 | y >> 18) & _BOX_BASE
    return rows | cols << 81 | boxes << 162


@dataclass
class DigitLinks:
    """The strong links and sightlines of one digit, precomputed once per call."""

    digit: int
    pos: int
    strong: list[int] = field(default_factory=lambda: [0] * 81)
    peers: list[int] = field(default_factory=lambda: [0] * 81)
    rules: Rules = STANDARD

    def cell(self, c: int) -> Node:
        return Node.of(c, self.digit)


#: How many digits' links and chains are kept.  A step changes the places of
#: few digits, and the engine searches again after every step, so most digits
#: come back with the places they had in the previous search.  A few positions'
#: worth is enough, and a small store keeps the garbage collector's work small.
_DIGITS_REMEMBERED: Final = 256


@lru_cache(maxsize=_DIGITS_REMEMBERED)
def digit_links(digit: int, pos: int, rules: Rules) -> DigitLinks:
    """The strong links and sightlines of ``digit`` with the places ``pos``, made once and kept.

    They depend on nothing else, so the same places give the same links.
    """
    strong = [0] * 81
    peers = [0] * 81
    unit_mask = rules.unit_mask
    for u in rules.unit_ids:
        where = pos & unit_mask[u]
        if where.bit_count() == 2:
            low = where & -where
            strong[low.bit_length() - 1] |= where ^ low
            strong[where.bit_length() - 1] |= low
    peer_mask = rules.peer_mask
    rest = pos
    while rest:
        low = rest & -rest
        rest ^= low
        c = low.bit_length() - 1
        peers[c] = peer_mask[c] & pos
    return DigitLinks(digit, pos, strong, peers, rules)


@lru_cache(maxsize=_DIGITS_REMEMBERED)
def _digit_chains(technique: _PerDigitChain, digit: int, pos: int, rules: Rules, max_len: int) -> tuple[tuple[tuple[int, ...], Step], ...]:
    """The chains of one digit with the places ``pos``: (sort key, step), made once and kept.

    A chain search reads only the digit's places (its links), the rules and
    the technique's parameters, and a step is never changed once made, so the
    steps found for the same places are handed out again.
    """
    return tuple(technique._digit(digit_links(digit, pos, rules), max_len))


#: Variants and parts of the single-digit chain sentences.
SINGLE_DIGIT_CHAIN = fragment_kind("single_digit_chain")
CLOSED_SINGLE_DIGIT_CHAIN = fragment_kind("closed_single_digit_chain")
TWICE_IN_UNIT = fragment_kind("twice_in_unit", "digit", "unit")
NO_PLACE_IN_UNIT = fragment_kind("no_place_in_unit", "digit", "unit")
ONE_MORE_LINK = fragment_kind("one_more_link", "chain", "removed")


def _x_chain_notation(links: DigitLinks, cells: list[int]) -> Chain:
    """Strong and weak links alternating, strong first: ``(1:2)9 = (7:2)9 - (7:7)9``."""
    return Chain(tuple(links.cell(c) for c in cells), tuple("=" if i % 2 else "-" for i in range(1, len(cells))))


def _empties_a_unit(pos: int, full: int, answers: dict[int, bool], seen: int) -> bool:
    """Whether ``seen`` takes every place ``pos`` of a digit in some unit (``full``: the units of
    ``pos``); remembered in ``answers``, the reach bounds of many cells are the same few masks."""
    answer = answers.get(seen)
    if answer is None:
        answer = answers[seen] = units_hit(pos & ~seen) != full
    return answer


def _sorted_unique(found: list[tuple[tuple[int, ...], Step]]) -> Iterator[Step]:
    """Steps in key order (shortest, then scan order); identical eliminations once."""
    seen: set[tuple[Candidate, ...]] = set()
    for _, step in sorted(found, key=lambda item: item[0]):
        if step.eliminations not in seen:
            seen.add(step.eliminations)
            yield step


def _normalise_x_loop(cells: list[int]) -> list[int]:
    """A closed single-digit chain from its smallest cell, starting with a strong link."""
    n = len(cells)
    m = cells.index(min(cells))
    if m % 2 == 0:
        return [cells[(m + i) % n] for i in range(n)]
    return [cells[(m - i) % n] for i in range(n)]


#: A breadth-first search state of :class:`SingleDigitChain`: cell, bitboard of the path, previous state.
_PathEntry = tuple[int, int, "_PathEntry | None"]


def _path_of(entry: _PathEntry) -> list[int]:
    """The cells of the path that ends in ``entry``, from its start."""
    cells = []
    at: _PathEntry | None = entry
    while at is not None:
        cells.append(at[0])
        at = at[2]
    cells.reverse()
    return cells


class _PerDigitChain(Rechecking):
    """Shared search driver of SC and SCC: one chain search per digit, then one
    step per distinct elimination set in scan order."""

    group = "IV"
    family = "IV"
    sync_level = 4
    formula = "N + {points_offset} (length N up to {max_length})"
    phase = Phase.THINNING
    #: The fewest cells of a chain of the kind.
    min_length: ClassVar[int]

    def points(self, length: int) -> float:
        """The chain's cells plus the offset."""
        points: float = length + self.params["points_offset"]
        return points

    def floor(self) -> float:
        return float(self.points(self.min_length))

    def _digit(self, links: DigitLinks, max_len: int) -> Iterator[tuple[tuple[int, ...], Step]]:
        raise NotImplementedError

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        """Only the digits that found something last time or whose places changed since."""
        digits = self.recheck.changed_digits(board) | self.recheck.again
        if not digits:
            return
        max_len = int(self.params["max_length"])
        found: list[tuple[tuple[int, ...], Step]] = []
        fruitful = 0
        positions = board.positions
        for d in range(1, 10):
            if digits >> (d - 1) & 1 and positions[d]:
                chains = _digit_chains(self, d, positions[d], board.rules, max_len)
                if chains:
                    fruitful |= 1 << (d - 1)
                    found.extend(chains)
        yield from _sorted_unique(found)
        self.recheck.done_except(board, fruitful)


@register
class SingleDigitChain(_PerDigitChain):
    """SC: chain of strong links of one digit (X-chain), ``min_length``..12 cells, open or closed.

    ``min_length`` 6 leaves out the 4-cell chains, which are the skyscraper, the turbot fish and
    the two-string kite the original has "hier aber nicht eingebaut" (docs/decisions.md).
    """

    code = "SC"
    measure = "length"
    fields = frozenset({"digit", "length", "closed", "kind", "chain", "removed"})
    defaults = {"points_offset": 3, "min_length": 4, "max_length": 12}
    min_length = 4

    def floor(self) -> float:
        return float(self.points(self._shortest()))

    def _shortest(self) -> int:
        """The fewest cells of a chain searched: the parameter, at least 4 and even."""
        wanted = max(4, int(self.params["min_length"]))
        return wanted + wanted % 2

    def _digit(self, links: DigitLinks, max_len: int) -> Iterator[tuple[tuple[int, ...], Step]]:
        """Breadth-first from every cell with a strong link; the first path to a state is kept.

        A state is (cell, on): on = reached through a strong link (the cell holds d).
        The states of a start are bitboards per kind; a frontier entry is (cell, the
        path's cells, the entry it came from), so a path is written out only when it
        ends a chain.  An end is useful when it sees the start or a cell seeing the
        start (sightlines are symmetric, so those cells are the peers of the start's
        peers), else no step can come of it.
        """
        strong, peers = links.strong, links.peers
        peer_mask = links.rules.peer_mask
        shortest = self._shortest()
        for start in cells_of(links.pos):
            if not strong[start]:
                continue
            ends = peer_mask[start]
            for t in cells_of(peers[start]):
                ends |= peers[t]
            frontier: list[_PathEntry] = [(start, CELL_BIT[start], None)]
            reached = [CELL_BIT[start], 0]  # by kind: off, on
            for length in range(2, max_len + 1):
                on = length % 2 == 0
                step_to = strong if on else peers
                seen = reached[on]
                nxt: list[_PathEntry] = []
                for entry in frontier:
                    cell, pmask, _ = entry
                    fresh = step_to[cell] & ~pmask & ~seen
                    if not fresh:
                        continue
                    seen |= fresh
                    hits = fresh & ends if on and length >= shortest else 0
                    while fresh:
                        low = fresh & -fresh
                        fresh ^= low
                        reached_n: _PathEntry = (low.bit_length() - 1, pmask | low, entry)
                        if hits & low:
                            step = self._step(links, _path_of(reached_n))
                            if step is not None:
                                yield (length, step.used[0][0], links.digit, step.used[-1][0]), step
                        nxt.append(reached_n)
                reached[on] = seen
                if not nxt:
                    break
                frontier = nxt

    def _step(self, links: DigitLinks, cells: list[int]) -> Step | None:
        peers = links.peers
        closed = bool(links.rules.peer_mask[cells[-1]] >> cells[0] & 1)
        if closed:
            cells = _normalise_x_loop(cells)
            elim = 0
            for i, a in enumerate(cells):
                elim |= peers[a] & peers[cells[(i + 1) % len(cells)]]
        else:
            elim = peers[cells[0]] & peers[cells[-1]]
        if not elim:
            return None
        d = links.digit
        elims = tuple((c, d) for c in cells_of(elim))
        length = len(cells)
        return Step(
            self.code,
            self.points(length),
            eliminations=elims,
            used=tuple((c, d) for c in cells),
            detail={
                "digit": Digit(d),
                "length": length,
                "closed": closed,
                "kind": Fragment.of(CLOSED_SINGLE_DIGIT_CHAIN if closed else SINGLE_DIGIT_CHAIN),
                "chain": _x_chain_notation(links, cells),
                "removed": negations(elims),
            },
        )


@dataclass
class _Partial:
    """A contradiction chain under construction; ``removable`` = set cells before the first X."""

    cells: list[int]
    mask: int
    seen: int
    removable: int
    weak: bool
    pattern: str


class _Successors(dict[int, list[tuple[int, list[tuple[int, bool]]]]]):
    """Set cell a -> the set cells that follow it (via a not-set cell), with the linking cells.

    For each next set cell c the linking cells b are listed strong links first
    (a = b gives an "O", a wider unit an "X"), then scan order; the first one
    not yet in the chain is used.  Filled on first use: most cells start no
    chain that could reach a contradiction.
    """

    def __init__(self, links: DigitLinks) -> None:
        super().__init__()
        self.links = links

    def __missing__(self, a: int) -> list[tuple[int, list[tuple[int, bool]]]]:
        strong, peers = self.links.strong, self.links.peers
        by_c: dict[int, list[tuple[int, bool]]] = {}
        for b in cells_of(peers[a]):
            if not strong[b]:
                continue
            is_strong = bool(strong[a] >> b & 1)
            for c in cells_of(strong[b] & ~CELL_BIT[a]):
                by_c.setdefault(c, []).append((b, is_strong))
        following = [(c, sorted(v, key=lambda bv: (not bv[1], bv[0]))) for c, v in sorted(by_c.items())]
        self[a] = following
        return following


@register
class SingleDigitContradictionChain(_PerDigitChain):
    """SCC: single-digit contradiction chain, type 1 and type 2 (O/X suffix), 3..11 cells."""

    code = "SCC"
    measure = "length"
    fields = frozenset({"digit", "length", "type", "chain", "reason", "removed", "extension"})
    defaults = {"points_offset": 4, "max_length": 11}
    min_length = 3

    def _digit(self, links: DigitLinks, max_len: int) -> Iterator[tuple[tuple[int, ...], Step]]:
        pos, peers = links.pos, links.peers
        full = units_hit(pos)
        # a partial, not a closure: compiled, a closure kept in a generator's local is a cycle
        covered = partial(_empties_a_unit, pos, full, {})

        nodes = cells_of(pos)
        strong = links.strong
        linked = 0  # the cells with a strong link
        for a in nodes:
            if strong[a]:
                linked |= CELL_BIT[a]
        # the set cells that may follow each set cell (through a linking cell)
        follow = {}
        for a in nodes:
            nxt = 0
            via = peers[a] & linked
            while via:
                low = via & -via
                via ^= low
                nxt |= strong[low.bit_length() - 1]
            follow[a] = cells_of(nxt & ~CELL_BIT[a])
        depth = (max_len - 1) // 2
        # reach[k][a]: everything seen by any set cell reachable from a in <= k steps,
        # an upper bound on what a chain continuing from a can still cover
        reach = [{a: peers[a] for a in nodes}]
        while len(reach) <= depth:
            prev = reach[-1]
            layer = {}
            for a in nodes:
                acc = peers[a]
                for c in follow[a]:
                    acc |= prev[c]
                layer[a] = acc
            if layer == prev:  # nothing new within one more step: the bound stays as it is
                reach += [prev] * (depth + 1 - len(reach))
            else:
                reach.append(layer)
        succ = _Successors(links)
        for start in nodes:
            if not covered(reach[depth][start]) or covered(peers[start]):
                continue
            yield from self._from(links, start, succ, reach, covered, max_len)

    def _from(
        self,
        links: DigitLinks,
        start: int,
        succ: _Successors,
        reach: list[dict[int, int]],
        covered: Callable[[int], bool],
        max_len: int,
    ) -> Iterator[tuple[tuple[int, ...], Step]]:
        """Contradiction chains from ``start``, level by level (3, 5, ... cells).

        A partial chain is dropped when even every set cell reachable from its
        end could not empty a unit (``reach``), or when it is past its first X
        and a shorter chain already removes the same cells.
        """
        peers = links.peers
        frontier = [_Partial([start], CELL_BIT[start], peers[start], CELL_BIT[start], False, "")]
        done: set[int] = set()
        for length in range(3, max_len + 1, 2):
            remaining = (max_len - length) // 2
            nxt: list[_Partial] = []
            keys: set[tuple[int, int, int, bool]] = set()
            for part in frontier:
                if part.weak and part.removable in done:
                    continue
                for c, variants in succ[part.cells[-1]]:
                    if part.mask >> c & 1:
                        continue
                    link = next(((b, s) for b, s in variants if not part.mask >> b & 1), None)
                    if link is None:
                        continue
                    b, is_strong = link
                    weak = part.weak or not is_strong
                    removable = part.removable if weak else part.removable | CELL_BIT[c]
                    seen = part.seen | peers[c]
                    cells = part.cells + [b, c]
                    pattern = part.pattern + ("O" if is_strong else "X") + "O"
                    if covered(seen):
                        if not weak or removable not in done:
                            if weak:
                                done.add(removable)
                            yield (length, start), self._step(links, cells, seen, removable, weak, pattern)
                        continue
                    if not remaining or not covered(seen | reach[remaining][c]):
                        continue
                    key = (c, seen, removable, weak)
                    if key not in keys:
                        keys.add(key)
                        nxt.append(_Partial(cells, part.mask | CELL_BIT[b] | CELL_BIT[c], seen, removable, weak, pattern))
            if not nxt:
                break
            frontier = nxt

    def _step(
        self, links: DigitLinks, cells: list[int], seen: int, removable: int, weak: bool, pattern: str
    ) -> Step:
        d = links.digit
        set_cells = 0
        for c in cells[::2]:
            set_cells |= CELL_BIT[c]
        unit_mask = links.rules.unit_mask
        unit = next(u for u in links.rules.unit_ids if links.pos & unit_mask[u] and not links.pos & unit_mask[u] & ~seen)
        twice = bool(unit_mask[unit] & set_cells)
        used = list(cells)
        elim = removable
        ext = None
        extension = None if weak else self._extension(links, cells, removable)
        if extension is not None:
            ext_cells, ext_elim = extension
            used += [c for c in ext_cells if c not in cells]
            elim |= ext_elim
            ext = Fragment.of(ONE_MORE_LINK, chain=_x_chain_notation(links, ext_cells),
                              removed=negations((c, d) for c in cells_of(ext_elim)))
        elims = tuple((c, d) for c in cells_of(elim))
        length = len(cells)
        kind = "1" if not weak else "2" + pattern
        chain = Chain.plain(
            links.cell(c) if i % 2 == 0 else Node.of(c, d, sign=BRACKET) for i, c in enumerate(cells)
        )
        reason = Fragment.of(TWICE_IN_UNIT if twice else NO_PLACE_IN_UNIT, digit=Digit(d), unit=Unit(unit))
        return Step(
            self.code,
            self.points(length),
            eliminations=elims,
            used=tuple((c, d) for c in used),
            detail={
                "digit": Digit(d),
                "length": length,
                "type": kind,
                "chain": chain,
                "reason": reason,
                "removed": negations(elims),
                "extension": ext,
            },
        )

    @staticmethod
    def _extension(links: DigitLinks, cells: list[int], removed: int) -> tuple[list[int], int] | None:
        """The first one-link extension of a type-1 chain into a single-digit chain that removes more."""
        strong, peers = links.strong, links.peers
        in_chain = 0
        for c in cells:
            in_chain |= CELL_BIT[c]
        for q in cells_of(strong[cells[-1]] & ~in_chain):
            extra = peers[cells[0]] & peers[q] & ~removed
            if extra:
                return cells + [q], extra
        for q in cells_of(strong[cells[0]] & ~in_chain):
            extra = peers[q] & peers[cells[-1]] & ~removed
            if extra:
                return [q] + cells, extra
        return None
