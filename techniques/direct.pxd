# Types for the compiled path of techniques/direct.py (Cython's augmenting .pxd): the candidate
# masks are 9-bit, so the fold of single_digits runs on C integers; the .py file stays the source.
import cython

@cython.locals(ones=cython.ulong, twos=cython.ulong, m=cython.ulong, c=cython.Py_ssize_t)
cpdef unsigned long single_digits(cands, cells) except? 0
