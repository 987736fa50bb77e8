"""Ramen Fury's guided first game (:mod:`gametable.core.lessons`): two players, the learner
(seat 0, first) against one scripted opponent, on a stacked deck, in eleven turns.

Every kind of move comes up, each with the rule it shows: Draw from the Pantry (whose
refill reveals a Nori Garnish, placed at once for free) and from the deck; the end of a turn
with a Chili still in hand; the hand limit's discard; a Chili from the hand into the
opponent's bowl (free); Prep; a Spoon (the opponent's Chili, moved off the learner's Soy
Sauce bowl onto the bowl that becomes a Fury bowl, where each Chili scores +2); Eat;
Empty; and, in the final round the opponent starts by eating his third bowl, a Restock
that reveals a Chili and a Nori, of which only one may be placed. The learner's bowls score
6 (Soy Sauce with two kinds of vegetables and a Nori) and 4 (Fury with two Chilis); the
opponent's three quick bowls score 1 each.

The deal is written out below (the deck top first: the learner's three cards, the
opponent's three, the four Pantry cards, then the deck); every card the script draws, each
refill and the Restock are placed, and the rest of the deck follows in a fixed order.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gametable.core.lessons import Expectation, Lesson, Step
from gametable.core.values import Action, View
from gametable.core.words import Msg, Seat
from gametable.games.ramen_fury.cards import (
    BOWL_CAP,
    CHILI_POINTS,
    CODES,
    COPIES,
    FURY_CHILI_POINTS,
    IS_SPECIAL,
    NORI_POINTS,
    TYPES_TABLE,
    bowl_points,
    setup_card,
)
from gametable.games.ramen_fury.state import (
    ACTIONS_PER_TURN,
    DECISIONS,
    HAND_LIMIT,
    PANTRY_SIZE,
    SPOONS,
)
from gametable.games.ramen_fury.words import RamenFuryWords

LEARNER = 0
OPPONENT = 1

DEAL = (
    *("Sy", "Co", "Cl"),  # the learner's hand
    *("Ck", "Bf", "Cl"),  # the opponent's hand
    *("Mu", "Fy", "Na", "Sh"),  # the Pantry
    *("No", "Sc"),  # turn 1: the refill after the learner's Draw reveals a Nori, then Scallions
    "Ch",  # turn 1: the learner draws a Chashu from the deck
    "Eg",  # turn 3: the refill after the learner's discard
    *("No", "Cl", "Co"),  # turn 4: the opponent's Draw: a Nori, a Chili, then Corn
    *("No", "Ch"),  # turn 6: the opponent's Draw: a Nori, then Chashu
    "Eg",  # turn 10: the opponent draws from the deck
    *("Cl", "To", "No", "Ck"),  # turn 11: the learner's Restock
    "Mu",  # turn 11: the refill of the place the Chili leaves
)
"""The top of the deck, card by card, as the script uses it."""


def deck() -> list[str]:
    """The whole deck, top first: :data:`DEAL`, then every other card of the 89 in a fixed
    order (the ordinary cards first, by kind, then the Nori and Chili)."""
    left = Counter({code: COPIES[kind] for kind, code in enumerate(CODES)})
    left.subtract(DEAL)
    if any(n < 0 for n in left.values()):
        raise ValueError("the lesson's deal uses more copies of a card than the deck has")
    rest = sorted(left.elements(), key=lambda c: (IS_SPECIAL[setup_card(c)], CODES.index(c)))
    return list(DEAL) + rest


def _act(**data: Any) -> Action:
    """A decision from its data (``{"type": "prep", "card": "Sy", "bowl": 0}``)."""
    action: Action = DECISIONS.from_json(data)
    return action


WORDS = RamenFuryWords()


def expect(wanted: Action) -> Expectation:
    """The step's move and nothing else; any other is answered with the move wanted, in the
    game's words."""

    def check(action: Action, view: View) -> Msg | None:
        if action == wanted:
            return None
        return Msg("ramen_fury.lesson.not_now", move=WORDS.decision(wanted, view))

    return check


def _kinds() -> dict[str, int]:
    """The points of 1, 2, 3 and 4 kinds (Soy Sauce, Beef), from the rules' table."""
    return dict(zip(("one", "two", "three", "four"), TYPES_TABLE[1:], strict=True))


def _say(name: str, **params: Any) -> Msg:
    return Msg(f"ramen_fury.lesson.say.{name}", **params)


def _then(name: str, **params: Any) -> Msg:
    return Msg(f"ramen_fury.lesson.then.{name}", **params)


def _learner(move: Action, say: Msg, then: Msg | None = None) -> Step:
    return Step(say=say, expect=expect(move), then=then)


def _opponent(move: Action, then: Msg | None = None) -> Step:
    return Step(play=move, then=then)


LEARNER_MOVES: tuple[dict[str, Any], ...] = (
    # turn 1: a Draw from the Pantry, whose refill reveals a Nori; a Draw from the deck
    {"type": "draw", "card": "Mu"},
    {"type": "use", "card": "No", "seat": 0, "bowl": 0},
    {"type": "draw", "card": None},
    {"type": "end"},
    # turn 3: over the hand limit; a Chili into the opponent's bowl; a Prep
    {"type": "draw", "card": "Fy"},
    {"type": "discard", "card": "Ch"},
    {"type": "place", "card": "Cl", "seat": 1, "bowl": 1},
    {"type": "prep", "card": "Sy", "bowl": 0},
    # turn 5: a Spoon (the opponent's Chili, off the Soy Sauce bowl), the Fury Flavor
    {"type": "spoon", "seat": 0, "bowl": 0, "to": 1},
    {"type": "prep", "card": "Fy", "bowl": 1},
    # turn 7: two vegetables
    {"type": "prep", "card": "Co", "bowl": 0},
    {"type": "prep", "card": "Mu", "bowl": 0},
    # turn 9: Eat, Empty
    {"type": "eat", "bowl": 0},
    {"type": "empty", "bowl": 2},
    # turn 11, the final round: a Restock that reveals a Chili and a Nori; the last Eat
    {"type": "restock"},
    {"type": "use", "card": "Cl", "seat": 0, "bowl": 1},
    {"type": "eat", "bowl": 1},
)
"""The learner's moves, in order, as data: the lesson asks for each in turn."""

OPPONENT_MOVES: tuple[dict[str, Any], ...] = (
    # turn 2: two Flavors, and a Chili into the learner's bowl 3
    {"type": "prep", "card": "Ck", "bowl": 0},
    {"type": "place", "card": "Cl", "seat": 0, "bowl": 2},
    {"type": "prep", "card": "Bf", "bowl": 1},
    # turn 4: a Draw whose refills reveal a Nori, then a Chili (onto the learner's bowl 1)
    {"type": "draw", "card": "Na"},
    {"type": "use", "card": "No", "seat": 1, "bowl": 0},
    {"type": "use", "card": "Cl", "seat": 0, "bowl": 0},
    {"type": "prep", "card": "Na", "bowl": 1},
    # turn 6
    {"type": "draw", "card": "Sh"},
    {"type": "use", "card": "No", "seat": 1, "bowl": 2},
    {"type": "prep", "card": "Sh", "bowl": 2},
    # turn 8: two bowls eaten
    {"type": "eat", "bowl": 0},
    {"type": "eat", "bowl": 1},
    # turn 10: the third bowl (the final round starts), a Draw
    {"type": "eat", "bowl": 2},
    {"type": "draw", "card": None},
)
"""The opponent's moves, in order, as data (its seat plays them)."""


def lesson() -> Lesson:
    """The lesson (see the module docstring)."""
    ben = Seat(OPPONENT)
    soy = ["No", "Sy", "Co", "Mu"]
    fury = ["Cl", "Fy", "Cl"]
    soy_points = bowl_points([setup_card(c) for c in soy])
    fury_points = bowl_points([setup_card(c) for c in fury])
    theirs = [["Ck", "No"], ["Bf", "Cl", "Na"], ["No", "Sh"]]
    their_points = sum(bowl_points([setup_card(c) for c in b]) for b in theirs)
    learner_words: list[tuple[Msg, Msg | None]] = [
        (_say("draw_pantry", actions=ACTIONS_PER_TURN, pantry=PANTRY_SIZE), _then("refilled")),
        (_say("use_nori", nori=NORI_POINTS), None),
        (_say("draw_deck"), None),
        (_say("end_turn", who=ben), None),
        (_say("draw_over", count=HAND_LIMIT + 1, limit=HAND_LIMIT), None),
        (_say("discard", limit=HAND_LIMIT), None),
        (_say("place_chili", who=ben, chili=-CHILI_POINTS, fury=FURY_CHILI_POINTS), None),
        (_say("prep", cap=BOWL_CAP), _then("prepped")),
        (_say("spoon", spoons=SPOONS), None),
        (
            _say("prep_fury", fury=FURY_CHILI_POINTS, chili=-CHILI_POINTS),
            _then("fury", fury=FURY_CHILI_POINTS),
        ),
        (_say("prep_corn", **_kinds()), None),
        (_say("prep_mushrooms", count=soy_points), None),
        (_say("eat", count=soy_points), None),
        (_say("empty", who=ben), _then("emptied")),
        (_say("restock", pantry=PANTRY_SIZE), None),
        (_say("use_chili"), None),
        (_say("eat_last", count=fury_points), None),
    ]
    opponent_words: dict[int, Msg] = {
        2: _then("their_turn", who=ben),
        6: _then("chain_done", who=ben),
        9: _then("their_shrimp", who=ben),
        11: _then("their_eats", who=ben),
        12: _then("final_round", who=ben),
        13: _then("final_round", who=ben),
    }
    learner = [
        _learner(_act(**move), say, then)
        for move, (say, then) in zip(LEARNER_MOVES, learner_words, strict=True)
    ]
    opponent = [
        _opponent(_act(**move), opponent_words.get(n)) for n, move in enumerate(OPPONENT_MOVES)
    ]
    return Lesson(
        title=Msg("ramen_fury.lesson.title"),
        players=2,
        learner=LEARNER,
        setup={"deck": deck(), "first_player": LEARNER},
        script={LEARNER: learner, OPPONENT: opponent},
        end=Msg(
            "ramen_fury.lesson.end",
            who=ben,
            soy=soy_points,
            fury=fury_points,
            total=soy_points + fury_points,
            other=their_points,
        ),
        options={"first_player": LEARNER},
        intro=Msg("ramen_fury.lesson.intro", who=ben, actions=ACTIONS_PER_TURN),
    )


__all__ = ["DEAL", "LEARNER_MOVES", "OPPONENT_MOVES", "lesson"]
