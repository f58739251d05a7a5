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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import ClassVar, Final

from puzzles.geometry import CELL_BIT, CELL_OF_BIT_MOD_83, cells_of
from puzzles.rules import STANDARD, Rules
from techniques.base import Context, Phase, register
from techniques.board import Board
from techniques.findings import BRACKET, Chain, Digit, Fragment, Node, Unit, fragment_kind, negations
from techniques.recheck import Rechecking
from techniques.step import Candidate, Step, deferred_step

_ROW_BASE: Final = sum(1 << (9 * r) for r in range(9))
_BOX_BASE: Final = sum(1 << (27 * (b // 3) + 3 * (b % 3)) for b in range(9))
#: :data:`~puzzles.geometry.CELL_BIT` and :data:`~puzzles.geometry.CELL_OF_BIT_MOD_83`, C arrays on the
#: compiled path (``single_digit_chains.pxd``).
_CELL_BIT: Final = CELL_BIT
_CELL_OF_BIT_MOD_83: Final = CELL_OF_BIT_MOD_83


def _units_of(x: int) -> int:
    """One bit per unit that ``x`` has a cell in, in 90 bits: row r at bit 9r, box b at its first
    cell's bit plus one, column c at bit 81 + c.

    A handful of shifts instead of a loop over 27 units: this test runs for
    every partial contradiction chain.  On the compiled path a 128-bit C
    integer in and out.
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
    return rows | boxes << 1 | cols << 81


def units_hit(x: int) -> int:
    """One bit per unit (rows, columns, boxes packed apart: bits 9r, 81 + c, 162 + the box's first cell)
    that ``x`` has a cell in."""
    units = _units_of(x)
    return units & _ROW_BASE | units >> 81 << 81 | (units >> 1 & _BOX_BASE) << 162


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
    strong, peers = _links(pos, rules)
    return DigitLinks(digit, pos, strong, peers, rules)


def _links(pos: int, rules: Rules) -> tuple[list[int], list[int]]:
    """Per cell, the places of a digit with the places ``pos`` strongly linked to it and those it sees.

    On the compiled path (``single_digit_chains.pxd``) the bitboards are 128-bit
    C integers and the links are gathered in a C array, so that only the
    cells of ``pos`` make Python integers.
    """
    strong_at = [0] * 81
    unit_mask = rules.unit_mask
    for u in rules.unit_ids:
        where = pos & unit_mask[u]
        low = where & -where
        high = where ^ low
        if high and not high & (high - 1):  # exactly two places: a strong link
            strong_at[_CELL_OF_BIT_MOD_83[low % 83]] |= high
            strong_at[_CELL_OF_BIT_MOD_83[high % 83]] |= low
    strong = [0] * 81
    peers = [0] * 81
    peer_mask = rules.peer_mask
    rest = pos
    while rest:
        low = rest & -rest
        rest ^= low
        c = _CELL_OF_BIT_MOD_83[low % 83]
        strong[c] = strong_at[c]
        near = peer_mask[c]  # read into a name: converted once on the compiled path
        peers[c] = near & pos
    return strong, peers


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


def _empties_a_unit(pos: int, full: int, seen: int) -> bool:
    """Whether ``seen`` takes every place ``pos`` of a digit in some unit (``full``: the units of ``pos``)."""
    return _units_of(pos & ~seen) != full


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

    def _digit(self, links: DigitLinks, max_len: int) -> Iterable[tuple[tuple[int, ...], Step]]:
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

    def _digit(self, links: DigitLinks, max_len: int) -> list[tuple[tuple[int, ...], Step]]:
        return [self._step(links, cells, closed, elim)
                for cells, closed, elim in _x_chains(links, self._shortest(), max_len)]

    def _step(self, links: DigitLinks, cells: list[int], closed: bool, elim: int) -> tuple[tuple[int, ...], Step]:
        """The chain's sort key and step (a closed one from its smallest cell); its finding is
        written when first read (most steps found are not taken)."""
        if closed:
            cells = _normalise_x_loop(cells)
        d = links.digit
        elims = tuple((c, d) for c in cells_of(elim))
        length = len(cells)
        step = deferred_step(Step, self.code, self.points(length), (), elims, _explain_x_chain,
                             (links, cells, closed, elims))
        return (length, cells[0], d, cells[-1]), step


def _x_chains(links: DigitLinks, shortest: int, max_len: int) -> list[tuple[list[int], bool, int]]:
    """The single-digit chains of ``shortest``..``max_len`` cells that eliminate something, in the
    order found: (cells, closed, eliminations).

    Breadth-first from every cell with a strong link; the first path to a state is kept.
    A state is (cell, on): on = reached through a strong link (the cell holds d).
    The states of a start are bitboards per kind, and its states are numbered
    (``cell_at``, ``mask_at``: the path's cells, ``parent_at``), so that a path is
    written out only when it ends a chain.  An end is useful when it sees the
    start or a cell seeing the start (sightlines are symmetric, so those cells
    are the peers of the start's peers), else no step can come of it.  On the
    compiled path (``single_digit_chains.pxd``) the states and bitboards are
    C arrays and 128-bit C integers.
    """
    strong, peers = links.strong, links.peers
    peer_mask = links.rules.peer_mask
    # the states of one start: each cell once by either kind of link
    cell_at = [0] * (2 * 81 + 1)
    mask_at = [0] * (2 * 81 + 1)
    parent_at = [0] * (2 * 81 + 1)
    found: list[tuple[list[int], bool, int]] = []
    for start in cells_of(links.pos):
        if not strong[start]:
            continue
        sees_start = peer_mask[start]
        ends = sees_start
        for t in cells_of(peers[start]):
            near = peers[t]  # read into a name: converted once on the compiled path
            ends |= near
        start_peers = peers[start]
        cell_at[0] = start
        mask_at[0] = _CELL_BIT[start]
        parent_at[0] = -1
        lo = 0
        hi = 1  # the frontier: states lo .. hi - 1
        reached_off = _CELL_BIT[start]
        reached_on = 0
        for length in range(2, max_len + 1):
            on = length % 2 == 0
            step_to = strong if on else peers
            seen = reached_on if on else reached_off
            count = hi
            for i in range(lo, hi):
                pmask = mask_at[i]
                fresh = step_to[cell_at[i]]
                fresh &= ~pmask & ~seen
                if not fresh:
                    continue
                seen |= fresh
                hits = fresh & ends if on and length >= shortest else 0
                while fresh:
                    low = fresh & -fresh
                    fresh ^= low
                    n = _CELL_OF_BIT_MOD_83[low % 83]
                    cell_at[count] = n
                    mask_at[count] = pmask | low
                    parent_at[count] = i
                    if hits & low:
                        # closed (the end sees the start): every link holds both ways
                        closed = bool(sees_start >> n & 1)
                        elim = peers[n]
                        elim &= start_peers
                        if closed:
                            k = count
                            while k:
                                here = peers[cell_at[k]]
                                before = peers[cell_at[parent_at[k]]]
                                elim |= here & before
                                k = parent_at[k]
                        if elim:
                            path = []
                            k = count
                            while k >= 0:
                                path.append(cell_at[k])
                                k = parent_at[k]
                            path.reverse()
                            found.append((path, closed, elim))
                    count += 1
            if on:
                reached_on = seen
            else:
                reached_off = seen
            if count == hi:
                break
            lo = hi
            hi = count
    return found


#: A contradiction chain as found: (length, start, cells, seen, removable, weak), see :func:`_contradictions`.
_Contradiction = tuple[int, int, list[int], int, int, bool]
#: How many reach bounds :func:`_contradictions` keeps apart (per number of steps); the bounds of more
#: steps share the last one, which then grows on in place (still a bound, only a looser one).
_REACH_LAYERS: Final = 8


def _contradictions(links: DigitLinks, max_len: int) -> list[_Contradiction]:
    """The contradiction chains of one digit, in the order found (start by start, then level by level).

    A start is searched only when the set cells reachable from it could empty a
    unit at all and its own sightlines do not already (a chain that contradicts
    at its first cell alone is not one of these chains).  The reach bounds:
    per number of steps k and cell a, everything seen by any set cell reachable
    from a in at most k steps.  On the compiled path (``single_digit_chains.pxd``)
    the bitboards are 128-bit C integers and the bounds a C array, layer k of
    cell a at ``81 * k + a``.
    """
    pos = links.pos
    strong, peers = links.strong, links.peers
    full = _units_of(pos)
    nodes = cells_of(pos)
    strong_at = [0] * 81
    peers_at = [0] * 81
    linked = 0  # the cells with a strong link
    for a in nodes:
        strong_at[a] = strong[a]
        peers_at[a] = peers[a]
        if strong_at[a]:
            linked |= _CELL_BIT[a]
    # the set cells that may follow each set cell (through a linking cell)
    follow: list[list[int]] = [[]] * 81
    for a in nodes:
        nxt = 0
        via = peers_at[a] & linked
        while via:
            low = via & -via
            via ^= low
            nxt |= strong_at[_CELL_OF_BIT_MOD_83[low % 83]]
        follow[a] = cells_of(nxt & ~_CELL_BIT[a])
    depth = (max_len - 1) // 2
    reach = [0] * (8 * 81)  # _REACH_LAYERS layers
    for a in nodes:
        reach[a] = peers_at[a]
    last = 0  # the last layer that grew: the bounds of more steps are the same
    k = 1
    while k <= depth:
        here = min(k, _REACH_LAYERS - 1) * 81
        before = last * 81
        grown = False
        for a in nodes:
            acc = peers_at[a]
            for c in follow[a]:
                acc |= reach[before + c]
            if acc != reach[before + a]:
                grown = True
            reach[here + a] = acc
        if not grown:  # nothing new within one more step: the bounds stay as they are
            break
        last = here // 81
        k += 1
    found: list[_Contradiction] = []
    succ: dict[int, list[tuple[int, list[tuple[int, bool]]]]] = {}
    top = min(depth, last) * 81
    for start in nodes:
        if _empties_a_unit(pos, full, reach[top + start]) and not _empties_a_unit(pos, full, peers_at[start]):
            _chains_from(found, start, pos, full, strong_at, peers_at, reach, last, succ, max_len)
    return found


def _chains_from(found: list[_Contradiction], start: int, pos: int, full: int, strong_at: list[int],
                 peers_at: list[int], reach: list[int], last: int,
                 succ: dict[int, list[tuple[int, list[tuple[int, bool]]]]], max_len: int) -> None:
    """The contradiction chains from ``start`` added to ``found``, level by level (3, 5, ... cells).

    A partial chain, (cells, bitboard of its cells, seen, removable, weak) with
    ``removable`` the set cells before the first X, is dropped when even every
    set cell reachable from its end could not empty a unit (``reach``), or when
    it is past its first X and a shorter chain already removes the same cells.
    """
    frontier: list[tuple[list[int], int, int, int, bool]] = [([start], CELL_BIT[start], peers_at[start], CELL_BIT[start], False)]
    done: set[int] = set()
    for length in range(3, max_len + 1, 2):
        remaining = (max_len - length) // 2
        bound = min(remaining, last) * 81
        nxt: list[tuple[list[int], int, int, int, bool]] = []
        keys: set[tuple[int, int, int, bool]] = set()
        for cells, mask, part_seen, part_removable, part_weak in frontier:
            if part_weak and part_removable in done:
                continue
            end = cells[-1]
            following = succ.get(end)
            if following is None:
                following = succ[end] = _successors(end, strong_at, peers_at)
            for c, variants in following:
                if mask >> c & 1:
                    continue
                b = -1
                is_strong = False
                for vb, vs in variants:
                    if not mask >> vb & 1:
                        b = vb
                        is_strong = vs
                        break
                if b < 0:
                    continue
                weak = part_weak or not is_strong
                removable = part_removable if weak else part_removable | CELL_BIT[c]
                seen = part_seen | peers_at[c]
                if _empties_a_unit(pos, full, seen):
                    if not weak or removable not in done:
                        if weak:
                            done.add(removable)
                        found.append((length, start, cells + [b, c], seen, removable, weak))
                    continue
                if not remaining or not _empties_a_unit(pos, full, seen | reach[bound + c]):
                    continue
                seen_now = seen  # one Python integer for the key and the partial chain
                key = (c, seen_now, removable, weak)
                if key not in keys:
                    keys.add(key)
                    nxt.append((cells + [b, c], mask | _CELL_BIT[b] | _CELL_BIT[c], seen_now, removable, weak))
        if not nxt:
            break
        frontier = nxt


def _successors(a: int, strong_at: list[int], peers_at: list[int]) -> list[tuple[int, list[tuple[int, bool]]]]:
    """The set cells that follow the set cell ``a`` (via a not-set cell), with the linking cells.

    For each next set cell c the linking cells b are listed strong links first
    (a = b gives an "O", a wider unit an "X"), then scan order; the first one
    not yet in the chain is used.  Made on first use: most cells start no
    chain that could reach a contradiction.
    """
    by_c: dict[int, list[tuple[int, bool]]] = {}
    strong_a = strong_at[a]
    not_a = ~_CELL_BIT[a]
    for b in cells_of(peers_at[a]):
        if not strong_at[b]:
            continue
        is_strong = bool(strong_a >> b & 1)
        for c in cells_of(strong_at[b] & not_a):
            by_c.setdefault(c, []).append((b, is_strong))
    # the linking cells come in scan order: a stable sort puts the strong ones first
    return [(c, sorted(v, key=_weak_link)) for c, v in sorted(by_c.items())]


def _weak_link(link: tuple[int, bool]) -> bool:
    """Sort key of a linking cell: the strong ones first."""
    return not link[1]


@register
class SingleDigitContradictionChain(_PerDigitChain):
    """SCC: single-digit contradiction chain, type 1 and type 2 (O/X suffix), 3..11 cells."""

    code = "SCC"
    measure = "length"
    fields = frozenset({"digit", "length", "type", "chain", "reason", "removed", "extension"})
    defaults = {"points_offset": 4, "max_length": 11}
    min_length = 3

    def _digit(self, links: DigitLinks, max_len: int) -> list[tuple[tuple[int, ...], Step]]:
        return [((length, start), self._step(links, cells, seen, removable, weak))
                for length, start, cells, seen, removable, weak in _contradictions(links, max_len)]

    def _step(self, links: DigitLinks, cells: list[int], seen: int, removable: int, weak: bool) -> Step:
        """The chain's step; its finding is written when first read (most steps found are not taken)."""
        d = links.digit
        elim = removable
        extension = None if weak else self._extension(links, cells, removable)
        if extension is not None:
            elim |= extension[1]
        elims = tuple((c, d) for c in cells_of(elim))
        return deferred_step(Step, self.code, self.points(len(cells)), (), elims, _explain_contradiction,
                             (links, cells, seen, weak, extension, elims))

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


def _explain_contradiction(links: DigitLinks, cells: list[int], seen: int, weak: bool,
                           extension: tuple[list[int], int] | None,
                           elims: tuple[Candidate, ...]) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    """A contradiction chain's candidates and finding: its type (with the O/X of its links when one is
    weak), the unit it empties or fills twice, and the single-digit chain one more link makes of it."""
    d = links.digit
    strong = links.strong
    set_cells = 0
    for c in cells[::2]:
        set_cells |= CELL_BIT[c]
    unit_mask = links.rules.unit_mask
    unit = next(u for u in links.rules.unit_ids if links.pos & unit_mask[u] and not links.pos & unit_mask[u] & ~seen)
    twice = bool(unit_mask[unit] & set_cells)
    used = list(cells)
    ext = None
    if extension is not None:
        ext_cells, ext_elim = extension
        used += [c for c in ext_cells if c not in cells]
        ext = Fragment.of(ONE_MORE_LINK, chain=_x_chain_notation(links, ext_cells),
                          removed=negations((c, d) for c in cells_of(ext_elim)))
    pattern = "".join(("O" if strong[a] >> b & 1 else "X") + "O" for a, b in zip(cells[::2], cells[1::2]))
    chain = Chain.plain(
        links.cell(c) if i % 2 == 0 else Node.of(c, d, sign=BRACKET) for i, c in enumerate(cells)
    )
    reason = Fragment.of(TWICE_IN_UNIT if twice else NO_PLACE_IN_UNIT, digit=Digit(d), unit=Unit(unit))
    return tuple((c, d) for c in used), {
        "digit": Digit(d),
        "length": len(cells),
        "type": "1" if not weak else "2" + pattern,
        "chain": chain,
        "reason": reason,
        "removed": negations(elims),
        "extension": ext,
    }


def _explain_x_chain(links: DigitLinks, cells: list[int], closed: bool,
                     elims: tuple[Candidate, ...]) -> tuple[tuple[Candidate, ...], dict[str, object]]:
    """A single-digit chain's candidates and finding."""
    d = links.digit
    return tuple((c, d) for c in cells), {
        "digit": Digit(d),
        "length": len(cells),
        "closed": closed,
        "kind": Fragment.of(CLOSED_SINGLE_DIGIT_CHAIN if closed else SINGLE_DIGIT_CHAIN),
        "chain": _x_chain_notation(links, cells),
        "removed": negations(elims),
    }
