"""The notation of Ramen Fury's decisions: :func:`format_notation` and :func:`parse_notation`.

Below both the game (:mod:`.game`) and its terminal UI (:mod:`.ui`), which use it.

Action notation (bowls are ``<seat>.<bowl>`` with seats from 0 and bowls 1–3; where only
your own bowls can be meant, just the bowl number):

=====================  ==================================================
``prep Ch>2``          Prep: Chashu from hand onto your bowl 2
``draw Mu``            Draw the Mushrooms from the Pantry
``draw deck``          Draw the top card of the deck
``spoon 1.3>2``        Spoon the top card of seat 1's bowl 3 onto your bowl 2
``restock``            Restock the Pantry
``eat 1``              Eat your bowl 1
``empty 3``            Empty your bowl 3
``place Cl>1.2``       Free play: a Chili from hand into seat 1's bowl 2
``discard Na``         Hand over 5: discard a Naruto
``use No>0.1``         Place the Nori just revealed in the Pantry into seat 0's bowl 1
``skip``               Leave the revealed Nori/Chili in the Pantry
``end``                End the turn (after both actions, instead of a free play)
=====================  ==================================================
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gametable.core.errors import NotationError
from gametable.core.game import Action
from gametable.games.ramen_fury.cards import CODES, parse_card, quote
from gametable.games.ramen_fury.state import (
    BOWLS,
    END_TURN,
    RESTOCK,
    SKIP,
    Discard,
    Draw,
    Eat,
    Empty,
    EndTurn,
    FuryAction,
    Place,
    Prep,
    Restock,
    Skip,
    Spoon,
    Use,
)


def _ref(seat: int, bowl: int) -> str:
    return f"{seat}.{bowl + 1}"


def format_notation(action: Action) -> str:
    """The canonical notation of a decision (see the module docstring)."""
    if isinstance(action, Prep):
        return f"prep {CODES[action.card]}>{action.bowl + 1}"
    if isinstance(action, Draw):
        return "draw deck" if action.card is None else f"draw {CODES[action.card]}"
    if isinstance(action, Spoon):
        return f"spoon {_ref(action.seat, action.bowl)}>{action.to + 1}"
    if isinstance(action, Restock):
        return "restock"
    if isinstance(action, Eat):
        return f"eat {action.bowl + 1}"
    if isinstance(action, Empty):
        return f"empty {action.bowl + 1}"
    if isinstance(action, Place):
        return f"place {CODES[action.card]}>{_ref(action.seat, action.bowl)}"
    if isinstance(action, Discard):
        return f"discard {CODES[action.card]}"
    if isinstance(action, Use):
        return f"use {CODES[action.card]}>{_ref(action.seat, action.bowl)}"
    if isinstance(action, Skip):
        return "skip"
    if isinstance(action, EndTurn):
        return "end"
    raise TypeError(f"not a Ramen Fury decision: a {type(action).__name__}")


_VERBS = {
    "prep": "prep",
    "p": "prep",
    "draw": "draw",
    "d": "draw",
    "take": "draw",
    "spoon": "spoon",
    "s": "spoon",
    "restock": "restock",
    "r": "restock",
    "eat": "eat",
    "e": "eat",
    "empty": "empty",
    "x": "empty",
    "place": "place",
    "pl": "place",
    "discard": "discard",
    "dis": "discard",
    "use": "use",
    "u": "use",
    "skip": "skip",
    "pass": "skip",
    "decline": "skip",
    "end": "end",
    "done": "end",
}
_SEPARATORS = re.compile(r"->|>|@|,|\binto\b|\bonto\b|\bbowl\b", re.IGNORECASE)
_REF = re.compile(r"^(?:s?(\d)\s*[.:/b]\s*)?(\d)$", re.IGNORECASE)

MAX_TEXT = 200
"""Longest move text read (the longest real move is about 20 characters)."""

HELP_EXAMPLES = (
    "prep Ch>2, draw Mu, draw deck, spoon 1.3>2, restock, eat 1, empty 3, "
    "place Cl>1.2, discard Na, use No>0.1, skip, end"
)


def parse_notation(text: str, seat: int | None, phase: str | None) -> FuryAction:
    """Parse a decision. ``seat`` lets a bare bowl number mean one of your own bowls.

    ``phase`` (``"discard"``, ``"reveal"`` …) allows shortcuts: in the discard phase a
    bare card (``Ch``) discards it; in the reveal phase ``Cl 1.2`` or ``place Cl>1.2``
    uses the revealed card. Raises :class:`NotationError` saying what is wrong.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move is text such as 'prep Ch>2', not {quote(text)}")
    if len(text) > MAX_TEXT:
        raise NotationError(
            f"that move is {len(text)} characters long; no move needs more than {MAX_TEXT}"
        )
    raw = text.strip()
    if not raw:
        raise NotationError(f"empty move: try one of {HELP_EXAMPLES}")
    words = _SEPARATORS.sub(" ", raw).split()
    if not words:
        raise NotationError(
            f"{quote(raw)} has separators but no move: moves look like {HELP_EXAMPLES}"
        )
    verb = _VERBS.get(words[0].lower())
    args = words[1:]
    if verb is None:
        if phase == "discard" and len(words) == 1:
            verb, args = "discard", words
        elif phase == "reveal" and len(words) == 2:
            verb, args = "use", words
        else:
            raise NotationError(f"unknown move {quote(words[0])}: moves look like {HELP_EXAMPLES}")
    if verb == "place" and phase == "reveal":
        verb = "use"
    if verb in ("restock", "skip", "end"):
        _arity(verb, args, 0, "")
        if verb == "restock":
            return RESTOCK
        return SKIP if verb == "skip" else END_TURN
    if verb == "draw":
        _arity(verb, args, 1, "draw Mu' or 'draw deck")
        if args[0].lower() in ("deck", "top", "pile"):
            return Draw(None)
        return Draw(_card(args[0]))
    if verb == "discard":
        _arity(verb, args, 1, "discard Na")
        return Discard(_card(args[0]))
    if verb in ("eat", "empty"):
        _arity(verb, args, 1, f"{verb} 2")
        bowl = _own_bowl(args[0], seat)
        return Eat(bowl) if verb == "eat" else Empty(bowl)
    if verb == "prep":
        _arity(verb, args, 2, "prep Ch>2")
        return Prep(_card(args[0]), _own_bowl(args[1], seat))
    if verb == "spoon":
        _arity(verb, args, 2, "spoon 1.3>2")
        src_seat, src_bowl = _any_bowl(args[0], seat)
        return Spoon(src_seat, src_bowl, _own_bowl(args[1], seat))
    # place / use
    _arity(verb, args, 2, f"{verb} Cl>1.2")
    card = _card(args[0])
    target_seat, target_bowl = _any_bowl(args[1], seat)
    if verb == "place":
        return Place(card, target_seat, target_bowl)
    return Use(card, target_seat, target_bowl)


def _arity(verb: str, args: Sequence[str], n: int, example: str) -> None:
    if len(args) != n:
        if n == 0:
            raise NotationError(f"'{verb}' takes nothing more (got {quote(' '.join(args))})")
        raise NotationError(f"cannot read {verb} {quote(' '.join(args))}: write e.g. '{example}'")


def _card(text: str) -> int:
    try:
        return parse_card(text)
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _bowl_number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= BOWLS:
        raise NotationError(f"{quote(text)} is not a bowl: bowls are numbered 1, 2 and 3")
    return int(text) - 1


def _own_bowl(text: str, seat: int | None) -> int:
    match = _REF.match(text)
    if match is None:
        raise NotationError(f"{quote(text)} is not one of your bowls: write 1, 2 or 3")
    if match.group(1) is not None and seat is not None and int(match.group(1)) != seat:
        raise NotationError(
            f"{quote(text)} is not your bowl: this goes onto one of your own bowls (1–3)"
        )
    return _bowl_number(match.group(2))


def _any_bowl(text: str, seat: int | None) -> tuple[int, int]:
    match = _REF.match(text)
    if match is None:
        raise NotationError(
            f"{quote(text)} is not a bowl: write <seat>.<bowl>, e.g. 1.2 for seat 1's bowl 2"
        )
    if match.group(1) is None:
        if seat is None:
            raise NotationError(f"whose bowl {quote(text)}? write <seat>.<bowl>, e.g. 1.2")
        return seat, _bowl_number(match.group(2))
    return int(match.group(1)), _bowl_number(match.group(2))
