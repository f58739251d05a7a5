# Types for the compiled path of techniques/remote_pairs.py (Cython's augmenting .pxd): the table of
# chutes tests all 3,240 pairs of cells x < y when the module loads, so its rows, columns and boxes are C
# integers (only a pair in one chute makes Python objects); the pair cells are grouped and coloured, and
# the masks of the changed ones read, on C integers, the bitboards (81 bits) in 128-bit C integers (GCC's and
# Clang's unsigned __int128). No value kept is negative: a complement only ever masks another
# bitboard. The .py file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef int _CELL_OF_BIT_MOD_83[83]
cdef int _DIGIT_COUNT[512]
cdef int _LOW_DIGIT[512]
cdef u128 _CELL_BIT[81]
cdef u128 _PEER_MASK[81]
cdef int _ROW_OF[81]
cdef int _COL_OF[81]
cdef int _BOX_OF[81]

@cython.locals(cell_of_bit=cython.p_int, cands=list, groups=dict, near=u128, low=u128, c=cython.Py_ssize_t,
               m=cython.ulong, cells=list)
cpdef dict _bivalue_groups(board, u128 pairs)

@cython.locals(cell_of_bit=cython.p_int, cands=list, last=u128[10], masks=set, near=u128, low=u128, m=cython.ulong,
               once=u128, twice=u128, more=u128, d=cython.int, then=cython.ulong)
cpdef set _changed_masks(board, recheck, u128 changed)

@cython.locals(members=u128, c=cython.int, coloured=u128, out=list, start=cython.int, colours=u128[2], order=list,
               ok=cython.bint, i=cython.Py_ssize_t, here=cython.int, near=u128, fresh=u128, low=u128, zeros=u128)
cpdef list _components(list cells)

@cython.locals(positions=list, absent=cython.ulong, rest=cython.ulong, low=cython.ulong, values=list,
               c=cython.Py_ssize_t, placed=cython.long)
cpdef unsigned long _absent(board, u128 segment, unsigned long mask)

@cython.locals(x=cython.int, y=cython.int, table=list)
cpdef tuple _chute_table()

@cython.locals(bx=cython.int, by=cython.int, rx=cython.int, ry=cython.int, cx=cython.int, cy=cython.int,
               third_box=cython.int, third_line=cython.int)
cpdef tuple _chute(int x, int y)
