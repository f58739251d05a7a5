"""Independent counts that the enumeration is checked against (used by the tests and bench/canon.py)."""
