# Types for the compiled path of techniques/tuples.py (Cython's augmenting .pxd): the locked-set
# search's ids, masks and counts are 9-bit, so they are C integers (a set's cells are named on an
# 81-bit bitboard in a 128-bit C integer, GCC's and Clang's unsigned __int128), and the searches make their
# steps with the C-level constructor of deferred steps (``step.pxd``); the .py file stays the one
# source.
import cython

from techniques.step cimport Step, deferred_step

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

ctypedef u128* p128

cdef int _BIT_COUNT[512]
cdef int _LOW_DIGIT[512]

@cython.locals(out=list, bit_count=cython.p_int, usable_ids=cython.int[9], usable_masks=cython.int[9], n=cython.int, level=list, grown=list,
               j=cython.int, iid=cython.int, mask=cython.int, size=cython.int, ids=cython.int,
               union=cython.int, start=cython.int, u=cython.int, k=cython.int)
cpdef list _locked_subsets(list items, int max_size)

@cython.locals(places=cython.int[10], low_digit=cython.p_int, cell_bit=cython.int, m=cython.int,
               d=cython.int, out=list)
cpdef list _places(tuple masks, int missing)

@cython.locals(low_digit=cython.p_int, i=cython.Py_ssize_t, hit=cython.int)
cpdef _unit_eliminations(tuple unit_cells, tuple masks, int digits, int local, list out)

@cython.locals(union=cython.int, i=cython.Py_ssize_t)
cpdef int _local_union(tuple masks, int local)

@cython.locals(count=cython.Py_ssize_t, k=cython.int, bit_count=cython.p_int, empty=cython.int, missing=cython.int,
               items=list, i=cython.Py_ssize_t, m=cython.int, found=dict, top=cython.int, ids=cython.int,
               union=cython.int, size=cython.int, hidden_cells=cython.int, naked_cells=cython.int, out=list,
               local=cython.int)
cpdef tuple _search_locked_sets(tuple unit_cells, tuple masks)

@cython.locals(out=u128, one=u128, i=cython.Py_ssize_t, c=cython.int)
cpdef u128 _cells(int local, tuple unit_cells)

cdef u128 _LINES_THROUGH[38]
cdef u128 _UNIT_MASK[38]

# which units a search looks at: 81-bit bitboards and unit bits tested on C integers, not per unit on Python ones
@cython.locals(unit_mask=p128, lines_through=p128, unit=cython.int, out=list)
cpdef list _units_to_search(tuple unit_ids, u128 changed, u128 filled, u128 again)
