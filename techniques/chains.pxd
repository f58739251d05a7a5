# Types for the compiled path of techniques/chains.py (Cython's augmenting .pxd): node numbers,
# cells, depths and counts are small, so the loops over them run on C integers; the node sets
# (1458-bit) stay Python integers, and no C integer is ever shifted into one (tables such as
# _UNIT_BALLS and CELL_BIT give the single bits).  _Search is an extension type here, so its
# methods call each other directly.  The .py file stays the one source.
import cython

@cython.locals(n=cython.Py_ssize_t, nodes=list)
cpdef list _nodes_of(object x)

@cython.locals(c=cython.Py_ssize_t, base=cython.Py_ssize_t, mask=cython.Py_ssize_t, d=cython.Py_ssize_t,
               e=cython.Py_ssize_t, k=cython.Py_ssize_t, n=cython.Py_ssize_t, digits=tuple, cands=list,
               links=list, is_nodes=list, succ=list, pred=list, into_lists=list, cell_sources=list,
               cell_starts=list, target=list, watched=list, first=list, sources=list, starts=list)
cpdef _read_cells(object graph, list cells, list land, list known_pred, list known_lists)

@cython.locals(x=cython.Py_ssize_t, a=cython.Py_ssize_t, grown=list, sources=list)
cpdef list grow(list balls, list changed, list into)

@cython.locals(p=cython.Py_ssize_t, cell=cython.Py_ssize_t)
cpdef object _walk(Py_ssize_t node, Py_ssize_t k, object used, Py_ssize_t start, list pred, list layers,
                   list tries)

@cython.locals(n=cython.Py_ssize_t)
cpdef bint _negated(nodes)

cdef class _Search:
    cdef public object params
    cdef public dict offsets
    cdef public object graph
    cdef public dict found
    cdef public list history
    cdef public Py_ssize_t alt_cands
    cdef public bint second_pass
    cdef public list alt_done

    @cython.locals(c=cython.Py_ssize_t, n=cython.Py_ssize_t, depth=cython.Py_ssize_t,
                   first=cython.Py_ssize_t, second=cython.Py_ssize_t, budget=cython.Py_ssize_t,
                   expansions=cython.Py_ssize_t, frontiers=cython.Py_ssize_t, counting=cython.bint,
                   recording=cython.bint, loops=cython.bint, starts=list, alive=list, alt_of=list,
                   target=list, unreached=list, pred=list, into=list, history=list, balls=list,
                   previous=list, alt_live=list, returning=set, closing=set)
    cpdef list run(self)

    @cython.locals(k=cython.Py_ssize_t, history=list, layers=list)
    cpdef list _layers(self, Py_ssize_t start, Py_ssize_t depth)

    @cython.locals(k=cython.Py_ssize_t, history=list)
    cpdef Py_ssize_t _depth_of(self, Py_ssize_t start, Py_ssize_t node)

    cpdef object _points_floor(self, object f)

    @cython.locals(k=cython.Py_ssize_t, pred=list, layers=list, path=list)
    cpdef list _path(self, Py_ssize_t start, Py_ssize_t end, Py_ssize_t depth)

    cpdef tuple _key(self, str kind, tuple placements, tuple eliminations)

    cpdef _add(self, object f)

    cpdef bint _beaten(self, str kind, tuple placements, tuple eliminations, object least_points, tuple start)

    cpdef tuple _rank(self, object f)

    cpdef _contradiction(self, Py_ssize_t start, Py_ssize_t depth, Py_ssize_t end)

    @cython.locals(pred=list, layers=list)
    cpdef _loop(self, Py_ssize_t start, Py_ssize_t depth)

    cpdef object _loop_eliminations(self, list path)

    @cython.locals(x=cython.Py_ssize_t, base=cython.Py_ssize_t)
    cpdef _reducing(self, Py_ssize_t start, Py_ssize_t depth, object new_pos, object seen, object several)

    @cython.locals(c=cython.Py_ssize_t, balls=list, alt_done=list)
    cpdef _alternatives(self, list alt_cells, Py_ssize_t depth)
