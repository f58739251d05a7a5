# Types for the compiled path of techniques/board.py (Cython's augmenting .pxd): the board and what
# applying a step reports are extension types, so that their own methods read and write the
# attributes as C fields, while every other module reads the same Python lists and integers
# (values, cands, positions, empty, givens) as before. The board also keeps the candidate masks and
# the placed digits in C arrays (masks, digits) equal to cands and values, which place, eliminate
# and _sync keep current, so that the searches that cimport Board read them without Python integers. Candidate masks are 9-bit and
# digits and cells small, so place, eliminate, _leave and leave_digits run on C integers (the
# bitboards stay Python integers), and a mask written into cands is one of the objects of _MASKS;
# the .py file stays the one source.
import cython

from techniques.step cimport Step

cdef tuple _MASKS
cdef tuple _OUTSIDE_CELL
cdef dict _PLACEMENT

cdef tuple _placement(rules)

@cython.locals(d=cython.Py_ssize_t)
cpdef leave_digits(list positions, unsigned long mask, keep)


cdef class Applied:
    cdef public tuple placed
    cdef public bint changed


@cython.locals(applied=Applied)
cdef Applied _applied(tuple placed, bint changed)


cdef class Board:
    cdef public list values
    cdef public list cands
    cdef public list positions
    cdef public object givens
    cdef public object empty
    cdef public bint pencil
    cdef public object rules
    cdef unsigned short[81] masks
    cdef unsigned char[81] digits
    cdef public object placing
    cdef public tuple tables

    @cython.locals(c=cython.Py_ssize_t, d=cython.long, p=cython.Py_ssize_t, dbit=cython.ulong, values=list,
                   positions=list, cands=list, tables=tuple, peers=bytes)
    cpdef _give(self, grid)

    @cython.locals(c=cython.Py_ssize_t, m=cython.ulong, cands=list)
    cdef void _leave(self, bytes cells, unsigned long dbit)

    @cython.locals(positions=list, peers=bytes, dbit=cython.ulong)
    cpdef place(self, Py_ssize_t cell, long digit)

    @cython.locals(dbit=cython.ulong, mask=cython.ulong)
    cpdef bint eliminate(self, Py_ssize_t cell, long digit)

    @cython.locals(placed=list)
    cpdef Applied apply(self, Step step)

    @cython.locals(changed=cython.bint, c=cython.Py_ssize_t, d=cython.long)
    cpdef bint apply_step(self, Step step, list placed=*)
