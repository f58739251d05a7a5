# Types for the compiled path of rater/run/engine.py (Cython's augmenting .pxd): the loop of every
# round's placement search compares the floors and the points found as C doubles and reads a step's
# points as a C field, with one Python call per technique searched; applying a step calls the
# board's apply_step as a C method. The Engine class stays a Python
# class (tests and studies subclass it); the .py file stays the one source.
import cython

from techniques.board cimport Board
from techniques.step cimport Step

cdef bint apply_counted(Board board, Step step, solution, bint synchronous) except -1

@cython.locals(best=cython.double, floor=cython.double, rest=cython.double, first=Step,
               points=cython.double)
cpdef list cheapest_placements(list floors, board, ctx, bint first_only)

@cython.locals(cells=tuple, c=cython.Py_ssize_t, digit=cython.Py_ssize_t, bit=cython.Py_ssize_t, seen=cython.Py_ssize_t)
cpdef bint _is_solution(values, rules) except -1

@cython.locals(step=Step)
cpdef bint _any_code(list steps, frozenset codes) except -1
