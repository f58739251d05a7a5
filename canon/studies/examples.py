"""The example grids of seed 002, copied from the paper's figures, and the construction of U'.

Used by the tests and by ``bench/studies.py``; kept in the package so that
both read the same grids.
"""

from __future__ import annotations

from itertools import permutations

from puzzles.geometry import Grid


def grid(text: str) -> Grid:
    """An 81-digit string as a grid tuple."""
    return tuple(int(ch) for ch in text)


#: Jehne's "zufälliges Beispiel" A of section 1.4.
A = grid("281965734569473812734218659926584173357126498148397265612839547473652981895741326")
#: The Urbeispiel U of section 1.1.
U = grid("123456789456789123789123456312645978645978312978312645231564897564897231897231564")
#: The four normalised superfixes of section 4.4.
U_NORMALISED = tuple(
    grid(text)
    for text in (
        "123564978456897312789231645978123564312456897645789231564978123897312456231645789",
        "123897645456231978789564312645123897978456231312789564897645123231978456564312789",
        "123978564456312897789645231564123978897456312231789645978564123312897456645231789",
        "123645897456978231789312564897123645231456978564789312645897123978231456312564789",
    )
)


def transpose(g: Grid) -> Grid:
    """The grid mirrored at its main diagonal."""
    return tuple(g[9 * (c % 9) + c // 9] for c in range(81))


def u_prime() -> Grid:
    """U' of section 4.2: in columns 6, 7, 8 (0-based) of U swap the digits 1, 4, 7 with 3, 6, 9."""
    swap = {1: 3, 3: 1, 4: 6, 6: 4, 7: 9, 9: 7}
    return tuple(swap.get(d, d) if c % 9 >= 6 else d for c, d in enumerate(U))


def u_prime_readings() -> dict[str, Grid]:
    """Every reading of "in columns 6, 7, 8 swap the digits 1, 4, 7 with 3, 6, 9" (section 4.2).

    Lines: columns or rows; numbering: 0-based (lines 6-8) or 1-based (lines
    5-7 counted from 0); pairing: which of 3, 6, 9 each of 1, 4, 7 is swapped
    with (six bijections; 1-3, 4-6, 7-9 is the literal one).  2 x 2 x 6 = 24.
    """
    out = {}
    for lines in ("columns", "rows"):
        for first in (6, 5):
            touched = {c for c in range(81) if first <= (c % 9 if lines == "columns" else c // 9) <= first + 2}
            for partners in permutations((3, 6, 9)):
                swap = dict(zip((1, 4, 7), partners)) | dict(zip(partners, (1, 4, 7)))
                name = f"{lines} {first}-{first + 2}, 147 <-> {''.join(map(str, partners))}"
                out[name] = tuple(swap.get(d, d) if c in touched else d for c, d in enumerate(U))
    return out
