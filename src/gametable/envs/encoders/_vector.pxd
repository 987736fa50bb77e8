# cython: language_level=3
"""The observation vector's buffer and checked writes into it, shared by the compiled
encoders (``*_fast.pyx``): an index outside the vector raises instead of writing."""

from cpython.buffer cimport (
    PyBUF_C_CONTIGUOUS,
    PyBUF_WRITABLE,
    PyBuffer_Release,
    PyObject_GetBuffer,
)


cdef inline float* floats(object obs, Py_buffer* buf, Py_ssize_t* n) except NULL:
    """The float32 data of the new vector ``obs`` and, in ``n``, its length; ``buf`` holds
    it until ``PyBuffer_Release(buf)``."""
    PyObject_GetBuffer(obs, buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    if buf.itemsize != sizeof(float):
        PyBuffer_Release(buf)
        raise ValueError("an observation vector is float32")
    n[0] = buf.len // sizeof(float)
    return <float*>buf.buf


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
