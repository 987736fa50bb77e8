"""Ramen (the tips game) in words: every decision, event, prompt and result line as a message.

The one place that turns the game's data into sentences (:class:`TipsWords`, the game's
:class:`~gametable.core.words.GameWords`). It builds :class:`~gametable.core.words.Msg`
values — message ids of the game's catalog (``locale/messages.pot``, ids
``ramen_tips.*``) with their parameters — and front ends render them in the reader's
language. Cards are told by name (``Chāshū 6``), never by their notation; bowls are
numbered from 1 as people count; a seat is a :class:`~gametable.core.words.Seat` (its name,
or "you"), and Grunchie, the 2-player dummy, is Grunchie.

Where English says "you" differently from a name ("You took …" / "Ana took …"), there are
two message ids: ``….you`` for the reader's own seat.

>>> from gametable.core.words import render
>>> event = {"turn": 2, "seat": 1, "kind": "take", "card": "Y4", "bowl": 0, "new": False}
>>> render(WORDS.event(event, viewer=1)), render(WORDS.event(event, viewer=0))
('You took Yasai 4 into bowl 1.', 'Seat 1 took Yasai 4 into bowl 1.')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gametable.core.game import Action, Result, View
from gametable.core.words import Msg, Seat
from gametable.games.ramen_tips.cards import (
    CARD_BY_NAME,
    CARD_MSGS,
    CARD_VALUE,
    INGREDIENT_MSGS,
    LETTERS,
    SHOYU_MSG,
)
from gametable.games.ramen_tips.scoring import NARUTO_YEN
from gametable.games.ramen_tips.state import (
    ACHIEVEMENTS,
    OTHER_ACHIEVEMENTS,
    Choose,
    Exchange,
    Keep,
    Pass,
    PlaceShoyu,
    Swap,
    Take,
)

GRUNCHIE = Msg("ramen_tips.grunchie")
"""Grunchie, the dummy of the 2-player game."""

TIEBREAKS = {"lowest tip token": Msg("ramen_tips.tiebreak.lowest_tip")}
"""The tie-breaks a result may name (``Result.tiebreak``), in words."""


def card(name: str) -> Msg:
    """A card, by its id (``"C6"``), in words: Chāshū 6."""
    return CARD_MSGS[CARD_BY_NAME[name]]


def cards(names: Sequence[str]) -> list[Msg]:
    """Cards by id, in words, as a list parameter ("Chāshū 6, Sūpu 2 and Yasai 9")."""
    return [card(n) for n in names]


def ingredient(letter: str) -> Msg:
    """An ingredient type, by its id (``"C"``), in words: Chāshū."""
    return INGREDIENT_MSGS[LETTERS.index(letter)]


def naruto_kind(kind: str) -> Msg:
    """A Naruto's kind as the result names it (a type id, or ``"Shōyu"``), in words."""
    return SHOYU_MSG if kind not in LETTERS else ingredient(kind)


def slot(number: int, players: int) -> Seat | Msg:
    """A revealing slot: a seat, or Grunchie (the slot after the seats)."""
    return GRUNCHIE if number >= players else Seat(number)


def whose(number: int, players: int, viewer: int | None) -> Msg:
    """A slot's possessive: "your", "Grunchie's", "Seat 2's"."""
    if number == viewer:
        return Msg("ramen_tips.whose.yours")
    if number >= players:
        return Msg("ramen_tips.whose.grunchie")
    return Msg("ramen_tips.whose.seat", seat=Seat(number))


def bowl_place(bowl: int, new: bool) -> Msg:
    """Where a card goes: "bowl 2", or "a new bowl (bowl 3)" (``bowl`` from 0)."""
    return Msg("ramen_tips.new_bowl" if new else "ramen_tips.bowl", number=bowl + 1)


def shoyu_places(bowls: Sequence[int]) -> list[Msg]:
    """A Shōyu placement (one bowl index per card) as "2 in bowl 1 and 1 in bowl 3"."""
    counts: dict[int, int] = {}
    for b in bowls:
        counts[b] = counts.get(b, 0) + 1
    return [Msg("ramen_tips.shoyu_in_bowl", count=k, bowl=b + 1) for b, k in sorted(counts.items())]


def achievement(key: str) -> Msg:
    """An achievement's name (Little bowls …)."""
    return Msg(f"ramen_tips.achievement.{key}")


def achievement_means(key: str) -> Msg:
    """What an achievement rewards ("finish with 4 or more valid ramen" …)."""
    return Msg(f"ramen_tips.achievement.{key}.means")


def _you(base: str, seat: int | None, viewer: int | None, **params: Any) -> Msg:
    """``base.you`` for the reader's own seat, else ``base`` with the seat as ``seat``."""
    if seat is not None and seat == viewer:
        return Msg(f"{base}.you", **params)
    return Msg(base, seat=Seat(seat if seat is not None else -1), **params)


class TipsWords:
    """Ramen (the tips game)'s :class:`~gametable.core.words.GameWords` (see the module
    docstring), and the other sentences its front ends show: the prompt of the moment, the
    headings of the moves list, each player's scoring breakdown."""

    # -- decisions ---------------------------------------------------------------------

    def decision(self, action: Action, view: View) -> Msg:
        """The decision as a move to make, said to the seat whose ``view`` it is."""
        if isinstance(action, Choose):
            return Msg("ramen_tips.decision.choose", card=CARD_MSGS[action.card])
        if isinstance(action, Exchange):
            revealed = view.get("revealed") or []
            name = CARD_MSGS[action.card]
            owner = next(
                (s for s, c in enumerate(revealed) if CARD_BY_NAME.get(c) == action.card), None
            )
            if owner is None:
                return Msg("ramen_tips.decision.exchange", card=name)
            return Msg(
                "ramen_tips.decision.exchange_from",
                card=name,
                whose=whose(owner, view["players"], view.get("seat")),
            )
        if isinstance(action, Swap):
            return Msg(
                "ramen_tips.decision.swap",
                first=INGREDIENT_MSGS[action.a],
                second=INGREDIENT_MSGS[action.b],
            )
        if isinstance(action, Pass):
            if view.get("phase") == "swap":
                return Msg("ramen_tips.decision.pass_swap")
            return Msg("ramen_tips.decision.pass_exchange")
        if isinstance(action, Take | Keep):
            seat = view.get("seat")
            bowls = view["bowls"][seat] if isinstance(seat, int) else []
            where = bowl_place(action.bowl, action.bowl >= len(bowls))
            kind = "take" if isinstance(action, Take) else "keep"
            return Msg(f"ramen_tips.decision.{kind}", card=CARD_MSGS[action.card], where=where)
        if isinstance(action, PlaceShoyu):
            if not action.bowls:
                return Msg("ramen_tips.decision.place_no_shoyu")
            return Msg(
                "ramen_tips.decision.place_shoyu",
                count=len(action.bowls),
                where=shoyu_places(action.bowls),
            )
        raise TypeError(f"not a decision of Ramen (the tips game): {type(action).__name__}")

    # -- events ------------------------------------------------------------------------

    def event(self, event: Mapping[str, Any], viewer: int | None) -> Msg | None:
        """One event of a view's ``history``, told to ``viewer`` (past tense)."""
        kind = event.get("kind")
        seat = event.get("seat")
        tell = getattr(self, f"_event_{kind}", None)
        if tell is None:
            return None
        told: Msg | None = tell(event, seat, viewer)
        return told

    def _event_round(self, e: Mapping[str, Any], seat: Any, viewer: Any) -> Msg:
        key = "ramen_tips.event.round.final" if e["final"] else "ramen_tips.event.round"
        return Msg(key, round=e["round"], rounds=e["rounds"])

    def _event_choose(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        if seat == viewer and "card" in e:
            return Msg("ramen_tips.event.choose.you", card=card(e["card"]))
        return Msg("ramen_tips.event.choose", seat=Seat(seat))

    def _event_reveal(self, e: Mapping[str, Any], seat: Any, viewer: Any) -> Msg:
        players = _players_of(e)
        shown = [
            Msg("ramen_tips.event.slot_card", card=card(c), who=slot(s, players))
            for s, c in enumerate(e["cards"])
        ]
        return Msg("ramen_tips.event.reveal", cards=shown)

    def _event_cancel(self, e: Mapping[str, Any], seat: Any, viewer: Any) -> Msg:
        players = _players_of(e)
        who = [slot(s, players) for s in e["slots"]]
        return Msg("ramen_tips.event.cancel", value=e["value"], who=who)

    def _event_no_effect(self, e: Mapping[str, Any], seat: Any, viewer: Any) -> Msg:
        return Msg("ramen_tips.event.no_effect", value=e["value"])

    def _event_exchange(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        players = _players_of(e)
        return _you(
            "ramen_tips.event.exchange",
            seat,
            viewer,
            gave=card(e["gave"]),
            got=card(e["got"]),
            whose=whose(e["with"], players, viewer),
        )

    def _event_pass(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        return _you(f"ramen_tips.event.pass_{e['effect']}", seat, viewer)

    def _event_swap(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        a, b = e["ingredients"]
        return _you(
            "ramen_tips.event.swap",
            seat,
            viewer,
            first=ingredient(a),
            second=ingredient(b),
            row=[ingredient(t) for t in e["preference"]],
        )

    def _event_order(self, e: Mapping[str, Any], seat: Any, viewer: Any) -> Msg:
        players = _players_of(e)
        return Msg("ramen_tips.event.order", who=[slot(s, players) for s in e["slots"]])

    def _event_take(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        where = bowl_place(e["bowl"], e["new"])
        return _you("ramen_tips.event.take", seat, viewer, card=card(e["card"]), where=where)

    def _event_keep(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        where = bowl_place(e["bowl"], e["new"])
        return _you("ramen_tips.event.keep", seat, viewer, card=card(e["card"]), where=where)

    def _event_gain_shoyu(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        return _you("ramen_tips.event.gain_shoyu", seat, viewer, card=card(e["card"]))

    def _event_grunchie_removes(self, e: Mapping[str, Any], seat: Any, viewer: Any) -> Msg:
        own = "_own" if e["own"] else ""
        return Msg(f"ramen_tips.event.grunchie_removes{own}", card=card(e["card"]))

    def _event_place_shoyu(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        if seat == viewer and "bowls" in e:
            if not e["bowls"]:
                return Msg("ramen_tips.event.place_no_shoyu.you")
            return Msg(
                "ramen_tips.event.place_shoyu.you",
                count=len(e["bowls"]),
                where=shoyu_places(e["bowls"]),
            )
        return Msg("ramen_tips.event.place_shoyu", seat=Seat(seat))

    def _event_shoyu_placed(self, e: Mapping[str, Any], seat: int, viewer: Any) -> Msg:
        return _you(
            "ramen_tips.event.shoyu_placed",
            seat,
            viewer,
            count=len(e["bowls"]),
            where=shoyu_places(e["bowls"]),
        )

    def _event_end(self, e: Mapping[str, Any], seat: Any, viewer: Any) -> Msg:
        return Msg("ramen_tips.event.end")

    # -- the result --------------------------------------------------------------------

    def result(self, result: Result, players: int, viewer: int | None) -> list[Msg]:
        """Who won (and the tie-break that decided), each player's yen step by step, and
        the achievements earned."""
        winners = list(result.winners)
        lines: list[Msg] = []
        if len(winners) == 1:
            w = winners[0]
            yen = result.scores[w]
            decided = TIEBREAKS.get(result.tiebreak) if result.tiebreak else None
            if decided is not None:
                lines.append(
                    _you("ramen_tips.result.winner_tiebreak", w, viewer, yen=yen, rule=decided)
                )
            else:
                lines.append(_you("ramen_tips.result.winner", w, viewer, yen=yen))
        else:
            lines.append(
                Msg(
                    "ramen_tips.result.shared",
                    seats=[Seat(s) for s in winners],
                    yen=result.scores[winners[0]],
                )
            )
        details = result.details or {}
        for p in details.get("players", []):
            lines.append(self.summary(p, viewer))
        for p in details.get("players", []):
            got = [
                Msg(
                    "ramen_tips.achievement.with_meaning",
                    name=achievement(a),
                    means=achievement_means(a),
                )
                for a in p.get("achievements", [])
            ]
            if got:
                lines.append(_you("ramen_tips.result.achievements", p["seat"], viewer, earned=got))
        return lines

    def summary(self, player: Mapping[str, Any], viewer: int | None) -> Msg:
        """One player's yen in a line: "You: 27 yen (18 for 3 ramen of 6 cards, …)"."""
        steps = self.steps(player)
        return _you(
            "ramen_tips.result.player",
            player["seat"],
            viewer,
            yen=player["total"],
            steps=steps,
        )

    def steps(self, player: Mapping[str, Any]) -> list[Msg]:
        """A player's scoring steps, short, from the result's ``details.players[i]``."""
        tips = sum(t["yen"] for t in player["tips"])
        penalty = sum(CARD_VALUE[CARD_BY_NAME[c]] for c in player["penalty_cards"])
        out = [
            Msg(
                "ramen_tips.step.ramen",
                yen=player["ramen_yen"],
                count=player["valid"],
                largest=player["largest"],
            ),
            Msg("ramen_tips.step.tips", yen=tips),
        ]
        if player["narutos"]:
            out.append(
                Msg(
                    "ramen_tips.step.narutos",
                    yen=NARUTO_YEN * len(player["narutos"]),
                    count=len(player["narutos"]),
                )
            )
        out.append(Msg("ramen_tips.step.bonus", yen=len(player["bonus_cards"])))
        if penalty:
            out.append(Msg("ramen_tips.step.penalty", yen=penalty))
        return out

    def breakdown(self, player: Mapping[str, Any]) -> list[Msg]:
        """A player's score as the rulebook prints it, one line per step (from the
        result's ``details.players[i]``)."""
        tips = sum(t["yen"] for t in player["tips"])
        penalty = sum(CARD_VALUE[CARD_BY_NAME[c]] for c in player["penalty_cards"])
        which = [
            Msg("ramen_tips.line.tip_for", yen=t["yen"], ingredient=ingredient(t["type"]))
            for t in player["tips"]
        ]
        none = Msg("ramen_tips.none")
        out = [
            Msg(
                "ramen_tips.line.ramen",
                valid=player["valid"],
                largest=player["largest"],
                yen=player["ramen_yen"],
            ),
            Msg("ramen_tips.line.tips", yen=tips, which=which or none),
        ]
        if player["narutos"]:
            out.append(
                Msg(
                    "ramen_tips.line.narutos",
                    yen=NARUTO_YEN * len(player["narutos"]),
                    which=[naruto_kind(k) for k in player["narutos"]],
                )
            )
        out.append(
            Msg(
                "ramen_tips.line.bonus",
                yen=len(player["bonus_cards"]),
                which=cards(player["bonus_cards"]) or none,
            )
        )
        out.append(
            Msg(
                "ramen_tips.line.penalty",
                yen=penalty,
                which=cards(player["penalty_cards"]) or none,
            )
        )
        out.append(Msg("ramen_tips.line.total", yen=player["total"]))
        return out

    # -- what happens now --------------------------------------------------------------

    def prompt(self, view: View) -> Msg:
        """What the table waits for, said to the seat whose ``view`` it is."""
        phase = view["phase"]
        seat = view.get("seat")
        players = view["players"]
        if phase == "choose":
            if seat is not None and view.get("chosen"):
                return Msg("ramen_tips.prompt.chosen", card=card(view["chosen"]))
            if seat is not None and seat in view["to_act"]:
                return Msg("ramen_tips.prompt.choose.you")
            return Msg("ramen_tips.prompt.choose")
        if phase == "shoyu":
            if seat is not None and seat in view["to_act"]:
                return Msg("ramen_tips.prompt.shoyu.you")
            return Msg("ramen_tips.prompt.shoyu")
        if phase == "over":
            return Msg("ramen_tips.prompt.over")
        current = view["current"]
        if current == seat:
            if phase == "exchange":
                return Msg("ramen_tips.prompt.exchange.you")
            if phase == "swap":
                return Msg("ramen_tips.prompt.swap.you")
            own: str = view["revealed"][seat]
            if not view["took"] and not view["kept"]:
                return Msg("ramen_tips.prompt.take_and_keep.you", card=card(own))
            if not view["kept"]:
                return Msg("ramen_tips.prompt.keep.you", card=card(own))
            return Msg("ramen_tips.prompt.take.you")
        who = slot(current, players)
        if phase == "exchange":
            return Msg("ramen_tips.prompt.exchange", seat=who)
        if phase == "swap":
            return Msg("ramen_tips.prompt.swap", seat=who)
        return Msg("ramen_tips.prompt.take", seat=who, place=view["turn"] + 1)

    def heading(self, view: View, legal: Sequence[Action]) -> Msg:
        """The heading of the list of moves."""
        phase = view["phase"]
        if phase == "take":
            keeping = any(isinstance(a, Keep) for a in legal)
            taking = any(isinstance(a, Take) for a in legal)
            if keeping and taking:
                return Msg("ramen_tips.heading.take_or_keep")
            if keeping:
                return Msg("ramen_tips.heading.keep")
            return Msg("ramen_tips.heading.take")
        return Msg(f"ramen_tips.heading.{phase}")


def _players_of(event: Mapping[str, Any]) -> int:
    """The seats of the game an event belongs to, as its facts say (``players``)."""
    players: int = event["players"]
    return players


def achievements_all() -> tuple[str, ...]:
    """Every achievement of the rulebook, the ones a game checks first."""
    return (*ACHIEVEMENTS, *OTHER_ACHIEVEMENTS)


WORDS = TipsWords()
"""The game's description layer (``GAME.words``)."""

__all__ = [
    "GRUNCHIE",
    "TIEBREAKS",
    "WORDS",
    "TipsWords",
    "achievement",
    "achievement_means",
    "achievements_all",
    "bowl_place",
    "card",
    "cards",
    "ingredient",
    "naruto_kind",
    "shoyu_places",
    "slot",
    "whose",
]
