# Types for the compiled path of techniques/unique_loops.py (Cython's augmenting .pxd): the scan of
# the six-cell shapes reads six candidate masks per shape, so the masks are a C array and the
# shape's cells and the masks C integers; the cells with extra digits, worked out for every digit
# pair, are bitboards (81 bits) in 128-bit C integers (GCC's and Clang's unsigned __int128); the
# table of the shapes is made of small numbers, so its making runs on C integers too. The .py file
# stays the one source.
import cython

cdef extern from *:
    ctypedef unsigned long long u128 "unsigned __int128"

cdef u128 _CELL_BIT[81]

@cython.locals(e=cython.ulong[81], out=list, a0=cython.Py_ssize_t, a1=cython.Py_ssize_t,
               a2=cython.Py_ssize_t, b0=cython.Py_ssize_t, b1=cython.Py_ssize_t, b2=cython.Py_ssize_t,
               filled=cython.ulong, d=cython.int, shapes=list, shape=tuple)
cpdef tuple _filling_partners(tuple off, eff)

@cython.locals(regions_of=dict, j=cython.Py_ssize_t, masks=list, e=cython.ulong[81], out=list,
               k=cython.Py_ssize_t, a0=cython.Py_ssize_t, a1=cython.Py_ssize_t, a2=cython.Py_ssize_t,
               b0=cython.Py_ssize_t, b1=cython.Py_ssize_t, b2=cython.Py_ssize_t, filled=cython.ulong)
cpdef list _matching_shapes(off, regions, pairs, eff, open_cells, touching=*)

@cython.locals(rows_by_kind=dict, grown=list, keys=list, some_rows=list, some_cols=list, rows=tuple, cols=tuple,
               i0=cython.Py_ssize_t, i1=cython.Py_ssize_t, i2=cython.Py_ssize_t, i3=cython.Py_ssize_t,
               i4=cython.Py_ssize_t, i5=cython.Py_ssize_t, j0=cython.Py_ssize_t, j1=cython.Py_ssize_t,
               j2=cython.Py_ssize_t, j3=cython.Py_ssize_t, j4=cython.Py_ssize_t, j5=cython.Py_ssize_t,
               r0=cython.Py_ssize_t, r1=cython.Py_ssize_t, r2=cython.Py_ssize_t, r3=cython.Py_ssize_t,
               r4=cython.Py_ssize_t, r5=cython.Py_ssize_t, c0=cython.Py_ssize_t, c1=cython.Py_ssize_t,
               c2=cython.Py_ssize_t, c3=cython.Py_ssize_t, c4=cython.Py_ssize_t, c5=cython.Py_ssize_t,
               key=cython.longlong, colours=tuple, row_at=cython.int[3], col_at=cython.int[3])
cpdef list _six_cell_loops()

@cython.locals(masks=list, classes=list, holding=list, by_colours=dict, k=cython.Py_ssize_t, cells=tuple,
               colours=tuple, where=tuple, i0=cython.Py_ssize_t, i1=cython.Py_ssize_t, i2=cython.Py_ssize_t,
               i3=cython.Py_ssize_t, i4=cython.Py_ssize_t, i5=cython.Py_ssize_t, c0=cython.Py_ssize_t,
               c1=cython.Py_ssize_t, c2=cython.Py_ssize_t, c3=cython.Py_ssize_t, c4=cython.Py_ssize_t,
               c5=cython.Py_ssize_t, c=cython.Py_ssize_t, byte=cython.Py_ssize_t, bit=cython.uchar, row=bytearray)
cpdef tuple _shape_table(list loops)

@cython.locals(in1=u128, in2=u128, in3=u128, in4=u128, hx=u128, hy=u128, both=u128, one_of=u128, neither=u128)
cpdef tuple _with_extras(holders, pair, counts)

@cython.locals(one=u128, several=u128, pair_cells=u128, single=u128, regions=list, d=cython.int, here=u128,
               region=u128)
cpdef list useful_regions(u128 allowed, holders, long pair, tuple extras=*)

@cython.locals(text=str, k=cython.Py_ssize_t, out=list)
cpdef list _zeros(bitboard, Py_ssize_t size)


cdef class _LoopSearch:
    cdef public list cells
    cdef public list colours
    cdef public list count
    cdef public object ex
    cdef public object ey
    cdef public object extras
    cdef public list found
    cdef public Py_ssize_t max_size
    cdef public list occupant_colour

    @cython.locals(count=list, occupant_colour=list, u=cython.Py_ssize_t)
    cpdef add(self, Py_ssize_t c, long col)

    @cython.locals(count=list, occupant_colour=list, u=cython.Py_ssize_t, c=cython.Py_ssize_t, col=cython.long)
    cpdef remove(self)

    @cython.locals(extras=list, cells=list, colours=list, fx0=cython.bint, fx1=cython.bint, fy0=cython.bint,
                   fy1=cython.bint, with_extras=cython.Py_ssize_t, common=cython.ulong, i=cython.Py_ssize_t,
                   c=cython.Py_ssize_t, extra=cython.ulong)
    cpdef bint useful(self)

    @cython.locals(cells=list, colours=list, count=list, occupant_colour=list, max_size=cython.Py_ssize_t,
                   open_count=cython.Py_ssize_t, unit=cython.Py_ssize_t, col=cython.long, i=cython.Py_ssize_t,
                   u=cython.Py_ssize_t, new_col=cython.long, n=cython.Py_ssize_t, v=cython.Py_ssize_t,
                   blocked=cython.bint)
    cpdef grow(self, above)
