"""Terminal rendering of Ramen Fury views and results (rich renderables), in words.

Cards show by name, bowls as "bowl 1–3", the legal moves as instructions numbered for
``#n``. What happened is told by the terminal session from the view's history, in the
words of :mod:`.words`. The notation (``prep Ch>2``) appears only in the help
(:func:`notation_help`), which the ``help`` command prints on request; what a player types
is read by :mod:`.notation`. Every word comes from the game's catalog, in the reader's
language: each method of the text UI takes a ``locale`` keyword (English by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.core.words import DEFAULT_LOCALE, Msg, Seat, render
from gametable.games.ramen_fury.cards import (
    CHASHU,
    CODES,
    CORN,
    EGGS,
    FLAVORS,
    MUSHROOMS,
    NARUTO,
    SCALLIONS,
    SPECIALS,
    TOFU,
)
from gametable.games.ramen_fury.phrases import points as phrase_points
from gametable.games.ramen_fury.phrases import scored
from gametable.games.ramen_fury.state import ACTIONS_PER_TURN, HAND_LIMIT, PANTRY_SIZE, SPOONS
from gametable.games.ramen_fury.words import RamenFuryWords, breakdown, components

_STYLE = {
    **{c: "bold orange1" for c in ("Bf", "Ck", "Sh", "Sy", "Fy")},
    **{c: "red" for c in ("Ch", "Eg", "Na")},
    **{c: "green" for c in ("Co", "Mu", "Sc")},
    "To": "yellow",
    "No": "cyan",
    "Cl": "bold magenta",
}

NOTATION_EXAMPLES = (
    ("prep Ch>2", "prep"),
    ("draw Mu", "draw"),
    ("draw deck", "draw_deck"),
    ("spoon 1.3>2", "spoon"),
    ("restock", "restock"),
    ("eat 1", "eat"),
    ("empty 3", "empty"),
    ("place Cl>1.2", "place"),
    ("discard Na", "discard"),
    ("use No>0.1", "use"),
    ("skip", "skip"),
)
"""What a player types for each kind of move (the notation, the same in every language),
and the catalog's words for what it does (``ramen_fury.ui.help.<name>``)."""

LEGEND = (
    ("flavor", FLAVORS),
    ("protein", (CHASHU, EGGS, NARUTO)),
    ("vegetable", (CORN, MUSHROOMS, SCALLIONS)),
    ("tofu", (TOFU,)),
    ("special", SPECIALS),
)
"""The cards by category, for the list of codes in the help."""


def notation_help(locale: str = DEFAULT_LOCALE) -> str:
    """How to type a move, in ``locale`` (the ``help`` command; notation is shown only
    here): the examples of notation, each with what it does in words, when a turn ends,
    and every card with its code."""

    def say(name: str, **params: Any) -> str:
        return render(Msg(f"ramen_fury.ui.help.{name}", **params), locale=locale)

    lines = [
        say("turn", actions=ACTIONS_PER_TURN),
        say("bowls"),
        "",
    ]
    params = {"spoons": SPOONS, "pantry": PANTRY_SIZE, "limit": HAND_LIMIT}
    for typed, name in NOTATION_EXAMPLES:
        lines.append(f"  {typed:<14} {say(name, **params)}")
    lines += ["", say("end"), "", say("cards")]
    for category, kinds in LEGEND:
        entries = []
        for kind in kinds:
            code = CODES[kind]
            card_name = Msg(f"ramen_fury.card_short.{code}")
            if kind in SPECIALS:
                rule = components_rule(kind)
                entries.append(
                    Msg("ramen_fury.ui.help.card_rule", code=code, name=card_name, rule=rule)
                )
            else:
                entries.append(Msg("ramen_fury.ui.help.card", code=code, name=card_name))
        category_name = Msg(f"ramen_fury.category.{category}")
        listed = render(Msg("ramen_fury.ui.separator"), locale=locale).join(
            render(entry, locale=locale) for entry in entries
        )
        line = Msg("ramen_fury.ui.help.legend", category=category_name, cards=listed)
        lines.append("  " + render(line, locale=locale))
    return "\n".join(lines) + "\n"


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


class _Speaker:
    """Words in one language: messages rendered in ``locale``, cards named and coloured."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def say(self, msg: Msg, viewer: int | None = None) -> str:
        return render(msg, locale=self.locale, viewer=viewer)

    def name(self, code: str) -> str:
        return self.say(Msg(f"ramen_fury.card_short.{code}"))

    def card(self, code: str | None) -> Text:
        if code is None:
            return Text(self.say(Msg("ramen_fury.ui.empty_slot")), style="dim")
        return Text(self.name(code), style=_STYLE.get(code, ""))

    def cards(self, codes: Sequence[str | None]) -> Text:
        if not codes:
            return Text("-", style="dim")
        return Text(self.say(Msg("ramen_fury.ui.separator"))).join(self.card(c) for c in codes)

    def join(self, texts: Sequence[str], separator: str = "separator") -> str:
        """Texts joined as the language lists them in a table (", " or "; " in English)."""
        return self.say(Msg(f"ramen_fury.ui.{separator}")).join(texts)

    def bowl_cell(self, bowl: dict[str, Any]) -> Text:
        text = self.cards(bowl["cards"])
        if bowl["eaten"]:
            label = Msg("ramen_fury.ui.label", label=Msg("ramen_fury.ui.eaten"))
            points = phrase_points(bowl["points"])
            return Text.assemble(
                Text(self.say(label), style="bold"),
                " ",
                text,
                " " + self.say(Msg("ramen_fury.ui.equals", points=points)),
            )
        if bowl["points"] is not None:
            worth = Msg("ramen_fury.ui.if_eaten", **scored(bowl["points"]))
            text.append("  " + self.say(worth), style="dim")
        elif bowl["cards"] and bowl["eat_needs"] == "flavor":
            text.append("  " + self.say(Msg("ramen_fury.ui.no_flavor")), style="dim")
        return text

    def why(self, parts: dict[str, Any]) -> str:
        bits = [self.say(m) for m in breakdown(parts)]
        if not bits:
            return ""
        return " " + self.say(Msg("ramen_fury.ui.why", why=self.join(bits, "semicolon")))


class RamenFuryTextUI:
    """The :class:`~gametable.core.textui.TextUI` of Ramen Fury. Every method takes the
    reader's language as ``locale`` (a keyword, English by default): every word it prints
    comes from the game's catalog."""

    def __init__(self) -> None:
        self.words = RamenFuryWords()

    def render_view(self, view: View, *, locale: str = DEFAULT_LOCALE) -> RenderableType:
        w = _Speaker(locale)
        seat = view["seat"]
        players = view["players"]
        deck = w.say(Msg("ramen_fury.ui.deck", count=view["deck_size"]))
        head = Text.assemble(("Ramen Fury", "bold"), f"  {deck}  ")
        if view["phase"] != "over":
            who = Seat(view["current"])
            phase = Msg(_PHASES[view["phase"]], count=view["actions_left"])
            name = "ramen_fury.ui.your_turn" if view["current"] == seat else "ramen_fury.ui.turn_of"
            head.append(w.say(Msg(name, who=who, number=view["turn"], what=phase), seat))
        if view["final_round"]:
            line = Msg("ramen_fury.ui.final_round", count=view["final_turns_left"])
            head.append("  " + w.say(line), style="bold red")
        pantry = Text(w.say(Msg("ramen_fury.ui.label", label=Msg("ramen_fury.ui.pantry"))) + " ")
        for i, c in enumerate(view["pantry"]):
            pantry.append_text(w.card(c))
            pantry.append("*  " if i in view["revealed"] else "  ")
        if view["revealed"]:
            pantry.append(w.say(Msg("ramen_fury.ui.revealed_note")), style="italic")
        table = Table(show_header=True, header_style="bold", expand=False)
        for heading in ("player", "points", "spoons", "hand"):
            table.add_column(w.say(Msg(f"ramen_fury.ui.column.{heading}")))
        for b in range(len(view["bowls"][0]) if view["bowls"] else 0):
            table.add_column(w.say(Msg("ramen_fury.ui.column.bowl", bowl=b + 1)))
        for s in range(players):
            if s == seat and view["hand"] is not None:
                hand = w.cards(view["hand"])
            else:
                known = view["known_hands"][s]
                hand = Text(w.say(Msg("ramen_fury.ui.cards", count=view["hand_sizes"][s])))
                if known:
                    hand.append(" " + w.say(Msg("ramen_fury.ui.including")) + " ")
                    hand.append_text(w.cards(known))
            name = w.say(Msg("ramen_fury.ui.player", who=Seat(s)), seat)
            if s == view["current"] and view["phase"] != "over":
                name += " <"
            table.add_row(
                name,
                w.say(Msg("ramen_fury.ui.number", number=view["points"][s])),
                w.say(Msg("ramen_fury.ui.number", number=view["spoons"][s])),
                hand,
                *(w.bowl_cell(b) for b in view["bowls"][s]),
            )
        discarded = [
            w.say(Msg("ramen_fury.ui.copies", card=Msg(f"ramen_fury.card_short.{c}"), count=n))
            for c, n in view["discard"].items()
        ]
        pile = w.say(Msg("ramen_fury.ui.label", label=Msg("ramen_fury.ui.discard_pile")))
        parts: list[RenderableType] = [
            head,
            pantry,
            table,
            Text(pile + " " + (w.join(discarded) or "-")),
        ]
        if "result" in view:
            result = Result.from_json(view["result"])
            said = [w.say(m, seat) for m in self.words.result(result, players, seat)]
            over = w.say(Msg("ramen_fury.ui.game_over"))
            parts.append(Text(over + " " + said[0], style="bold"))
        return Group(*parts)

    def render_result(self, result: Result, *, locale: str = DEFAULT_LOCALE) -> RenderableType:
        """The final scores with every eaten bowl's breakdown (who won, and the tie-break,
        are told in words by the front end: :meth:`.words.RamenFuryWords.result`)."""
        w = _Speaker(locale)
        table = Table(title=w.say(Msg("ramen_fury.ui.final_scores")), header_style="bold")
        for heading in ("rank", "player", "points", "cards_eaten", "eaten_bowls"):
            table.add_column(w.say(Msg(f"ramen_fury.ui.column.{heading}")))
        for entry in sorted(result.details["seats"], key=lambda d: result.ranks[d["seat"]]):
            s = entry["seat"]
            bowls = Text("\n").join(
                Text.assemble(
                    w.cards(b["cards"]),
                    " "
                    + w.say(
                        Msg(
                            "ramen_fury.ui.equals",
                            points=phrase_points(b["points"]),
                        )
                    ),
                    w.why(b["breakdown"]),
                )
                for b in entry["bowls"]
                if b["eaten"]
            )
            table.add_row(
                w.say(Msg("ramen_fury.ui.number", number=result.ranks[s])),
                w.say(Msg("ramen_fury.ui.player", who=Seat(s))),
                w.say(Msg("ramen_fury.ui.number", number=entry["points"])),
                w.say(Msg("ramen_fury.ui.number", number=entry["cards_eaten"])),
                bowls,
            )
        return table

    def notation_help(self, *, locale: str = DEFAULT_LOCALE) -> str:
        return notation_help(locale)

    def describe_legal(
        self, view: View, legal: Sequence[Action], *, locale: str = DEFAULT_LOCALE
    ) -> RenderableType:
        """Every legal decision in words, numbered ``#n`` as the terminal's ``#n`` picks
        it (its place in ``legal``), under a heading per kind of decision."""
        w = _Speaker(locale)
        seat = view["seat"]
        groups: dict[str, list[str]] = {}
        for n, action in enumerate(legal, 1):
            said = w.say(self.words.decision(action, view), seat)
            groups.setdefault(type(action).__name__, []).append(f"#{n} {said}")
        lines = []
        for kind, items in groups.items():
            lines.append(w.say(Msg(_GROUPS[kind])))
            lines.extend(f"  {item}" for item in items)
        return Text("\n".join(lines))

    def render_example(self, example: Any, *, locale: str = DEFAULT_LOCALE) -> RenderableType:
        """One example of the rules (a ```` ```example ```` block of ``rules/<language>.md``):
        a bowl's cards and what it scores, then its caption (in the rules' language)."""
        w = _Speaker(locale)
        cards = example.get("bowl", []) if isinstance(example, dict) else []
        points = example.get("points", 0) if isinstance(example, dict) else 0
        line = Msg(
            "ramen_fury.ui.example",
            cards=[Msg(f"ramen_fury.card.{c}") for c in cards],
            points=phrase_points(points),
        )
        parts: list[RenderableType] = [Text(w.say(line), style="bold")]
        caption = example.get("caption") if isinstance(example, dict) else None
        if isinstance(caption, str) and caption:
            parts.append(Text(caption))
        return Group(*parts)


def components_rule(kind: int) -> Msg:
    """What a special card does, in words (the components' rule)."""
    return components()["cards"][CODES[kind]]["rule"]  # type: ignore[no-any-return]


__all__ = ["RamenFuryTextUI", "notation_help"]
