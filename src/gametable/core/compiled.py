"""Compiled fast paths: finding one, and the switch that turns them all off.

Some hot code has a compiled twin, built by Cython from a ``*_fast.pyx`` when the package is
installed with a C compiler (the research environments' observation encoders, the solo
planner's rollouts). Each is optional: without it, or with :data:`PURE_PYTHON_VARIABLE`
set, the Python code runs instead, and the tests hold the two equal.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

PURE_PYTHON_VARIABLE = "GAMETABLE_PURE_PYTHON"
"""Set this environment variable (to anything but ``""`` or ``0``) to use no compiled code."""


def compiled_module(name: str) -> ModuleType | None:
    """The compiled module ``name`` (its full dotted name), or ``None`` when it was not
    built or :data:`PURE_PYTHON_VARIABLE` is set."""
    if os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0"):
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


__all__ = ["PURE_PYTHON_VARIABLE", "compiled_module"]
