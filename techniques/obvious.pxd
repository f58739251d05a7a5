# Types for the compiled path of techniques/obvious.py (Cython's augmenting .pxd): a digit's places
# per row and per band are 9-bit masks cut from the bitboard's two 64-bit words, and boxes, lines,
# rows and columns small numbers, so the tests of _claims_of run on C integers; so do the folds of
# a unit's candidate masks in unit_doppels. The bitboards (pos, positions and what a claim or a
# 2-tuple writes) stay Python integers. The .py file stays the one source.
import cython

@cython.locals(low=cython.ulonglong, high=cython.ulonglong, rows=cython.long[9], across=cython.long[3],
               twice=cython.long[3], t=cython.long, r0=cython.long, r1=cython.long, r2=cython.long,
               b=cython.long, top=cython.long, shift=cython.long, p0=cython.long, p1=cython.long,
               p2=cython.long, box=cython.long, line=cython.long, cols=cython.long, col=cython.long,
               r=cython.long, places=cython.long, rest=cython.long, lone=cython.long, first=cython.long,
               out=list)
cpdef list _claims_of(pos)

@cython.locals(ones=cython.ulong, twos=cython.ulong, threes=cython.ulong, m=cython.ulong, pair=cython.ulong,
               rest=cython.ulong, count=cython.Py_ssize_t, d=cython.long, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, k=cython.Py_ssize_t, c=cython.Py_ssize_t, partner=cython.Py_ssize_t,
               other=cython.Py_ssize_t, first=cython.bint, digits=list, places=list, out=list)
cpdef list unit_doppels(list cands, bytes cells, list positions, umask, bint bivalue)

@cython.locals(others=cython.ulong, d=cython.long, excl=dict)
cpdef _doppel(board, long a, long b, long unit, long p, long q)
