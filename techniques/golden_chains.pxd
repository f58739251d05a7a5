# Types for the compiled path of techniques/golden_chains.py (Cython's augmenting .pxd): cells,
# digit bits, lengths and ranks of the breadth-first search are small C integers, its bitboards
# (81 bits) 128-bit C integers (GCC's and Clang's unsigned __int128).  No value kept is negative:
# a complement (``~``) only ever masks another bitboard.  _Pairs is an extension type holding a
# position's candidates, peers and places of digits in C arrays, read in once per position
# searched, so that a search, and the test whether one of the last position is taken over, read
# them without a Python integer, and what a search met (_Met) keeps its bitboards in C
# integers; its states stay tuples, as on the pure path, whose speed they keep.  A chain found (_Found) is an extension type, so that
# making one is cheap, and _chain runs on C integers.  The .py file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

ctypedef u128* p128

cdef int _DIGIT_OF_BIT[512]
cdef int _DIGIT_COUNT[512]
cdef int _CELL_OF_BIT_MOD_83[83]

cdef class _Found:
    cdef public tuple key
    cdef public tuple order
    cdef public list cells
    cdef public list links
    cdef public int z
    cdef public bint closed
    cdef public tuple eliminations
    cdef public object step

@cython.locals(digit_of_bit=cython.p_int, start=cython.int, end=cython.int, z=cython.int, d=cython.int,
               by_digit=dict)
cpdef _Found _chain(list cells, list links, int zbit, int rank, list positions, tuple peer_mask)

cdef class _Met:
    cdef u128[10] entered
    cdef u128 anyhow
    cdef u128 twice
    cdef u128 region
    cdef public list chains

cdef list _NOTHING_ENTERED

@cython.locals(chains=list)
cdef _take_over(_Met search, list positions)

cdef class _Pairs:
    cdef int[81] cands
    cdef u128[10] places
    cdef u128[81] peers
    cdef u128[10] pairs
    cdef list positions
    cdef tuple peer_mask

    @cython.locals(digit_of_bit=cython.p_int, cell_of_bit=cython.p_int, cands=cython.p_int,
                   peer_mask=p128, places=p128, pairs=p128, z=cython.int, region=u128, near=u128,
                   start_bit=u128, ends=u128, entered=u128[10], frontier=list, nxt=list, entry=tuple,
                   new=tuple, out=list, rank=cython.int, length=cython.int, cell=cython.int,
                   out_bit=cython.int, pmask=u128, d=cython.int, reach=u128, low=u128, n=cython.int,
                   nout=cython.int, anyhow=u128, twice=u128, met=_Met)
    cpdef _Met search(self, int start, int zbit, int min_len, int max_len)

    @cython.locals(digit_of_bit=cython.p_int, cands=cython.p_int, peer_mask=p128, places=p128, positions=list,
                   digits_moved=list, searches=dict, out=list, start=cython.int, m=cython.int, zbit=cython.int,
                   z=cython.int, key=cython.int, old=_Met, region=u128, moved_z=u128, anyhow=u128, twice=u128,
                   kept=cython.bint, d=cython.int, near_d=u128, entered_d=u128, search=_Met)
    cpdef tuple searches(self, bival, dict last, list moved, list near, u128 anywhere, int min_len, int max_len)

    @cython.locals(digit_of_bit=cython.p_int, peer_mask=p128, places=p128, child=cython.int, cell=cython.int,
                   state=tuple)
    cdef bint _loop_removes(self, tuple entry, int start, int z)

    @cython.locals(cells=list, links=list, state=tuple)
    cdef _Found _found(self, tuple entry, int zbit, int rank)

cdef u128 _CELL_BIT[81]

@cython.locals(cands=list, mask=u128, c=cython.int)
cpdef object bivalue_mask(board)
