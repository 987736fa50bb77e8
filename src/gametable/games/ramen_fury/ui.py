"""Terminal rendering of Ramen Fury views and results (rich renderables)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.games.ramen_fury.notation import format_notation

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

Commands: moves (your legal moves, numbered: #3 plays move 3), hint,
board, help, quit.

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
    """One logged event as a phrase (without who did it: each line of the log names the
    seat whose turn it was)."""
    kind = e["event"]
    if kind == "prep":
        return f"prepped {e['card']} onto {e['bowl']}"
    if kind == "draw":
        card = e["card"] if e["card"] is not None else "a card"
        return f"drew {card} from the {e['from']}"
    if kind == "refill":
        return f"Pantry refilled with {e['card']}"
    if kind == "discard":
        return f"discarded {e['card']}"
    if kind == "restock":
        shown = " ".join(c or "-" for c in e["cards"])
        return f"restocked the Pantry: {shown}"
    if kind == "use":
        return f"placed the revealed {e['card']} into {e['bowl']}"
    if kind == "place":
        return f"placed {e['card']} into {e['bowl']}"
    if kind == "skip":
        return "left the revealed card in the Pantry"
    if kind == "spoon":
        return f"spooned {e['card']} from {e['from']} to {e['to']}"
    if kind == "eat":
        return f"ate bowl {e['bowl']} for {_points(e['points'])}"
    if kind == "empty":
        return f"emptied bowl {e['bowl']} ({' '.join(e['cards'])})"
    if kind == "end":
        return "ended the turn"
    if kind == "forfeit":
        return "had no legal action: rest of the turn forfeited"
    if kind == "final_round":
        left = e["turns_left"]
        return f"FINAL ROUND: {e['reason']}; {_count(left, 'more turn')} after this one"
    return str(e)


def _count(n: int, noun: str) -> str:
    """``1 action``, ``2 actions``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _points(n: int) -> str:
    return f"{n} point{'' if n in (1, -1) else 's'}"


DECISIONS = frozenset(
    ("prep", "draw", "spoon", "restock", "eat", "empty", "place", "discard", "use", "skip", "end")
)
"""Logged events that are a seat's own decision."""


def since_last_turn(view: View) -> list[list[dict[str, Any]]]:
    """The log's turns (lists of events) since the viewer's last decision before the
    current turn: the rest of its previous turn, every turn since, and the current turn
    so far. The whole log for the spectator, or when the viewer has not decided yet."""
    log: list[list[dict[str, Any]]] = view["log"]
    seat = view["seat"]
    if seat is None:
        return log
    own_turn = view["current"] == seat and view["phase"] != "over"
    search = len(log) - 1 if own_turn else len(log)
    for t in range(search - 1, -1, -1):
        turn = log[t]
        for i in range(len(turn) - 1, -1, -1):
            e = turn[i]
            if e.get("seat") == seat and e["event"] in DECISIONS:
                return [turn[i + 1 :], *log[t + 1 :]]
    return log


def _owner(turn: list[dict[str, Any]]) -> int | None:
    return next((e["seat"] for e in turn if "seat" in e), None)


def recent_lines(view: View) -> list[str]:
    """Everything since the viewer's last decision, one line per turn."""
    seat = view["seat"]
    turns = since_last_turn(view)
    out = []
    for n, turn in enumerate(turns):
        if not turn:
            continue
        owner = _owner(turn)
        if n == len(turns) - 1 and owner == seat and view["current"] == seat:
            label = "This turn"
        elif owner is None:
            label = "Then"
        else:
            label = "You" if owner == seat else f"Seat {owner}"
        out.append(f"{label}: " + "; ".join(_event_text(e) for e in turn))
    return out


class RamenFuryTextUI:
    """The :class:`~gametable.core.textui.TextUI` of Ramen Fury."""

    def render_view(self, view: View) -> RenderableType:
        seat = view["seat"]
        head = Text.assemble(
            ("Ramen Fury", "bold"),
            f"  deck {view['deck_size']}  ",
            f"turn: seat {view['current']} ({view['phase']}, "
            f"{_count(view['actions_left'], 'action')} left)",
        )
        if view["final_round"]:
            head.append(
                f"  FINAL ROUND: {_count(view['final_turns_left'], 'more turn')} after this one",
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
        lines = recent_lines(view)
        if lines:
            title = "Since your last turn:" if seat is not None else "Recently:"
            parts.append(Text("\n  ".join([title, *lines])))
        if "result" in view:
            winners = [f"seat {w}" for w in view["result"]["winners"]]
            line = (
                f"Game over. Winner: {winners[0]}"
                if len(winners) == 1
                else f"Game over. Shared win: {', '.join(winners)}"
            )
            parts.append(Text(line, style="bold"))
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
        """Every legal decision as ``#n <its notation>`` (``#n`` picks it at the terminal),
        several to a line, one line (or more) per kind of move."""
        groups: dict[str, list[str]] = {}
        for n, action in enumerate(legal, 1):
            text = format_notation(action)
            groups.setdefault(text.partition(" ")[0], []).append(f"#{n} {text}")
        width = max((len(item) for items in groups.values() for item in items), default=0) + 3
        per_line = max(1, LIST_WIDTH // width)
        lines = []
        for verb, items in groups.items():
            note = _VERB_NOTES.get(verb, "")
            for start in range(0, len(items), per_line):
                row = items[start : start + per_line]
                line = "".join(item.ljust(width) for item in row[:-1]) + row[-1]
                if start == 0 and note and len(line) + len(note) + 5 <= LIST_WIDTH:
                    line = f"{line}   ({note})"
                lines.append(line)
        return Text("\n".join(lines))


LIST_WIDTH = 76
"""Moves are packed into lines of at most this many characters, so that a terminal of 80
columns never breaks one in two."""

_VERB_NOTES = {
    "place": "free: costs no action",
    "end": "end the turn without the free plays",
    "skip": "leave the revealed card in the Pantry",
}


def _breakdown(points: int, parts: dict[str, Any]) -> str:
    mods = _mod(parts["nori"], "nori") + _mod(parts["chili"], "chili")
    return f" = {points} ({parts['base']} base{mods})"


def _mod(points: int, name: str) -> str:
    if not points:
        return ""
    return f" {'+' if points > 0 else '-'}{abs(points)} {name}"
