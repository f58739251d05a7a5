# Types for the compiled path of techniques/uniqueness.py (Cython's augmenting .pxd): the 486
# rectangles and the digits of the 512 candidate masks are made when the module loads, so their
# rows, columns, cells and masks are C integers and their bitboards (81 bits) 128-bit C integers
# (GCC's and Clang's unsigned __int128); only the tables themselves are Python objects. The .py
# file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef u128 _CELL_BIT[81]
cdef u128 _UNIT_MASK[27]
cdef int _BOX_OF[81]
cdef int _ROW_OF[81]
cdef int _COL_OF[81]

@cython.locals(out=list, r1=cython.int, c1=cython.int, r2=cython.int, c2=cython.int, a=cython.int, b=cython.int,
               c=cython.int, d=cython.int, mask=u128, reads=u128)
cpdef tuple _rectangles()

@cython.locals(a=cython.int, d=cython.int, outside=u128, positions=list, h=cython.int, here=u128)
cpdef bint _line_linked(board, cells, u128 bitboard, int x, int y)

@cython.locals(pair=cython.long, pairs=cython.int, m=cython.long, extra=cython.long, bitboard=u128, c=cython.int)
cpdef bint rectangle_may_apply(board, cells, masks, int x, int y)
