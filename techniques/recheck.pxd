# Types for the compiled path of techniques/recheck.py (Cython's augmenting .pxd): every rechecking
# search asks its Recheck what changed before it searches and tells it what it found after, many
# times per puzzle, so the state is an extension type whose methods are C functions with their
# loops over the nine digits in C; the attributes are the same Python lists and integers as on
# the pure path. The .py file stays the one source.
import cython

cdef class Recheck:
    cdef public object board
    cdef public list positions
    cdef public object empty
    cdef public object again

    @cython.locals(last=list, now=list, d=cython.Py_ssize_t)
    cpdef object changed(self, board)

    @cython.locals(last=list, now=list, digits=cython.uint, d=cython.Py_ssize_t)
    cpdef object changed_digits(self, board)

    @cython.locals(last=list, now=list, d=cython.Py_ssize_t)
    cpdef list changed_places(self, board)

    cpdef done(self, board, bint found)

    cpdef done_except(self, board, again)

    cpdef seen(self, board)
