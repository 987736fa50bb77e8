"""Terminal rendering of Ramen (the tips game) views and results (rich)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.games.ramen_tips.cards import LETTERS, TYPES
from gametable.games.ramen_tips.notation import format_notation
from gametable.games.ramen_tips.state import ACHIEVEMENTS, Keep, Take

STYLES = {"C": "red", "A": "blue", "S": "yellow", "N": "magenta", "Y": "green"}

NOTATION_HELP = """\
Cards are a type letter and a value 1–9:
  C Chāshū (pork, red)         A Ajitama (egg, blue)   S Sūpu (soup, yellow)
  N Nūdoru (noodles, purple)   Y Yasai (vegetables, green)
Full names work too (chashu 6, Yasai 4). Strength: the type's place in the
preference row first (leftmost strongest), then the value.

Each round:
  choose a card to reveal, secretly:     C6      (or: play C6)
  with a lone 1, exchange it:            S9      (or: exchange S9; pass)
  with a lone 5, swap two preferences:   C S     (or: swap C S; pass)
  take an offer card into a bowl:        Y4>2    (or: take Y4>2, Y4 2, Y4>new;
                                                  just Y4 if one bowl fits)
  final round, also keep your own card:  C6>1    (or: keep C6>1), either order
  at the end, place your Shōyu cards:    1 1 3   (a bowl number per card;
                                                  or: none)
Bowls are numbered from 1; the number after your last bowl is a new bowl.
A card must go into an existing bowl that lacks its type if there is one;
only when every bowl has the type does it start a new bowl.

On the table: 7¥ is the tip token on a preference slot (7 on the leftmost);
◎ marks a Naruto (expansion): 3 yen at the end to the highest total of its
type in valid ramen (◎ on Shōyu: the most Shōyu cards); a tie gives it to
nobody. ✓ marks a seat that has chosen its card (or placed its Shōyu)."""

NARUTO_LEGEND = (
    "◎ Naruto: +3 yen at the end to the highest total of its type in valid ramen "
    "(Shōyu ◎: most Shōyu cards); a tie gives it to nobody"
)
"""What the ◎ mark means, shown under the preference row whenever a Naruto is in play."""


def card_text(name: str) -> Text:
    """A card in its type's colour."""
    return Text(name, style=f"bold {STYLES.get(name[0], 'white')}")


def cards_text(names: Sequence[str], empty: str = "—") -> Text:
    if not names:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(n) for n in names)


def slot_name(view: View, slot: int) -> str:
    if slot >= view["players"]:
        return "Grunchie"
    label = f"Seat {slot}"
    return label + " (you)" if slot == view.get("seat") else label


def actor(view: View, slot: int) -> str:
    """A seat as the subject of a sentence: "You" for the viewer, else its name."""
    return "You" if slot == view.get("seat") else slot_name(view, slot)


def describe_event(view: View, event: dict[str, Any]) -> Text:
    """One line of the round log."""
    kind = event["event"]
    who = actor(view, event["seat"]) if "seat" in event else ""
    if kind == "reveal":
        parts: list[Text | str] = ["Revealed: "]
        for slot, card in enumerate(event["cards"]):
            if slot:
                parts.append(", ")
            parts += [f"{slot_name(view, slot)} ", card_text(card)]
        return Text.assemble(*parts)
    if kind == "cancel":
        what = "1s" if event["value"] == 1 else "5s"
        return Text(f"Two or more {what} revealed: their effects are cancelled", style="dim")
    if kind == "grunchie_ignores":
        return Text(f"Grunchie's {event['value']} has no effect", style="dim")
    if kind == "exchange":
        other = event["with"]
        if other == view.get("seat"):
            whose = "your "
        elif other >= view["players"]:
            whose = "Grunchie's "
        else:
            whose = f"Seat {other}'s "
        return Text.assemble(
            f"{who} exchanged ", card_text(event["gave"]), f" for {whose}",
            card_text(event["got"]),
        )
    if kind == "pass":
        return Text(f"{who} did not use the {'1' if event['effect'] == 'exchange' else '5'}")
    if kind == "swap":
        a, b = event["types"]
        return Text(f"{who} swapped {a} and {b}: preference now {' '.join(event['preference'])}")
    if kind == "order":
        return Text("Order of choice: " + ", ".join(slot_name(view, s) for s in event["slots"]))
    if kind == "take":
        bowl = event["bowl"] + 1
        return Text.assemble(f"{who} took ", card_text(event["card"]), f" into bowl {bowl}")
    if kind == "keep":
        bowl = event["bowl"] + 1
        return Text.assemble(f"{who} kept ", card_text(event["card"]), f" in bowl {bowl}")
    if kind == "shoyu":
        return Text(f"{who} gained a Shōyu card (a 9)")
    if kind == "grunchie_removes":
        return Text.assemble("Grunchie removed ", card_text(event["card"]), " from the game")
    if kind == "place_shoyu":
        bowls = " ".join(str(b + 1) for b in event["bowls"])
        word = "bowl" if len(set(event["bowls"])) == 1 else "bowls"
        return Text(f"{who} placed Shōyu in {word} {bowls}")
    return Text(str(event))


def preference_text(view: View) -> Text:
    parts: list[Text | str] = [Text("[Shōyu" + (" ◎" if view["shoyu_naruto"] else "") + "] ",
                                    style="bold")]
    for p in view["preference"]:
        t = p["type"]
        label = f"{TYPES[LETTERS.index(t)]}({t}) {p['tip']}¥" + (" ◎" if p["naruto"] else "")
        parts += [Text(label, style=f"bold {STYLES[t]}"), "  "]
    return Text.assemble(*parts)


class TipsTextUI:
    """Rendering and help for the ``ramen-tips`` game."""

    def render_view(self, view: View) -> RenderableType:
        seat = view.get("seat")
        rows: list[RenderableType] = []
        head = f"Round {view['round']}/{view['rounds']}"
        if view["final_round"]:
            head += " — final round"
        if view["grunchie"]:
            left = view["grunchie_hand_size"]
            head += f" — Grunchie has {left} face-down card{'' if left == 1 else 's'}"
        rows.append(Text(head, style="bold"))
        rows.append(Text.assemble("Preference: ", preference_text(view)))
        if view["shoyu_naruto"] or any(p["naruto"] for p in view["preference"]):
            rows.append(Text(NARUTO_LEGEND, style="dim"))
        rows.append(Text.assemble("Offer: ", cards_text(view["offer"])))
        if view["revealed"] is not None:
            parts: list[Text | str] = ["Revealed: "]
            for slot, card in enumerate(view["revealed"]):
                if slot:
                    parts.append("  ")
                parts += [f"{slot_name(view, slot)} ", card_text(card)]
            rows.append(Text.assemble(*parts))
        if view["removed"]:
            rows.append(Text.assemble("Removed by Grunchie: ", cards_text(view["removed"])))
        table = Table(show_header=True, header_style="bold", expand=False)
        table.add_column("seat")
        table.add_column("hand")
        table.add_column("Shōyu")
        table.add_column("bowls")
        for s in range(view["players"]):
            bowls = view["bowls"][s]
            placed = view["placed"][s]
            btext = Text()
            for i, b in enumerate(bowls):
                if i:
                    btext.append("  ")
                btext.append(f"{i + 1}:[")
                btext.append_text(cards_text(b, ""))
                if i < len(placed) and placed[i]:
                    btext.append(f" +{placed[i]}sh")
                btext.append("]")
            status = ""
            if view["phase"] in ("choose", "shoyu") and view["committed"][s]:
                status = " ✓"
            table.add_row(
                slot_name(view, s) + status,
                str(view["hand_sizes"][s]),
                str(view["shoyu"][s]),
                btext if bowls else Text("—", style="dim"),
            )
        rows.append(table)
        if seat is not None and view["hand"] is not None:
            rows.append(Text.assemble("Your hand: ", cards_text(view["hand"])))
            if view.get("chosen"):
                rows.append(Text.assemble("You chose: ", card_text(view["chosen"]),
                                          " (waiting for the others)"))
        log = view["log"]
        if log:
            start = len(log) - view["log_rounds"][-1] if view["log_rounds"] else 0
            recent = log[start:] or log[-8:]
            rows.append(Panel(Group(*(describe_event(view, e) for e in recent)),
                              title="this round", expand=False))
        rows.append(Text(self._prompt(view), style="italic"))
        return Group(*rows)

    def _prompt(self, view: View) -> str:
        phase = view["phase"]
        if phase == "choose":
            return "Everyone chooses a card to reveal (✓: has chosen)."
        current = view["current"]
        if current is not None and current == view.get("seat"):
            if phase == "exchange":
                return "Your turn: you may exchange your lone 1 for another revealed card."
            if phase == "swap":
                return "Your turn: you may swap two preference cards with your lone 5."
            todo = []
            if not view["took"]:
                todo.append("take an offer card into a bowl")
            if not view["kept"]:
                todo.append("place your own card into a bowl")
            return f"Your turn: {' and '.join(todo)}."
        if phase == "exchange":
            return f"{slot_name(view, current)} may exchange the lone 1."
        if phase == "swap":
            return f"{slot_name(view, current)} may swap two preference cards."
        if phase == "take":
            return f"{slot_name(view, current)} takes an offer card."
        if phase == "shoyu":
            return "Players place their Shōyu cards (✓: has placed them, or has none to place)."
        return "The game is over."

    def render_result(self, result: Result) -> RenderableType:
        details = result.details
        table = Table(title="Final score", header_style="bold")
        table.add_column("seat")
        table.add_column("bowls")
        table.add_column("breakdown")
        table.add_column("yen", justify="right")
        table.add_column("rank", justify="right")
        for p in details["players"]:
            seat = p["seat"]
            bowls = Text()
            for i, b in enumerate(p["bowls"]):
                if i:
                    bowls.append("\n")
                bowls.append_text(cards_text(b["cards"]))
                if b["shoyu"]:
                    bowls.append(f" +{b['shoyu']} Shōyu")
                bowls.append("" if b["valid"] else "  (invalid)", style="dim")
            lines = "\n".join(p["lines"])
            if p["achievements"]:
                names = {k: n for k, n, _ in ACHIEVEMENTS}
                lines += "\nAchievements: " + ", ".join(names[a] for a in p["achievements"])
            table.add_row(f"Seat {seat}", bowls, lines, str(result.scores[seat]),
                          str(result.ranks[seat]))
        tips = Table(title="Tips (lowest total in valid ramen)", header_style="bold")
        tips.add_column("type")
        tips.add_column("yen")
        tips.add_column("totals")
        tips.add_column("winner")
        for row in details["tips"]:
            totals = " ".join(
                str(t) if e else "–" for t, e in zip(row["totals"], row["eligible"], strict=True)
            )
            winner = "nobody" if row["winner"] is None else f"Seat {row['winner']}"
            tips.add_row(row["type"], str(row["yen"]), totals, winner)
        parts: list[RenderableType] = [table, tips]
        if details["narutos"]:
            nar = Table(title="Narutos (highest total; a tie gives nobody)", header_style="bold")
            nar.add_column("Naruto")
            nar.add_column("amounts")
            nar.add_column("winner")
            for row in details["narutos"]:
                winner = "nobody" if row["winner"] is None else f"Seat {row['winner']}"
                nar.add_row(row["kind"], " ".join(map(str, row["amounts"])), winner)
            parts.append(nar)
        parts.append(Text(winner_line(result), style="bold"))
        return Group(*parts)

    def notation_help(self) -> str:
        return NOTATION_HELP

    def describe_legal(self, view: View, legal: Sequence[Action]) -> RenderableType:
        """Every legal decision numbered as ``#n`` picks it: ``#n`` then its notation."""
        if not legal:
            return Text("nothing to do now", style="dim")
        phase = view["phase"]
        if phase == "take":
            final = any(isinstance(a, Keep) for a in legal)
            taking = any(isinstance(a, Take) for a in legal)
            if final and taking:
                heading = "Take an offer card into a bowl, or first place your own card (keep):"
            elif final:
                heading = "Place your own card into a bowl:"
            else:
                heading = "Take an offer card into a bowl:"
        else:
            heading = _HEADINGS.get(phase, "Your options:")
        entries = [
            Text(f"#{i} {format_notation(action)}", no_wrap=True)
            for i, action in enumerate(legal, 1)
        ]
        return Group(Text(heading), Columns(entries, padding=(0, 3)))


_HEADINGS = {
    "choose": "Choose the card to reveal:",
    "exchange": "Exchange your lone 1 for another revealed card, or pass:",
    "swap": "Swap two preference cards with your lone 5, or pass:",
    "shoyu": "Place your Shōyu (one bowl number per card; fewer, or none, is allowed):",
}


def winner_line(result: Result) -> str:
    """Who won, and by which rule when yen alone did not decide (issue 11.1: the rule
    named is the one that left a single player, or none when the tie stands)."""
    winners = [f"Seat {s}" for s in result.winners]
    if len(winners) == 1:
        line = f"Winner: {winners[0]}"
        if result.tiebreak:
            line += f" (tied on yen, decided by the {result.tiebreak})"
        return line
    return f"Shared victory: {', '.join(winners)} (tied on yen)"


__all__ = [
    "NARUTO_LEGEND",
    "NOTATION_HELP",
    "TipsTextUI",
    "card_text",
    "describe_event",
    "winner_line",
]
