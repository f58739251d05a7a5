"""Canonical symbol configurations on one canonical 0-1 pattern (seed 003's fillSudokuWithSymbols).

Key components 1-4 depend only on the pattern, so the canonical form of a
configuration lies on the canonical form P of its pattern; the members of its
orbit on P are its images under the automorphisms of P, with digits renamed.
Component 5 (the clues relabelled 1, 2, 3, ... in order of first appearance,
smaller first) then picks one of them, and component 6 its digits: the
relabelled sequence itself.  So the canonical configurations on P are exactly
the restricted growth sequences over P's clues (reading order) that

* put no digit twice in a row, column or block, use at most 9 digits, and
* are not beaten by any automorphism: relabelling the sequence read through
  the automorphism never gives a smaller one,

one per G*-orbit.  The sequences are built clue by clue, a digit only where no
earlier peer has it.  An automorphism is compared with the partial sequence
as soon as the part of its image that the labelled clues determine grows,
so a beaten prefix is cut early; patterns without nontrivial automorphisms
(about 40% of them at n = 8) need no check at all.  Counting lists the
choices of every clue but the last, whose admissible digits are counted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from canon.pattern_search import CanonicalPattern
from puzzles.geometry import PEERS

MAX_DIGITS: Final = 9
Labels = tuple[int, ...]


class SymbolFilling:
    """The canonical labellings of one canonical pattern."""

    def __init__(self, pattern: CanonicalPattern) -> None:
        self.cells = pattern.cells
        position = {c: i for i, c in enumerate(self.cells)}
        self.earlier_peers = tuple(
            tuple(position[p] for p in PEERS[c] if p in position and position[p] < i) for i, c in enumerate(self.cells)
        )
        identity = tuple(range(len(self.cells)))
        self.automorphisms = tuple(sorted(p for p in pattern.cell_automorphisms() if p != identity))
        # per automorphism: the first clue it moves, and for each i the length of its image prefix
        # that is known once clues 0..i are labelled (0 when that length did not grow at i)
        self._first_moved = tuple(next(k for k, p in enumerate(perm) if p != k) for perm in self.automorphisms)
        self._newly_known = tuple(_newly_known_lengths(perm) for perm in self.automorphisms)

    def labellings(self) -> Iterator[Labels]:
        """Every canonical labelling (digit of each clue, in reading order), smallest first."""
        n = len(self.cells)
        if n == 0:
            yield ()
            return
        labels = [0] * n
        peers = self.earlier_peers

        def assign(i: int, top: int, active: tuple[int, ...]) -> Iterator[Labels]:
            used = {labels[p] for p in peers[i]}
            for v in range(1, min(top + 1, MAX_DIGITS) + 1):
                if v in used:
                    continue
                labels[i] = v
                still = self._unbeaten(labels, i, active) if active else active
                if still is None:
                    continue
                if i + 1 < n:
                    yield from assign(i + 1, top if v <= top else v, still)
                else:
                    yield tuple(labels)

        yield from assign(0, 0, tuple(range(len(self.automorphisms))))

    def count(self) -> int:
        """How many canonical labellings there are; the last clue's choices are counted, not listed, when possible."""
        n = len(self.cells)
        if n < 2:
            return sum(1 for _ in self.labellings())
        labels = [0] * n
        peers = self.earlier_peers
        last = n - 1
        last_peers = peers[last]

        def walk(i: int, top: int, active: tuple[int, ...]) -> int:
            total = 0
            used = {labels[p] for p in peers[i]}
            for v in range(1, min(top + 1, MAX_DIGITS) + 1):
                if v in used:
                    continue
                labels[i] = v
                still = self._unbeaten(labels, i, active) if active else active
                if still is None:
                    continue
                reach = top if v <= top else v
                if i + 1 < last:
                    total += walk(i + 1, reach, still)
                elif not still:
                    total += min(reach + 1, MAX_DIGITS) - len({labels[p] for p in last_peers})
                else:
                    total += self._last_digits(labels, reach, still)
            return total

        return walk(0, 0, tuple(range(len(self.automorphisms))))

    def lines(self) -> Iterator[str]:
        """Every canonical configuration as an 81-character line ('.' for empty)."""
        row = ["."] * 81
        cells = self.cells
        for labels in self.labellings():
            for c, v in zip(cells, labels):
                row[c] = str(v)
            yield "".join(row)

    def _last_digits(self, labels: list[int], top: int, active: tuple[int, ...]) -> int:
        """How many digits of the last clue leave the labelling canonical (labels of the others are set)."""
        last = len(labels) - 1
        used = {labels[p] for p in self.earlier_peers[last]}
        total = 0
        for v in range(1, min(top + 1, MAX_DIGITS) + 1):
            if v not in used:
                labels[last] = v
                if self._unbeaten(labels, last, active) is not None:
                    total += 1
        return total

    def _unbeaten(self, labels: list[int], i: int, active: tuple[int, ...]) -> tuple[int, ...] | None:
        """The automorphisms still tied with clues 0..i labelled; None if one of them gives a smaller sequence.

        An automorphism's relabelled image is known on a prefix once the clues
        it reads are labelled; smaller there means no completion is canonical,
        larger means it can never win below this node.  The image agrees with
        the labels up to the first clue the automorphism moves, and there the
        labels are 1..top (a restricted growth sequence), which relabelling
        keeps; only later, larger labels are renamed.
        """
        still = []
        for k in active:
            length = self._newly_known[k][i]
            if not length:
                still.append(k)
                continue
            perm = self.automorphisms[k]
            first = self._first_moved[k]
            top = max(labels[:first]) if first else 0
            renamed: dict[int, int] = {}
            for pos in range(first, length):
                image = labels[perm[pos]]
                if image > top:
                    image = renamed.setdefault(image, top + len(renamed) + 1)
                own = labels[pos]
                if image != own:
                    if image < own:
                        return None
                    break
            else:
                still.append(k)
        return tuple(still)


def _newly_known_lengths(perm: tuple[int, ...]) -> tuple[int, ...]:
    """Entry i: how many leading positions of ``perm`` read only clues 0..i, or 0 if no more than for i - 1."""
    lengths = [0] * len(perm)
    highest = -1
    for k, p in enumerate(perm):
        highest = max(highest, p)
        lengths[highest] = k + 1
    return tuple(lengths)
