# Types for the compiled path of techniques/obvious.py (Cython's augmenting .pxd): a digit's places
# per row and per band are 9-bit masks, and boxes, lines, rows and columns small numbers, so the
# tests of _claims_of run on C integers; the bitboards (pos and what a claim writes) stay Python
# integers. The .py file stays the one source.
import cython

@cython.locals(low=cython.ulonglong, high=cython.ulonglong, rows=cython.long[9], across=cython.long[3], twice=cython.long[3], t=cython.long,
               r0=cython.long, r1=cython.long, r2=cython.long, b=cython.long, top=cython.long,
               shift=cython.long, p0=cython.long, p1=cython.long, p2=cython.long, box=cython.long,
               line=cython.long, cols=cython.long, col=cython.long, r=cython.long, places=cython.long,
               rest=cython.long, lone=cython.long, first=cython.long, out=list)
cpdef list _claims_of(pos)

