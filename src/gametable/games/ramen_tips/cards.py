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

Card strength depends on the preference row (slot 0 is the most preferred type):
``strength = (4 - slot_of(type)) * 9 + value``, from 1 to 45, unique per card.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from gametable.core.errors import describe_value, quote_input

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
        raise ValueError(f"no ingredient letter {quote(word)} (letters: {' '.join(LETTERS)})")
    if w in ("cashu", "chasu"):
        return 0
    matches = [i for i, name in enumerate(_PLAIN_TYPES) if name.startswith(w)]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise ValueError(f"no ingredient called {quote(word)} (ingredients: {', '.join(TYPES)})")
    raise ValueError(f"{quote(word)} could be {' or '.join(TYPES[i] for i in matches)}")


def parse_card(text: str) -> int:
    """A card from notation (``"C6"``, ``"chashu 6"``); raises :class:`ValueError` saying why."""
    card = CARD_BY_NAME.get(text.strip().upper())
    if card is not None:
        return card
    match = _CARD_RE.match(text)
    if not match:
        raise ValueError(
            f"{quote(text.strip())} is not a card: write a type letter (C A S N Y) and a value "
            "1–9, e.g. C6"
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
    "CARD_NAMES",
    "CARD_TYPE",
    "CARD_VALUE",
    "COLOURS",
    "DECK",
    "GLOSS",
    "LETTERS",
    "NTYPES",
    "SHOYU",
    "SHOYU_NAME",
    "TIP_BY_SLOT",
    "TYPES",
    "card_name",
    "card_type",
    "card_value",
    "long_name",
    "make_card",
    "parse_card",
    "parse_type",
    "quote",
    "shown",
    "shoyu_capacity",
    "strength",
]
