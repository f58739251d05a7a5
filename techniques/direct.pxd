# Types for the compiled path of techniques/direct.py (Cython's augmenting .pxd): candidate masks
# are 9-bit and cells, digits and counts small, so the loops of packed_singles run on C integers;
# the .py file stays the one source.
import cython

@cython.locals(k=cython.long, c=cython.Py_ssize_t, d=cython.long, ones=cython.ulong, twos=cython.ulong,
               m=cython.ulong, singles=cython.ulong, missing=cython.long, cells=tuple, found=list)
cpdef list packed_singles(list cands, list values, unit_cells)
