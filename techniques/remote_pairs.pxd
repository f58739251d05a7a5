# Types for the compiled path of techniques/remote_pairs.py (Cython's augmenting .pxd): the table of
# chutes tests all 6,561 pairs of cells when the module loads, so its rows, columns and boxes are C
# integers (only a pair in one chute makes Python objects). The .py file stays the one source.
import cython

cdef int _ROW_OF[81]
cdef int _COL_OF[81]
cdef int _BOX_OF[81]

@cython.locals(bx=cython.int, by=cython.int, rx=cython.int, ry=cython.int, cx=cython.int, cy=cython.int,
               third_box=cython.int, third_line=cython.int)
cpdef tuple _chute(int x, int y)
