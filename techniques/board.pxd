# Types for the compiled path of techniques/board.py (Cython's augmenting .pxd): candidate masks
# are 9-bit and digits and cells small, so leave_cells and leave_digits run on C integers (the
# bitboards stay Python integers); the .py file stays the one source.
import cython

@cython.locals(c=cython.Py_ssize_t, m=cython.ulong)
cpdef leave_cells(list cands, tuple cells, unsigned long keep)

@cython.locals(d=cython.Py_ssize_t)
cpdef leave_digits(list positions, unsigned long mask, keep)
