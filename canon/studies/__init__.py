"""Studies of seed 002 (Schönhage, "Einige Sudoku-Studien"): Dreier invariants, fix-sudokus,
block-diagonal completions, their H*-classes and the global sweep over all classes.

The core of :mod:`canon` (group, sort key, canonical form, enumeration) never imports this
subpackage; it builds on :mod:`canon.group` only.
"""
