"""The examples in the core's and the agents' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "gametable.core.codec",
    "gametable.core.events",
    "gametable.core.words",
    "gametable.core.errors",
    "gametable.core.game",
    "gametable.core.records",
    "gametable.core.rng",
    "gametable.core.values",
    "gametable.agents.base",
    "gametable.agents.clock",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
