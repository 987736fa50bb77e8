# cython: language_level=3
"""Checked writes into an observation vector, shared by the compiled encoders
(``*_fast.pyx``): an index outside the vector raises instead of writing."""


cdef inline int put(float* v, Py_ssize_t n, Py_ssize_t i, float x) except -1:
    """``v[i] = x`` for ``v`` of ``n`` floats, checked."""
    if i < 0 or i >= n:
        raise IndexError(f"observation index {i} outside 0..{n - 1}")
    v[i] = x
    return 0


cdef inline int add(float* v, Py_ssize_t n, Py_ssize_t i, float x) except -1:
    """``v[i] += x``, checked."""
    if i < 0 or i >= n:
        raise IndexError(f"observation index {i} outside 0..{n - 1}")
    v[i] += x
    return 0
