# Types for the compiled path of techniques/wings.py (Cython's augmenting .pxd): the cells and the
# 9-bit digit masks of the WXYZ-wing search are small, so they are C integers; the cell sets stay
# Python integers (81-bit bitboards).  The .py file stays the one source.
import cython

@cython.locals(found=list, bit_count=tuple, top_digit=tuple, bits=tuple, peers=tuple, inside=dict,
               v=cython.int, w=cython.int, x=cython.int, y=cython.int, cv=cython.int, cw=cython.int,
               cx=cython.int, cy=cython.int, u2=cython.int, u3=cython.int, u4=cython.int,
               n2=cython.int, n3=cython.int, loose=cython.int, z=cython.int, broken=cython.int,
               unseen=cython.int)
cpdef list _wings(list cands, list positions, pool, changed=*)
