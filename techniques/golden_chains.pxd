# Types for the compiled path of techniques/golden_chains.py (Cython's augmenting .pxd): cells,
# digit bits, lengths and ranks of the breadth-first search are small C integers, its bitboards
# (81 bits) 128-bit C integers (GCC's and Clang's unsigned __int128).  No value kept is negative:
# a complement (``~``) only ever masks another bitboard.  The .py file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef int _DIGIT_OF_BIT[512]
cdef int _DIGIT_COUNT[512]
cdef int _CELL_OF_BIT_MOD_83[83]

@cython.locals(digit_of_bit=cython.p_int, cell_of_bit=cython.p_int, pairs=u128[10], z=cython.int,
               region=u128, near=u128, start_bit=u128, ends=u128, entered=u128[10], frontier=list,
               out=list, rank=cython.int, length=cython.int, nxt=list, cell=cython.int,
               out_bit=cython.int, pmask=u128, d=cython.int, reach=u128, low=u128, n=cython.int,
               nout=cython.int, anyhow=u128, twice=u128)
cpdef tuple _search(list cands, list positions, tuple peer_mask, int start, int zbit, list pairs_with,
                    int min_len, int max_len)

cdef u128 _CELL_BIT[81]

@cython.locals(cands=list, mask=u128, c=cython.int)
cpdef object bivalue_mask(board)
