"""Terminal rendering of Ramen (the tips game) views and results (rich), in words.

Every sentence and label comes from the game's catalog through :mod:`.words` (cards by
name, "Chāshū 6", in their ingredient's colour); the notation appears only in the help
(``notation_help``), which a player asks for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from babel import Locale
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.core.words import DEFAULT_LOCALE, Msg, Seat, render
from gametable.games.ramen_tips.cards import CARD_BY_NAME, LETTERS, TIP_BY_SLOT
from gametable.games.ramen_tips.scoring import NARUTO_YEN
from gametable.games.ramen_tips.state import bowl_facts
from gametable.games.ramen_tips.words import (
    WORDS,
    card,
    ingredient,
    naruto_kind,
    slot,
)

STYLES = {"C": "red", "A": "blue", "S": "yellow", "N": "magenta", "Y": "green"}
"""Each ingredient's colour on a terminal, by ingredient id (the cards' colours)."""


class _Say:
    """Renders messages for one reader, in their language (``locale``), with the seats'
    ``names`` as the front end calls them (their own seat says "you")."""

    def __init__(
        self,
        view: View | None = None,
        *,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
    ) -> None:
        self.viewer = view.get("seat") if view is not None else None
        self.locale = locale
        self.names = names

    def __call__(self, msg: Msg) -> str:
        return render(msg, locale=self.locale, names=self.names, viewer=self.viewer)

    def separator(self) -> str:
        """What comes between two items of a list in the reader's language (", ", "、")."""
        middle = Locale.parse(self.locale).list_patterns["standard"]["middle"]
        return str(middle).replace("{0}", "").replace("{1}", "")

    def seat(self, number: int) -> str:
        """A seat's name as a table's row names it (never "you": a table names everyone)."""
        if self.names is not None and 0 <= number < len(self.names):
            return self.names[number]
        return render(Msg("core.seat", number=number), locale=self.locale)


def card_text(name: str, say: _Say | None = None) -> Text:
    """A card (by id) in words, in its ingredient's colour."""
    letter = LETTERS[CARD_BY_NAME[name] // 9]
    return Text((say or _Say())(card(name)), style=f"bold {STYLES[letter]}")


def cards_text(names: Sequence[str], say: _Say, empty: str | None = None) -> Text:
    """Cards in words, comma-separated, each in its colour (``empty`` when there are none)."""
    if not names:
        return Text(empty if empty is not None else say(Msg("ramen_tips.none")), style="dim")
    return Text(say.separator()).join(card_text(n, say) for n in names)


def slot_label(view: View, number: int, say: _Say | None = None) -> str:
    """A seat as a table's row names it ("Seat 1", "Seat 0 (you)"), or Grunchie."""
    say = say or _Say()
    if number >= view["players"]:
        return say(Msg("ramen_tips.grunchie"))
    label = say.seat(number)
    if number == view.get("seat"):
        return say(Msg("ramen_tips.ui.seat_you", seat=label))
    return label


def preference_text(view: View, say: _Say) -> Text:
    """The preference row, strongest first: each ingredient with its tip token, its Naruto
    (◎) and who leads for its tip now."""
    shoyu = say(Msg("ramen_tips.shoyu")) + (" ◎" if view["shoyu_naruto"] else "")
    parts: list[Text | str] = [Text(f"[{shoyu}] ", style="bold")]
    for p in view["preference"]:
        t = p["type"]
        label = say(Msg("ramen_tips.ui.slot", ingredient=ingredient(t), tip=p["tip"]))
        if p["naruto"]:
            label += " ◎"
        parts.append(Text(label, style=f"bold {STYLES[t]}"))
        if p["tip_leader"] is not None:
            leads = Msg(
                "ramen_tips.ui.leads",
                seat=Seat(p["tip_leader"]),
                total=p["tip_total"],
            )
            parts.append(Text(f" ({say(leads)})", style="dim"))
        parts.append("  ")
    return Text.assemble(*parts)


def bowls_text(view: View, seat: int, say: _Say) -> Text:
    """A seat's bowls: each numbered, its cards, its Shōyu and what it counts as now."""
    bowls = view["bowls"][seat]
    if not bowls:
        return Text(say(Msg("ramen_tips.ui.no_bowl")), style="dim")
    out = Text()
    for i, (cards, facts) in enumerate(zip(bowls, view["bowl_facts"][seat], strict=True)):
        if i:
            out.append("\n")
        out.append(say(Msg("ramen_tips.ui.bowl", number=i + 1)) + ": ", style="bold")
        out.append_text(cards_text(cards, say))
        if facts["shoyu"]:
            out.append(" + " + say(Msg("ramen_tips.ui.shoyu_count", count=facts["shoyu"])))
        if facts["valid"]:
            state = say(Msg("ramen_tips.ui.ramen", count=facts["cards"]))
        else:
            state = say(Msg("ramen_tips.ui.missing", count=facts["missing"]))
        out.append(f"  ({state})", style="dim")
    return out


def row_text(row: Sequence[str], say: _Say) -> Text:
    """A preference row of an example (ingredient ids, strongest first): each ingredient in
    its colour with the tip lying on its place."""
    parts: list[Text | str] = []
    for place, t in enumerate(row):
        if place:
            parts.append("  ")
        label = say(Msg("ramen_tips.ui.slot", ingredient=ingredient(t), tip=TIP_BY_SLOT[place]))
        parts.append(Text(label, style=f"bold {STYLES[t]}"))
    return Text.assemble(*parts)


def example_bowls_text(bowls: Sequence[Sequence[str]], shoyu: Sequence[int] | None,
                       say: _Say) -> Text:  # fmt: skip
    """An example's bowls (cards by id), each numbered, with its Shōyu cards when the example
    gives them (bowls at the end of the game) and what the game makes of it: a ramen of so
    many cards, or how many it lacks (in play), or no ramen (at the end)."""
    out = Text()
    for i, cards in enumerate(bowls):
        held = shoyu[i] if shoyu is not None and i < len(shoyu) else 0
        facts = bowl_facts([CARD_BY_NAME[c] for c in cards], held)
        if i:
            out.append("\n")
        out.append(say(Msg("ramen_tips.ui.bowl", number=i + 1)) + " ", style="bold")
        out.append_text(cards_text(cards, say))
        if held:
            out.append(" + " + say(Msg("ramen_tips.ui.shoyu_count", count=held)))
        if facts["valid"]:
            state = "(" + say(Msg("ramen_tips.ui.ramen", count=facts["cards"])) + ")"
        elif shoyu is not None:
            state = say(Msg("ramen_tips.ui.invalid"))
        else:
            state = "(" + say(Msg("ramen_tips.ui.missing", count=facts["missing"])) + ")"
        out.append(f"  {state}", style="dim")
    return out


def example_player(number: int, player: dict[str, Any], say: _Say) -> RenderableType:
    """One player of an example: their number, then what the example gives of them — their
    yen, the tips they hold, the cards that count (for a tip), their bowls."""
    head = Text(say(Msg("ramen_tips.ui.example.player", number=number)), style="bold")
    if isinstance(player.get("yen"), int):
        head.append(" " + say(Msg("ramen_tips.ui.yen", yen=player["yen"])), style="bold")
    if isinstance(player.get("tips"), list):
        tips = [Msg("ramen_tips.ui.yen", yen=y) for y in player["tips"]]
        head.append(" — " + say(Msg("ramen_tips.ui.example.tips", tips=tips)))
    if isinstance(player.get("cards"), list):
        head.append(" ")
        head.append_text(cards_text(player["cards"], say))
    if not isinstance(player.get("bowls"), list):
        return head
    bowls = example_bowls_text(player["bowls"], player.get("shoyu"), say)
    return Group(head, Padding(bowls, (0, 0, 0, 2)))


class TipsTextUI:
    """Rendering and help for the ``ramen-tips`` game, in the reader's language (``locale``,
    a keyword, English by default), seats named as the session names them (``names``)."""

    def render_view(
        self,
        view: View,
        *,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
    ) -> RenderableType:
        say = _Say(view, locale=locale, names=names)
        seat = view.get("seat")
        rows: list[RenderableType] = []
        head = say(Msg("ramen_tips.ui.round", round=view["round"], rounds=view["rounds"]))
        if view["final_round"]:
            head += " — " + say(Msg("ramen_tips.ui.final_round"))
        if view["grunchie"]:
            left = view["grunchie_hand_size"]
            head += " — " + say(Msg("ramen_tips.ui.grunchie_cards", count=left))
        rows.append(Text(head, style="bold"))
        rows.append(
            Text.assemble(say(Msg("ramen_tips.ui.preference")) + " ", preference_text(view, say))
        )
        if view["shoyu_naruto"] or any(p["naruto"] for p in view["preference"]):
            rows.append(Text(say(Msg("ramen_tips.ui.naruto_legend", yen=NARUTO_YEN)), style="dim"))
        rows.append(
            Text.assemble(say(Msg("ramen_tips.ui.offer")) + " ", cards_text(view["offer"], say))
        )
        if view["revealed"] is not None:
            shown = [
                Msg("ramen_tips.event.slot_card", card=card(c), who=slot(s, view["players"]))
                for s, c in enumerate(view["revealed"])
            ]
            rows.append(Text(say(Msg("ramen_tips.ui.revealed", cards=shown))))
        if view["removed"]:
            rows.append(
                Text.assemble(
                    say(Msg("ramen_tips.ui.removed")) + " ", cards_text(view["removed"], say)
                )
            )
        table = Table(show_header=True, header_style="bold", expand=False)
        for column in ("seat", "hand", "shoyu", "yen", "bowls"):
            table.add_column(say(Msg(f"ramen_tips.ui.column.{column}")), overflow="fold")
        for s in range(view["players"]):
            status = ""
            if view["phase"] in ("choose", "shoyu") and view["committed"][s]:
                status = " ✓"
            table.add_row(
                slot_label(view, s, say) + status,
                str(view["hand_sizes"][s]),
                str(view["shoyu"][s]),
                str(view["yen"][s]["total"]),
                bowls_text(view, s, say),
            )
        rows.append(table)
        if seat is not None and view["hand"] is not None:
            rows.append(
                Text.assemble(say(Msg("ramen_tips.ui.hand")) + " ", cards_text(view["hand"], say))
            )
        # What happened is the session's to tell (the story in words, once); the table ends
        # with what it waits for.
        rows.append(Text(say(WORDS.prompt(view)), style="italic"))
        return Group(*rows)

    def render_result(
        self,
        result: Result,
        *,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
    ) -> RenderableType:
        say = _Say(locale=locale, names=names)
        details = result.details
        table = Table(title=say(Msg("ramen_tips.ui.final_score")), header_style="bold")
        for column in ("seat", "bowls", "breakdown", "yen", "rank"):
            table.add_column(
                say(Msg(f"ramen_tips.ui.column.{column}")),
                justify="right" if column in ("yen", "rank") else "left",
                overflow="fold",  # a line without spaces (Japanese) folds, not cut short
            )
        for p in details["players"]:
            seat = p["seat"]
            bowls = Text()
            for i, b in enumerate(p["bowls"]):
                if i:
                    bowls.append("\n")
                bowls.append_text(cards_text(b["cards"], say))
                if b["shoyu"]:
                    bowls.append(" + " + say(Msg("ramen_tips.ui.shoyu_count", count=b["shoyu"])))
                if not b["valid"]:
                    bowls.append("  (" + say(Msg("ramen_tips.ui.invalid")) + ")", style="dim")
            lines = [say(m) for m in WORDS.breakdown(p)]
            table.add_row(
                say.seat(seat),
                bowls,
                "\n".join(lines),
                str(result.scores[seat]),
                str(result.ranks[seat]),
            )
        tips = Table(title=say(Msg("ramen_tips.ui.tips_title")), header_style="bold")
        for column in ("ingredient", "tip", "totals", "winner"):
            tips.add_column(say(Msg(f"ramen_tips.ui.column.{column}")))
        nobody = say(Msg("ramen_tips.ui.nobody"))
        for row in details["tips"]:
            totals = " ".join(
                str(t) if e else "–" for t, e in zip(row["totals"], row["eligible"], strict=True)
            )
            winner = nobody if row["winner"] is None else say.seat(row["winner"])
            tips.add_row(
                say(ingredient(row["type"])),
                say(Msg("ramen_tips.ui.yen", yen=row["yen"])),
                totals,
                winner,
            )
        parts: list[RenderableType] = [table, tips]
        if details["narutos"]:
            nar = Table(title=say(Msg("ramen_tips.ui.narutos_title")), header_style="bold")
            for column in ("naruto", "amounts", "winner"):
                nar.add_column(say(Msg(f"ramen_tips.ui.column.{column}")))
            for row in details["narutos"]:
                winner = nobody if row["winner"] is None else say.seat(row["winner"])
                nar.add_row(
                    say(naruto_kind(row["kind"])), " ".join(map(str, row["amounts"])), winner
                )
            parts.append(nar)
        # Who won, each player's yen in a line and the achievements follow in words
        # (``WORDS.result``, which the session prints after this table).
        return Group(*parts)

    def render_example(self, example: Any, *, locale: str = DEFAULT_LOCALE) -> RenderableType:
        """One example of the rules (a ```` ```example ```` block of ``rules/<language>.md``)
        drawn with the game's cards by name, in the reader's language: what the example
        gives, in this order — the preference row (``row``, with the tips on its places),
        cards strongest first (``cards``), the offer (``offer``), the cards revealed
        (``revealed``), the row after a swap (``after``), bowls (``bowls``, with their Shōyu
        cards: ``shoyu``), players (``players``: their yen, tips, cards and bowls) — then
        its caption (in the rules' language)."""
        say = _Say(locale=locale)
        data = example if isinstance(example, dict) else {}
        rows: list[RenderableType] = []

        def line(label: str, body: Text) -> None:
            rows.append(Text.assemble(say(Msg(label)) + " ", body))

        if isinstance(data.get("row"), list):
            line("ramen_tips.ui.preference", row_text(data["row"], say))
        if isinstance(data.get("cards"), list):
            line("ramen_tips.ui.example.strongest", cards_text(data["cards"], say))
        if isinstance(data.get("offer"), list):
            line("ramen_tips.ui.offer", cards_text(data["offer"], say))
        if isinstance(data.get("revealed"), list):
            line("ramen_tips.ui.example.revealed", cards_text(data["revealed"], say))
        if isinstance(data.get("after"), list):
            line("ramen_tips.ui.example.after", row_text(data["after"], say))
        if isinstance(data.get("bowls"), list):
            rows.append(example_bowls_text(data["bowls"], data.get("shoyu"), say))
        if isinstance(data.get("players"), list):
            rows += [example_player(i, p, say) for i, p in enumerate(data["players"], 1)]
        caption = data.get("caption")
        if isinstance(caption, str) and caption:
            rows.append(Text(caption, style="italic"))
        return Group(*rows)

    def notation_help(self, *, locale: str = DEFAULT_LOCALE) -> str:
        return render(Msg("ramen_tips.help.notation"), locale=locale)

    def describe_legal(
        self,
        view: View,
        legal: Sequence[Action],
        *,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
    ) -> RenderableType:
        """Every legal decision, numbered as ``#n`` picks it, in words."""
        say = _Say(view, locale=locale, names=names)
        if not legal:
            return Text(say(Msg("ramen_tips.ui.nothing_to_do")), style="dim")
        entries = [
            Text(f"#{i} {say(WORDS.decision(action, view))}", no_wrap=True)
            for i, action in enumerate(legal, 1)
        ]
        return Group(Text(say(WORDS.heading(view, legal))), Columns(entries, padding=(0, 3)))


def winner_line(
    result: Result,
    viewer: int | None = None,
    *,
    locale: str = DEFAULT_LOCALE,
    names: Sequence[str] | None = None,
) -> str:
    """Who won, and by which rule when yen alone did not decide, in words."""
    return render(
        WORDS.result(result, len(result.scores), viewer)[0],
        locale=locale,
        names=names,
        viewer=viewer,
    )


__all__ = [
    "STYLES",
    "TipsTextUI",
    "card_text",
    "winner_line",
]
