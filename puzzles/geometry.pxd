# Types for the compiled path of puzzles/geometry.py (Cython's augmenting .pxd): a bitboard of cells
# is 81-bit and held in a 128-bit C integer (GCC's and Clang's unsigned __int128), a row of
# ``transposed`` is a 9-bit mask, so both loops run on C integers; the .py file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef int _CELL_OF_BIT_MOD_83[83]

@cython.locals(out=list, cell_of_bit=cython.p_int, low=u128)
cpdef list cells_of(u128 mask)

@cython.locals(out=cython.long[9], i=cython.long, j=cython.long, bits=cython.ulong)
cpdef list transposed(rows)

@cython.locals(out=list, mask=cython.int, digits=list, d=cython.int)
cpdef tuple _digit_tuples()
