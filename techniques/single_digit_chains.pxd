# Types for the compiled path of techniques/single_digit_chains.py (Cython's augmenting .pxd): the
# single-digit chain search keeps its cells and lengths in C integers and its bitboards (81 bits)
# in 128-bit C integers (GCC's and Clang's unsigned __int128).  No value kept is negative: a
# complement (``~``) only ever masks another bitboard.  The .py file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef int _CELL_OF_BIT_MOD_83[83]

@cython.locals(found=list, cell_of_bit=cython.p_int, start=cython.int, ends=u128, near=u128,
               start_bit=u128, frontier=list, reached_off=u128, reached_on=u128, length=cython.int,
               on=cython.bint, seen=u128, nxt=list, cell=cython.int, pmask=u128, fresh=u128,
               hits=u128, low=u128)
cpdef list _x_chain_paths(list strong, list peers, tuple peer_mask, pos, int shortest, int max_len)
