# Types for the compiled path of techniques/single_digit_chains.py (Cython's augmenting .pxd): the
# bitboards of one digit's places, sightlines, links and reach bounds are 81-bit and held in 128-bit
# C integers (GCC's and Clang's unsigned __int128), in C arrays per cell, so that the contradiction
# chain search converts each digit's tables once and its unit tests run on machine words. No value
# kept is negative: a complement (``~``) only ever masks another bitboard. The .py file stays the
# one source.
import cython

from puzzles.geometry cimport u128, cells_of
from techniques.step cimport Step, deferred_step

cdef u128 _ROW_BASE
cdef u128 _BOX_BASE
cdef u128 _CELL_BIT[81]
cdef int _CELL_OF_BIT_MOD_83[83]

@cython.locals(y=u128, rows=u128, cols=u128, boxes=u128)
cdef u128 _units_of(u128 x)

cdef bint _empties_a_unit(u128 pos, u128 full, u128 seen)

@cython.locals(strong_at=u128[81], unit_mask=tuple, u=cython.Py_ssize_t, where=u128, low=u128, high=u128,
               strong=list, peers=list, peer_mask=tuple, rest=u128, c=cython.int, near=u128)
cpdef tuple _links(u128 pos, rules)

@cython.locals(pos=u128, full=u128, nodes=list, strong_at=u128[81], peers_at=u128[81], linked=u128,
               a=cython.int, c=cython.int, follow=list, nxt=u128, via=u128, low=u128, depth=cython.int,
               reach=u128[648], last=cython.int, k=cython.int, here=cython.int, before=cython.int,
               grown=cython.bint, acc=u128, found=list, succ=dict, top=cython.int, start=cython.int)
cpdef list _contradictions(links, int max_len)

@cython.locals(frontier=list, done=set, length=cython.int, remaining=cython.int, bound=cython.int,
               nxt=list, keys=set, cells=list, mask=u128, part_seen=u128, part_weak=cython.bint,
               end=cython.int, following=list, c=cython.int, variants=list, b=cython.int,
               is_strong=cython.bint, vb=cython.int, vs=cython.bint, weak=cython.bint, seen=u128)
cdef _chains_from(list found, int start, u128 pos, u128 full, u128* strong_at, u128* peers_at,
                  u128* reach, int last, dict succ, int max_len)

@cython.locals(by_c=dict, strong_a=u128, not_a=u128, b=cython.int, c=cython.int, is_strong=cython.bint)
cdef list _successors(int a, u128* strong_at, u128* peers_at)

@cython.locals(strong=list, peers=list, peer_mask=tuple, cell_at=cython.int[163], mask_at=u128[163],
               parent_at=cython.int[163], found=list, start=cython.int, sees_start=u128, ends=u128,
               t=cython.int, lo=cython.int, hi=cython.int, reached_off=u128, reached_on=u128,
               length=cython.int, on=cython.bint, step_to=list, seen=u128, count=cython.int,
               i=cython.int, pmask=u128, fresh=u128, hits=u128, low=u128, n=cython.int,
               closed=cython.bint, elim=u128, k=cython.int, path=list, near=u128, start_peers=u128,
               here=u128, before=u128)
cpdef list _x_chains(links, int shortest, int max_len)
