# Types for the compiled path of techniques/obvious.py (Cython's augmenting .pxd): a digit's places
# per row and per band are 9-bit masks cut from the bitboard's two 64-bit words, and boxes, lines,
# rows and columns small numbers, so the tests of _claims_of run on C integers (the bitboard itself
# a 128-bit C integer, from which a claim's cells are cut with a table of the units'); so do the folds of
# a unit's candidate masks in unit_doppels and _doppel, which read the board's C array of masks, and
# unit_doppels holds the places of a digit in the unit in 128-bit C integers (GCC's and Clang's
# unsigned __int128), naming their cells by a table lookup; so does board_doppels its fold of the
# digits' bitboards into the cells of two candidates. A unit's 2-tuples come packed into one C
# integer each (also the key that drops a repeat), and _doppel tests whether a unit holds both cells,
# and which places of the two digits the unit's other cells hold, on 128-bit C integers.
# The bitboards (pos, positions and what a claim or a 2-tuple writes) stay Python integers. Claims
# and 2-tuples are extension types, so that _find_claims reads a claim's fields as C fields while
# every other module reads the same attributes as before; so is the analysis of a board, whose facts
# are C fields read through properties. The .py file stays the one source.
import cython

from puzzles.geometry cimport u128
from techniques.board cimport Board


cdef class Claim:
    cdef public long digit
    cdef public long line
    cdef public long box
    cdef public bint pointing
    cdef public object cells
    cdef public object excl
    cdef public tuple support
    cdef object _closure


cdef class Doppel:
    cdef public long a
    cdef public long b
    cdef public long unit
    cdef public long p
    cdef public long q
    cdef public dict excl
    cdef public object cells


cdef class ObviousAnalysis:
    cdef public Board board
    cdef public bint follow_on
    cdef list _facts
    cdef dict _claims
    cdef list _doppels
    cdef object _claim_exclusions
    cdef object _doppel_exclusions


@cython.locals(known=set, excluded_by=list, new=list, pairs=list, c=Claim, claim=Claim, line=cython.long,
               box=cython.long, pointing=cython.bint, key=cython.long, found=list, round_=cython.long)
cpdef tuple _find_claims(long d, pos, bint follow_on)

@cython.locals(low=cython.ulonglong, high=cython.ulonglong, rows=cython.long[9], across=cython.long[3],
               twice=cython.long[3], t=cython.long, r0=cython.long, r1=cython.long, r2=cython.long,
               b=cython.long, top=cython.long, shift=cython.long, p0=cython.long, p1=cython.long,
               p2=cython.long, box=cython.long, line=cython.long, cols=cython.long, col=cython.long,
               r=cython.long, places=cython.long, rest=cython.long, lone=cython.long, first=cython.long,
               out=list, bmask=u128, lmask=u128)
cpdef list _claims_of(u128 pos)

cdef u128 LOW_64
cdef u128 _UNIT_MASK[27]

cdef int _CELL_OF_BIT_MOD_83[83]

@cython.locals(ones=cython.ulong, twos=cython.ulong, threes=cython.ulong, m=cython.ulong, pair=cython.ulong,
               rest=cython.ulong, count=cython.Py_ssize_t, d=cython.long, i=cython.Py_ssize_t,
               j=cython.Py_ssize_t, k=cython.Py_ssize_t, c=cython.Py_ssize_t, partner=cython.Py_ssize_t,
               other=cython.Py_ssize_t, first=cython.bint, digits=cython.long[9], places=u128[9], out=list,
               masks=cython.ushort[81], where=u128, low=u128, cell_of_bit=cython.p_int)
cpdef list unit_doppels(Board board, bytes cells, list positions, u128 umask, bint bivalue)

@cython.locals(positions=list, found=list, seen=set, unit_cells=tuple, unit_mask=tuple, unit_ids=tuple,
               k=cython.Py_ssize_t, u=cython.long, t=cython.long, ones=u128, twos=u128, threes=u128, where=u128,
               two_cands=u128, umask=u128)
cpdef list board_doppels(Board board)

@cython.locals(others=cython.ulong, d=cython.long, excl=dict, positions=list, unit_mask=tuple, umask=u128,
               both=u128, rest=u128, where=u128, hit=u128)
cpdef _doppel(Board board, long a, long b, long unit, long p, long q)
