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

from gametable.core.errors import NotationError, quote_input
from gametable.core.game import Action
from gametable.core.words import Msg
from gametable.games.ramen_fury.cards import CODES, match_card
from gametable.games.ramen_fury.phrases import card as card_phrase
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

_CODE = "|".join(CODES)
_WORDS = ("Co", "Na", "No", "Sh", "To")
"""Codes that are also English words: notation only where the notation puts them."""
_PLAIN = "|".join(c for c in CODES if c not in _WORDS)
_WORDLIKE = "|".join(_WORDS)
NOTATION_TOKENS = re.compile(
    r"(?<![\w.])[0-4]\.[1-3](?![\w.])"  # a bowl: 1.3
    rf"|\b(?:{_PLAIN})\b"  # a card's code that is no English word: Ch, Sy, Cl …
    r"|> *(?:[0-4]\.)?[1-3]\b"  # where a card goes: >2, >1.3
    rf"|\b(?:{_CODE})(?: *>|x\d+\b)"  # any code going somewhere (No>), or counted (Chx2)
    rf"|\b(?i:prep|draw|discard|place|use|pl) +(?:{_WORDLIKE})\b"  # draw Na, use No
    r"|\b(?i:eat|empty) +[1-3](?!\w|\.\d)(?! +[a-z])"  # eat 1 (not "Eat 2 points")
    r"|\b(?i:draw +deck)\b"
)
"""A piece of the notation as it could leak into a sentence (a bowl ``1.3``, ``>2``, a card
code, ``draw Na``, ``eat 1``), for the tests that check no player is shown notation they
did not type. Codes that are English words (No, To, Co, Na, Sh) count only where the
notation puts them (``No>1``, ``draw No``); numbers in sentences ("bowl 2", "7 cards")
never match. Each piece is as small as it can be (``prep Ch>2`` is ``Ch`` and ``>2``), so
that a message quoting part of what a player typed is recognised as theirs."""


def _quote(text: str) -> str:
    return quote_input(text)


def parse_notation(text: str, seat: int | None, phase: str | None) -> FuryAction:
    """Parse a decision. ``seat`` lets a bare bowl number mean one of your own bowls.

    ``phase`` (``"discard"``, ``"reveal"`` …) allows shortcuts: in the discard phase a
    bare card (``Ch``) discards it; in the reveal phase ``Cl 1.2`` or ``place Cl>1.2``
    uses the revealed card. Raises :class:`NotationError` saying, in words, what is
    wrong (quoting at most 40 characters of what was typed; ``help`` shows the notation).
    """
    if not isinstance(text, str):
        raise NotationError(Msg("ramen_fury.notation.not_text"))
    if len(text) > MAX_TEXT:
        raise NotationError(Msg("ramen_fury.notation.too_long", count=len(text), limit=MAX_TEXT))
    raw = text.strip()
    if not raw:
        raise NotationError(Msg("ramen_fury.notation.empty"))
    words = _SEPARATORS.sub(" ", raw).split()
    if not words:
        raise NotationError(Msg("ramen_fury.notation.separators_only", text=_quote(raw)))
    verb = _VERBS.get(words[0].lower())
    args = words[1:]
    if verb is None:
        if phase == "discard" and len(words) == 1:
            verb, args = "discard", words
        elif phase == "reveal" and len(words) == 2:
            verb, args = "use", words
        else:
            raise NotationError(Msg("ramen_fury.notation.unknown_move", text=_quote(words[0])))
    if verb == "place" and phase == "reveal":
        verb = "use"
    if verb in ("restock", "skip", "end"):
        _arity(verb, args, 0)
        if verb == "restock":
            return RESTOCK
        return SKIP if verb == "skip" else END_TURN
    if verb == "draw":
        _arity(verb, args, 1)
        if args[0].lower() in ("deck", "top", "pile"):
            return Draw(None)
        return Draw(_card(args[0]))
    if verb == "discard":
        _arity(verb, args, 1)
        return Discard(_card(args[0]))
    if verb in ("eat", "empty"):
        _arity(verb, args, 1)
        bowl = _own_bowl(args[0], seat)
        return Eat(bowl) if verb == "eat" else Empty(bowl)
    if verb == "prep":
        _arity(verb, args, 2)
        return Prep(_card(args[0]), _own_bowl(args[1], seat))
    if verb == "spoon":
        _arity(verb, args, 2)
        src_seat, src_bowl = _any_bowl(args[0], seat)
        return Spoon(src_seat, src_bowl, _own_bowl(args[1], seat))
    # place / use
    _arity(verb, args, 2)
    card = _card(args[0])
    target_seat, target_bowl = _any_bowl(args[1], seat)
    if verb == "place":
        return Place(card, target_seat, target_bowl)
    return Use(card, target_seat, target_bowl)


_NEEDS = {
    "draw": "ramen_fury.notation.needs.draw",
    "discard": "ramen_fury.notation.needs.discard",
    "eat": "ramen_fury.notation.needs.eat",
    "empty": "ramen_fury.notation.needs.empty",
    "prep": "ramen_fury.notation.needs.prep",
    "spoon": "ramen_fury.notation.needs.spoon",
    "place": "ramen_fury.notation.needs.place",
    "use": "ramen_fury.notation.needs.use",
}
"""What each move needs, said when it is typed with too little or too much."""


def _arity(verb: str, args: Sequence[str], n: int) -> None:
    if len(args) != n:
        if n == 0:
            raise NotationError(
                Msg("ramen_fury.notation.takes_nothing", move=verb, text=_quote(" ".join(args)))
            )
        raise NotationError(
            Msg(
                "ramen_fury.notation.cannot_read",
                move=verb,
                text=_quote(" ".join(args)),
                needs=Msg(_NEEDS[verb]),
            )
        )


def _card(text: str) -> int:
    matches = match_card(text)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise NotationError(
            Msg(
                "ramen_fury.notation.ambiguous_card",
                text=_quote(text),
                cards=[card_phrase(k) for k in matches],
            )
        )
    raise NotationError(Msg("ramen_fury.notation.not_a_card", text=_quote(text)))


def _bowl_number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= BOWLS:
        raise NotationError(Msg("ramen_fury.notation.not_a_bowl_number", text=_quote(text)))
    return int(text) - 1


def _own_bowl(text: str, seat: int | None) -> int:
    match = _REF.match(text)
    if match is None:
        raise NotationError(Msg("ramen_fury.notation.not_own_bowl", text=_quote(text)))
    if match.group(1) is not None and seat is not None and int(match.group(1)) != seat:
        raise NotationError(Msg("ramen_fury.notation.not_your_bowl", text=_quote(text)))
    return _bowl_number(match.group(2))


def _any_bowl(text: str, seat: int | None) -> tuple[int, int]:
    match = _REF.match(text)
    if match is None:
        raise NotationError(Msg("ramen_fury.notation.not_a_bowl", text=_quote(text)))
    if match.group(1) is None:
        if seat is None:
            raise NotationError(Msg("ramen_fury.notation.whose_bowl", text=_quote(text)))
        return seat, _bowl_number(match.group(2))
    return int(match.group(1)), _bowl_number(match.group(2))
