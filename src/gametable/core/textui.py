"""What a game provides so that text front ends can show it without knowing the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.console import RenderableType

from gametable.core.values import Action, Result, View


class TextUI(Protocol):
    """Terminal rendering and help for one game (see each game's ``ui`` module)."""

    def render_view(self, view: View) -> RenderableType:
        """The table as ``view``'s seat sees it: hands, public cards, what just happened."""
        ...

    def render_result(self, result: Result) -> RenderableType:
        """The final score table with its breakdown, the winner and the deciding tie-break."""
        ...

    def notation_help(self) -> str:
        """How to type a decision, with examples (shown by the ``help`` command)."""
        ...

    def describe_legal(self, view: View, legal: Sequence[Action]) -> RenderableType:
        """The legal decisions, listed compactly for a person."""
        ...
