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
    decision, or ``None`` when the record as a whole is wrong.
    """

    def __init__(self, message: str, step: int | None = None) -> None:
        self.step = step
        self.reason = message
        super().__init__(message if step is None else f"step {step}: {message}")
