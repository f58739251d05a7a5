# Types for the compiled path of techniques/wings.py (Cython's augmenting .pxd): the XYZ-wing search
# tries every pair of wings per pivot and the WXYZ-wing search a few hundred sets of cells per
# position, so their cells, 9-bit masks and counts are C integers and their bitboards (81 bits)
# 128-bit C integers (GCC's and Clang's unsigned __int128); the digits' bitboards (and for WXYZ the
# candidates) are copied into C arrays once per search. No value kept is negative: a complement only
# ever masks another bitboard. The .py file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

ctypedef u128 *u128_p

cdef int _DIGIT_COUNT[512]
cdef int _DIGIT_OF_BIT[512]
cdef int _CELL_OF_BIT_MOD_83[83]
cdef u128 _PEERS[81]

@cython.locals(cell_of_bit=cython.p_int, digit_of_bit=cython.p_int, places=u128[10],
               out=list, wings=cython.Py_ssize_t[81], held=cython.ulong[81], seen=u128[81], zone=u128, near=u128,
               low=u128, around=u128, pivot=cython.Py_ssize_t, pm=cython.ulong, pp=u128, moved=u128,
               n=cython.Py_ssize_t, reach=u128, low1=u128, w=cython.Py_ssize_t, cw=cython.ulong, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, w1=cython.Py_ssize_t, w2=cython.Py_ssize_t, c1=cython.ulong, c2=cython.ulong,
               z=cython.int, elim=u128)
cpdef list _xyz_wings(list cands, list positions, tuple peer_mask, u128 bival, u128 empty, u128 changed)

@cython.locals(cell_of_bit=cython.p_int, digit_count=cython.p_int, digit_of_bit=cython.p_int,
               peers=u128_p, cc=cython.ulong[81], places=u128[10], out=list,
               inside=u128[512], unchanged=u128, roots=u128, low0=u128, v=cython.Py_ssize_t,
               higher=u128, cv=cython.ulong, pv=u128, closed1=u128, ext1=u128, low1=u128,
               w=cython.Py_ssize_t, cw=cython.ulong, u2=cython.ulong, n2=cython.int, pw=u128,
               closed2=u128, ext2=u128, options2=u128, only=u128, low2=u128, x=cython.Py_ssize_t,
               cx=cython.ulong, u3=cython.ulong, n3=cython.int, loose=cython.ulong, px=u128,
               z=cython.int, elim3=u128, ext3=u128, low3=u128, y=cython.Py_ssize_t, cy=cython.ulong,
               u4=cython.ulong, py=u128, unseen=cython.ulong, broken=cython.ulong, elim=u128)
cpdef list _wings(list cands, list positions, u128 pool, u128 changed=*)

cdef u128 _seen_from_all(u128 cells, unsigned long digit, unsigned long cv, u128 pv, unsigned long cw,
                         u128 pw, unsigned long cx, u128 px) noexcept

@cython.locals(cells=u128, d=cython.int)
cdef u128 _only(u128 pool, u128 *positions, unsigned long digits) noexcept
