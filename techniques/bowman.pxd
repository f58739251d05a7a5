# Types for the compiled path of techniques/bowman.py (Cython's augmenting .pxd): cells, digits,
# 9-bit candidate masks, queue entries and unit sets (at most 38 units) are small, and the places
# of the digits are 81-bit bitboards, held in 128-bit C integers (GCC's and Clang's unsigned
# __int128), so the walk runs on C integers and C arrays.  No value the walk keeps is negative:
# a complement (``~``) only ever masks another bitboard.  The .py file stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef int _DIGIT_OF_LOW[512]
cdef int _CELL_OF_BIT_MOD_83[83]

@cython.locals(cands=cython.int[81], positions=u128[10], done_units=cython.ulonglong[10],
               peer_mask=tuple, scan_unit_mask=tuple, cell_scan_units=tuple, cell_bit=tuple,
               digit_of_low=cython.p_int, cell_of_bit=cython.p_int, queue=list,
               head=cython.Py_ssize_t, steps=cython.long, entry=cython.long, mask=cython.long,
               dbit=cython.long, rest=cython.long, p=cython.long, m=cython.long,
               units=cython.ulonglong, more=cython.ulonglong, others=cython.long, d=cython.long,
               done=cython.ulonglong, i=cython.int, base=cython.int, chunk=cython.long, bit=u128,
               outside=u128, hit=u128, low=u128, pos=u128, where=u128)
cpdef long _walk(board, list placed_units, tables, list open_units, long cell, long digit, long limit,
                 list order)

@cython.locals(out=list, scan_unit_mask=tuple, d=cython.int, unit_bit=cython.ulonglong, units=cython.ulonglong,
               cells=u128, u_mask=u128)
cpdef list _placed_units(list placed, tables)

@cython.locals(out=list, scan_unit_mask=tuple, positions=list, d=cython.int, unit_bit=cython.ulonglong,
               units=cython.ulonglong, cells=u128, places=u128, u_mask=u128, where=u128)
cpdef list _open_units(board, list placed, tables)
