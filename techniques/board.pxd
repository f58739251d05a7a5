# Types for the compiled path of techniques/board.py (Cython's augmenting .pxd): candidate masks
# are 9-bit, so leave_cells runs on C integers; the .py file stays the one source.
import cython

@cython.locals(c=cython.Py_ssize_t, m=cython.ulong)
cpdef leave_cells(list cands, cells, unsigned long keep)
