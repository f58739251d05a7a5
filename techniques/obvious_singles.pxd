# Types for the compiled path of techniques/obvious_singles.py (Cython's augmenting .pxd): the tests
# of open_units run on 128-bit C integers (GCC's and Clang's unsigned __int128) and a table of the
# units' bitboards; _best_cover holds a unit's places and an item's exclusions in 128-bit C
# integers and the places an item excludes as 9-bit masks, so its covering tests run on C
# integers; the bitboards kept elsewhere stay Python integers. The .py file stays the one source.
import cython

from puzzles.geometry cimport u128, cells_of
from techniques.board cimport Board

cdef u128 _UNIT_BITS[38]

@cython.locals(umask=u128, a=u128, b=u128, k=cython.Py_ssize_t, out=list, unreached=u128)
cpdef list open_units(u128 positions, u128 excluded, tuple units)

@cython.locals(pair=cython.long, in_row=cython.long[9], in_column=cython.long[9], count=cython.long,
               c=cython.long, r=cython.long, k=cython.long, r2=cython.long, k2=cython.long,
               m=cython.long, rest=cython.long)
cpdef bint _corner_pairs(list pair_of, list cands)

@cython.locals(m=u128, hit=u128, cells=list, n=cython.Py_ssize_t, masks=list, items=list, local=cython.int,
               i=cython.Py_ssize_t, c=cython.int, count=cython.Py_ssize_t, full=cython.int, x=cython.int,
               bit=cython.int, need=cython.int, chosen_points=cython.double, best_points=cython.double,
               j=cython.Py_ssize_t, k=cython.Py_ssize_t, mj=cython.int, mk=cython.int, points=cython.double,
               used=tuple, chosen=tuple, best=tuple)
cpdef tuple _best_cover(u128 where, u128 open_places, pairs, cost, umask, long missing, long places,
                        double floor)

# C0 and D0: the digits left per cell folded on 128-bit C integers
@cython.locals(positions=list, d=cython.Py_ssize_t, where=u128, gone=u128, ones=u128, twos=u128)
cpdef tuple _digits_left(Board board, list reach)

# called by every C1-C3 cost: a C call
@cython.locals(follow=set)
cpdef Py_ssize_t _follow_ons(tuple claims)
