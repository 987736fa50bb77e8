"""Ramen (the tips game)'s guided first game (:mod:`gametable.core.lessons`).

Two players and Grunchie, the dummy of the two-player game: the learner (seat 0) against a
scripted opponent (seat 1), on a fixed deal. The game cannot be shortened (nine cards in
each hand make nine rounds), so the whole game is scripted: 22 decisions of the learner,
each with the rule it shows. Every kind of decision comes up: choose (nine times), exchange
a lone 1, swap two preference cards with a lone 5, take (into the bowl that lacks the
ingredient, into a new bowl when every bowl has it, into a bowl of the learner's choice),
keep the own card in the final round, place Shōyu; and, on the way, a 9 that brings a
Shōyu card (twice), two 1s that cancel (the learner's and Grunchie's), Grunchie's lone 1
that never acts, the opponent letting a lone 5 go unused, and Grunchie removing the
weakest offer card each round.

The deal, round by round (the preference row starts Chāshū, Nūdoru, Yasai, Sūpu, Ajitama;
you / the opponent / Grunchie reveal; the order of choice; what each takes)::

    1  C7 N8 A4      you, opp, G     you Y9 → bowl 1 (a Shōyu); opp S3; G removes A2
    2  A1 C3 Y2      you trade your lone 1 for C3: you, G, opp
                                     you C7 → 1; G removes A4; opp N8
    3  S5 N3 C2      you swap Chāshū and Sūpu (Sūpu leftmost, on the 7-yen tip)
                                     you C3 → new bowl 2; opp Y2; G removes A1
    4  Y1 C8 N1      two 1s cancel: G, you, opp
                                     G removes C2; you S5 → 1 (or 2); opp N3
    5  S8 A5 Y7      the opponent lets its 5 go: you N1 → 1; G removes C8; opp Y1
    6  N9 S2 C1      Grunchie's lone 1 does nothing: opp S8; you A5 → 1; G removes Y7
    7  S6 N2 A8      you N9 → 2 (a second Shōyu); opp C1; G removes S2
    8  Y3 S4 N7      opp S6; G removes A8; you N2 → new bowl 3
    9  C6 A7 A3      the final round: you take Y3 → 2 and keep C6 → 3; opp N7 and A7;
                     G removes S4 and his A3
       Shōyu: one in bowl 1 (six cards), one in bowl 3 (a ramen of three)

You score 3 ramen × 6 = 18, tips 16 (Sūpu 7, Nūdoru 6, Ajitama 3), 2 for Chāshū 7 and
Chāshū 6: 36 yen, against 26. Every sentence is a message of the game's catalog
(``ramen_tips.lesson.*``), with the cards as parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gametable.core.game import Action, View
from gametable.core.lessons import Expectation, Lesson, Step
from gametable.core.words import Msg, Seat
from gametable.games.ramen_tips.cards import (
    CARD_BY_NAME,
    CARD_MSGS,
    CARD_NAMES,
    INGREDIENT_MSGS,
    LETTERS,
    TIP_BY_SLOT,
)
from gametable.games.ramen_tips.scoring import PlayerScore, score_game
from gametable.games.ramen_tips.state import DECISIONS
from gametable.games.ramen_tips.words import WORDS

LEARNER = 0
OPPONENT = 1

PREFERENCE = ("C", "N", "Y", "S", "A")
"""The preference row at the start, leftmost (most preferred) first."""
HANDS = (
    ("C7", "A1", "S5", "Y1", "S8", "N9", "S6", "Y3", "C6"),  # the learner's, in playing order
    ("N8", "C3", "N3", "C8", "A5", "S2", "N2", "S4", "A7"),  # the opponent's
)
GRUNCHIE = ("A4", "Y2", "C2", "N1", "Y7", "C1", "A8", "N7", "A3")
"""Grunchie's face-down cards, in the order he reveals them."""
OFFER = ("Y9", "S3", "A2")
"""The initial ingredients offer."""

LEARNER_MOVES: tuple[dict[str, Any], ...] = (
    # round 1: the strongest card chooses first; a 9 brings a Shōyu card
    {"type": "choose", "card": "C7"},
    {"type": "take", "card": "Y9", "bowl": 0},
    # round 2: a lone 1, exchanged; a card into the bowl that lacks its ingredient
    {"type": "choose", "card": "A1"},
    {"type": "exchange", "card": "C3"},
    {"type": "take", "card": "C7", "bowl": 0},
    # round 3: a lone 5 swaps two preference cards; a new bowl when every bowl has it
    {"type": "choose", "card": "S5"},
    {"type": "swap", "ingredients": ["C", "S"]},
    {"type": "take", "card": "C3", "bowl": 1},
    # round 4: two 1s cancel; a choice between two bowls
    {"type": "choose", "card": "Y1"},
    {"type": "take", "card": "S5", "bowl": 0},
    # round 5: a low card for the tips
    {"type": "choose", "card": "S8"},
    {"type": "take", "card": "N1", "bowl": 0},
    # round 6: the fifth ingredient
    {"type": "choose", "card": "N9"},
    {"type": "take", "card": "A5", "bowl": 0},
    # round 7: a revealed card taken back, a second Shōyu
    {"type": "choose", "card": "S6"},
    {"type": "take", "card": "N9", "bowl": 1},
    # round 8: a third bowl
    {"type": "choose", "card": "Y3"},
    {"type": "take", "card": "N2", "bowl": 2},
    # round 9, the final round: take, and keep your own card
    {"type": "choose", "card": "C6"},
    {"type": "take", "card": "Y3", "bowl": 1},
    {"type": "keep", "card": "C6", "bowl": 2},
    # the end: Shōyu into bowls 1 and 3
    {"type": "place_shoyu", "bowls": [0, 2]},
)
"""The learner's moves, in order, as data: the lesson asks for each in turn."""

OPPONENT_MOVES: tuple[dict[str, Any], ...] = (
    {"type": "choose", "card": "N8"},
    {"type": "take", "card": "S3", "bowl": 0},
    {"type": "choose", "card": "C3"},
    {"type": "take", "card": "N8", "bowl": 0},
    {"type": "choose", "card": "N3"},
    {"type": "take", "card": "Y2", "bowl": 0},
    {"type": "choose", "card": "C8"},
    {"type": "take", "card": "N3", "bowl": 1},
    {"type": "choose", "card": "A5"},
    {"type": "pass"},
    {"type": "take", "card": "Y1", "bowl": 1},
    {"type": "choose", "card": "S2"},
    {"type": "take", "card": "S8", "bowl": 1},
    {"type": "choose", "card": "N2"},
    {"type": "take", "card": "C1", "bowl": 0},
    {"type": "choose", "card": "S4"},
    {"type": "take", "card": "S6", "bowl": 2},
    {"type": "choose", "card": "A7"},
    {"type": "take", "card": "N7", "bowl": 2},
    {"type": "keep", "card": "A7", "bowl": 2},
)
"""The opponent's moves, in order, as data (its seat plays them; it has no Shōyu)."""

FINAL_PREFERENCE = ("S", "N", "Y", "C", "A")
"""The preference row after the learner's swap (round 3), as it stays to the end."""
FINAL_BOWLS = (
    (("Y9", "C7", "S5", "N1", "A5"), ("C3", "N9", "Y3"), ("N2", "C6")),
    (("S3", "N8", "Y2", "C1"), ("N3", "Y1", "S8"), ("S6", "N7", "A7")),
)
"""Each player's bowls at the end, as the script builds them."""
FINAL_SHOYU = ((1, 0, 1), (0, 0, 0))
"""The Shōyu cards each bowl holds once placed."""


def setup() -> dict[str, Any]:
    """The lesson's deal in the game's setup format (the cards no one uses set aside)."""
    used = {*HANDS[0], *HANDS[1], *GRUNCHIE, *OFFER}
    return {
        "preference": list(PREFERENCE),
        "hands": [sorted(h, key=CARD_BY_NAME.__getitem__) for h in HANDS],
        "grunchie": list(GRUNCHIE),
        "offer": list(OFFER),
        "unused": [c for c in CARD_NAMES if c not in used],
        "narutos": [],
    }


def final_scores() -> list[PlayerScore]:
    """Each player's scoring at the end of the lesson (:func:`.scoring.score_game` of
    :data:`FINAL_BOWLS`)."""
    slot_of = [FINAL_PREFERENCE.index(letter) for letter in LETTERS]
    bowls = [[[CARD_BY_NAME[c] for c in b] for b in bs] for bs in FINAL_BOWLS]
    held = [sum(s) for s in FINAL_SHOYU]
    scores, _ = score_game(bowls, [list(s) for s in FINAL_SHOYU], held, slot_of)
    return scores


def _act(data: dict[str, Any]) -> Action:
    action: Action = DECISIONS.from_json(data)
    return action


def expect(wanted: Action) -> Expectation:
    """The step's move and nothing else; any other is answered with the move wanted, in the
    game's words."""

    def check(action: Action, view: View) -> Msg | None:
        if action == wanted:
            return None
        return Msg("ramen_tips.lesson.not_now", move=WORDS.decision(wanted, view))

    return check


def card(name: str) -> Msg:
    """A card of the lesson in words (``Chāshū 7``)."""
    return CARD_MSGS[CARD_BY_NAME[name]]


def ingredient(letter: str) -> Msg:
    return INGREDIENT_MSGS[LETTERS.index(letter)]


def _learner_words(who: Seat) -> Sequence[tuple[Msg, Msg | None]]:
    """What the coach says before and after each of the learner's moves (each id written
    out whole, as the catalog's tests find them)."""
    return [
        # round 1
        (Msg("ramen_tips.lesson.say.choose_strong", first=ingredient("C"), card=card("C7")), None),
        (
            Msg(
                "ramen_tips.lesson.say.take_nine",
                card=card("C7"),
                who=who,
                theirs=card("N8"),
                grunchie=card("A4"),
                nine=card("Y9"),
            ),
            Msg("ramen_tips.lesson.then.took_nine"),
        ),
        # round 2
        (Msg("ramen_tips.lesson.say.choose_one", card=card("A1")), None),
        (
            Msg("ramen_tips.lesson.say.exchange", card=card("A1"), target=card("C3"), who=who),
            Msg("ramen_tips.lesson.then.exchanged"),
        ),
        (
            Msg("ramen_tips.lesson.say.take_lacking", card=card("C7"), ingredient=ingredient("C")),
            Msg("ramen_tips.lesson.then.grunchie_removes"),
        ),
        # round 3
        (Msg("ramen_tips.lesson.say.choose_five", card=card("S5")), None),
        (
            Msg(
                "ramen_tips.lesson.say.swap",
                card=card("S5"),
                a=ingredient("C"),
                b=ingredient("S"),
                tip=TIP_BY_SLOT[0],
                low=TIP_BY_SLOT[PREFERENCE.index("S")],
            ),
            Msg("ramen_tips.lesson.then.swapped"),
        ),
        (
            Msg("ramen_tips.lesson.say.take_new_bowl", card=card("C3"), ingredient=ingredient("C")),
            None,
        ),
        # round 4
        (Msg("ramen_tips.lesson.say.choose_weak", card=card("Y1")), None),
        (
            Msg(
                "ramen_tips.lesson.say.take_choice",
                grunchie=card("N1"),
                removed=card("C2"),
                card=card("S5"),
                ingredient=ingredient("S"),
            ),
            Msg("ramen_tips.lesson.then.a_ramen"),
        ),
        # round 5
        (Msg("ramen_tips.lesson.say.choose_strongest", card=card("S8")), None),
        (Msg("ramen_tips.lesson.say.take_low", card=card("N1")), None),
        # round 6
        (Msg("ramen_tips.lesson.say.choose_nine", card=card("N9")), None),
        (
            Msg(
                "ramen_tips.lesson.say.take_fifth",
                who=who,
                theirs=card("S2"),
                grunchie=card("C1"),
                card=card("A5"),
            ),
            None,
        ),
        # round 7
        (Msg("ramen_tips.lesson.say.choose_first", card=card("S6"), nine=card("N9")), None),
        (
            Msg("ramen_tips.lesson.say.take_back", card=card("N9")),
            Msg("ramen_tips.lesson.then.shoyu_held", count=2),
        ),
        # round 8
        (Msg("ramen_tips.lesson.say.choose_last", card=card("Y3")), None),
        (
            Msg(
                "ramen_tips.lesson.say.take_third_bowl",
                who=who,
                theirs=card("S6"),
                removed=card("A8"),
                card=card("N2"),
                ingredient=ingredient("N"),
            ),
            None,
        ),
        # round 9, the final round
        (Msg("ramen_tips.lesson.say.choose_final", card=card("C6")), None),
        (Msg("ramen_tips.lesson.say.take_final", card=card("Y3"), own=card("C6")), None),
        (
            Msg("ramen_tips.lesson.say.keep", card=card("C6"), ingredient=ingredient("C")),
            Msg("ramen_tips.lesson.then.final_grunchie"),
        ),
        # the end
        (Msg("ramen_tips.lesson.say.shoyu", count=2), None),
    ]


def lesson() -> Lesson:
    """The lesson (see the module docstring)."""
    who = Seat(OPPONENT)
    words = _learner_words(who)
    learner = [
        Step(say=say, expect=expect(_act(move)), then=then)
        for move, (say, then) in zip(LEARNER_MOVES, words, strict=True)
    ]
    opponent = [
        Step(
            play=_act(move),
            then=Msg("ramen_tips.lesson.then.passed", who=who) if move["type"] == "pass" else None,
        )
        for move in OPPONENT_MOVES
    ]
    mine, theirs = final_scores()
    return Lesson(
        title=Msg("ramen_tips.lesson.title"),
        players=2,
        learner=LEARNER,
        setup=setup(),
        script={LEARNER: learner, OPPONENT: opponent},
        end=Msg(
            "ramen_tips.lesson.end",
            who=who,
            valid=mine.valid,
            largest=mine.largest,
            ramen=mine.ramen_yen,
            tips=mine.tip_yen,
            won=[INGREDIENT_MSGS[t] for t, _ in mine.tips],
            bonus=mine.bonus,
            total=mine.total,
            other=theirs.total,
        ),
        intro=Msg("ramen_tips.lesson.intro", who=who, cards=3),
        bot="greedy",
    )


__all__ = [
    "FINAL_BOWLS",
    "FINAL_PREFERENCE",
    "GRUNCHIE",
    "HANDS",
    "LEARNER_MOVES",
    "OFFER",
    "OPPONENT_MOVES",
    "PREFERENCE",
    "final_scores",
    "lesson",
    "setup",
]
