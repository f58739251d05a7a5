# Types for the compiled path of techniques/fish.py (Cython's augmenting .pxd): a digit's grids are
# searched line set by line set, so the 9-bit line masks, their bit counts and the recursion's bases
# and covers are C integers, and the digit's places and the grids' cells (81 bits) 128-bit C integers
# (GCC's and Clang's unsigned __int128); only the grids found become Python objects. No value kept
# is negative: a complement (``~``) only ever masks another bitboard. The .py file stays the one
# source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef int _BIT_COUNT[512]
cdef u128 _UNIT_MASK[27]

@cython.locals(by_row=list, r=cython.int)
cpdef tuple _line_bits(u128 pos)

@cython.locals(usable=list, out=list, i=cython.Py_ssize_t, m=cython.int)
cpdef list _grids(list lines, int n)

@cython.locals(j=cython.Py_ssize_t, i=cython.int, m=cython.int, u=cython.int)
cpdef _grow_grids(list usable, int n, list out, Py_ssize_t start, int base, int cover, int size)

@cython.locals(out=u128, i=cython.int)
cpdef u128 _mask_of(int lines, int first_unit)

@cython.locals(by_row=list, by_col=list, open_lines=cython.int, r=cython.int, found=list, orientation=cython.int,
               lines=list, base_first=cython.int, cover_first=cython.int, base=cython.int, cover=cython.int,
               base_cells=u128, elim=u128)
cpdef tuple _grids_removing(u128 pos, int n)
