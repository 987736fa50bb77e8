"""Terminal rendering of Ramen Fury views and results (rich renderables)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.games.ramen_fury.cards import CODES, NAMES
from gametable.games.ramen_fury.game import format_notation

_NAME = dict(zip(CODES, NAMES, strict=True))
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
  end            End your turn (after both actions)

Cards:
{CARD_LEGEND}
Scoring (eaten bowls only; a bowl holds 5 cards and one Flavor):
  Soy Sauce: distinct vegetable types, Beef: distinct protein types
    (1/2/3/4 types = 2/5/9/14); Shrimp: 4 per protein+vegetable pair;
  Chicken: 6 for two alike, 10 for three alike; Fury: +2 per Chili.
  Nori +1 and Chili -1 in the other flavors.
"""


def _card(code: str | None) -> Text:
    if code is None:
        return Text("??", style="dim")
    return Text(code, style=_STYLE.get(code, ""))


def _cards(codes: Sequence[str | None]) -> Text:
    if not codes:
        return Text("-", style="dim")
    return Text(" ").join(_card(c) for c in codes)


def _bowl_cell(bowl: dict[str, Any]) -> Text:
    text = _cards(bowl["cards"])
    if bowl["eaten"]:
        return Text.assemble(Text("EATEN ", style="bold"), text, f"  = {bowl['points']}")
    if bowl["points"] is not None:
        text.append(f"  ({bowl['points']} if eaten)", style="dim")
    elif bowl["cards"] and bowl["flavor"] is None:
        text.append("  (no flavor)", style="dim")
    return text


def _event_text(e: dict[str, Any]) -> str:
    kind = e["event"]
    who = f"seat {e['seat']}" if "seat" in e else ""
    if kind == "prep":
        return f"{who} prepped {e['card']} onto {e['bowl']}"
    if kind == "draw":
        card = e["card"] if e["card"] is not None else "a card"
        return f"{who} drew {card} from the {e['from']}"
    if kind == "refill":
        return f"Pantry refilled with {e['card']}"
    if kind == "discard":
        return f"{who} discarded {e['card']}"
    if kind == "restock":
        shown = " ".join(c or "-" for c in e["cards"])
        return f"{who} restocked the Pantry: {shown}"
    if kind == "use":
        return f"{who} placed the revealed {e['card']} into {e['bowl']}"
    if kind == "place":
        return f"{who} placed {e['card']} into {e['bowl']}"
    if kind == "skip":
        return f"{who} left the revealed card(s) in the Pantry"
    if kind == "spoon":
        return f"{who} spooned {e['card']} from {e['from']} to {e['to']}"
    if kind == "eat":
        return f"{who} ate bowl {e['bowl']} for {e['points']} points"
    if kind == "empty":
        return f"{who} emptied bowl {e['bowl']} ({' '.join(e['cards'])})"
    if kind == "forfeit":
        return f"{who} had no legal action: rest of the turn forfeited"
    if kind == "final_round":
        return f"FINAL ROUND: {e['reason']}; {e['turns_left']} more turn(s) after this one"
    return str(e)


class RamenFuryTextUI:
    """The :class:`~gametable.core.textui.TextUI` of Ramen Fury."""

    def render_view(self, view: View) -> RenderableType:
        seat = view["seat"]
        head = Text.assemble(
            ("Ramen Fury", "bold"),
            f"  deck {view['deck_size']}  ",
            f"turn: seat {view['current']} ({view['phase']}, "
            f"{view['actions_left']} action(s) left)",
        )
        if view["final_round"]:
            head.append(
                f"  FINAL ROUND: {view['final_turns_left']} turn(s) after this one",
                style="bold red",
            )
        pantry = Text("Pantry: ")
        for i, c in enumerate(view["pantry"]):
            mark = "*" if i in view["revealed"] else ""
            pantry.append_text(_card(c) if c is not None else Text("--", style="dim"))
            pantry.append(mark + "  ")
        if view["revealed"]:
            pantry.append("(* just revealed: 'use' it or 'skip')", style="italic")
        table = Table(show_header=True, header_style="bold", expand=False)
        table.add_column("seat")
        table.add_column("pts")
        table.add_column("spoons")
        table.add_column("hand")
        for b in range(3):
            table.add_column(f"bowl {b + 1}")
        for s in range(view["players"]):
            if s == seat and view["hand"] is not None:
                hand = _cards(view["hand"])
            else:
                known = view["known_hands"][s]
                n = view["hand_sizes"][s]
                hand = Text(f"{n} card{'s' if n != 1 else ''}")
                if known:
                    hand.append(" incl. ")
                    hand.append_text(_cards(known))
            name = f"{s}" + (" (you)" if s == seat else "") + (" <" if s == view["current"] else "")
            table.add_row(
                name,
                str(view["points"][s]),
                str(view["spoons"][s]),
                hand,
                *(_bowl_cell(b) for b in view["bowls"][s]),
            )
        discard = " ".join(f"{c}x{n}" for c, n in view["discard"].items()) or "-"
        parts: list[RenderableType] = [head, pantry, table, Text(f"Discard pile: {discard}")]
        events = [e for turn in view["log"][-2:] for e in turn]
        if events:
            parts.append(Text("Recently: " + "; ".join(_event_text(e) for e in events[-8:])))
        if "result" in view:
            parts.append(Text(f"Game over. Winners: {view['result']['winners']}", style="bold"))
        return Group(*parts)

    def render_result(self, result: Result) -> RenderableType:
        table = Table(title="Ramen Fury — final scores", header_style="bold")
        table.add_column("rank")
        table.add_column("seat")
        table.add_column("points")
        table.add_column("cards eaten")
        table.add_column("eaten bowls")
        for entry in sorted(result.details["seats"], key=lambda d: result.ranks[d["seat"]]):
            s = entry["seat"]
            bowls = Text("; ").join(
                Text.assemble(
                    _cards(b["cards"]),
                    _breakdown(b["points"], b["breakdown"]),
                )
                for b in entry["bowls"]
                if b["eaten"]
            )
            table.add_row(
                str(result.ranks[s]), str(s), str(entry["points"]), str(entry["cards_eaten"]), bowls
            )
        winners = ", ".join(f"seat {s}" for s in result.winners)
        line = f"Winner: {winners}" if len(result.winners) == 1 else f"Shared win: {winners}"
        if result.tiebreak:
            line += f" (tie broken by {result.tiebreak})"
        return Group(table, Text(line, style="bold"))

    def notation_help(self) -> str:
        return NOTATION_HELP

    def describe_legal(self, view: View, legal: Sequence[Action]) -> RenderableType:
        groups: dict[str, list[str]] = {}
        for action in legal:
            verb, _, rest = format_notation(action).partition(" ")
            groups.setdefault(verb, []).append(rest)
        lines = []
        for verb, args in groups.items():
            shown = [a for a in args if a]
            lines.append(f"{verb} " + ", ".join(shown) if shown else verb)
        return Text("\n".join(lines))


def _breakdown(points: int, parts: dict[str, Any]) -> str:
    mods = _mod(parts["nori"], "nori") + _mod(parts["chili"], "chili")
    return f" = {points} ({parts['base']} base{mods})"


def _mod(points: int, name: str) -> str:
    if not points:
        return ""
    return f" {'+' if points > 0 else '-'}{abs(points)} {name}"
