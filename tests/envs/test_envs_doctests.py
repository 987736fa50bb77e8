"""The examples in the environments' docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

MODULES = [
    "gametable.envs.pettingzoo",
    "gametable.envs.gymnasium",
    "gametable.envs.openspiel",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
