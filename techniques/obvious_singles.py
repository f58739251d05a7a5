"""Direct methods C and D: singles that need obvious tests or obvious 2-tuples.

C1/C2/C3 and D1/D2/D3 are hidden singles in a row, column or box once the
justifications' exclusions are taken into account; C0 and D0 are naked
singles; C7 is the crossing of two claims in a box; D7 a cell in two obvious
2-tuples (synchronous mode only).  Every single is reported with the cheapest
set of at most two justifications that proves it:

* C1/C2/C3: band(m - k) + 2 J + 2 F, C0: band(v - J) + 2 J + 2 F,
  C7: band(v) + 2 + 2 F — J justifications, F follow-on claims they rest on,
  m missing numbers of the unit, k its cells the justifications exclude,
  v visible numbers of the cell;
* D1/D2/D3: band(m - c) + 2 N, D0: band(v - c) + 2 N, D7 and D8: 5 —
  N obvious 2-tuples covering c cells.

All capped at 8 points, the original's maximum for a direct step.  The seed
writes the "minus covered cells" only for rows and columns; applying it to
boxes too reproduces examples 16-19 (docs/decisions.md).  With
option digit 1 = 1 ("simple") no follow-on claims are used.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations
from typing import Any, ClassVar, Final

from puzzles.geometry import CELL_BIT, UNIT_MASK, cells_of, digits_of
from puzzles.rules import ALL_UNIT_MASKS, Rules
from techniques.base import INFINITY, Context, Phase, Technique, register
from techniques.board import Board
from techniques.direct import point_table, scan_key, searched_units
from techniques.findings import Cell, Digit, Items, Unit
from techniques.obvious import Claim, Doppel, Exclusions, ObviousAnalysis
from techniques.points import (
    MISSING_BOX,
    MISSING_FORMULA,
    MISSING_LINE,
    VISIBLE,
    VISIBLE_FORMULA,
    band,
    band_floor,
    bands_of,
    linear_floor,
)
from techniques.step import Step, deferred_step
from techniques.uniqueness import ur_corner_candidates

#: The claims or 2-tuples that justify one single (at most ``MAX_JUSTIFICATIONS``).
Justifications = tuple[Claim | Doppel, ...]

#: At most this many justifications (claims or 2-tuples) prove one single.
MAX_JUSTIFICATIONS = 2

#: The cap (the original's maximum for a direct step) and the points per
#: justification or follow-on claim of every C/D single (D7, D8: fixed points).
CD_WEIGHTS: Final = {"cap": 8, "per_justification": 2}
#: The part of the C/D formula summaries that :data:`CD_WEIGHTS` adds to a single's band.
JUSTIFIED_FORMULA: Final = ", +{per_justification} per justification, at most {cap}"

def analysis_for(board: Board, ctx: Context, follow_on: bool) -> ObviousAnalysis:
    """The analysis of ``board``, shared by all C/D techniques of one board state."""
    return ctx.memo(("obvious", follow_on), lambda: ObviousAnalysis(board, follow_on))


def _reasons(justifications: Iterable[Claim | Doppel]) -> Items:
    return Items(j.finding() for j in justifications)


class ObviousTechnique(Technique):
    """Shared plumbing of the C and D methods."""

    family = "direct"
    phase = Phase.DIRECT
    min_cd_level = 1
    #: :data:`CD_WEIGHTS` and the technique's own band table.
    defaults = {**CD_WEIGHTS, **VISIBLE}
    fields = frozenset({"digit", "cell", "unit", "reasons", "visible"})

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        self.bands = bands_of(self.params)
        #: The band of every count 0..81, looked up by :meth:`points` (a count outside, or no bands: the bands
        #: walked).
        self.by_count = point_table(self.bands) if self.bands else ()

    def floor(self) -> float:
        """Every step rests on at least one justification (and any number of follow-on claims)."""
        weight = self.params["per_justification"]
        least = linear_floor(band_floor(bands_of(self.params)), weight, 1)
        return float(min(least, self.params["cap"]))

    def points(self, counted: int, justifications: int, follow_ons: int) -> float:
        """The band of ``counted`` plus the justifications' weight, capped."""
        weight = self.params["per_justification"]
        base = self.by_count[counted] if 0 <= counted < len(self.by_count) else band(counted, self.bands)
        return float(min(base + weight * (justifications + follow_ons), self.params["cap"]))

    def _step(self, cell: int, digit: int, points: float, unit: int | None,
              used: Sequence[Claim | Doppel], **extra: object) -> Step:
        """The placement, its evidence and finding written only when read (most are never applied)."""
        return deferred_step(Step, self.code, points, ((cell, digit),), (), _explain, (cell, digit, unit, used, extra))


def _explain(cell: int, digit: int, unit: int | None, used: Sequence[Claim | Doppel],
             extra: dict[str, object]) -> tuple[tuple[tuple[int, int], ...], dict[str, object]]:
    """A C/D step's evidence (the justifications' candidates) and finding."""
    detail: dict[str, object] = {
        "digit": Digit(digit),
        "cell": Cell(cell),
        "reasons": _reasons(used),
        **extra,
    }
    if unit is not None:
        detail["unit"] = Unit(unit)
    marks: list[tuple[int, int]] = []
    for j in used:
        if isinstance(j, Claim):
            marks.extend((c, j.digit) for c in cells_of(j.cells))
        else:
            marks.extend(((j.p, j.a), (j.p, j.b), (j.q, j.a), (j.q, j.b)))
    return tuple(marks), detail


def _cheapest_covers(need: int, pool: Sequence[tuple[int, Claim | Doppel]],
                     cost: Callable[..., float], args: tuple[Any, ...]) -> tuple[Justifications, float] | None:
    """The cheapest set of at most two pool items whose masks cover ``need``, with its ``cost(items, *args)``."""
    best: Justifications | None = None
    best_cost = 0.0
    for size in range(1, MAX_JUSTIFICATIONS + 1):
        for combo in combinations(pool, size):
            covered = 0
            for mask, _ in combo:
                covered |= mask
            if need & ~covered:
                continue
            items = tuple(item for _, item in combo)
            c = cost(items, *args)
            if best is None or c < best_cost:
                best, best_cost = items, c
    return None if best is None else (best, best_cost)


#: :data:`~puzzles.rules.ALL_UNIT_MASKS`: 128-bit C integers on the compiled path (``obvious_singles.pxd``).
_UNIT_BITS: Final = ALL_UNIT_MASKS


def open_units(positions: int, excluded: int, units: tuple[int, ...]) -> list[int]:
    """The indices of the ``units`` (unit numbers) where a digit has two places or more, at most one
    of them not ``excluded``.

    Only there can a C/D hidden single of the digit be (its places ``positions``, ``excluded`` the
    cells some justification excludes it from; a place no justification excludes can only be the
    single's cell), and nowhere when no place is excluded.  The tests run on 128-bit C integers
    on the compiled path (``obvious_singles.pxd``).
    """
    out: list[int] = []
    if not positions & excluded:
        return out  # no unit of the digit can change
    unreached = positions & ~excluded
    for k in range(len(units)):
        umask = _UNIT_BITS[units[k]]
        a = unreached & umask
        if a & (a - 1):
            continue  # two places or more that no justification excludes
        b = positions & umask
        if b & (b - 1):
            out.append(k)
    return out


def _best_cover(where: int, open_places: int, pairs: Sequence[tuple[int, Claim | Doppel]],
                cost: Callable[[Justifications, int, int, int], float], umask: int, missing: int, places: int,
                floor: float) -> tuple[float, int, Justifications] | None:
    """The cheapest single of a digit in one unit as (points, cell, justifications), or None.

    ``where``: the digit's places in the unit, ``open_places`` those no item excludes (the cell
    must be one of them, if any), ``pairs`` every item with the cells it excludes the digit from,
    ``cost(items, umask, missing, places)`` the points.  For each candidate cell in scan order the
    cheapest set of at most two items that excludes every other place and not the cell itself
    (:data:`MAX_JUSTIFICATIONS`; sets by size, then in the items' order: the first of the least
    points), the first cell at the least points winning.  The items' exclusions are read as 9-bit
    masks of the places (C integers on the compiled path, ``obvious_singles.pxd``), so the covering
    test is one comparison; once a set reaches ``floor`` (no single of the unit scores less)
    nothing later can replace it, and the search stops.
    """
    cells = cells_of(where)
    n = len(cells)
    masks = []  # per item touching the places, the places it excludes (bit i: cells[i])
    items = []
    for m, item in pairs:
        hit = m & where
        if hit:
            local = 0
            for i in range(n):
                c = cells[i]
                if hit >> c & 1:
                    local |= 1 << i
            masks.append(local)
            items.append(item)
    count = len(masks)
    full = (1 << n) - 1
    best: tuple[float, int, Justifications] | None = None
    best_points = 0.0
    for i in range(n):
        x = cells[i]
        if open_places and not open_places >> x & 1:
            continue
        bit = 1 << i
        need = full & ~bit
        chosen: Justifications | None = None
        chosen_points = 0.0
        for j in range(count):
            mj = masks[j]
            if mj == need:
                used: Justifications = (items[j],)
                points = cost(used, umask, missing, places)
                if chosen is None or points < chosen_points:
                    chosen, chosen_points = used, points
        if chosen is None or chosen_points > floor:
            for j in range(count):
                mj = masks[j]
                if mj & bit:
                    continue
                for k in range(j + 1, count):
                    mk = masks[k]
                    if not mk & bit and mj | mk == need:
                        used = (items[j], items[k])
                        points = cost(used, umask, missing, places)
                        if chosen is None or points < chosen_points:
                            chosen, chosen_points = used, points
        if chosen is not None and (best is None or chosen_points < best_points):
            best = (chosen_points, x, chosen)
            best_points = chosen_points
            if best_points <= floor:
                break  # no later cell can score less
    return best


#: A C/D hidden single before it is made a step: (points, digit, cell, unit, justifications).
JustifiedSingle = tuple[float, int, int, int, Justifications]


def _digit_cell(single: JustifiedSingle) -> tuple[int, int]:
    """The scan order of :func:`scan_key` on a single not yet made into a step."""
    return single[1], single[2]


class JustifiedHiddenSingle(ObviousTechnique):
    """A hidden single in a row, column or box once justifications exclude the other cells.

    C1-C3 and D1-D3 share this search; they differ only in what a
    justification is (a claim or a 2-tuple) and in its cost.
    """

    units: ClassVar[range]
    formula = MISSING_FORMULA + JUSTIFIED_FORMULA
    #: True for the box methods, which also search the variant's extra units.
    with_extra_units: ClassVar[bool] = False

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(params)
        #: Per count (see :meth:`_least_points`), the least points a single of a unit can score,
        #: worked out on first use.
        self.least_by: list[float | None] = [None] * 82
        #: The rules of the last board searched, its searched units and their bitboards cut as
        #: :func:`open_units` reads them.
        self.last: tuple[Rules | None, tuple[int, ...]] = (None, ())

    def _exclusions(self, analysis: ObviousAnalysis) -> Exclusions:
        """Each justification with the cells it excludes each digit from."""
        raise NotImplementedError

    def _cost(self, items: Justifications, umask: int, missing: int, places: int) -> float:
        """Points of the single proven by ``items`` in a unit of ``missing`` empty cells, ``places`` of them
        open to the digit (every place but the single's cell is excluded)."""
        raise NotImplementedError

    def _least_points(self, n: int) -> float:
        """A lower bound of the points of the singles of a unit whose count (:meth:`_least`) is ``n``."""
        raise NotImplementedError

    def _least(self, missing: int, places: int) -> float:
        """A lower bound of the points of a single in a unit of ``missing`` empty cells, ``places`` of them
        open to the digit: ``least_by`` at the technique's count."""
        raise NotImplementedError

    def _remember(self, n: int) -> float:
        """``least_by[n]``, worked out now."""
        least = self.least_by[n] = self._least_points(n)
        return least

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        for points, d, x, u, used in self._singles(board, ctx, INFINITY, False, False):
            yield self._step(x, d, points, u, used)

    def cheapest(self, board: Board, ctx: Context, first_only: bool, bound: float = INFINITY) -> list[Step]:
        """The singles at the least points, made into steps only once chosen.

        A unit whose least possible points (:meth:`_least`) exceed those of a
        single found before, or cannot change the choice (``bound``), is not
        searched for its justifications.
        """
        singles = self._singles(board, ctx, bound, first_only, True)
        if first_only:
            del singles[1:]
        return [self._step(x, d, points, u, used) for points, d, x, u, used in singles]

    def _singles(self, board: Board, ctx: Context, bound: float, first_only: bool,
                 least_only: bool) -> list[JustifiedSingle]:
        """Every single in scan order, or with ``least_only`` those at the least points not beyond ``bound``."""
        excluding = self._exclusions(analysis_for(board, ctx, follow_on=ctx.cd_level >= 2))
        exclusions = excluding.pairs
        reach = excluding.reach  # per digit, the cells some item excludes it from
        found: list[JustifiedSingle] = []
        least = bound  # the least points of a single found (kept: at most these)
        cut = bound if first_only and least_only else INFINITY  # kept: below this
        rules = board.rules
        unit_mask = rules.unit_mask
        last_rules, units = self.last
        if rules is not last_rules:
            units = tuple(searched_units(rules, self.units, self.with_extra_units))
            self.last = (rules, units)
        empty = board.empty
        cost = self._cost
        # Digit by digit, unit by unit: the final sort restores the scan order (digit,
        # cell), and a cell's singles in several units (variants) stay in unit order.
        all_positions = board.positions
        for d in range(1, 10):
            positions = all_positions[d]
            excluded = reach[d]
            # The single's cell x needs every other place of the digit excluded by
            # items that leave x open: a place no item excludes can only be x.
            for k in open_units(positions, excluded, units):
                u = units[k]
                umask = unit_mask[u]
                where = positions & umask
                open_places = where & ~excluded
                places = where.bit_count()
                missing = (empty & umask).bit_count()
                floor = self._least(missing, places)
                if least_only and (floor > least or floor >= cut):
                    continue
                best = _best_cover(where, open_places, exclusions[d], cost, umask, missing, places, floor)
                if best is not None:
                    points, x, used = best
                    if least_only:
                        if points > least or points >= cut:
                            continue
                        least = points
                    found.append((points, d, x, u, used))
        if least_only:
            found = [single for single in found if single[0] == least]
        found.sort(key=_digit_cell)
        return found


class ClaimHiddenSingle(JustifiedHiddenSingle):
    """C1/C2/C3: hidden single once obvious row/column tests are applied."""

    group = "C"

    def _exclusions(self, analysis: ObviousAnalysis) -> Exclusions:
        return analysis.claim_exclusions

    def _cost(self, items: Justifications, umask: int, missing: int, places: int) -> float:
        follow_ons = _follow_ons(items)  # type: ignore[arg-type]  # the claims of _exclusions above
        return self.points(missing - places + 1, len(items), follow_ons)

    def _least_points(self, n: int) -> float:
        """``n``: the unit's empty cells that are no place of the digit, plus one (the single's cell).

        Every other place of the digit is covered, so the band is known; one
        justification at least (none with a negative weight) adds to it.
        """
        return self.points(n, 1, 0) if self.params["per_justification"] >= 0 else -INFINITY

    def _least(self, missing: int, places: int) -> float:
        least = self.least_by[missing - places + 1]
        return self._remember(missing - places + 1) if least is None else least


def _follow_ons(claims: tuple[Claim, ...]) -> int:
    """How many other claims ``claims`` rest on: their closures' union less themselves.

    One claim's closure never holds the claim (it rests on claims found before it), so its size
    is the count without a set made.
    """
    if len(claims) == 1:
        return len(claims[0].closure)
    follow: set[Claim] = set()
    for c in claims:
        follow |= c.closure
    for c in claims:
        follow.discard(c)
    return len(follow)


@register
class ClaimHiddenSingleRow(ClaimHiddenSingle):
    code = "C1"
    transposed_twin = "C2"
    defaults = {**CD_WEIGHTS, **MISSING_LINE}
    units = range(0, 9)


@register
class ClaimHiddenSingleColumn(ClaimHiddenSingle):
    code = "C2"
    transposed_twin = "C1"
    defaults = {**CD_WEIGHTS, **MISSING_LINE}
    units = range(9, 18)


@register
class ClaimHiddenSingleBox(ClaimHiddenSingle):
    code = "C3"
    defaults = {**CD_WEIGHTS, **MISSING_BOX}
    units = range(18, 27)
    with_extra_units = True


@register
class ClaimNakedSingle(ObviousTechnique):
    """C0: a naked single once obvious row/column tests exclude digits from the cell."""

    code = "C0"
    formula = VISIBLE_FORMULA + JUSTIFIED_FORMULA
    group = "C"

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        analysis = analysis_for(board, ctx, follow_on=ctx.cd_level >= 2)
        reach = analysis.claim_exclusions.reach  # per digit, the cells some claim excludes it from
        filled = ~board.empty
        found = []
        one_left, two_left = _digits_left(board, reach)
        for x in cells_of(one_left & ~two_left):
            mask = board.cands[x]
            digits = digits_of(mask)
            if not 2 <= len(digits) <= MAX_JUSTIFICATIONS + 1:
                continue
            bit = CELL_BIT[x]
            if sum(1 for d in digits if not reach[d] & bit) != 1:
                continue  # the cell keeps no digit, or more than one
            hits = {
                d: min(
                    (c for c in analysis.claims[d] if c.excl & CELL_BIT[x]),
                    key=lambda c: len(c.closure),
                    default=None,
                )
                for d in digits
            }
            left = [d for d in digits if hits[d] is None]
            if len(left) != 1:
                continue
            used = [hit for hit in (hits[d] for d in digits) if hit is not None]
            follow = frozenset().union(*(c.closure for c in used)) - set(used)
            visible = (filled & board.rules.peer_mask[x]).bit_count()
            points = self.points(visible - len(used), len(used), len(follow))
            found.append(self._step(x, left[0], points, None, used, visible=visible))
        found.sort(key=scan_key)
        yield from found


@register
class ClaimCrossing(ObviousTechnique):
    """C7: in a box a digit is confined to one row and to one column: their crossing."""

    code = "C7"
    formula = VISIBLE_FORMULA + JUSTIFIED_FORMULA
    group = "C"

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        analysis = analysis_for(board, ctx, follow_on=ctx.cd_level >= 2)
        filled = ~board.empty
        found = []
        for d in range(1, 10):
            by_box: dict[int, list[Claim]] = {}
            for c in analysis.claims[d]:
                if not c.pointing:
                    by_box.setdefault(c.box, []).append(c)
            for box, claims in by_box.items():
                rows = [c for c in claims if c.line < 9]
                cols = [c for c in claims if c.line >= 9]
                for r in rows:
                    for col in cols:
                        cross = UNIT_MASK[r.line] & UNIT_MASK[col.line] & board.positions[d]
                        if not cross:
                            continue
                        x = cross.bit_length() - 1
                        if board.positions[d] & UNIT_MASK[18 + box] == CELL_BIT[x]:
                            continue  # a plain hidden single, method A
                        follow = (r.closure | col.closure) - {r, col}
                        visible = (filled & board.rules.peer_mask[x]).bit_count()
                        points = self.points(visible, 1, len(follow))
                        found.append(self._step(x, d, points, 18 + box, (r, col), visible=visible))
        found.sort(key=scan_key)
        yield from _first_per_cell(found)


def _digits_left(board: Board, reach: list[int]) -> tuple[int, int]:
    """The cells where at least one, and at least two, candidates escape ``reach`` (per digit).

    The naked singles C0 and D0 need a cell with at most one digit left once
    the exclusions are applied; counting on the nine digit bitboards at once
    (seen once, seen twice) names those cells, so the others are not visited.
    The fold runs on 128-bit C integers on the compiled path (``obvious_singles.pxd``).
    """
    positions = board.positions
    ones = 0
    twos = 0
    for d in range(1, 10):
        where = positions[d]
        gone = reach[d]
        where &= ~gone
        twos |= ones & where
        ones |= where
    return ones, twos


def _first_per_cell(steps: list[Step]) -> Iterator[Step]:
    seen: set[int] = set()
    for s in steps:
        cell = s.placements[0][0]
        if cell not in seen:
            seen.add(cell)
            yield s


class DoppelHiddenSingle(JustifiedHiddenSingle):
    """D1/D2/D3: hidden single once obvious 2-tuples occupy cells or exclude digits."""

    group = "D"

    def _exclusions(self, analysis: ObviousAnalysis) -> Exclusions:
        return analysis.doppel_exclusions

    def _cost(self, items: Justifications, umask: int, missing: int, places: int) -> float:
        occupied = 0
        for t in items:
            occupied |= t.cells
        cells = (occupied & umask).bit_count() or 2 * len(items)
        return self.points(missing - cells, len(items), 0)

    def _least_points(self, n: int) -> float:
        """``n``: the unit's empty cells; the 2-tuples (one at least) take one to four of them."""
        if self.params["per_justification"] < 0:
            return -INFINITY
        return min(self.points(n - cells, 1, 0) for cells in range(1, 2 * MAX_JUSTIFICATIONS + 1))

    def _least(self, missing: int, places: int) -> float:
        least = self.least_by[missing]
        return self._remember(missing) if least is None else least


@register
class DoppelHiddenSingleRow(DoppelHiddenSingle):
    code = "D1"
    transposed_twin = "D2"
    defaults = {**CD_WEIGHTS, **MISSING_LINE}
    units = range(0, 9)


@register
class DoppelHiddenSingleColumn(DoppelHiddenSingle):
    code = "D2"
    transposed_twin = "D1"
    defaults = {**CD_WEIGHTS, **MISSING_LINE}
    units = range(9, 18)


@register
class DoppelHiddenSingleBox(DoppelHiddenSingle):
    code = "D3"
    defaults = {**CD_WEIGHTS, **MISSING_BOX}
    units = range(18, 27)
    with_extra_units = True


@register
class DoppelNakedSingle(ObviousTechnique):
    """D0: a naked single once obvious 2-tuples exclude their digits from the cell."""

    code = "D0"
    formula = VISIBLE_FORMULA + JUSTIFIED_FORMULA
    group = "D"

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        analysis = analysis_for(board, ctx, follow_on=ctx.cd_level >= 2)
        doppels = analysis.doppels
        if not doppels:
            return
        reach = analysis.doppel_exclusions.reach  # per digit, the cells some 2-tuple excludes it from
        filled = ~board.empty
        found = []
        for x in cells_of(board.empty & ~_digits_left(board, reach)[1]):
            mask = board.cands[x]
            if mask.bit_count() < 2:
                continue
            bit = CELL_BIT[x]
            if sum(1 for d in digits_of(mask) if not reach[d] & bit) > 1:
                continue  # two digits stay whatever the 2-tuples exclude
            pool = []
            for t in doppels:
                if t.cells & CELL_BIT[x]:
                    continue
                hit = sum(1 << (d - 1) for d, cells in t.excl.items() if cells & CELL_BIT[x])
                if hit & mask:
                    pool.append((hit & mask, t))
            if not pool:
                continue
            visible = (filled & board.rules.peer_mask[x]).bit_count()
            best = None
            for keep in digits_of(mask):
                need = mask & ~(1 << (keep - 1))
                usable = [(m, t) for m, t in pool if not m >> (keep - 1) & 1]
                cheapest = _cheapest_covers(need, usable, self._tuples_cost, (visible,))
                if cheapest is not None and (best is None or cheapest[1] < best[0]):
                    best = (cheapest[1], keep, cheapest[0])
            if best:
                points, keep, used = best
                found.append(self._step(x, keep, points, None, used, visible=visible))
        found.sort(key=scan_key)
        yield from found

    def _tuples_cost(self, items: Justifications, visible: int) -> float:
        """Points of the single the 2-tuples ``items`` prove in a cell that sees ``visible`` filled cells."""
        return self.points(visible - 2 * len(items), len(items), 0)


@register
class CrossingDoppels(ObviousTechnique):
    """D7: a cell in two different obvious 2-tuples holds their common digit."""

    code = "D7"
    formula = "{points}"
    group = "D"
    sync_only = True
    min_cd_level = 2
    defaults = {"points": 5}

    def floor(self) -> float:
        return float(self.params["points"])

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        doppels = analysis_for(board, ctx, follow_on=True).doppels
        found = []
        for t1, t2 in combinations(doppels, 2):
            common_cells = t1.cells & t2.cells
            common_digits = {t1.a, t1.b} & {t2.a, t2.b}
            if common_cells and len(common_digits) == 1 and {t1.a, t1.b} != {t2.a, t2.b}:
                x = common_cells.bit_length() - 1
                digit = common_digits.pop()
                found.append(self._step(x, digit, float(self.params["points"]), None, (t1, t2)))
        found.sort(key=scan_key)
        yield from _first_per_cell(found)


@register
class ObviousRectangleCorner(ObviousTechnique):
    """D8: two equal obvious 2-tuples fill three corners of a unique rectangle.

    If the fourth corner (two rows, two columns, two boxes) took either tuple
    digit, the four corners could swap the two digits and the puzzle would
    have two solutions; so both digits are excluded there, like visible
    numbers, and the cell may be left with one digit.  Sound only for a puzzle
    with a unique solution.  The corner logic is the one of UR type 1
    (:func:`techniques.uniqueness.ur_corner_candidates`).
    """

    code = "D8"
    formula = "{points}"
    group = "D"
    needs_uniqueness = True
    min_cd_level = 2
    defaults = {"points": 5}

    def floor(self) -> float:
        return float(self.params["points"])

    def find(self, board: Board, ctx: Context) -> Iterator[Step]:
        pair_of = [0] * 81
        owner: dict[int, Doppel] = {}
        for t in analysis_for(board, ctx, follow_on=True).doppels:
            for c in (t.p, t.q):
                if not pair_of[c]:
                    pair_of[c] = 1 << (t.a - 1) | 1 << (t.b - 1)
                    owner[c] = t
        if not _corner_pairs(pair_of, board.cands):
            return
        found = []
        for corner in ur_corner_candidates(pair_of, board.cands):
            left = corner.remaining
            if left and not left & (left - 1):
                used = tuple(dict.fromkeys(owner[c] for c in corner.cells if c in owner))
                found.append(self._step(corner.corner, left.bit_length(), float(self.params["points"]), None, used))
        found.sort(key=scan_key)
        yield from _first_per_cell(found)


def _corner_pairs(pair_of: list[int], cands: list[int]) -> bool:
    """Whether some rectangle of two boxes has three pair cells of a 2-tuple's pair and a fourth corner
    left with one digit besides a pair digit: where D8 may place.

    A pair cell is one of the 2-tuple's cells or a cell whose only candidates are the pair:
    :func:`~techniques.uniqueness.ur_corner_candidates` takes a corner for one on the same
    terms.  Without such a rectangle its walk over every rectangle is spared.
    """
    for pair in set(pair_of):
        if not pair:
            continue
        in_row = [0] * 9  # per row, the columns of its pair cells
        in_column = [0] * 9  # per column, the rows of its pair cells
        count = 0
        for c in range(81):
            if pair_of[c] == pair or cands[c] == pair:
                in_row[c // 9] |= 1 << (c % 9)
                in_column[c % 9] |= 1 << (c // 9)
                count += 1
        if count < 3:
            continue
        for c in range(81):
            r = c // 9
            k = c % 9
            if not in_row[r] >> k & 1:
                continue
            # c is the corner opposite the fourth: a pair cell in its row (column k2) and in its column (row r2)
            for k2 in range(9):
                if k2 == k or not in_row[r] >> k2 & 1:
                    continue
                for r2 in range(9):
                    if r2 == r or not in_column[k] >> r2 & 1:
                        continue
                    if (r // 3 == r2 // 3) == (k // 3 == k2 // 3):
                        continue  # one box, or four
                    m = cands[9 * r2 + k2]
                    rest = m & ~pair
                    if m & pair and rest and not rest & (rest - 1):
                        return True
    return False
