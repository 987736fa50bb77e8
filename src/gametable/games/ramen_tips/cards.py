"""The cards of Ramen (the tips game) and their notation.

An ingredient card is an ``int`` from 0 to 44: ``type * 9 + (value - 1)``, one card per
(type, value) with values 1–9. In notation a card is a type letter and its value:

=========  ========  =========  ======
letter     type      gloss      colour
=========  ========  =========  ======
``C``      Chāshū    pork       red
``A``      Ajitama   egg        blue
``S``      Sūpu      soup       yellow
``N``      Nūdoru    noodles    purple
``Y``      Yasai     vegetables green
=========  ========  =========  ======

``C6`` is Chāshū 6. Full names (any case, accents optional, any unambiguous prefix of two
letters or more) are accepted too: ``chashu6``, ``Yasai 4``. Shōyu cards have no
identity: a player just holds a number of them.

The same codes are the cards' identifiers in views, decisions as data and events; a person
reads a card in words, ``Chāshū 6`` (:func:`card_msg`, a message of the game's catalog).

Card strength depends on the preference row (slot 0 is the most preferred type):
``strength = (4 - slot_of(type)) * 9 + value``, from 1 to 45, unique per card.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from gametable.core.errors import NotationError, describe_value, quote_input
from gametable.core.words import Msg

TYPES = ("Chāshū", "Ajitama", "Sūpu", "Nūdoru", "Yasai")
GLOSS = ("pork", "egg", "soup", "noodles", "vegetables")
COLOURS = ("red", "blue", "yellow", "purple", "green")
LETTERS = ("C", "A", "S", "N", "Y")
NTYPES = 5
DECK = tuple(range(45))
"""Every ingredient card, in type-then-value order."""

SHOYU = 5
"""Index used for the Shōyu Naruto (the sixth Naruto)."""
SHOYU_NAME = "Shōyu"

TIP_BY_SLOT = (7, 6, 5, 4, 3)
"""Tip tokens lie on preference slots and never move: the 7 on the leftmost slot."""

CARD_NAMES = tuple(f"{LETTERS[c // 9]}{c % 9 + 1}" for c in DECK)
"""Notation of each card, indexed by card."""
CARD_BY_NAME = {name: card for card, name in enumerate(CARD_NAMES)}
CARD_TYPE = tuple(c // 9 for c in DECK)
CARD_VALUE = tuple(c % 9 + 1 for c in DECK)

INGREDIENT_KEYS = ("chashu", "ajitama", "supu", "nudoru", "yasai")
"""Each type's key in message ids (``ramen_tips.ingredient.chashu`` …), in type order."""

INGREDIENT_MSGS = tuple(Msg(f"ramen_tips.ingredient.{key}") for key in INGREDIENT_KEYS)
"""Each type's name in words (Chāshū …)."""
GLOSS_MSGS = tuple(Msg(f"ramen_tips.gloss.{key}") for key in INGREDIENT_KEYS)
"""What each type is (pork …)."""
SHOYU_MSG = Msg("ramen_tips.shoyu")
"""The word for a Shōyu card."""
CARD_MSGS = tuple(
    Msg("ramen_tips.card", ingredient=INGREDIENT_MSGS[c // 9], value=c % 9 + 1) for c in DECK
)
"""Each card in words (Chāshū 6), indexed by card."""

_CARD_RE = re.compile(r"^\s*([^\d\s]+)\s*([1-9])\s*$")

quote = quote_input
"""Typed text quoted short for an error message (:func:`gametable.core.errors.quote_input`)."""

shown = describe_value
"""A decision's field written short and safely (:func:`gametable.core.errors.describe_value`)."""


def card_type(card: int) -> int:
    """The card's type index (0 = Chāshū … 4 = Yasai)."""
    return card // 9


def card_value(card: int) -> int:
    """The card's face value, 1–9."""
    return card % 9 + 1


def make_card(type_index: int, value: int) -> int:
    """The card of a type and a value."""
    if not (0 <= type_index < NTYPES and 1 <= value <= 9):
        raise ValueError(f"no card ({type_index}, {value})")
    return type_index * 9 + value - 1


def card_name(card: int) -> str:
    """Short notation, e.g. ``"C6"``."""
    return CARD_NAMES[card]


def long_name(card: int) -> str:
    """Full name, e.g. ``"Chāshū 6"``."""
    return f"{TYPES[card // 9]} {card % 9 + 1}"


def card_msg(card: int) -> Msg:
    """A card in words: ``Chāshū 6``."""
    return CARD_MSGS[card]


def ingredient_msg(type_index: int) -> Msg:
    """An ingredient type in words: ``Chāshū``."""
    return INGREDIENT_MSGS[type_index]


class CardNotationError(NotationError, ValueError):
    """Text that names no card or no ingredient: a :class:`NotationError` for typed moves,
    and a :class:`ValueError` for callers reading cards from other text."""


def _plain(text: str) -> str:
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(ch)
    )


_PLAIN_TYPES = tuple(_plain(t) for t in TYPES)


def parse_type(word: str) -> int:
    """A type index from a letter or a name (``"S"``, ``"supu"``, ``"Sūpu"``)."""
    w = _plain(word.strip())
    if len(w) == 1:
        for i, letter in enumerate(LETTERS):
            if letter.lower() == w:
                return i
        raise CardNotationError(
            Msg("ramen_tips.notation.no_letter", text=quote(word), letters=list(LETTERS))
        )
    if w in ("cashu", "chasu"):
        return 0
    matches = [i for i, name in enumerate(_PLAIN_TYPES) if name.startswith(w)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise CardNotationError(
            Msg("ramen_tips.notation.no_ingredient", text=quote(word), names=list(INGREDIENT_MSGS))
        )
    raise CardNotationError(
        Msg(
            "ramen_tips.notation.ambiguous_ingredient",
            text=quote(word),
            names=[INGREDIENT_MSGS[i] for i in matches],
        )
    )


def parse_card(text: str) -> int:
    """A card from notation (``"C6"``, ``"chashu 6"``); raises :class:`CardNotationError` (a
    :class:`ValueError`) saying why."""
    card = CARD_BY_NAME.get(text.strip().upper())
    if card is not None:
        return card
    match = _CARD_RE.match(text)
    if not match:
        raise CardNotationError(
            Msg("ramen_tips.notation.not_a_card", text=quote(text.strip()), letters=list(LETTERS))
        )
    return make_card(parse_type(match.group(1)), int(match.group(2)))


def strength(card: int, slot_of: Sequence[int]) -> int:
    """The card's strength under a preference row given as ``slot_of[type]`` (1–45).

    >>> order = [0, 3, 4, 2, 1]  # [C, N, Y, S, A] as slots of C, A, S, N, Y
    >>> strength(parse_card("C2"), order), strength(parse_card("Y1"), order)
    (38, 19)
    """
    return (4 - slot_of[card // 9]) * 9 + card % 9 + 1


def shoyu_capacity(ingredients: int) -> int:
    """Shōyu cards a bowl of ``ingredients`` may hold: one per two ingredients (floor)."""
    return ingredients // 2


__all__ = [
    "CARD_BY_NAME",
    "CARD_MSGS",
    "CARD_NAMES",
    "CARD_TYPE",
    "CARD_VALUE",
    "COLOURS",
    "DECK",
    "GLOSS",
    "GLOSS_MSGS",
    "INGREDIENT_KEYS",
    "INGREDIENT_MSGS",
    "LETTERS",
    "NTYPES",
    "SHOYU",
    "SHOYU_MSG",
    "SHOYU_NAME",
    "TIP_BY_SLOT",
    "TYPES",
    "CardNotationError",
    "card_msg",
    "card_name",
    "card_type",
    "card_value",
    "ingredient_msg",
    "long_name",
    "make_card",
    "parse_card",
    "parse_type",
    "quote",
    "shown",
    "shoyu_capacity",
    "strength",
]
