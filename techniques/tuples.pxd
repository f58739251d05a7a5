# Types for the compiled path of techniques/tuples.py (Cython's augmenting .pxd): the locked-set
# search's ids, masks and counts are 9-bit, so they are C integers; the .py file stays the one
# source.
import cython

@cython.locals(out=list, bit_count=tuple, usable=list, n=cython.int, level=list, grown=list,
               j=cython.int, iid=cython.int, mask=cython.int, size=cython.int, ids=cython.int,
               union=cython.int, start=cython.int, u=cython.int, k=cython.int)
cpdef list _locked_subsets(list items, int max_size)

cdef int _LOW_DIGIT[512]

@cython.locals(places=cython.int[10], low_digit=cython.p_int, cell_bit=cython.int, m=cython.int,
               d=cython.int)
cpdef list _places(tuple masks, int missing)
