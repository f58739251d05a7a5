# Types for the compiled path of techniques/step.py (Cython's augmenting .pxd): a step is an
# extension type whose attributes are the same Python objects as on the pure path, so that
# deferred_step, which the singles call once per single found, writes C fields instead of slots; the
# .py file stays the one source.
import cython

cdef class Step:
    cdef public object code
    cdef public object points
    cdef public object placements
    cdef public object eliminations
    cdef public object _used
    cdef public object _detail
    cdef public object _explain


@cython.locals(step=Step)
cpdef Step deferred_step(type cls, code, points, placements, eliminations, explain, tuple args)
