"""Terminal rendering of Ramen Fury views and results (rich renderables), in words.

Cards show by name, bowls as "bowl 1–3", the legal moves as instructions numbered for
``#n``. What happened is told by the terminal session from the view's history, in the
words of :mod:`.words`. The notation (``prep Ch>2``) appears only in
:data:`NOTATION_HELP`, which the ``help`` command prints on request; what a player types
is read by :mod:`.notation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.core.words import Msg, Seat, render
from gametable.games.ramen_fury.words import RamenFuryWords, breakdown

_STYLE = {
    **{c: "bold orange1" for c in ("Bf", "Ck", "Sh", "Sy", "Fy")},
    **{c: "red" for c in ("Ch", "Eg", "Na")},
    **{c: "green" for c in ("Co", "Mu", "Sc")},
    "To": "yellow",
    "No": "cyan",
    "Cl": "bold magenta",
}

CARD_LEGEND = """\
  Flavors:    Bf Beef, Ck Chicken, Sh Shrimp, Sy Soy Sauce, Fy Fury
  Proteins:   Ch Chashu, Eg Eggs, Na Naruto       (To Tofu counts as both)
  Vegetables: Co Corn, Mu Mushrooms, Sc Scallions
  Specials:   No Nori (+1), Cl Chili (-1, but +2 in a Fury bowl)"""

NOTATION_HELP = f"""\
Each turn: two actions, plus free plays of Nori/Chili from your hand.
Bowls are <seat>.<bowl> (seat from 0, bowl 1-3); yours can be just 1, 2, 3.

  prep Ch>2      Prep: Chashu from your hand onto your bowl 2
  draw Mu        Draw: the Mushrooms from the Pantry (the slot is refilled)
  draw deck      Draw: the top card of the deck
  spoon 1.3>2    Spoon: top card of seat 1's bowl 3 onto your bowl 2
                 (2 spoons a game)
  restock        Restock: discard the Pantry, reveal 4 new cards
  eat 1          Eat your bowl 1 (one Flavor + at least one other card)
  empty 3        Empty your bowl 3 into the discard pile
  place Cl>1.2   Free play: a Chili from your hand into seat 1's bowl 2
  discard Na     Hand over 5 after a draw: discard a Naruto
  use No>0.1     A Nori/Chili was just revealed in the Pantry: place it
  skip           Leave the revealed Nori/Chili in the Pantry

Your turn passes by itself after your second action, unless you still
hold a Nori or Chili that some bowl has room for: then 'moves' offers
those free plays and 'end' (end your turn without playing them).

Cards (type a card's code, or the start of its name: chashu, mush):
{CARD_LEGEND}
"""
"""How to type a move (the ``help`` command; notation is shown only here)."""

_PHASES = {
    "action": "ramen_fury.ui.phase.action",
    "discard": "ramen_fury.ui.phase.discard",
    "reveal": "ramen_fury.ui.phase.reveal",
    "free": "ramen_fury.ui.phase.free",
}

_GROUPS = {
    "Prep": "ramen_fury.ui.group.prep",
    "Draw": "ramen_fury.ui.group.draw",
    "Spoon": "ramen_fury.ui.group.spoon",
    "Restock": "ramen_fury.ui.group.restock",
    "Eat": "ramen_fury.ui.group.eat",
    "Empty": "ramen_fury.ui.group.empty",
    "Place": "ramen_fury.ui.group.place",
    "Discard": "ramen_fury.ui.group.discard",
    "Use": "ramen_fury.ui.group.use",
    "Skip": "ramen_fury.ui.group.skip",
    "EndTurn": "ramen_fury.ui.group.end",
}
"""The heading of each kind of decision in the ``moves`` list."""


def _say(msg: Msg, viewer: int | None = None) -> str:
    return render(msg, viewer=viewer)


def _name(code: str) -> str:
    return _say(Msg(f"ramen_fury.card_short.{code}"))


def _card(code: str | None) -> Text:
    if code is None:
        return Text(_say(Msg("ramen_fury.ui.empty_slot")), style="dim")
    return Text(_name(code), style=_STYLE.get(code, ""))


def _cards(codes: Sequence[str | None]) -> Text:
    if not codes:
        return Text("-", style="dim")
    return Text(", ").join(_card(c) for c in codes)


def _bowl_cell(bowl: dict[str, Any]) -> Text:
    text = _cards(bowl["cards"])
    if bowl["eaten"]:
        eaten = _say(Msg("ramen_fury.ui.eaten"))
        points = _say(Msg("ramen_fury.points", count=bowl["points"]))
        return Text.assemble(Text(f"{eaten}: ", style="bold"), text, f" = {points}")
    if bowl["points"] is not None:
        text.append("  " + _say(Msg("ramen_fury.ui.if_eaten", count=bowl["points"])), style="dim")
    elif bowl["cards"] and bowl["eat_needs"] == "flavor":
        text.append("  " + _say(Msg("ramen_fury.ui.no_flavor")), style="dim")
    return text


class RamenFuryTextUI:
    """The :class:`~gametable.core.textui.TextUI` of Ramen Fury."""

    def __init__(self) -> None:
        self.words = RamenFuryWords()

    def render_view(self, view: View) -> RenderableType:
        seat = view["seat"]
        players = view["players"]
        deck = _say(Msg("ramen_fury.ui.deck", count=view["deck_size"]))
        head = Text.assemble(("Ramen Fury", "bold"), f"  {deck}  ")
        if view["phase"] != "over":
            who = Seat(view["current"])
            phase = Msg(_PHASES[view["phase"]], count=view["actions_left"])
            name = "ramen_fury.ui.your_turn" if view["current"] == seat else "ramen_fury.ui.turn_of"
            head.append(_say(Msg(name, who=who, number=view["turn"], what=phase), seat))
        if view["final_round"]:
            line = Msg("ramen_fury.ui.final_round", count=view["final_turns_left"])
            head.append("  " + _say(line), style="bold red")
        pantry = Text(_say(Msg("ramen_fury.ui.pantry")) + ": ")
        for i, c in enumerate(view["pantry"]):
            pantry.append_text(_card(c))
            pantry.append("*  " if i in view["revealed"] else "  ")
        if view["revealed"]:
            pantry.append(_say(Msg("ramen_fury.ui.revealed_note")), style="italic")
        table = Table(show_header=True, header_style="bold", expand=False)
        for heading in ("player", "points", "spoons", "hand"):
            table.add_column(_say(Msg(f"ramen_fury.ui.column.{heading}")))
        for b in range(len(view["bowls"][0]) if view["bowls"] else 0):
            table.add_column(_say(Msg("ramen_fury.ui.column.bowl", bowl=b + 1)))
        for s in range(players):
            if s == seat and view["hand"] is not None:
                hand = _cards(view["hand"])
            else:
                known = view["known_hands"][s]
                hand = Text(_say(Msg("ramen_fury.ui.cards", count=view["hand_sizes"][s])))
                if known:
                    hand.append(" " + _say(Msg("ramen_fury.ui.including")) + " ")
                    hand.append_text(_cards(known))
            name = _say(Msg("ramen_fury.ui.player", who=Seat(s)), seat)
            if s == view["current"] and view["phase"] != "over":
                name += " <"
            table.add_row(
                name,
                str(view["points"][s]),
                str(view["spoons"][s]),
                hand,
                *(_bowl_cell(b) for b in view["bowls"][s]),
            )
        discard = ", ".join(f"{_name(c)} ×{n}" for c, n in view["discard"].items()) or "-"
        parts: list[RenderableType] = [
            head,
            pantry,
            table,
            Text(_say(Msg("ramen_fury.ui.discard_pile")) + ": " + discard),
        ]
        if "result" in view:
            result = Result.from_json(view["result"])
            said = [_say(m, seat) for m in self.words.result(result, players, seat)]
            parts.append(Text(_say(Msg("ramen_fury.ui.game_over")) + " " + said[0], style="bold"))
        return Group(*parts)

    def render_result(self, result: Result) -> RenderableType:
        """The final scores with every eaten bowl's breakdown (who won, and the tie-break,
        are told in words by the front end: :meth:`.words.RamenFuryWords.result`)."""
        table = Table(title=_say(Msg("ramen_fury.ui.final_scores")), header_style="bold")
        for heading in ("rank", "player", "points", "cards_eaten", "eaten_bowls"):
            table.add_column(_say(Msg(f"ramen_fury.ui.column.{heading}")))
        for entry in sorted(result.details["seats"], key=lambda d: result.ranks[d["seat"]]):
            s = entry["seat"]
            bowls = Text("\n").join(
                Text.assemble(
                    _cards(b["cards"]),
                    " = " + _say(Msg("ramen_fury.points", count=b["points"])),
                    _why(b["breakdown"]),
                )
                for b in entry["bowls"]
                if b["eaten"]
            )
            table.add_row(
                str(result.ranks[s]),
                _say(Msg("ramen_fury.ui.player", who=Seat(s))),
                str(entry["points"]),
                str(entry["cards_eaten"]),
                bowls,
            )
        return table

    def notation_help(self) -> str:
        return NOTATION_HELP

    def describe_legal(self, view: View, legal: Sequence[Action]) -> RenderableType:
        """Every legal decision in words, numbered ``#n`` as the terminal's ``#n`` picks
        it (its place in ``legal``), under a heading per kind of decision."""
        seat = view["seat"]
        groups: dict[str, list[str]] = {}
        for n, action in enumerate(legal, 1):
            said = _say(self.words.decision(action, view), seat)
            groups.setdefault(type(action).__name__, []).append(f"#{n} {said}")
        lines = []
        for kind, items in groups.items():
            lines.append(_say(Msg(_GROUPS[kind])))
            lines.extend(f"  {item}" for item in items)
        return Text("\n".join(lines))


def _why(parts: dict[str, Any]) -> str:
    bits = [_say(m) for m in breakdown(parts)]
    return f" ({'; '.join(bits)})" if bits else ""


__all__ = ["NOTATION_HELP", "RamenFuryTextUI"]
