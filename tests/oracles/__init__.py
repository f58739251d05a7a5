"""Independent results that the tests check the package against (the brute-force minlex form)."""
