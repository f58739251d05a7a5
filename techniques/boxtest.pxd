# Types for the compiled path of techniques/boxtest.py (Cython's augmenting .pxd): a digit's places
# and a unit's cells (``UNIT_MASK``) are 81-bit bitboards, held in 128-bit C integers (GCC's and
# Clang's unsigned __int128), so the tests of a digit run on C integers; only the tests found become Python
# integers again. No value the tests keep is negative: a complement (``~``) only ever masks another
# bitboard. The steps are made with the C-level constructor of deferred steps (``step.pxd``). The
# .py file stays the one source.
import cython

from techniques.step cimport Step, deferred_step

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef u128 UNIT_MASK[27]
cdef int _CELL_OF_BIT_MOD_83[83]
cdef int _ROW_OF[81]
cdef int _COL_OF[81]
cdef int _BOX_OF[81]

@cython.locals(found=list, unit=cython.Py_ssize_t, target=cython.Py_ssize_t, cell=cython.Py_ssize_t,
               mask=u128, here=u128, elim=u128)
cpdef tuple _crossing_tests(u128 pos, Py_ssize_t first, Py_ssize_t stop)

@cython.locals(found=list, digit=cython.int)
cpdef list _by_unit(list positions, tests, unsigned int digits)
