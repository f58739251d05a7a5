# Types for the compiled path of techniques/tuples.py (Cython's augmenting .pxd): the locked-set
# search's ids, masks and counts are 9-bit, so they are C integers, and the searches make their
# steps with the C-level constructor of deferred steps (``step.pxd``); the .py file stays the one
# source.
import cython

from techniques.step cimport Step, deferred_step

cdef int _BIT_COUNT[512]
cdef int _LOW_DIGIT[512]

@cython.locals(out=list, bit_count=cython.p_int, usable=list, n=cython.int, level=list, grown=list,
               j=cython.int, iid=cython.int, mask=cython.int, size=cython.int, ids=cython.int,
               union=cython.int, start=cython.int, u=cython.int, k=cython.int)
cpdef list _locked_subsets(list items, int max_size)

@cython.locals(places=cython.int[10], low_digit=cython.p_int, cell_bit=cython.int, m=cython.int,
               d=cython.int)
cpdef list _places(tuple masks, int missing)

@cython.locals(low_digit=cython.p_int, i=cython.Py_ssize_t, hit=cython.int)
cpdef _unit_eliminations(tuple unit_cells, tuple masks, int digits, int local, list out)

@cython.locals(union=cython.int, i=cython.Py_ssize_t)
cpdef int _local_union(tuple masks, int local)
