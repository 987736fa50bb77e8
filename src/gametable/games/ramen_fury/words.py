"""Ramen Fury in words: every decision, event and result as a message
(:class:`~gametable.core.words.Msg`) for a given reader, with the rulebook's names (Prep,
Draw, Spoon, Restock, Eat, Empty, the Pantry, Nori Garnish, Chili Peppers …).

The English sentences are in ``locale/messages.pot`` (ids ``ramen_fury.…``); this module
only chooses the message and its parameters: cards by name, bowls as "your bowl 2",
"their bowl 2" or "Ana's bowl 2" (:mod:`.phrases`), seats as
:class:`~gametable.core.words.Seat`. A sentence about the reader and one about someone
else are separate messages ("You drew …" / "{who} drew …"), as other languages need.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gametable.core.game import Action, Result, View
from gametable.core.words import Msg, Seat
from gametable.games.ramen_fury import cards as C
from gametable.games.ramen_fury.phrases import bowl, card, card_code, cards, points, scored
from gametable.games.ramen_fury.state import (
    ACTIONS_PER_TURN,
    BOWLS,
    HAND_LIMIT,
    SPOONS,
    Discard,
    Draw,
    Eat,
    Empty,
    EndTurn,
    Place,
    Prep,
    Restock,
    Skip,
    Spoon,
    Use,
)

__all__ = ["RamenFuryWords", "components"]


def _you(event_seat: int | None, viewer: int | None) -> bool:
    return event_seat is not None and event_seat == viewer


class RamenFuryWords:
    """The :class:`~gametable.core.words.GameWords` of Ramen Fury."""

    # -- decisions ---------------------------------------------------------------------------

    def decision(self, action: Action, view: View) -> Msg:
        """``action`` as an instruction to the seat whose ``view`` it is: "Prep Chashu into
        your bowl 2", "Spoon Corn from Ana's bowl 1 onto your bowl 3", "Eat your bowl 1
        for 7 points"."""
        me = view.get("seat")
        if isinstance(action, Prep):
            return Msg("ramen_fury.decision.prep", card=card(action.card), bowl=action.bowl + 1)
        if isinstance(action, Draw):
            if action.card is None:
                return Msg("ramen_fury.decision.draw_deck")
            return Msg("ramen_fury.decision.draw", card=card(action.card))
        if isinstance(action, Spoon):
            source = bowl(action.seat, action.bowl, me)
            top = _top(view, action.seat, action.bowl)
            if top is None:
                return Msg("ramen_fury.decision.spoon_top", source=source, to=action.to + 1)
            return Msg(
                "ramen_fury.decision.spoon", card=card_code(top), source=source, to=action.to + 1
            )
        if isinstance(action, Restock):
            return Msg("ramen_fury.decision.restock")
        if isinstance(action, Eat):
            points = _bowl_points(view, me, action.bowl)
            if points is None:
                return Msg("ramen_fury.decision.eat_bowl", bowl=action.bowl + 1)
            return Msg("ramen_fury.decision.eat", bowl=action.bowl + 1, **scored(points))
        if isinstance(action, Empty):
            return Msg("ramen_fury.decision.empty", bowl=action.bowl + 1)
        if isinstance(action, Place):
            return Msg(
                "ramen_fury.decision.place",
                card=card(action.card),
                bowl=bowl(action.seat, action.bowl, me),
            )
        if isinstance(action, Discard):
            return Msg("ramen_fury.decision.discard", card=card(action.card))
        if isinstance(action, Use):
            return Msg(
                "ramen_fury.decision.use",
                card=card(action.card),
                bowl=bowl(action.seat, action.bowl, me),
            )
        if isinstance(action, Skip):
            revealed = _revealed(view)
            if not revealed:
                return Msg("ramen_fury.decision.skip_any")
            return Msg("ramen_fury.decision.skip", cards=revealed)
        if isinstance(action, EndTurn):
            return Msg("ramen_fury.decision.end")
        raise TypeError(f"not a Ramen Fury decision: a {type(action).__name__}")

    # -- events -------------------------------------------------------------------------------

    def event(self, event: Mapping[str, Any], viewer: int | None) -> Msg | None:
        """One event of a view's ``history`` told to ``viewer`` (past tense)."""
        kind = event["kind"]
        seat = event["seat"]
        you = _you(seat, viewer)
        who = Seat(seat) if seat is not None else None

        def said(name: str, **params: Any) -> Msg:
            if you:
                return Msg(f"ramen_fury.event.{name}.you", **params)
            return Msg(f"ramen_fury.event.{name}.other", who=who, **params)

        if kind == "prep":
            return said("prep", card=card_code(event["card"]), bowl=event["bowl"] + 1)
        if kind == "draw":
            if event["from"] == "pantry":
                return said("draw_pantry", card=card_code(event["card"]))
            if event.get("card") is not None:
                return said("draw_deck_seen", card=card_code(event["card"]))
            return said("draw_deck")
        if kind == "discard":
            return said("discard", card=card_code(event["card"]), limit=HAND_LIMIT)
        if kind == "refill":
            return Msg("ramen_fury.event.refill", card=card_code(event["card"]))
        if kind == "restock":
            revealed = cards(event["cards"])
            if not revealed:
                return said("restock_nothing")
            return said("restock", cards=revealed)
        if kind in ("place", "use"):
            where = bowl(event["owner"], event["bowl"], viewer, seat)
            return said(kind, card=card_code(event["card"]), bowl=where)
        if kind == "skip":
            return said("skip", cards=cards(event["cards"]))
        if kind == "spoon":
            source = bowl(event["owner"], event["bowl"], viewer, seat)
            return said("spoon", card=card_code(event["card"]), source=source, to=event["to"] + 1)
        if kind == "eat":
            return said("eat", bowl=event["bowl"] + 1, **scored(event["points"]))
        if kind == "empty":
            emptied = cards(event["cards"])
            return said("empty", bowl=event["bowl"] + 1, cards=emptied)
        if kind == "end":
            return said("end")
        if kind == "forfeit":
            return said("forfeit", count=event["actions"])
        if kind == "final_round":
            left = event["turns_left"]
            if event["reason"] == "deck_empty":
                return Msg("ramen_fury.event.final_round.deck", count=left)
            player = event["player"]
            if player == viewer:
                return Msg("ramen_fury.event.final_round.you", count=left, bowls=BOWLS)
            return Msg(
                "ramen_fury.event.final_round.other", who=Seat(player), count=left, bowls=BOWLS
            )
        if kind == "game_over":
            return Msg("ramen_fury.event.game_over", scores=_scores(event["points"], viewer))
        return None

    # -- the end ------------------------------------------------------------------------------

    def result(self, result: Result, players: int, viewer: int | None) -> Sequence[Msg]:
        """Who won and with how many points (or who shares the win), the tie-break when it
        decided, then each player's points, bowls and cards eaten, best first."""
        out: list[Msg] = []
        details = result.details or {}
        seats = {entry["seat"]: entry for entry in details.get("seats", [])}
        winners = list(result.winners)
        best = result.scores[winners[0]] if winners else 0
        if len(winners) == 1:
            w = winners[0]
            if w == viewer:
                out.append(Msg("ramen_fury.result.win.you", **scored(best)))
            else:
                out.append(Msg("ramen_fury.result.win.other", who=Seat(w), **scored(best)))
        else:
            if viewer in winners:
                others = [Seat(s) for s in winners if s != viewer]
                out.append(Msg("ramen_fury.result.shared.you", others=others, **scored(best)))
            else:
                out.append(
                    Msg(
                        "ramen_fury.result.shared.other",
                        who=[Seat(s) for s in winners],
                        **scored(best),
                    )
                )
        non_flavor = details.get("tiebreak_count") == "non_flavor"
        if result.tiebreak is not None and winners:
            eaten = seats.get(winners[0], {}).get("cards_eaten", 0)
            name = "tiebreak_non_flavor" if non_flavor else "tiebreak"
            out.append(Msg(f"ramen_fury.result.{name}", count=eaten))
        elif len(winners) > 1:
            name = "still_tied_non_flavor" if non_flavor else "still_tied"
            out.append(Msg(f"ramen_fury.result.{name}"))
        order = sorted(range(players), key=lambda s: (result.ranks[s], s))
        for s in order:
            entry = seats.get(s, {})
            bowls_eaten = sum(1 for b in entry.get("bowls", []) if b.get("eaten"))
            params = {
                "rank": result.ranks[s],
                **scored(result.scores[s]),
                "bowls": Msg("ramen_fury.result.bowls", count=bowls_eaten),
                "cards": Msg("ramen_fury.result.cards", count=entry.get("cards_eaten", 0)),
            }
            if s == viewer:
                out.append(Msg("ramen_fury.result.line.you", **params))
            else:
                out.append(Msg("ramen_fury.result.line.other", who=Seat(s), **params))
        return out


def _top(view: View, seat: int, index: int) -> str | None:
    """The top card (its id) of a bowl in the view, if the bowl is there and holds one."""
    try:
        stack = view["bowls"][seat][index]["cards"]
    except (KeyError, IndexError, TypeError):
        return None
    return stack[-1] if stack else None


def _bowl_points(view: View, seat: int | None, index: int) -> int | None:
    """What the seat's bowl would score if eaten now, from the view."""
    if seat is None:
        return None
    try:
        points = view["bowls"][seat][index]["points"]
    except (KeyError, IndexError, TypeError):
        return None
    return points if isinstance(points, int) else None


def _revealed(view: View) -> list[Msg]:
    """The Nori and Chili just revealed in the Pantry, by name."""
    pantry = view.get("pantry") or []
    out = []
    for slot in view.get("revealed") or []:
        if 0 <= slot < len(pantry) and pantry[slot] is not None:
            out.append(card_code(pantry[slot]))
    return out


def _scores(points: Sequence[int], viewer: int | None) -> list[Msg]:
    """Every seat's score: "Ana: 12 points", "you: 9 points" …"""
    return [Msg("ramen_fury.score", who=Seat(s), **scored(p)) for s, p in enumerate(points)]


# -- components ---------------------------------------------------------------------------------


def components() -> dict[str, Any]:
    """What the browser table draws and names (:meth:`~gametable.core.game.Game.components`).

    ``cards``: by id (``"Ch"``), what each card is — ``ingredient`` (an identifier, for
    its picture), ``category`` (``flavor``, ``protein``, ``vegetable``, ``tofu``,
    ``special``) and the flags ``flavor``, ``protein``, ``vegetable``, ``special``; its
    ``copies`` in the deck; its ``name``, ``short`` name, and ``rule`` (what it does for
    scoring), in words. ``categories``: each category's name, and a short one for the
    band on a card. ``rules``: how bowls score
    and what the limits are, one line each, with the numbers from the rules' tables.
    """
    out_cards: dict[str, Any] = {}
    for kind, code in enumerate(C.CODES):
        out_cards[code] = {
            "ingredient": C.INGREDIENTS[kind],
            "category": C.category(kind),
            "flavor": kind in C.FLAVORS,
            "protein": kind in C.PROTEINS,
            "vegetable": kind in C.VEGETABLES,
            "special": kind in C.SPECIALS,
            "copies": C.COPIES[kind],
            "name": Msg(f"ramen_fury.card.{code}"),
            "short": Msg(f"ramen_fury.card_short.{code}"),
            "rule": _card_rule(kind),
        }
    categories = {
        name: {
            "name": Msg(f"ramen_fury.category.{name}"),
            "short": Msg(f"ramen_fury.category_short.{name}"),
        }
        for name in ("flavor", "protein", "vegetable", "tofu", "special")
    }
    return {"cards": out_cards, "categories": categories, "rules": scoring_rules()}


def _kinds_table() -> dict[str, int]:
    t = C.TYPES_TABLE
    return {"one": t[1], "two": t[2], "three": t[3], "four": t[4]}


def _card_rule(kind: int) -> Msg:
    """What a card does for scoring, in a few words."""
    if kind == C.SOY:
        return Msg("ramen_fury.card_rule.soy", **_kinds_table())
    if kind == C.BEEF:
        return Msg("ramen_fury.card_rule.beef", **_kinds_table())
    if kind == C.SHRIMP:
        return Msg("ramen_fury.card_rule.shrimp", points=C.SHRIMP_PAIR_POINTS)
    if kind == C.CHICKEN:
        return Msg(
            "ramen_fury.card_rule.chicken",
            pair=C.CHICKEN_PAIR_POINTS,
            three=C.CHICKEN_THREE_POINTS,
        )
    if kind == C.FURY:
        return Msg("ramen_fury.card_rule.fury", points=C.FURY_CHILI_POINTS)
    if kind == C.NORI:
        return Msg("ramen_fury.card_rule.nori", points=C.NORI_POINTS)
    if kind == C.CHILI:
        return Msg("ramen_fury.card_rule.chili", points=-C.CHILI_POINTS, fury=C.FURY_CHILI_POINTS)
    if kind == C.TOFU:
        return Msg("ramen_fury.card_rule.tofu")
    if kind in C.PROTEINS:
        return Msg("ramen_fury.card_rule.protein")
    return Msg("ramen_fury.card_rule.vegetable")


def scoring_rules() -> list[Msg]:
    """How bowls score and the limits, one line each (the table's "How bowls score")."""
    return [
        Msg("ramen_fury.rules.only_eaten", cap=C.BOWL_CAP),
        Msg(
            "ramen_fury.rules.soy",
            vegetables=cards(C.CODES[k] for k in C.VEGETABLES),
            **_kinds_table(),
        ),
        Msg(
            "ramen_fury.rules.beef",
            proteins=cards(C.CODES[k] for k in C.PROTEINS),
            **_kinds_table(),
        ),
        Msg("ramen_fury.rules.shrimp", points=C.SHRIMP_PAIR_POINTS),
        Msg("ramen_fury.rules.chicken", pair=C.CHICKEN_PAIR_POINTS, three=C.CHICKEN_THREE_POINTS),
        Msg("ramen_fury.rules.fury", points=C.FURY_CHILI_POINTS),
        Msg(
            "ramen_fury.rules.specials",
            nori=C.NORI_POINTS,
            chili=-C.CHILI_POINTS,
            fury=C.FURY_CHILI_POINTS,
        ),
        Msg(
            "ramen_fury.rules.turn",
            actions=ACTIONS_PER_TURN,
            spoons=SPOONS,
            hand=HAND_LIMIT,
        ),
        Msg("ramen_fury.rules.tiebreak"),
    ]


def breakdown(parts: Mapping[str, Any]) -> list[Msg]:
    """A bowl's score in parts ("Soy Sauce Flavor: 2 vegetable kinds, 5 points", "Nori
    Garnish: +1", …), from a view's or a result's ``breakdown``."""
    out: list[Msg] = []
    flavor = parts.get("flavor")
    if flavor is not None:
        basis = parts.get("basis")
        params: dict[str, Any] = {
            "flavor": card_code(flavor),
            "count": parts.get("count", 0),
            "points": points(parts.get("base", 0)),
        }
        if basis == "alike":
            ingredient = parts.get("ingredient")
            if ingredient is None or parts.get("count", 0) < 2:
                out.append(Msg("ramen_fury.breakdown.alike_none", **params))
            else:
                out.append(
                    Msg("ramen_fury.breakdown.alike", ingredient=card_code(ingredient), **params)
                )
        elif basis in ("vegetable_kinds", "protein_kinds", "pairs", "fury"):
            out.append(Msg(f"ramen_fury.breakdown.{basis}", **params))
    if parts.get("nori"):
        out.append(Msg("ramen_fury.breakdown.nori", points=_signed(parts["nori"])))
    if parts.get("chili"):
        out.append(Msg("ramen_fury.breakdown.chili", points=_signed(parts["chili"])))
    return out


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"
