"""Human solving techniques: the board, the technique registry and one module per family.

Importing this package registers every technique class; the order and the
settings of a run come from ``techniques.yaml`` (see ``techniques.catalogue``).
Each family module below is imported for its registrations.
"""

# Family modules, in search order (one import per module; keep the list sorted by family).
