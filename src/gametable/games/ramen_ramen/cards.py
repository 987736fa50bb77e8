"""The 56 ingredient cards of Ramen! Ramen! and their notation.

A card is an ``int`` from 0 to 55: ``ingredient * 8 + value``. There is exactly one card
of each (ingredient, value) with values 0–7. In notation a card is an ingredient letter
and its value, e.g. ``N4`` for Nori 4 and ``G6`` for Negi 6:

=========  ======  =================
letter     name    in English
=========  ======  =================
``A``      Ajitama egg
``C``      Chashu  pork
``K``      Kamaboko fish cake
``M``      Menma   bamboo
``G``      Negi    green onion
``N``      Nori    seaweed
``S``      Shiitake mushroom
=========  ======  =================

Full names (any case, any unambiguous prefix of two letters or more) are accepted too:
``nori4``, ``Negi 6``, ``shii0``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gametable.core.errors import describe_value, quote_input
from gametable.core.words import Msg

INGREDIENTS = ("Ajitama", "Chashu", "Kamaboko", "Menma", "Negi", "Nori", "Shiitake")
LETTERS = ("A", "C", "K", "M", "G", "N", "S")
INGREDIENT_IDS = tuple(name.lower() for name in INGREDIENTS)
"""Each ingredient's id in views, components and messages (``"nori"``)."""
VALUES = 8
"""Values 0 to 7: one card of each value per ingredient."""
DECK = tuple(range(56))
"""Every card, in ingredient-then-value order."""

ALL_INGREDIENTS_MASK = (1 << len(INGREDIENTS)) - 1

CARD_NAMES = tuple(f"{LETTERS[c >> 3]}{c & 7}" for c in DECK)
"""Notation of each card, indexed by card."""
CARD_BY_NAME = {name: card for card, name in enumerate(CARD_NAMES)}

_CARD_RE = re.compile(r"^\s*([a-z]+)\s*([0-9]+)\s*$", re.IGNORECASE)

quote = quote_input
"""Typed text quoted short for an error message (:func:`gametable.core.errors.quote_input`)."""

shown = describe_value
"""A decision's field written short and safely (:func:`gametable.core.errors.describe_value`)."""


def make_card(ingredient_index: int, card_value: int) -> int:
    """The card of an ingredient and a value."""
    if not (0 <= ingredient_index < 7 and 0 <= card_value < 8):
        raise ValueError(f"no card ({ingredient_index}, {card_value})")
    return ingredient_index * 8 + card_value


def card_name(card: int) -> str:
    """Short notation, e.g. ``"N4"``."""
    return CARD_NAMES[card]


def long_name(card: int) -> str:
    """Full name, e.g. ``"Nori 4"`` (English; people read :func:`card_msg`)."""
    return f"{INGREDIENTS[card >> 3]} {card & 7}"


def ingredient_msg(index: int) -> Msg:
    """An ingredient's name in words (``Nori``)."""
    return Msg(f"ramen_ramen.ingredient.{INGREDIENT_IDS[index]}")


def card_msg(card: int) -> Msg:
    """A card in words: its ingredient and its value (``Nori 4``)."""
    return Msg("ramen_ramen.card", ingredient=ingredient_msg(card >> 3), value=card & 7)


class CardError(ValueError):
    """Text that is not a card, with the reason in words (:attr:`msg`)."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(str(msg))

    def __str__(self) -> str:
        return str(self.msg)


def _ingredient_from_word(word: str) -> int:
    w = word.lower()
    if len(w) == 1:
        for i, letter in enumerate(LETTERS):
            if letter.lower() == w:
                return i
        raise CardError(
            Msg("ramen_ramen.typed.no_letter", text=quote(word), letters=" ".join(LETTERS))
        )
    matches = [i for i, name in enumerate(INGREDIENTS) if name.lower().startswith(w)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        everything = [ingredient_msg(i) for i in range(len(INGREDIENTS))]
        raise CardError(
            Msg("ramen_ramen.typed.no_ingredient", text=quote(word), ingredients=everything)
        )
    raise CardError(
        Msg(
            "ramen_ramen.typed.ambiguous",
            text=quote(word),
            choices=[ingredient_msg(i) for i in matches],
        )
    )


def parse_card(text: str) -> int:
    """A card from notation (``"N4"``, ``"nori 4"``); raises :class:`CardError` (a
    :class:`ValueError`) saying why in words.

    The message quotes at most :data:`~gametable.core.errors.INPUT_QUOTE_LIMIT` characters
    of ``text``.
    """
    card = CARD_BY_NAME.get(text.strip().upper())
    if card is not None:
        return card
    match = _CARD_RE.match(text)
    if not match:
        raise CardError(Msg("ramen_ramen.typed.not_a_card", text=quote(text)))
    index = _ingredient_from_word(match.group(1))
    digits = match.group(2).lstrip("0") or "0"
    if len(digits) > 1 or int(digits) > 7:
        raise CardError(Msg("ramen_ramen.typed.value", text=quote(text.strip())))
    return make_card(index, int(digits))


def types_mask(cards: Iterable[int]) -> int:
    """Bit mask of the ingredients present."""
    mask = 0
    for c in cards:
        mask |= 1 << (c >> 3)
    return mask


POINTS_BY_TYPES = (0, 0, 1, 2, 3, 5, 7, 10)
"""Points of a served bowl by its number of distinct ingredients (index 1–7)."""

POPCOUNT = tuple(bin(m).count("1") for m in range(1 << 7))


def bowl_points(cards: Iterable[int]) -> int:
    """Points of a served bowl: only the number of distinct ingredients counts.

    >>> bowl_points([parse_card(c) for c in ("N1", "N4", "C3", "S0", "G6")])
    3
    """
    return POINTS_BY_TYPES[POPCOUNT[types_mask(cards)]]
