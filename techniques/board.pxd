# Types for the compiled path of techniques/board.py (Cython's augmenting .pxd): the board and what
# applying a step reports are extension types, so that their own methods read and write the
# attributes as C fields, while every other module reads the same Python lists and integers
# (values, cands, positions, empty, givens) as before. Candidate masks are 9-bit and digits and
# cells small, so place, eliminate, leave_cells and leave_digits run on C integers (the bitboards
# stay Python integers), and a mask written back is one of the objects of _MASKS; the .py file
# stays the one source.
import cython

cdef tuple _MASKS

@cython.locals(c=cython.Py_ssize_t, m=cython.ulong)
cpdef leave_cells(list cands, tuple cells, unsigned long keep)

@cython.locals(d=cython.Py_ssize_t)
cpdef leave_digits(list positions, unsigned long mask, keep)


cdef class Applied:
    cdef public tuple placed
    cdef public bint changed


cdef class Board:
    cdef public list values
    cdef public list cands
    cdef public list positions
    cdef public object givens
    cdef public object empty
    cdef public bint pencil
    cdef public object rules

    @cython.locals(positions=list, cands=list, off=cython.ulong)
    cpdef place(self, Py_ssize_t cell, long digit)

    @cython.locals(dbit=cython.ulong, mask=cython.ulong, cands=list)
    cpdef bint eliminate(self, Py_ssize_t cell, long digit)

    @cython.locals(placed=list, values=list, removed=cython.bint, c=cython.Py_ssize_t, d=cython.long)
    cpdef Applied apply(self, step)
