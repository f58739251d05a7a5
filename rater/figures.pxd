# Types for the compiled path of rater/figures.py (Cython's augmenting .pxd): the one loop over a
# rating's steps reads each step's code, points, placements and eliminations as C fields of the
# Step extension type, and its Figures are an extension type made without a Python call; the .py
# file stays the one source.
import cython

from techniques.step cimport Step

cdef class Figures:
    cdef public object points
    cdef public list solving
    cdef public object norm2
    cdef public object max
    cdef public Py_ssize_t thinning_steps
    cdef public dict counts

@cython.locals(step=Step)
cpdef total(steps)

@cython.locals(step=Step, made=Figures, points=list, solving=list, squares=list, counts=dict, thinning=cython.Py_ssize_t)
cpdef Figures figures(steps)
