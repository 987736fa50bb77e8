"""Exceptions shared by every game and front end."""

from __future__ import annotations


class GameError(Exception):
    """Base class of every error gametable raises on purpose."""


class IllegalAction(GameError):
    """An action that the rules do not allow now.

    Raised by :meth:`gametable.core.State.apply`; the state is left exactly as it was.
    The message says what was wrong and, where it helps, what would have been legal.
    """


class SeatError(IllegalAction):
    """A seat that is not a seat of the game: out of ``0..players-1``, negative, a bool.

    Raised by :meth:`~gametable.core.State.view`, :meth:`~gametable.core.State.legal_actions`
    and :meth:`~gametable.core.State.apply` (where it is an :class:`IllegalAction` like any
    other refused decision). Negative seats never wrap around to the last seats.
    """


class NotationError(GameError):
    """Text that does not parse as an action of the game (or names no legal action)."""


class OptionError(GameError):
    """An unknown game option, a value of the wrong type, or an unsupported player count."""


class RecordError(GameError):
    """A game record that is malformed or does not replay.

    ``step`` is the index of the offending decision (0-based) when the problem is a
    decision, or ``None`` when the record as a whole is wrong. The message is always one
    short line (at most :data:`MAX_MESSAGE` characters): whatever a damaged file holds,
    quoting it never floods the terminal.
    """

    def __init__(self, message: str, step: int | None = None) -> None:
        self.step = step
        self.reason = clip(message, MAX_MESSAGE)
        super().__init__(self.reason if step is None else f"step {step}: {self.reason}")


MAX_MESSAGE = 300
"""The longest error message a record error carries (longer ones are cut with "…")."""


def clip(text: str, limit: int = 60) -> str:
    """``text`` on one line and at most ``limit`` characters (cut with "…").

    For error messages that quote what a person or a file gave: the quote must stay
    short whatever was given.

    >>> clip("a very long\\nline", 10)
    'a very lo…'
    """
    line = " ".join(text[: limit * 4].split()) if len(text) > limit else " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` clipped to ``limit`` characters, never slow whatever the value.

    Huge integers (thousands of digits) are described by their length instead of being
    converted to text, which Python refuses beyond 4300 digits and does slowly below.
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        digits = int((value.bit_length() - 1) * 0.3010299956639812) + 1
        if abs(value) >= 10**digits:
            digits += 1
        return f"<an integer of {digits} digits>"
    if isinstance(value, str | bytes) and len(value) > limit:
        value = value[: limit + 1]
    if isinstance(value, list | tuple | dict) and len(value) > limit:
        return f"<a {type(value).__name__} of {len(value)} items>"
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        return f"<a deeply nested {type(value).__name__}>"
    return clip(text, limit)
