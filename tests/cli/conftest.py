"""The terminal's tests read English unless they ask for a language: the locale of the
machine running them (``LANG=fr_FR.UTF-8`` on a French desktop) must not change what the
``gametable`` command says."""

from __future__ import annotations

import pytest

from gametable.cli.lang import ENVIRONMENT


@pytest.fixture(autouse=True)
def english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)
