# Types for the compiled path of techniques/obvious_singles.py (Cython's augmenting .pxd): the tests
# of open_units run on the bitboards cut into two 64-bit words (C integers); the bitboards
# themselves stay Python integers. The .py file stays the one source.
import cython

@cython.locals(places_low=cython.ulonglong, places_high=cython.ulonglong, open_low=cython.ulonglong,
               open_high=cython.ulonglong, low=cython.ulonglong, high=cython.ulonglong, a=cython.ulonglong,
               b=cython.ulonglong, k=cython.Py_ssize_t, out=list)
cpdef list open_units(positions, unreached, tuple unit_low, tuple unit_high)

@cython.locals(pair=cython.long, in_row=cython.long[9], in_column=cython.long[9], count=cython.long,
               c=cython.long, r=cython.long, k=cython.long, r2=cython.long, k2=cython.long,
               m=cython.long, rest=cython.long)
cpdef bint _corner_pairs(list pair_of, list cands)
