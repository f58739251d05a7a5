# Types for the compiled path of techniques/direct.py (Cython's augmenting .pxd): candidate masks
# are 9-bit and cells, digits, counts and ranks small, so the loops of least_singles run on C
# integers and read the board's C array of masks; the .py file stays the one source.
import cython

cdef long _NONE
cdef int _LOW_DIGIT[512]

from techniques.board cimport Board

@cython.locals(k=cython.long, c=cython.Py_ssize_t, d=cython.long, ones=cython.ulong, twos=cython.ulong,
               m=cython.ulong, b=cython.ulong, singles=cython.ulong, missing=cython.long, r=cython.long, best=cython.long,
               cells=bytes, found=list, p=cython.long, first=cython.long, low_digit=cython.p_int)
cpdef list least_singles(Board board, tuple unit_cells, bytes rank, bint first_only)

from techniques.step cimport Step, deferred_step

# a step holds the packed single itself (the list's object) and a shared placement tuple
cdef tuple _PLACED

@cython.locals(single=cython.long, steps=list)
cpdef list single_steps(list least, code, points, highlight, geo, tuple units)

from techniques.base cimport beyond

# one C call from HiddenSingle.cheapest: the search's parts unpacked from one tuple, the bound a C double
@cython.locals(units=tuple, unit_cells=tuple, rank=bytes, by_missing=tuple, compared=tuple, least=list, first=cython.long, missing=cython.long)
cpdef list cheapest_singles(Board board, tuple search, bint first_only, double bound)

@cython.locals(cell=cython.Py_ssize_t, m=cython.ulong, digit=cython.long, found=list)
cpdef list naked_singles(Board board)

# the engine's call of every round reads the search's rules and tables as C fields, where the
# technique, a Python class, would look its attributes up through its class first
cdef class SinglesSearch:
    cdef object technique
    cdef tuple last

    @cython.locals(steps=list)
    cpdef list cheapest(self, Board board, ctx, bint first_only, double bound=*)
