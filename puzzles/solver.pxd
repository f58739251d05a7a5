# Types for the compiled path of puzzles/solver.py (Cython's augmenting .pxd): the search of
# analyse keeps the candidate masks of every level in one C array and places singles with C
# loops over the flat peer and unit tables of _Cells, instead of shifting 729-bit Python ints.
# Masks are 9-bit, cells and levels below 128 and counts C integers, so C and Python arithmetic
# agree; the .py file stays the one source.
import cython

cdef bint _C_ARRAYS
cdef int _PEER_ROW
cdef unsigned char _DIGIT_COUNT[512]
cdef unsigned char _LOW_DIGIT[512]

cdef class _Cells:
    cdef unsigned char[3240] peers
    cdef unsigned char[81] peer_count
    cdef unsigned char[342] units
    cdef int unit_count
    cdef unsigned long long[81] unit_bits
    cdef unsigned long long all_units

@cython.locals(cells=_Cells, stack=cython.ushort[6642], branch=cython.uchar[82], todo=cython.ushort[82],
               stop=cython.longlong, count=cython.longlong, nodes=cython.longlong, level=cython.int,
               ok=cython.bint, parent=cython.int, base=cython.int, best=cython.int, fewest=cython.int,
               cell=cython.int, n=cython.int, bit=cython.int, source=cython.int, digits=list)
cpdef _analyse_cells(grid, limit, allowed, rules, progress)

@cython.locals(cell=cython.Py_ssize_t, d=cython.int, keep=cython.uint, full=cython.uint)
cdef int _root_masks(grid, allowed, unsigned short* masks) except -1

@cython.locals(queue=cython.uchar[81], head=cython.int, tail=cython.int, cell=cython.int, m=cython.uint,
               bit=cython.uint, row=cython.int, k=cython.int, peer=cython.int, unit_count=cython.int,
               unit=cython.int, first_cell=cython.int, ones=cython.uint, twos=cython.uint,
               hidden=cython.uint, full=cython.uint, placed=cython.uint,
               dirty=cython.ulonglong, one=cython.ulonglong)
cdef bint _settle(unsigned short* masks, int base, _Cells cells, int first) noexcept
