"""The 89 ingredient cards of Ramen Fury, their notation, and bowl scoring.

Cards of the same name are identical, so a card is just its *kind*, an ``int`` from 0 to 13.
In notation a card is a two-letter code (any case) or any unambiguous prefix of its name
(three letters or more): ``Ch`` or ``chashu``, ``Cl`` or ``chili``.

====  =================  ========  ======
code  name               category  copies
====  =================  ========  ======
Bf    Beef Flavor        flavor    6
Ck    Chicken Flavor     flavor    6
Sh    Shrimp Flavor      flavor    6
Sy    Soy Sauce Flavor   flavor    6
Fy    Fury Flavor        flavor    3
Ch    Chashu             protein   6
Eg    Eggs               protein   6
Na    Naruto             protein   6
Co    Corn               vegetable 6
Mu    Mushrooms          vegetable 6
Sc    Scallions          vegetable 6
To    Tofu               both      6
No    Nori Garnish       special   8
Cl    Chili Peppers      special   12
====  =================  ========  ======
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from gametable.core.errors import quote_input

BEEF, CHICKEN, SHRIMP, SOY, FURY = 0, 1, 2, 3, 4
CHASHU, EGGS, NARUTO = 5, 6, 7
CORN, MUSHROOMS, SCALLIONS = 8, 9, 10
TOFU = 11
NORI, CHILI = 12, 13
KINDS = 14

CODES = ("Bf", "Ck", "Sh", "Sy", "Fy", "Ch", "Eg", "Na", "Co", "Mu", "Sc", "To", "No", "Cl")
"""Notation of each kind, indexed by kind."""
NAMES = (
    "Beef Flavor",
    "Chicken Flavor",
    "Shrimp Flavor",
    "Soy Sauce Flavor",
    "Fury Flavor",
    "Chashu",
    "Eggs",
    "Naruto",
    "Corn",
    "Mushrooms",
    "Scallions",
    "Tofu",
    "Nori Garnish",
    "Chili Peppers",
)
COPIES = (6, 6, 6, 6, 3, 6, 6, 6, 6, 6, 6, 6, 8, 12)
"""Copies of each kind in the standard 89-card deck."""
BASIC_COPIES = (6, 6, 6, 6, 0, 6, 6, 6, 6, 6, 6, 6, 0, 0)
"""The 66-card "basic" deck (no Fury, Nori or Chili), an optional variant."""

FLAVORS = (BEEF, CHICKEN, SHRIMP, SOY, FURY)
REGULARS = (CHASHU, EGGS, NARUTO, CORN, MUSHROOMS, SCALLIONS, TOFU)
PROTEINS = (CHASHU, EGGS, NARUTO, TOFU)
VEGETABLES = (CORN, MUSHROOMS, SCALLIONS, TOFU)
SPECIALS = (NORI, CHILI)

IS_FLAVOR = tuple(k in FLAVORS for k in range(KINDS))
IS_SPECIAL = tuple(k in SPECIALS for k in range(KINDS))

BOWL_CAP = 5
"""At most five cards in a bowl, Flavor included."""
EAT_MIN_CARDS = 2
"""A bowl can be eaten with its one Flavor and at least one other card: two cards."""
TYPES_TABLE = (0, 2, 5, 9, 14)
"""Soy Sauce and Beef: points by the number of distinct vegetable / protein types."""
SHRIMP_PAIR_POINTS = 4
"""Shrimp: points per protein + vegetable pair."""
CHICKEN_PAIR_POINTS = 6
"""Chicken: points for two identical regular ingredients (two pairs still score this)."""
CHICKEN_THREE_POINTS = 10
"""Chicken: points for three or more identical regular ingredients."""
NORI_POINTS = 1
"""What each Nori Garnish adds to a bowl (a Fury bowl too, unless ``nori_in_fury`` is off)."""
CHILI_POINTS = -1
"""What each Chili Peppers adds to a bowl without the Fury Flavor."""
FURY_CHILI_POINTS = 2
"""What each Chili Peppers adds to a Fury Flavor bowl (instead of :data:`CHILI_POINTS`)."""

INGREDIENTS = (
    "beef",
    "chicken",
    "shrimp",
    "soy_sauce",
    "fury",
    "chashu",
    "eggs",
    "naruto",
    "corn",
    "mushrooms",
    "scallions",
    "tofu",
    "nori",
    "chili",
)
"""What each kind is, as an identifier (front ends key their pictures by it)."""


def category(kind: int) -> str:
    """``"flavor"``, ``"protein"``, ``"vegetable"``, ``"tofu"`` (both) or ``"special"``."""
    if kind in FLAVORS:
        return "flavor"
    if kind == TOFU:
        return "tofu"
    if kind in PROTEINS:
        return "protein"
    if kind in VEGETABLES:
        return "vegetable"
    return "special"


_BY_CODE = {code.lower(): kind for kind, code in enumerate(CODES)}


quote = quote_input
"""What a player sent, quoted short and safely (:func:`gametable.core.errors.quote_input`)."""


def code(kind: int) -> str:
    """Short notation, e.g. ``"Ch"``."""
    return CODES[kind]


def match_card(text: str) -> list[int]:
    """The kinds ``text`` may name: the one its code names (any case), else every kind
    whose name starts with it (three letters or more); empty when none.

    >>> match_card("Cl") == [CHILI], match_card("chi") == [CHICKEN, CHILI], match_card("x")
    (True, True, [])
    """
    word = text.strip().lower()
    kind = _BY_CODE.get(word)
    if kind is not None:
        return [kind]
    if len(word) >= 3:
        return [k for k, name in enumerate(NAMES) if name.lower().startswith(word)]
    return []


def parse_card(text: str) -> int:
    """A card kind from its code (``"ch"``) or a name prefix (``"chashu"``, ``"soy"``).

    Raises :class:`ValueError` saying what was wrong.

    >>> parse_card("cl") == CHILI and parse_card("Mushroom") == MUSHROOMS
    True
    """
    if not isinstance(text, str):
        raise ValueError(f"{quote(text)} is not a card: a card is written as text, e.g. 'Ch'")
    matches = match_card(text)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        names = " or ".join(NAMES[k] for k in matches)
        raise ValueError(f"{quote(text)} could be {names}: type more letters")
    raise ValueError(
        f"{quote(text)} is not a card: use a code ({' '.join(CODES)}) or a name such as 'chashu'"
    )


def setup_card(name: Any) -> int:
    """A card of a setup's deck list, in strict notation (``"Ch"``)."""
    if isinstance(name, str) and name in CODES:
        return CODES.index(name)
    raise ValueError(f"{quote(name)} is not a card code ({' '.join(CODES)})")


def flavor_of(cards: Iterable[int]) -> int | None:
    """The bowl's Flavor card, or ``None``."""
    for c in cards:
        if c <= FURY:
            return c
    return None


def shrimp_pairs(proteins: int, vegetables: int, tofu: int) -> int:
    """Protein+vegetable pairs when each Tofu may count on one side only (its best side).

    >>> shrimp_pairs(0, 0, 2), shrimp_pairs(1, 0, 1), shrimp_pairs(2, 1, 0), shrimp_pairs(1, 1, 2)
    (1, 1, 1, 2)
    """
    return min(proteins + tofu, vegetables + tofu, (proteins + vegetables + tofu) // 2)


def bowl_breakdown(cards: Sequence[int], nori_in_fury: bool = True) -> dict[str, Any]:
    """The score of a bowl (as if eaten) with its parts: flavor base, Nori and Chili.

    ``base`` is what the Flavor card scores and ``basis`` what it counted (``count`` of
    them): ``"vegetable_kinds"`` (Soy Sauce), ``"protein_kinds"`` (Beef), ``"pairs"``
    (Shrimp: protein + vegetable pairs), ``"alike"`` (Chicken: the largest group of one
    regular ingredient, named by ``ingredient``), ``"fury"`` (regular ingredients score
    nothing) or ``None`` (no Flavor). ``nori`` and ``chili`` are the modifiers' points
    (Chili is +2 each under Fury, else −1 each). A bowl without a Flavor scores only its
    modifiers (it cannot be eaten anyway).

    >>> bowl_breakdown([SOY, CORN, MUSHROOMS, NORI, CHILI])["basis"]
    'vegetable_kinds'
    """
    counts = [0] * KINDS
    for c in cards:
        counts[c] += 1
    flavor = flavor_of(cards)
    nori = counts[NORI] * NORI_POINTS
    chili = counts[CHILI]
    base = 0
    basis: str | None = None
    count = 0
    ingredient: str | None = None
    if flavor == FURY:
        nori = nori if nori_in_fury else 0
        return {
            "flavor": CODES[FURY],
            "basis": "fury",
            "count": 0,
            "ingredient": None,
            "base": 0,
            "nori": nori,
            "chili": FURY_CHILI_POINTS * chili,
            "points": FURY_CHILI_POINTS * chili + nori,
        }
    if flavor == SOY:
        basis = "vegetable_kinds"
        count = sum(1 for k in VEGETABLES if counts[k])
        base = TYPES_TABLE[count]
    elif flavor == BEEF:
        basis = "protein_kinds"
        count = sum(1 for k in PROTEINS if counts[k])
        base = TYPES_TABLE[count]
    elif flavor == SHRIMP:
        basis = "pairs"
        pure_p = counts[CHASHU] + counts[EGGS] + counts[NARUTO]
        pure_v = counts[CORN] + counts[MUSHROOMS] + counts[SCALLIONS]
        count = shrimp_pairs(pure_p, pure_v, counts[TOFU])
        base = SHRIMP_PAIR_POINTS * count
    elif flavor == CHICKEN:
        basis = "alike"
        most = max(REGULARS, key=lambda k: counts[k])
        count = counts[most]
        ingredient = CODES[most] if count else None
        base = CHICKEN_THREE_POINTS if count >= 3 else CHICKEN_PAIR_POINTS if count == 2 else 0
    return {
        "flavor": None if flavor is None else CODES[flavor],
        "basis": basis,
        "count": count,
        "ingredient": ingredient,
        "base": base,
        "nori": nori,
        "chili": CHILI_POINTS * chili,
        "points": base + nori + CHILI_POINTS * chili,
    }


def bowl_points(cards: Sequence[int], nori_in_fury: bool = True) -> int:
    """Points of an eaten bowl.

    >>> bowl_points([FURY, CHILI, CHILI, CHILI, NORI])
    7
    >>> bowl_points([CHICKEN, CORN, CORN, EGGS, EGGS])
    6
    """
    return _points(tuple(cards), nori_in_fury)


@lru_cache(maxsize=1 << 16)
def _points(cards: tuple[int, ...], nori_in_fury: bool) -> int:
    """:func:`bowl_points`, cached by the bowl's cards (searches score the same few bowls
    over and over)."""
    points: int = bowl_breakdown(cards, nori_in_fury)["points"]
    return points


def can_eat(cards: Sequence[int]) -> bool:
    """A bowl can be eaten with exactly one Flavor card and at least one other card."""
    return len(cards) >= EAT_MIN_CARDS and sum(1 for c in cards if c <= FURY) == 1


def fits(cards: Sequence[int], card: int) -> bool:
    """Whether ``card`` may go on top of a (non-eaten) bowl: 5-card cap, one Flavor."""
    if len(cards) >= BOWL_CAP:
        return False
    return not (card <= FURY and any(c <= FURY for c in cards))
