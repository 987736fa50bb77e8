"""Pieces of sentences that the rules' refusals and the description layer share.

Below :mod:`.state` (whose refusals name cards and bowls) and :mod:`.words` (which tells
decisions and events): every phrase is a :class:`~gametable.core.words.Msg` whose English
lives in ``locale/messages.pot``.

A bowl is named for the person reading: "your bowl 2" for the reader's own bowl, "their
bowl 2" for a bowl of the player the sentence is about (when that is someone else), and
"Ana's bowl 2" otherwise. Bowls are numbered 1–3 in words (0–2 in data).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from gametable.core.words import Msg, Seat
from gametable.games.ramen_fury.cards import CODES


def card(kind: int) -> Msg:
    """A card's name ("Chashu", "Chili Peppers")."""
    return Msg(f"ramen_fury.card.{CODES[kind]}")


def card_code(code: str) -> Msg:
    """A card's name from its id in the views ("Ch")."""
    return Msg(f"ramen_fury.card.{code}")


def cards(codes: Iterable[str | None]) -> list[Msg]:
    """Cards' names from their ids, in order, skipping ``None`` (an empty Pantry slot)."""
    return [Msg(f"ramen_fury.card.{c}") for c in codes if c is not None]


def bowl(owner: int, index: int, reader: int | None, about: int | None = None) -> Msg:
    """Bowl ``index`` (0–2) of seat ``owner``, named for ``reader``; ``about`` is the
    player the sentence is about (their own bowls are "their bowl")."""
    if owner == reader:
        return Msg("ramen_fury.bowl.yours", bowl=index + 1)
    if owner == about:
        return Msg("ramen_fury.bowl.theirs", bowl=index + 1)
    return Msg("ramen_fury.bowl.of", owner=Seat(owner), bowl=index + 1)


def scored(value: int | Fraction) -> dict[str, int | Fraction]:
    """The parameters of a message that shows a score which may be below zero: ``score``
    (shown) and ``count`` (its size, which chooses the plural form: "−2 points" is plural
    in every language, though French's rule counts only 2 and more as plural)."""
    size: int | Fraction = -value if value < 0 else value
    return {"score": value, "count": size}


def points(value: int) -> Msg:
    """The points phrase: "5 points", "1 point", "−2 points"."""
    return Msg("ramen_fury.points", **scored(value))
