"""Exceptions shared by every game and front end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gametable.core.words import Msg


class GameError(Exception):
    """Base class of every error gametable raises on purpose.

    The message is a :class:`~gametable.core.words.Msg` wherever a person may read it (a
    refused move, a mistyped one): front ends render :attr:`msg` in the reader's language,
    and ``str()`` gives the English sentence. A plain string is accepted for errors meant
    for programmers and logs.
    """

    def __init__(self, message: str | Msg = "", *args: Any) -> None:
        from gametable.core.words import Msg

        self.msg: Msg | None = message if isinstance(message, Msg) else None
        super().__init__(message, *args)

    def __str__(self) -> str:
        if self.msg is not None:
            from gametable.core.words import render

            return render(self.msg)
        return super().__str__()


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


INPUT_QUOTE_LIMIT = 40
"""At most this many characters of what a player typed are quoted back in a game's error."""


def quote_input(value: object, limit: int = INPUT_QUOTE_LIMIT) -> str:
    """What a player sent, written short and safely for a game's error message.

    Text is quoted and cut to ``limit`` characters with "…" (with ``str``'s own repr, even
    for a subclass that overrides it); any other value is described by
    :func:`describe_value`. Games quote typed notation and decision fields with these two,
    so that a message never formats a value whose ``repr`` could be huge or could fail.

    >>> quote_input("C6"), quote_input("9" * 100, 8), quote_input(1.5)
    ("'C6'", "'9999999…'", '1.5')
    """
    if isinstance(value, str):
        cut = value if len(value) <= limit else value[: limit - 1] + "…"
        return str.__repr__(cut)
    return describe_value(value, limit)


def describe_value(value: object, limit: int = INPUT_QUOTE_LIMIT) -> str:
    """Any value offered in a decision, written short: text quoted and cut, numbers as
    themselves unless huge, anything else named by its kind, never by its ``repr``.

    >>> describe_value(1.0), describe_value(10**400), describe_value([1, 2]), describe_value(None)
    ('1.0', 'a huge number', 'a list', 'None')
    """
    if isinstance(value, str):
        return quote_input(value, limit)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        small = -(10**limit) < value < 10**limit
        return int.__repr__(value) if small else "a huge number"
    if isinstance(value, float):
        return float.__repr__(value)
    kind = type(value).__name__
    return f"an {kind}" if kind[:1].lower() in "aeiou" else f"a {kind}"
