"""A client's request the server turns down, and how the server quotes what it was sent."""

from __future__ import annotations

from typing import Any

from gametable.core.words import Msg, render


class Refused(Exception):
    """A client's request the server turns down: ``code`` for programs, a message for
    people — a :class:`~gametable.core.words.Msg` (rendered in each reader's language) or,
    for what only programs send wrong, plain text. :attr:`message` is the English text."""

    def __init__(self, code: str, message: str | Msg) -> None:
        self.msg = message if isinstance(message, Msg) else None
        self.message = render(message)
        super().__init__(self.message)
        self.code = code

    def told(self, **how: Any) -> str:
        """The message for a reader (``how``: :func:`~gametable.core.words.render`'s
        ``locale``, ``names`` and ``viewer``)."""
        return self.message if self.msg is None else cut(render(self.msg, **how), 600)


def cut(value: object, limit: int = 300) -> str:
    """``value`` as text of at most ``limit`` characters (cut with "…"), never failing."""
    try:
        text = str(value)
    except Exception:
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"
