"""The notation of the tips game's decisions: :func:`format_notation` and :func:`parse_notation`.

Below both the game (:mod:`.game`) and its terminal UI (:mod:`.ui`), which use it.

Notation (canonical forms first; the short forms are accepted where the phase makes them
unambiguous):

=====================  ==================  ===============================================
decision               canonical           short forms
=====================  ==================  ===============================================
choose a card          ``play C6``         ``C6`` (while choosing)
use a lone 1           ``exchange S9``     ``S9``, ``x S9`` (while exchanging)
use a lone 5           ``swap C S``        ``C S``, ``CS``, ``swap chashu supu``
decline a 1 or a 5     ``pass``            ``-``, ``no``
take an offer card     ``take Y4>2``       ``Y4>2``, ``Y4 2``, ``Y4>new``, ``Y4`` (one bowl)
keep your final card   ``keep C6>1``       ``C6>1`` when C6 is your own card
place Shōyu            ``shoyu 1 1 3``     ``1 1 3``, ``shoyu none``, ``none``
=====================  ==================  ===============================================

Bowls are numbered from 1; the number after your last bowl (or ``new``) is a new bowl.

Notation is for typing (the terminal, the browser's "type a move" box) and for version-1
records; decisions travel as data (:data:`.state.DECISIONS`) and are shown in words
(:mod:`.words`). A :class:`NotationError` says what is wrong in words: it may quote what the
player typed, never a card's code the player did not type.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gametable.core.errors import NotationError
from gametable.core.game import Action, View
from gametable.core.words import Msg
from gametable.games.ramen_tips.cards import (
    CARD_MSGS,
    CARD_NAMES,
    LETTERS,
    CardNotationError,
    parse_card,
    parse_type,
    quote,
    shown,
)
from gametable.games.ramen_tips.state import (
    CHOOSES,
    EXCHANGES,
    KEEPS,
    PASS,
    SHOYU_CARDS,
    TAKES,
    Choose,
    Exchange,
    Keep,
    Pass,
    PlaceShoyu,
    Swap,
    Take,
)


def format_notation(action: Action) -> str:
    """The canonical notation of a decision (see the module docstring)."""
    if isinstance(action, Choose):
        return f"play {CARD_NAMES[action.card]}"
    if isinstance(action, Exchange):
        return f"exchange {CARD_NAMES[action.card]}"
    if isinstance(action, Swap):
        return f"swap {LETTERS[action.a]} {LETTERS[action.b]}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Take):
        return f"take {CARD_NAMES[action.card]}>{action.bowl + 1}"
    if isinstance(action, Keep):
        return f"keep {CARD_NAMES[action.card]}>{action.bowl + 1}"
    if isinstance(action, PlaceShoyu):
        return "shoyu " + (" ".join(str(b + 1) for b in action.bowls) or "none")
    raise TypeError(f"not a ramen-tips action: {shown(action)}")


_PLACE_RE = re.compile(
    r"^(.*?)\s*(?:>|@|:|->|\s|\bto\b|\binto\b)\s*(?:bowl\s*)?([0-9]+|new|n)$", re.I
)
_BOWL_NUMBER = re.compile(r"[0-9]{1,6}")


def parse_notation(
    text: str, view: View | None = None, legal: Sequence[Action] = ()
) -> Action:
    """A decision from text. Without a view only the canonical forms are accepted.

    Raises :class:`NotationError` saying what is wrong and what would be understood.
    """
    raw = " ".join(text.strip().split())
    if not raw:
        raise NotationError(Msg("ramen_tips.notation.empty"))
    if raw.startswith("#"):
        raise NotationError(Msg("ramen_tips.notation.hash", text=quote(raw)))
    low = raw.lower()
    first, _, rest = raw.partition(" ")  # rest keeps its case, for quoting it back
    word = first.lower()
    phase = view.get("phase") if view is not None else None
    if low in ("pass", "-", "no", "none") and phase in ("exchange", "swap", None):
        return PASS
    if word == "play":
        return CHOOSES[_card(rest, "ramen_tips.notation.play_which")]
    if word in ("exchange", "x"):
        return EXCHANGES[_card(rest, "ramen_tips.notation.exchange_which")]
    if word == "swap":
        return _swap(rest)
    if word == "take":
        return _placement(rest, view, legal, keep=False)
    if word == "keep":
        return _placement(rest, view, legal, keep=True)
    if word in ("shoyu", "shōyu", "soy"):
        return _shoyu(rest, view)
    if phase is None:
        raise NotationError(Msg("ramen_tips.notation.unreadable", text=quote(raw)))
    if phase == "choose":
        return CHOOSES[_card(raw, "ramen_tips.notation.choose_which")]
    if phase == "exchange":
        return EXCHANGES[_card(raw, "ramen_tips.notation.exchange_which")]
    if phase == "swap":
        return _swap(raw)
    if phase == "take":
        return _placement(raw, view, legal, keep=None)
    if phase == "shoyu":
        return _shoyu(raw, view)
    raise NotationError(Msg("ramen_tips.notation.over"))


def _and(error: CardNotationError, hint: str) -> NotationError:
    """A card that cannot be read, and what to write instead."""
    if error.msg is None:
        return NotationError(Msg(hint))
    return NotationError(Msg("ramen_tips.notation.and", error=error.msg, hint=Msg(hint)))


def _card(text: str, hint: str) -> int:
    if not text.strip():
        raise NotationError(Msg(hint))
    try:
        return parse_card(text)
    except CardNotationError as exc:
        raise _and(exc, hint) from None


def _swap(text: str) -> Swap:
    parts = text.replace(",", " ").replace("<>", " ").replace("/", " ").split()
    if len(parts) == 1 and len(parts[0]) == 2:
        parts = [parts[0][0], parts[0][1]]
    if len(parts) != 2:
        raise NotationError(Msg("ramen_tips.notation.swap_which"))
    try:
        a, b = parse_type(parts[0]), parse_type(parts[1])
    except CardNotationError as exc:
        raise _and(exc, "ramen_tips.notation.swap_which") from None
    if a == b:
        raise NotationError(Msg("ramen_tips.notation.swap_the_same"))
    return Swap(min(a, b), max(a, b))


def _placement(text: str, view: View | None, legal: Sequence[Action], keep: bool | None) -> Action:
    bowl_text: str | None = None
    match = _PLACE_RE.match(text)
    card_text = text
    if match and match.group(1):
        card_text, bowl_text = match.group(1), match.group(2).lower()
    try:
        card = parse_card(card_text)
    except CardNotationError as exc:
        raise _and(exc, "ramen_tips.notation.card_then_bowl") from None
    if keep is None:
        own = [a for a in legal if isinstance(a, Keep)]
        keep = bool(own) and own[0].card == card
    if bowl_text is None:
        options = [a for a in legal if isinstance(a, Keep if keep else Take) and a.card == card]
        if len(options) == 1:
            return options[0]
        if not options:
            raise NotationError(Msg("ramen_tips.notation.not_now", card=CARD_MSGS[card]))
        raise NotationError(
            Msg(
                "ramen_tips.notation.which_bowl",
                card=CARD_MSGS[card],
                bowls=[a.bowl + 1 for a in options],
                count=len(options),
            )
        )
    if bowl_text in ("new", "n"):
        if view is None or view.get("seat") is None:
            raise NotationError(Msg("ramen_tips.notation.new_bowl_number"))
        bowl = len(view["bowls"][view["seat"]])
    elif not _BOWL_NUMBER.fullmatch(bowl_text) or int(bowl_text) > len(TAKES[0]):
        raise NotationError(
            Msg(
                "ramen_tips.notation.no_such_bowl",
                text=quote(bowl_text, 12),
                most=len(TAKES[0]) - 1,
            )
        )
    else:
        bowl = int(bowl_text) - 1
        if bowl < 0:
            raise NotationError(Msg("ramen_tips.notation.bowls_from_one"))
    return (KEEPS if keep else TAKES)[card][bowl]


def _shoyu(text: str, view: View | None) -> PlaceShoyu:
    words = text.replace(",", " ").split()
    if [w.lower() for w in words] in (["none"], ["-"]):
        return PlaceShoyu(())
    if not words:
        raise NotationError(Msg("ramen_tips.notation.shoyu_how"))
    if len(words) > SHOYU_CARDS:
        raise NotationError(Msg("ramen_tips.notation.shoyu_too_many", count=SHOYU_CARDS))
    bowls = []
    for w in words:
        if not _BOWL_NUMBER.fullmatch(w) or not 1 <= int(w) <= len(TAKES[0]):
            raise NotationError(Msg("ramen_tips.notation.shoyu_bowl", text=quote(w, 12)))
        bowls.append(int(w) - 1)
    return PlaceShoyu(tuple(sorted(bowls)))
