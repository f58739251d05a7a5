"""Grids of seed 002 for the tests/test_studies_*.py files (they live in canon.studies.examples)."""

from canon.studies.examples import U_NORMALISED, A, U, transpose, u_prime, u_prime_readings

__all__ = ["A", "U", "U_NORMALISED", "transpose", "u_prime", "u_prime_readings"]
