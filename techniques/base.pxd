# Types for the compiled path of techniques/base.py (Cython's augmenting .pxd): the engine makes a
# Context for every board state (at_new_position), and every search reads its fields, so it is an
# extension type whose making and reading run in C; its fields stay the same Python values (an
# int, a bool, a dict or None) for every module. Every other class of the module stays a Python
# class. The .py file stays the one source.
import cython

# called by every cheapest search with C values (cimported by direct.pxd)
cpdef bint beyond(double points, double bound, bint first_only)

cdef class Context:
    cdef public long cd_level
    cdef public bint unique
    cdef public object shared

    cpdef Context at_new_position(self)
    cpdef memo(self, key, make)
