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
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from gametable.core.errors import NotationError
from gametable.core.game import Action, View
from gametable.games.ramen_tips.cards import (
    CARD_NAMES,
    LETTERS,
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
        raise NotationError("empty move")
    if raw.startswith("#"):
        raise NotationError(
            f"{quote(raw)} is not a move: '#' and a number picks a move from the 'moves' list "
            "at the prompt; write the move itself, e.g. 'play C6'"
        )
    low = raw.lower()
    first, _, rest = raw.partition(" ")  # rest keeps its case, for quoting it back
    word = first.lower()
    phase = view.get("phase") if view is not None else None
    if low in ("pass", "-", "no", "none") and phase in ("exchange", "swap", None):
        return PASS
    if word == "play":
        return CHOOSES[_card(rest, "play which card? e.g. 'play C6'")]
    if word in ("exchange", "x"):
        return EXCHANGES[_card(rest, "exchange for which card? e.g. 'exchange S9'")]
    if word == "swap":
        return _swap(rest)
    if word == "take":
        return _placement(rest, view, legal, keep=False)
    if word == "keep":
        return _placement(rest, view, legal, keep=True)
    if word in ("shoyu", "shōyu", "soy"):
        return _shoyu(rest, view)
    if phase is None:
        raise NotationError(
            f"cannot read {quote(raw)}: decisions are 'play C6', 'exchange S9', 'swap C S', "
            "'pass', 'take Y4>2', 'keep C6>1' or 'shoyu 1 1'"
        )
    if phase == "choose":
        return CHOOSES[_card(raw, "choose a card of your hand, e.g. 'C6'")]
    if phase == "exchange":
        return EXCHANGES[_card(raw, "exchange your 1 for a revealed card, e.g. 'S9', or 'pass'")]
    if phase == "swap":
        return _swap(raw)
    if phase == "take":
        return _placement(raw, view, legal, keep=None)
    if phase == "shoyu":
        return _shoyu(raw, view)
    raise NotationError("the game is over")


def _card(text: str, hint: str) -> int:
    if not text.strip():
        raise NotationError(hint)
    try:
        return parse_card(text)
    except ValueError as exc:
        raise NotationError(f"{exc}; {hint}") from None


def _swap(text: str) -> Swap:
    parts = text.replace(",", " ").replace("<>", " ").replace("/", " ").split()
    if len(parts) == 1 and len(parts[0]) == 2:
        parts = [parts[0][0], parts[0][1]]
    if len(parts) != 2:
        raise NotationError("swap which two preference cards? e.g. 'swap C S' (or 'pass')")
    try:
        a, b = parse_type(parts[0]), parse_type(parts[1])
    except ValueError as exc:
        raise NotationError(f"{exc}; e.g. 'swap C S'") from None
    if a == b:
        raise NotationError("swap two different preference cards, e.g. 'swap C S'")
    return Swap(min(a, b), max(a, b))


def _placement(text: str, view: View | None, legal: Sequence[Action], keep: bool | None) -> Action:
    bowl_text: str | None = None
    match = _PLACE_RE.match(text)
    card_text = text
    if match and match.group(1):
        card_text, bowl_text = match.group(1), match.group(2).lower()
    try:
        card = parse_card(card_text)
    except ValueError as exc:
        if match is None and view is not None:
            raise NotationError(f"{exc}; e.g. 'Y4>2' (card > bowl)") from None
        raise NotationError(f"{exc}; write the card and its bowl, e.g. 'take Y4>2'") from None
    if keep is None:
        own = [a for a in legal if isinstance(a, Keep)]
        keep = bool(own) and own[0].card == card
    if bowl_text is None:
        options = [a for a in legal if isinstance(a, Keep if keep else Take) and a.card == card]
        if len(options) == 1:
            return options[0]
        if not options:
            raise NotationError(f"{CARD_NAMES[card]} cannot be taken now; write e.g. 'Y4>2'")
        bowls = ", ".join(str(a.bowl + 1) for a in options)
        raise NotationError(f"into which bowl? {CARD_NAMES[card]} may go into bowl {bowls}")
    if bowl_text in ("new", "n"):
        if view is None or view.get("seat") is None:
            raise NotationError("write the new bowl's number, e.g. 'take Y4>3'")
        bowl = len(view["bowls"][view["seat"]])
    elif not _BOWL_NUMBER.fullmatch(bowl_text) or int(bowl_text) > len(TAKES[0]):
        raise NotationError(
            f"there is no bowl {quote(bowl_text, 12)}: a player never has more than "
            f"{len(TAKES[0]) - 1} bowls"
        )
    else:
        bowl = int(bowl_text) - 1
        if bowl < 0:
            raise NotationError("bowls are numbered from 1")
    return (KEEPS if keep else TAKES)[card][bowl]


def _shoyu(text: str, view: View | None) -> PlaceShoyu:
    words = text.replace(",", " ").split()
    if [w.lower() for w in words] in (["none"], ["-"]):
        return PlaceShoyu(())
    if not words:
        raise NotationError(
            "place your Shōyu: one bowl number per Shōyu card, e.g. 'shoyu 1 1 3', "
            "or 'shoyu none'"
        )
    if len(words) > SHOYU_CARDS:
        raise NotationError(
            f"there are only {SHOYU_CARDS} Shōyu cards: list one bowl number per Shōyu card "
            "you hold, e.g. 'shoyu 1 1 3'"
        )
    bowls = []
    for w in words:
        if not _BOWL_NUMBER.fullmatch(w) or not 1 <= int(w) <= len(TAKES[0]):
            raise NotationError(
                f"cannot read {quote(w, 12)} as a bowl: list one bowl number per Shōyu card, "
                "e.g. 'shoyu 1 1 3'"
            )
        bowls.append(int(w) - 1)
    return PlaceShoyu(tuple(sorted(bowls)))
