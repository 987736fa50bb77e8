"""Ramen! Ramen! in words: decisions, events and results as messages.

The one place that says what happens in the game (:class:`~gametable.core.words.GameWords`).
Every sentence is a message id of ``locale/messages.pot`` with its parameters: cards as
:func:`~.cards.card_msg` (``Nori 4``), bowls numbered 1 to 3 as people number them, seats
as :class:`~gametable.core.words.Seat`, teams as ``Team A``. A translation replaces the
catalog's sentences, never this code.

>>> from gametable.core.words import render
>>> from gametable.games.ramen_ramen.state import Play, Take
>>> words = RamenWords()
>>> render(words.decision(Play(((5, 2), (44, 0))), {"phase": "play"}))
'Put Ajitama 5 into bowl 3 and Nori 4 into bowl 1'
>>> render(words.event({"turn": 3, "seat": 1, "kind": "take", "card": "K5", "second": False}, 0))
'Seat 1 took Kamaboko 5 from the Fridge'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gametable.core.game import Action, Result, View
from gametable.core.words import Msg, Seat
from gametable.games.ramen_ramen.cards import CARD_BY_NAME, CARD_NAMES, card_msg
from gametable.games.ramen_ramen.history import TEAM_NAMES
from gametable.games.ramen_ramen.scoring import CRITICS_BANDS, critics_band
from gametable.games.ramen_ramen.state import Play, Take

TIEBREAKS = {
    "most bowls served": "ramen_ramen.tiebreak.bowls",
    "fewest cards in served bowls": "ramen_ramen.tiebreak.cards",
}
"""The tie-breaks of :meth:`RamenState.result` (as ``Result.tiebreak`` names them) and
their message ids."""

VERDICTS = tuple(f"ramen_ramen.verdict.{band}" for band in range(len(CRITICS_BANDS)))
"""The critics' words for each band of :data:`~.scoring.CRITICS_BANDS`, quoted from the
rulebook."""
STARS = tuple(f"ramen_ramen.stars.{band}" for band in range(len(CRITICS_BANDS)))
"""Each band's stars in words ("2½ stars")."""


def card(name: str) -> Msg:
    """A card of a view or an event (``"N4"``) in words."""
    return card_msg(CARD_BY_NAME[name])


def cards(names: Sequence[str]) -> list[Msg]:
    return [card(n) for n in names]


def points(count: int) -> Msg:
    """``1 point``, ``3 points``."""
    return Msg("ramen_ramen.points", count=count)


def team(letter: str, viewer: int | None = None) -> Msg:
    """``Team A``, or ``Team A (your team)`` for a member of it."""
    if viewer is not None and TEAM_NAMES[viewer % 2] == letter:
        return Msg("ramen_ramen.team.yours", team=letter)
    return Msg("ramen_ramen.team", team=letter)


def members(letter: str, players: int) -> list[Seat]:
    """The seats of a team (teams are 4 players: A = seats 0 and 2, B = seats 1 and 3)."""
    return [Seat(s) for s in range(players) if TEAM_NAMES[s % 2] == letter]


def side_name(side: Mapping[str, Any], players: int) -> Msg | Seat:
    """A scoring side of a result's details: a seat, or in 4 players its team with its
    members (``Team A (you and Carl)``)."""
    if players == 4:
        letter = TEAM_NAMES[side["seats"][0] % 2]
        return Msg("ramen_ramen.team.members", team=team(letter), members=members(letter, players))
    return Seat(side["seats"][0])


def _placements(pairs: Sequence[tuple[Msg, int]]) -> list[Msg]:
    return [Msg("ramen_ramen.placement", card=c, bowl=p + 1) for c, p in pairs]


def _you(msg_id: str, seat: int | None, viewer: int | None, **params: Any) -> Msg:
    """``<id>.you`` ("You …") when the viewer is the seat, else ``<id>`` with the seat."""
    if seat is not None and seat == viewer:
        return Msg(f"{msg_id}.you", **params)
    return Msg(msg_id, seat=Seat(seat if seat is not None else -1), **params)


class RamenWords:
    """Ramen! Ramen!'s :class:`~gametable.core.words.GameWords`."""

    # -- decisions ------------------------------------------------------------------------

    def decision(self, action: Action, view: View) -> Msg:
        """The decision as an instruction to the seat whose view it is, with what the rules
        say it does: "Put Nori 7 into bowl 1 and Chashu 2 into bowl 3, serving bowl 1
        (3 points)"; "Take Kamaboko 5 from the Fridge"."""
        if isinstance(action, Take):
            second = view.get("phase") == "take2"
            return Msg(
                "ramen_ramen.move.take.second" if second else "ramen_ramen.move.take",
                card=card_msg(action.card),
            )
        if isinstance(action, Play):
            placed = _placements([(card_msg(c), p) for c, p in action.placements])
            serving = self._serving(action, view)
            if serving:
                return Msg("ramen_ramen.move.play.serving", placements=placed, served=serving)
            return Msg("ramen_ramen.move.play", placements=placed)
        raise TypeError(f"not a Ramen! Ramen! decision: {type(action).__name__}")

    def _serving(self, action: Play, view: View) -> list[Msg]:
        """The bowls the play would serve (from the view's ``if_played`` facts), each with
        its points and, when it goes to someone else, who receives it."""
        facts = view.get("if_played")
        if not isinstance(facts, Mapping):
            return []
        out = []
        seat = view.get("seat")
        players = view.get("players", 1)
        for c, p in action.placements:
            per_bowl = facts.get(CARD_NAMES[c])
            if not per_bowl or not per_bowl[p]["served"]:
                continue
            bowl = view["bowls"][p]
            owner = bowl.get("owner")
            worth = points(per_bowl[p]["points"])
            if players == 4:
                letter = bowl.get("team") or (TEAM_NAMES[seat % 2] if seat is not None else "A")
                out.append(
                    Msg("ramen_ramen.serving.to", bowl=p + 1, points=worth, to=team(letter, seat))
                )
            elif owner is not None and owner != seat:
                out.append(Msg("ramen_ramen.serving.to", bowl=p + 1, points=worth, to=Seat(owner)))
            else:
                out.append(Msg("ramen_ramen.serving", bowl=p + 1, points=worth))
        return out

    # -- events ---------------------------------------------------------------------------

    def event(self, event: Mapping[str, Any], viewer: int | None) -> Msg | None:
        """One event of a view's ``history`` told to ``viewer`` (see :mod:`.history`)."""
        kind = event.get("kind")
        seat = event.get("seat")
        if kind == "play":
            placed = _placements([(card(x["card"]), x["bowl"]) for x in event["cards"]])
            return _you("ramen_ramen.event.play", seat, viewer, placements=placed)
        if kind == "serve":
            return self._serve(event, viewer)
        if kind == "take":
            msg_id = (
                "ramen_ramen.event.take.second" if event.get("second") else "ramen_ramen.event.take"
            )
            return _you(msg_id, seat, viewer, card=card(event["card"]))
        if kind == "refill":
            return Msg("ramen_ramen.event.refill", card=card(event["card"]))
        if kind == "draw":
            if "card" in event and seat == viewer:
                return Msg("ramen_ramen.event.draw.card", card=card(event["card"]))
            return _you("ramen_ramen.event.draw", seat, viewer)
        if kind == "skip":
            return _you("ramen_ramen.event.skip", seat, viewer)
        if kind == "discard":
            if "cards" in event:
                return Msg(
                    "ramen_ramen.event.discard.revealed",
                    count=event["count"],
                    cards=cards(event["cards"]),
                )
            return Msg("ramen_ramen.event.discard", count=event["count"])
        if kind == "end":
            unserved = event.get("unserved") or []
            if not unserved:
                return Msg("ramen_ramen.event.end")
            bowls = [
                Msg("ramen_ramen.bowl_with_cards", bowl=b["bowl"] + 1, cards=cards(b["cards"]))
                for b in unserved
            ]
            return Msg("ramen_ramen.event.end.unserved", count=len(bowls), bowls=bowls)
        return None

    def _serve(self, event: Mapping[str, Any], viewer: int | None) -> Msg:
        """Who served which bowl, to whom (unless to themselves), and its cards and points
        when they may be known (solo, or once the game is over): else "face down"."""
        seat = event.get("seat")
        bowl = event["bowl"] + 1
        letter = event.get("team")
        receiver: Msg | Seat | None
        if letter is not None:
            receiver = team(letter, viewer)
        elif event["side"] != seat:
            receiver = Seat(event["side"])
        else:
            receiver = None
        to = "" if receiver is None else ".to"
        extra: dict[str, Any] = {} if receiver is None else {"to": receiver}
        if "cards" in event:
            return _you(
                f"ramen_ramen.event.serve{to}",
                seat,
                viewer,
                bowl=bowl,
                cards=cards(event["cards"]),
                points=points(event["points"]),
                **extra,
            )
        return _you(f"ramen_ramen.event.serve.face_down{to}", seat, viewer, bowl=bowl, **extra)

    # -- the end --------------------------------------------------------------------------

    def result(self, result: Result, players: int, viewer: int | None) -> list[Msg]:
        """Solo: the score and the critics' verdict (quoted from the rulebook), and the
        cards set aside. With opponents: the winner (or the shared victory), the tie-break
        that decided, and each player's or team's points, bowls and cards."""
        details = result.details or {}
        sides = details.get("sides") or []
        if players == 1:
            return self._solo(result, sides, viewer)
        lines = [self._winners(result, sides, players, viewer)]
        first = [s for s in sides if result.ranks[s["seats"][0]] == 1]
        if result.tiebreak in TIEBREAKS:
            lines.append(Msg("ramen_ramen.result.tiebreak", by=Msg(TIEBREAKS[result.tiebreak])))
        elif len(first) > 1:
            lines.append(Msg("ramen_ramen.result.tied_everything"))
        for side in sides:
            lines.append(self._side_line(side, players, viewer))
        return lines

    def _solo(
        self, result: Result, sides: Sequence[Mapping[str, Any]], viewer: int | None
    ) -> list[Msg]:
        score = int(result.scores[0])
        served = len(sides[0]["bowls"]) if sides else 0
        lines = [
            _you(
                "ramen_ramen.result.solo",
                0,
                viewer,
                bowls=Msg("ramen_ramen.bowls", count=served),
                points=points(score),
            )
        ]
        band = critics_band(score)
        lines.append(
            Msg("ramen_ramen.result.verdict", stars=Msg(STARS[band]), quote=Msg(VERDICTS[band]))
        )
        discards = result.details.get("discards") if result.details else None
        if discards:
            lines.append(
                Msg("ramen_ramen.result.set_aside", count=len(discards), cards=cards(discards))
            )
        return lines

    def _winners(
        self, result: Result, sides: Sequence[Mapping[str, Any]], players: int, viewer: int | None
    ) -> Msg:
        winners = [s for s in sides if result.ranks[s["seats"][0]] == 1]
        if len(winners) > 1:
            return Msg(
                "ramen_ramen.result.shared", winners=[side_name(s, players) for s in winners]
            )
        side = winners[0]
        if players == 4:
            mine = viewer is not None and viewer in side["seats"]
            return Msg(
                "ramen_ramen.result.team_wins.you" if mine else "ramen_ramen.result.team_wins",
                team=side_name(side, players),
            )
        return _you("ramen_ramen.result.wins", side["seats"][0], viewer)

    def _side_line(self, side: Mapping[str, Any], players: int, viewer: int | None) -> Msg:
        params = {
            "points": points(side["points"]),
            "bowls": Msg("ramen_ramen.bowls", count=len(side["bowls"])),
            "cards": Msg("ramen_ramen.cards", count=side["cards"]),
        }
        if players == 4:
            return Msg("ramen_ramen.result.side.team", team=side_name(side, players), **params)
        return _you("ramen_ramen.result.side", side["seats"][0], viewer, **params)


__all__ = [
    "STARS",
    "TIEBREAKS",
    "VERDICTS",
    "RamenWords",
    "card",
    "cards",
    "points",
    "side_name",
    "team",
]
