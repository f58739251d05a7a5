"""The solving state: placed digits and candidates, kept in two consistent views.

``cands[c]`` is the 9-bit candidate mask of cell ``c`` (bit d-1 for digit d,
0 once the cell is filled); ``positions[d]`` is the bitboard of the cells where
``d`` is still a candidate.  Cell-wise questions ("which digits may go here?")
read the first view, digit-wise ones ("where may a 7 go in this row?") the
second; keeping both current makes every technique a few int operations.

Before the candidates are written (``pencil`` false) the candidates are exactly
the digits not seen by a placed digit; the direct methods A-D reason on those
without "seeing" them.  After the switch they are the written pencil marks,
thinned by eliminations.

The board carries the variant's :class:`~puzzles.rules.Rules`: placing a digit
clears it from the cells the rules make peers, and the techniques read their
unit and peer tables from ``board.rules``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from puzzles.geometry import ALL_CELLS, ALL_DIGITS_MASK, CELL_BIT
from puzzles.rules import STANDARD, Rules
from techniques.step import WRITE_CANDIDATES, Step

__all__ = ["Applied", "Board"]


class Applied:
    """What applying a step changed: the cells it filled and whether anything changed at all.

    A plain class with slots rather than a named tuple: one is made per step
    applied, and a named tuple's ``__new__`` stays interpreted Python on the
    compiled path (where it is an extension type, ``board.pxd``).
    """

    __slots__ = ("placed", "changed")

    def __init__(self, placed: tuple[int, ...], changed: bool) -> None:
        self.placed = placed
        self.changed = changed

    def __repr__(self) -> str:
        return f"Applied(placed={self.placed!r}, changed={self.changed!r})"


def _applied(placed: tuple[int, ...], changed: bool) -> Applied:
    """An :class:`Applied` made without a call of its class: on the compiled path its fields are
    written as C fields, where calling the class would parse ``__init__``'s arguments."""
    applied = Applied.__new__(Applied)
    applied.placed = placed
    applied.changed = changed
    return applied


#: Every candidate mask 0..511 as one object: a mask written into ``cands`` is taken from here, so
#: that on the compiled path, where masks are C integers, writing one above 256 (Python's cached
#: small integers) makes no new integer object.
_MASKS: tuple[int, ...] = tuple(range(ALL_DIGITS_MASK + 1))

#: ``~CELL_BIT[c]`` within the 81 cells. A bitboard is taken out of another with ``&`` and one of
#: these non-negative masks rather than with ``& ~``: CPython complements a negative operand into a
#: temporary integer first, so that each such ``&`` would make two integers and this one makes one.
_OUTSIDE_CELL: tuple[int, ...] = tuple(ALL_CELLS ^ bit for bit in CELL_BIT)

#: Per rules and cell, what placing a digit there clears: the peers, as the bytes of their cell
#: numbers (iterated like a tuple of them, and on the compiled path as a C loop over the bytes),
#: and the cells the digit's bitboard keeps: neither the peers nor the cell itself
#: (``ALL_CELLS ^ peer_mask ^ CELL_BIT[c]``, non-negative as :data:`_OUTSIDE_CELL`), so that the
#: placed digit's bitboard loses both in one operation. Made once per variant; a board keeps those of its
#: rules and looks them up again when its ``rules`` is replaced, so that it places under the new ones.
_PLACEMENT: dict[Rules, tuple[tuple[bytes, int], ...]] = {}


def _placement(rules: Rules) -> tuple[tuple[bytes, int], ...]:
    """:data:`_PLACEMENT` of ``rules``, made on first use."""
    tables = _PLACEMENT.get(rules)
    if tables is None:
        tables = _PLACEMENT[rules] = tuple(
            (bytes(peers), ALL_CELLS ^ mask ^ bit)
            for peers, mask, bit in zip(rules.peers, rules.peer_mask, CELL_BIT)
        )
    return tables


def leave_digits(positions: list[int], mask: int, keep: int) -> None:
    """``positions[d] &= keep`` for every digit ``d`` of the candidate mask ``mask``.

    A placed cell leaves the bitboards of its candidates; on the compiled path
    the mask and the digit are C integers (``board.pxd``).
    """
    d = 1
    while mask:
        if mask & 1:
            positions[d] &= keep
        mask >>= 1
        d += 1


class Board:
    """Placed digits, givens and candidates of one solving state.

    On the compiled path an extension type (``board.pxd``): its methods read
    its attributes as C fields, and every other module reads the same lists
    and integers as on the pure path.
    """

    __slots__ = ("values", "cands", "positions", "givens", "empty", "pencil", "rules", "masks", "digits", "placing",
                 "tables")

    def __init__(self, rules: Rules = STANDARD) -> None:
        self.values: list[int] = [0] * 81
        self.cands: list[int] = [ALL_DIGITS_MASK] * 81
        #: index 0 unused so that ``positions[d]`` reads naturally
        self.positions: list[int] = [0] + [(1 << 81) - 1] * 9
        self.givens: int = 0
        self.empty: int = (1 << 81) - 1
        self.pencil: bool = False
        self.rules: Rules = rules
        #: The candidate masks and placed digits as the compiled path's loops read them: there C
        #: arrays that every change (``place``, ``eliminate``, :meth:`_sync`) keeps equal to
        #: ``cands`` and ``values``, so that a search reads them without Python integers; on the
        #: pure path the lists themselves.
        self.masks: list[int] = self.cands
        self.digits: list[int] = self.values
        #: The rules whose :data:`_PLACEMENT` tables :meth:`place` reads (``tables``), fetched when
        #: it first places under them: one identity test per placement instead of a lookup.
        self.placing: Rules | None = None
        self.tables: tuple[tuple[bytes, int], ...] = ()

    @classmethod
    def from_grid(cls, grid: Sequence[int], rules: Rules = STANDARD) -> Board:
        """A board with ``grid``'s digits as givens and all other candidates open."""
        board = cls(rules)
        board._give(grid)
        return board

    def _give(self, grid: Sequence[int]) -> None:
        """Place ``grid``'s digits as givens on this new board.

        What placing them one by one leaves, in one pass: their cells leave
        every bitboard at once, and the masks are written into ``cands`` at
        the end (on the compiled path the peers' masks are C integers).
        """
        values = self.values
        positions = self.positions
        tables = self.tables = _placement(self.rules)
        self.placing = self.rules
        filled = 0
        for c, d in enumerate(grid):
            if d:
                values[c] = d
                self.digits[c] = d
                filled |= CELL_BIT[c]
                peers, unseen = tables[c]
                positions[d] &= unseen
                dbit = 1 << (d - 1)
                for p in peers:
                    self.masks[p] &= ~dbit
                self.masks[c] = 0
        cands = self.cands
        for c in range(81):
            cands[c] = _MASKS[self.masks[c]]
        keep = ALL_CELLS ^ filled
        for d in range(1, 10):
            positions[d] &= keep
        self.empty &= keep
        self.givens = filled

    @classmethod
    def from_candidates(cls, grid: Sequence[int], cands: Sequence[int], rules: Rules = STANDARD) -> Board:
        """A board in the candidate phase, e.g. read from a 729-character line."""
        board = cls.from_grid(grid, rules)
        for c, mask in enumerate(cands):
            if not grid[c]:
                for d in range(1, 10):
                    if board.cands[c] >> (d - 1) & 1 and not mask >> (d - 1) & 1:
                        board.eliminate(c, d)
        board.pencil = True
        return board

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.values = self.values[:]
        other.cands = self.cands[:]
        other.positions = self.positions[:]
        other.givens = self.givens
        other.empty = self.empty
        other.pencil = self.pencil
        other.rules = self.rules
        other.placing = self.placing
        other.tables = self.tables
        other._sync()
        return other

    def _sync(self) -> None:
        """Make ``masks`` and ``digits`` what ``cands`` and ``values`` hold: copies into the C
        arrays on the compiled path, the lists themselves on the pure one (a board made without
        ``__init__`` gets them here)."""
        self.masks = self.cands
        self.digits = self.values

    def _leave(self, cells: bytes, dbit: int) -> None:
        """Clear the digit of bit ``dbit`` from the masks of ``cells``, in ``cands`` and ``masks``.

        Clearing a placed digit from all its peers costs less than finding those
        that hold it; on the compiled path the masks are read from the C array
        (``board.pxd``). A peer without the digit keeps its mask object, and a
        mask written is one of ``_MASKS``.
        """
        cands = self.cands
        for c in cells:
            m = self.masks[c]
            if m & dbit:
                m ^= dbit
                self.masks[c] = m
                cands[c] = _MASKS[m]

    def place(self, cell: int, digit: int) -> None:
        """Put ``digit`` into ``cell`` and remove it from the peers' candidates.

        Both views stay consistent: the cell leaves the bitboards of its other
        candidates, and the digit's bitboard loses the cell and its peers at
        once (:data:`_PLACEMENT`), as the peers' masks lose the digit.
        """
        keep = _OUTSIDE_CELL[cell]
        positions = self.positions
        dbit = 1 << (digit - 1)
        leave_digits(positions, self.masks[cell] & ~dbit, keep)
        self.values[cell] = digit
        self.digits[cell] = digit
        self.masks[cell] = 0
        self.cands[cell] = 0
        self.empty &= keep
        if self.placing is not self.rules:
            self.placing = self.rules
            self.tables = _placement(self.rules)
        peers, unseen = self.tables[cell]
        positions[digit] &= unseen
        self._leave(peers, dbit)

    def eliminate(self, cell: int, digit: int) -> bool:
        """Remove candidate ``digit`` from ``cell``; True if it was there."""
        dbit = 1 << (digit - 1)
        mask = self.masks[cell]
        if not mask & dbit:
            return False
        mask &= ~dbit
        self.masks[cell] = mask
        self.cands[cell] = _MASKS[mask]
        self.positions[digit] &= _OUTSIDE_CELL[cell]
        return True

    def apply(self, step: Step) -> Applied:
        """Apply a step the way the engine counts it (:meth:`apply_step`) and report the cells it
        filled as well as whether it changed anything."""
        placed: list[int] = []
        changed = self.apply_step(step, placed)
        return _applied(tuple(placed), changed)

    def apply_step(self, step: Step, placed: list[int] | None = None) -> bool:
        """Apply a step the way the engine counts it: its placements into cells still
        empty, its eliminations, or for the candidate-writing step the switch to
        pencil marks (which always counts as a change). True if it changed anything;
        ``placed``, if given, receives the cells it filled.

        A step found in the same round as an earlier one may be partly or
        wholly done already; whether it still changed anything is reported, so
        that the engine can drop a step that changed nothing. The engine reads
        nothing else, so it calls this rather than :meth:`apply`, which makes no
        :class:`Applied` per step.
        """
        placements = step.placements
        if not placements and step.code == WRITE_CANDIDATES:  # a placement is never the switch: no text compared
            self.pencil = True
            return True
        changed = False
        for c, d in placements:
            if self.digits[c] == 0:
                self.place(c, d)
                changed = True
                if placed is not None:
                    placed.append(c)
        for c, d in step.eliminations:
            changed |= self.eliminate(c, d)
        return changed

    def eliminate_all(self, pairs: Iterable[tuple[int, int]]) -> int:
        """Remove every (cell, digit) of ``pairs``; the number actually removed."""
        return sum(self.eliminate(c, d) for c, d in pairs)

    def has(self, cell: int, digit: int) -> bool:
        return bool(self.cands[cell] >> (digit - 1) & 1)

    @property
    def solved(self) -> bool:
        return not self.empty

    def grid(self) -> tuple[int, ...]:
        return tuple(self.values)

    def candidate_count(self) -> int:
        return sum(self.cands[c].bit_count() for c in range(81) if not self.values[c])

    def is_given(self, cell: int) -> bool:
        return bool(self.givens >> cell & 1)

    def broken(self) -> bool:
        """True if an empty cell has no candidate left (a contradiction)."""
        return any(not self.cands[c] for c in range(81) if self.empty >> c & 1)
