# Types for the compiled path of techniques/unique_loops.py (Cython's augmenting .pxd): the scan of
# the six-cell shapes reads six candidate masks per shape, so the masks are a C array and the
# shape's cells and the masks C integers; the .py file stays the one source.
import cython

@cython.locals(regions_of=dict, j=cython.Py_ssize_t, masks=list, e=cython.ulong[81], out=list,
               k=cython.Py_ssize_t, a0=cython.Py_ssize_t, a1=cython.Py_ssize_t, a2=cython.Py_ssize_t,
               b0=cython.Py_ssize_t, b1=cython.Py_ssize_t, b2=cython.Py_ssize_t, filled=cython.ulong)
cpdef list _matching_shapes(tuple off, regions, pairs, eff, open_cells, touching=*)
