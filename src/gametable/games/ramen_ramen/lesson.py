"""Ramen! Ramen!'s guided first game (:mod:`gametable.core.lessons`).

Two players: the learner (seat 0) and another cook (seat 1) whose every move is scripted.
A duel rather than solo, because the lesson must be short: the game ends only when every
card in play has been played, so the deal sets 40 of the 56 cards aside (the setup's
``set_aside``, as the solo rules set 4 aside) and the 16 left make eight turns, four of
them the learner's. A solo game is judged by the critics on its full 52 cards, which a
short game cannot fairly be; a duel shows what solo cannot — the shared bowls, the other
cook's turns, bowls served face down — and ends with a winner decided by the scoring.

The deal, turn by turn (bowls 1–3; the learner's moves are the ones the coach asks for)::

    1  you    Nori 0 → 1, Chashu 5 → 2; take Menma 6; the Fridge is refilled, you draw
    2  cook   Chashu 1 → 1, Kamaboko 4 → 3; takes Menma 2; refill, draw: the deck is empty
    3  you    Shiitake 0 → 1, Menma 6 → 2; take Shiitake 3, then Negi 0 instead of drawing
    4  cook   Ajitama 2 → 1, Negi 7 → 3; takes Nori 6, then Shiitake 7: the Fridge is empty
    5  you    Kamaboko 1 → 1, Shiitake 3 → 2: bowl 2 adds up to 14 and is served (2 points)
    6  cook   Menma 2 → 1, Ajitama 3 → 3: bowl 3 adds up to 14, served to the cook
    7  you    Negi 0 → 1: all 7 ingredients, served although its sum is 6 (10 points);
              Nori 5 → 2 or 3
    8  cook   Nori 6 → 2, Shiitake 7 → 3: every card is played; the open bowls score nothing

You win 12 points to 2. Every sentence is a message of the game's catalog
(``ramen_ramen.lesson.*``), with the cards as parameters.
"""

from __future__ import annotations

from collections.abc import Sequence

from gametable.core.game import Action, View
from gametable.core.lessons import Expectation, Lesson, Step, exactly
from gametable.core.words import Msg
from gametable.games.ramen_ramen.cards import CARD_BY_NAME, CARD_NAMES, card_msg
from gametable.games.ramen_ramen.state import Play, Take
from gametable.games.ramen_ramen.words import RamenWords

LEARNER = 0
COOK = 1

HANDS = (("C5", "K1", "N0", "S0"), ("C1", "K4", "A2", "G7"))
FRIDGE = ("M6", "M2", "S3", "N6")
DECK_TOP_FIRST = ("G0", "N5", "S7", "A3")
"""The deck, its top card first: the refills and draws of turns 1 and 2."""

_WORDS = RamenWords()


def _card(name: str) -> int:
    return CARD_BY_NAME[name]


def card(name: str) -> Msg:
    """A card of the lesson in words (``Nori 0``)."""
    return card_msg(_card(name))


def play(*placements: tuple[str, int]) -> Play:
    """A play from cards in notation and bowls numbered 1–3."""
    return Play(tuple(sorted((_card(c), bowl - 1) for c, bowl in placements)))


def take(name: str) -> Take:
    return Take(_card(name))


def setup() -> dict[str, object]:
    """The lesson's deal in the game's setup format: the 40 cards set aside first, then
    the hands (seat 0's, seat 1's), the Fridge, and the deck from its top card."""
    used = [*HANDS[0], *HANDS[1], *FRIDGE, *DECK_TOP_FIRST]
    aside = [name for name in CARD_NAMES if name not in used]
    return {"deck": [*aside, *used], "first_player": LEARNER, "set_aside": len(aside)}


def _msg(key: str, **params: object) -> Msg:
    return Msg(f"ramen_ramen.lesson.{key}", **params)


def wanted(action: Action, second: bool = False) -> Expectation:
    """Only ``action``; any other move is answered with that move in words."""
    view = {"phase": "take2" if second else "play"}
    return exactly(action, _msg("wrong", move=_WORDS.decision(action, view)))


def last_play(needed: str, bowl: int, other: str, others: Sequence[int]) -> Expectation:
    """``needed`` into ``bowl``, and ``other`` into any of the bowls ``others`` (1–3)."""
    allowed = {play((needed, bowl), (other, b)) for b in others}
    why = _msg("wrong.last", card=card(needed), bowl=bowl, other=card(other))

    def check(action: Action, _view: View) -> Msg | None:
        return None if action in allowed else why

    return check


def lesson() -> Lesson:
    """The guided first game (see the module docstring)."""
    you = [
        Step(  # turn 1, step 1
            say=_msg("play1", a=card("N0"), b=card("C5")),
            expect=wanted(play(("N0", 1), ("C5", 2))),
            then=_msg("play1.then", a=card("N0"), b=card("C5")),
        ),
        Step(  # turn 1, step 3
            say=_msg("take1", card=card("M6"), other=card("C5")),
            expect=wanted(take("M6")),
            then=_msg("take1.then"),
        ),
        Step(  # turn 3
            say=_msg("play2", a=card("S0"), b=card("M6")),
            expect=wanted(play(("S0", 1), ("M6", 2))),
            then=_msg("play2.then"),
        ),
        Step(
            say=_msg("take2", card=card("S3")),
            expect=wanted(take("S3")),
            then=_msg("take2.then"),
        ),
        Step(  # the deck is empty: a second Fridge card instead of the draw
            say=_msg("second", card=card("G0")),
            expect=wanted(take("G0"), second=True),
            then=_msg("second.then"),
        ),
        Step(  # turn 5: bowl 2 reaches 14
            say=_msg("play3", a=card("K1"), b=card("S3")),
            expect=wanted(play(("K1", 1), ("S3", 2))),
            then=_msg("play3.then"),
        ),
        Step(  # turn 7: bowl 1's seventh ingredient
            say=_msg("play4", card=card("G0"), other=card("N5")),
            expect=last_play("G0", 1, "N5", (2, 3)),
            then=_msg("play4.then"),
        ),
    ]
    cook = [
        Step(play=play(("C1", 1), ("K4", 3))),
        Step(play=take("M2"), then=_msg("cook1", a=card("C1"), b=card("K4"), card=card("M2"))),
        Step(play=play(("A2", 1), ("G7", 3))),
        Step(play=take("N6")),
        Step(play=take("S7"), then=_msg("cook2", a=card("A2"), b=card("G7"))),
        Step(play=play(("M2", 1), ("A3", 3)), then=_msg("cook3", a=card("M2"), b=card("A3"))),
        Step(play=play(("N6", 2), ("S7", 3)), then=_msg("cook4")),
    ]
    return Lesson(
        title=_msg("title"),
        players=2,
        learner=LEARNER,
        setup=setup(),
        script={LEARNER: you, COOK: cook},
        end=_msg("end"),
        intro=_msg("intro"),
        bot="greedy",
    )


__all__ = ["lesson", "setup"]
