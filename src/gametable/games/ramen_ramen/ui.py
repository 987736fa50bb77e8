"""Terminal rendering of Ramen! Ramen! views and results (rich)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.games.ramen_ramen.cards import LETTERS, POINTS_BY_TYPES
from gametable.games.ramen_ramen.scoring import stars_text
from gametable.games.ramen_ramen.state import TEAM_NAMES, Play, Take

COLOURS = {
    "A": "yellow",
    "C": "red",
    "K": "magenta",
    "M": "green",
    "G": "bright_green",
    "N": "cyan",
    "S": "dark_orange",
}

NOTATION_HELP = """\
Cards are an ingredient letter and a value 0–7:
  A Ajitama (egg)        C Chashu (pork)        K Kamaboko (fish cake)
  M Menma (bamboo)       G Negi (green onion)   N Nori (seaweed)
  S Shiitake (mushroom)
Full names work too (nori4, Negi 6, shii0). Bowls are numbered 1, 2 and 3.

Step 1, play two cards into two different bowls:   N4>1 C3>2
  (also: N4 1 C3 2, N4@1 C3@2, nori4 to bowl 1 and C3 2)
  With a single card left in hand, play just it:    N4>1
Step 3, take a card from the Fridge (and, once the deck is empty, a second
  one instead of drawing):                          take K5   or just   K5
A bowl is served once both cards are down if its values sum to 14 or more or
it holds all 7 ingredients. Points by distinct ingredients in a served bowl:
1→0 2→1 3→2 4→3 5→5 6→7 7→10."""


def card_text(name: str) -> Text:
    """A card in its ingredient's colour."""
    return Text(name, style=f"bold {COLOURS.get(name[0], 'white')}")


def cards_text(names: Sequence[str], empty: str = "—") -> Text:
    if not names:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(n) for n in names)


def plural(count: int, word: str) -> str:
    """``"1 point"``, ``"2 points"``: a count with its noun in the right number."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _seat_name(view: View, seat: int) -> str:
    """``Seat 1``, with the team place (``Seat 1 (B1)``) in 4 players."""
    label = f"Seat {seat}"
    if view["players"] == 4:
        label += f" ({TEAM_NAMES[seat % 2]}{seat // 2 + 1})"
    return label


def _seat_label(view: View, seat: int) -> str:
    """A seat as a row heading: its name, marked "(you)" for the viewer."""
    label = _seat_name(view, seat)
    return label + " (you)" if seat == view.get("seat") else label


def _actor(view: View, seat: int) -> str:
    """A seat as the subject of a sentence: "You" for the viewer, else its name."""
    return "You" if seat == view.get("seat") else _seat_name(view, seat)


def _receiver(view: View, side: int) -> str:
    """Who a served bowl goes to, as the object of a sentence."""
    me = view.get("seat")
    if view["players"] == 4:
        team = f"Team {TEAM_NAMES[side]}"
        return f"{team} (your team)" if me is not None and me % 2 == side else team
    return "you" if side == me else f"Seat {side}"


def _owner_label(view: View, owner: int | None) -> str:
    if owner is None:
        return "communal" if view["players"] > 1 else "yours"
    if view["players"] == 4:
        return f"Team {TEAM_NAMES[owner]}"
    return f"Seat {owner}" + (" (you)" if owner == view.get("seat") else "")


def describe_event(view: View, event: dict[str, Any]) -> Text:
    """One line of the log, e.g. "You played N4 into bowl 1", "Seat 1 served bowl 2"."""
    kind = event["event"]
    if kind == "play":
        return Text.assemble(
            f"{_actor(view, event['seat'])} played ",
            card_text(event["card"]),
            f" into bowl {event['place'] + 1}",
        )
    if kind == "serve":
        side = event["side"]
        server = event["seat"]
        text = Text.assemble(
            f"{_actor(view, server)} ", (f"served bowl {event['place'] + 1}", "bold")
        )
        # Who receives it, unless it goes to the player who served it (solo, duel, a
        # communal bowl served to oneself or one's own bowl with 3 players).
        own = side == server if view["players"] != 4 else False
        if not own:
            text.append(f" to {_receiver(view, side)}")
        if event.get("cards") is not None:
            text.append(" (")
            text.append_text(cards_text(event["cards"]))
            text.append(f": {plural(event['points'], 'point')})")
        else:
            text.append(" (face down)", style="dim")
        return text
    if kind == "take":
        return Text.assemble(
            f"{_actor(view, event['seat'])} took ",
            card_text(event["card"]),
            " from the Fridge",
        )
    if kind == "refill":
        return Text.assemble("Fridge refilled with ", card_text(event["card"]))
    card = event.get("card")
    if card:
        return Text.assemble(f"{_actor(view, event['seat'])} drew ", card_text(card))
    return Text(f"{_actor(view, event['seat'])} drew a card")


class RamenTextUI:
    """The :class:`~gametable.core.textui.TextUI` of Ramen! Ramen!."""

    def render_view(self, view: View) -> RenderableType:
        parts: list[RenderableType] = []
        players = view["players"]
        mode = {1: "solo", 2: "2 players", 3: "3 players", 4: "4 players in teams"}[players]
        doing = {
            "play": "play",
            "take": "take from the Fridge",
            "take2": "take again from the Fridge",
        }
        if view["phase"] == "over":
            status = "game over"
        elif view["current"] == view.get("seat"):
            status = f"your turn: {doing[view['phase']]}"
        else:
            status = f"{_seat_name(view, view['current'])} to {doing[view['phase']]}"
        parts.append(
            Text.assemble(
                ("Ramen! Ramen! ", "bold"),
                f"— {mode} — deck {view['deck_size']} — ",
                (status, "bold"),
            )
        )
        bowls = Table(title="Bowls", title_justify="left", expand=False)
        bowls.add_column("#", justify="right")
        bowls.add_column("owner")
        bowls.add_column("cards")
        bowls.add_column("sum", justify="right")
        bowls.add_column("ingr.", justify="right")
        bowls.add_column("if served", justify="right")
        for bowl in view["bowls"]:
            n = bowl["ingredients"]
            bowls.add_row(
                str(bowl["place"] + 1),
                _owner_label(view, bowl["owner"]),
                cards_text(bowl["cards"], "empty"),
                f"{bowl['sum']}/14",
                f"{n}/7",
                plural(POINTS_BY_TYPES[n], "point") if bowl["cards"] else "",
            )
        parts.append(bowls)
        parts.append(Text.assemble(("Fridge: ", "bold"), cards_text(view["fridge"], "empty")))
        if view["hand"] is not None:
            parts.append(Text.assemble(("Your hand: ", "bold"), cards_text(view["hand"], "empty")))
        table = Table(title="Players", title_justify="left")
        table.add_column("seat")
        table.add_column("hand", justify="right")
        table.add_column("bowls served", justify="right")
        table.add_column("last Fridge pick")
        served = view["served"]
        for seat in range(players):
            side = seat % 2 if players == 4 else seat
            table.add_row(
                _seat_label(view, seat),
                str(view["hand_sizes"][seat]),
                str(served[side]["count"]) + (" (team)" if players == 4 else ""),
                cards_text(view["last_pick"][seat]),
            )
        parts.append(table)
        if players == 1:
            for bowl in served[0]["bowls"] or []:
                parts.append(Text.assemble("  served: ", cards_text(bowl)))
            parts.append(Text(f"{view['discard_count']} cards discarded face down", style="dim"))
        if view["log"]:
            parts.append(
                Panel(
                    Group(*(describe_event(view, e) for e in view["log"])),
                    title="What just happened",
                )
            )
        return Group(*parts)

    def render_result(self, result: Result) -> RenderableType:
        details = result.details
        parts: list[RenderableType] = []
        for side in details["sides"]:
            table = Table(
                title=f"{side['name']}: {plural(side['points'], 'point')}", title_justify="left"
            )
            table.add_column("bowl", justify="right")
            table.add_column("cards")
            table.add_column("ingredients", justify="right")
            table.add_column("points", justify="right")
            for i, bowl in enumerate(side["bowls"], 1):
                table.add_row(
                    str(i), cards_text(bowl["cards"]), str(bowl["ingredients"]), str(bowl["points"])
                )
            table.add_row(
                "",
                Text(
                    f"{plural(len(side['bowls']), 'bowl')}, {plural(side['cards'], 'card')}",
                    style="dim",
                ),
                "",
                Text(str(side["points"]), style="bold"),
            )
            parts.append(table)
        if details.get("unserved"):
            parts.append(
                Text.assemble(
                    "Unserved bowls, discarded: ",
                    Text(" | ").join(cards_text(b) for b in details["unserved"]),
                )
            )
        if "verdict" in details:
            verdict = details["verdict"]
            parts.append(
                Text.assemble(
                    ("The critics have spoken: ", "bold"),
                    (stars_text(verdict["stars"]), "yellow"),
                    f"  {verdict['quote']}",
                )
            )
            parts.append(Text.assemble("The 4 discards were: ", cards_text(details["discards"])))
        else:
            sides = details["sides"]
            winners = [s["name"] for s in sides if result.ranks[s["seats"][0]] == 1]
            if len(winners) == 1:
                line = f"{winners[0]} wins"
            else:
                line = f"Shared victory: {', '.join(winners)}"
            if result.tiebreak:
                line += f" (tie on points, decided by {result.tiebreak})"
            elif len(winners) > 1:
                line += " (tied on points, bowls served and cards)"
            parts.append(Text(line, style="bold green"))
        return Group(*parts)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def describe_legal(self, view: View, legal: Sequence[Action]) -> RenderableType:
        """Every legal decision numbered as ``#n`` picks it: ``#n`` then its notation."""
        if not legal:
            return Text("no legal move")
        if all(isinstance(a, Take) for a in legal):
            again = " (instead of drawing: the deck is empty)" if view["phase"] == "take2" else ""
            heading = f"Take one card from the Fridge{again}:"
        elif len(view["hand"] or ()) == 1:
            heading = "Play your last card into a bowl:"
        else:
            heading = "Play two cards into two different bowls:"
        entries = [_numbered(i, action) for i, action in enumerate(legal, 1)]
        return Group(Text(heading), Columns(entries, padding=(0, 3)))


def _numbered(number: int, action: Action) -> Text:
    """``#3 N4>1 C3>2`` with the cards in colour (exactly the game's notation)."""
    text = Text(f"#{number} ", no_wrap=True)
    if isinstance(action, Take):
        text.append("take ")
        text.append_text(card_text(_name(action.card)))
    elif isinstance(action, Play):
        for k, (card, place) in enumerate(action.placements):
            if k:
                text.append(" ")
            text.append_text(card_text(_name(card)))
            text.append(f">{place + 1}")
    return text


def _name(card: int) -> str:
    return f"{LETTERS[card >> 3]}{card & 7}"
