# Types for the compiled path of techniques/obvious_singles.py (Cython's augmenting .pxd): the tests
# of open_units run on the bitboards cut into two 64-bit words (C integers); the bitboards
# themselves stay Python integers. The .py file stays the one source.
import cython

@cython.locals(places_low=cython.ulonglong, places_high=cython.ulonglong, open_low=cython.ulonglong,
               open_high=cython.ulonglong, low=cython.ulonglong, high=cython.ulonglong, a=cython.ulonglong,
               b=cython.ulonglong, k=cython.Py_ssize_t, out=list)
cpdef list open_units(positions, unreached, tuple unit_low, tuple unit_high)
