"""Terminal rendering of Ramen! Ramen! views and results (rich), in words.

Cards are named as people name them ("Nori 4", in the ingredient's colour), bowls are
numbered 1 to 3, and every label and sentence is a message of the game's catalog
(``locale/messages.pot``), in the session's language: each method takes ``locale`` (and
``names``, how the session calls each seat) as optional keywords. The story of the game is
told by the session from the view's ``history`` (:mod:`.words`); the notation is shown only
by ``help``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from gametable.core.game import Action, Result, View
from gametable.core.words import DEFAULT_LOCALE, Msg, Seat, render
from gametable.games.ramen_ramen.cards import CARD_BY_NAME, INGREDIENT_IDS, POINTS_BY_TYPES
from gametable.games.ramen_ramen.history import TEAM_NAMES
from gametable.games.ramen_ramen.scoring import CRITICS_BANDS, critics_band, stars_text
from gametable.games.ramen_ramen.state import SERVE_SUM
from gametable.games.ramen_ramen.words import RamenWords, card, points, side_name, team

COLOURS = {
    "ajitama": "yellow",
    "chashu": "red",
    "kamaboko": "magenta",
    "menma": "green",
    "negi": "bright_green",
    "nori": "cyan",
    "shiitake": "dark_orange",
}
"""Each ingredient's colour in the terminal (presentation only)."""

WORDS = RamenWords()


class Words:
    """Messages rendered in one language for one reader: the session's ``locale``, its
    ``names`` for the seats, and the seat whose view it is ("you")."""

    def __init__(
        self,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
        view: View | None = None,
    ) -> None:
        self.locale = locale
        self.names = names
        self.viewer = None if view is None else view.get("seat")

    def __call__(self, msg: Msg | Seat, viewer: bool = True) -> str:
        """``msg`` (or a seat) in words; ``viewer=False``: as anyone reads it (a seat is
        then named, not "you")."""
        if isinstance(msg, Seat):
            msg = Msg("ramen_ramen.ui.name", who=msg)
        return render(
            msg,
            locale=self.locale,
            names=self.names,
            viewer=self.viewer if viewer else None,
        )

    def card(self, name: str) -> Text:
        """A card in words, in its ingredient's colour."""
        colour = COLOURS[INGREDIENT_IDS[CARD_BY_NAME[name] >> 3]]
        return Text(self(card(name)), style=f"bold {colour}")

    def cards(self, names: Sequence[str], empty: Msg | None = None) -> Text:
        if not names:
            return Text(self(empty or Msg("ramen_ramen.ui.none")), style="dim")
        return Text(self(Msg("ramen_ramen.ui.separator"))).join(self.card(n) for n in names)


def card_text(name: str, locale: str = DEFAULT_LOCALE) -> Text:
    """A card in words, in its ingredient's colour."""
    return Words(locale).card(name)


def cards_text(
    names: Sequence[str], empty: Msg | None = None, locale: str = DEFAULT_LOCALE
) -> Text:
    return Words(locale).cards(names, empty)


def notation_help(locale: str = DEFAULT_LOCALE) -> str:
    """The notation guide (``help``): the rules' numbers come from the rules."""
    table = " ".join(f"{types}→{pts}" for types, pts in enumerate(POINTS_BY_TYPES) if types)
    return render(
        Msg("ramen_ramen.ui.notation_help", serve_sum=SERVE_SUM, points_table=table),
        locale=locale,
    )


def _seat_name(view: View, seat: int) -> Msg | Seat:
    """A seat, with its team in 4 players (``Seat 1 (Team B)``)."""
    if view["players"] == 4:
        return Msg("ramen_ramen.ui.seat_of_team", seat=Seat(seat), team=team(TEAM_NAMES[seat % 2]))
    return Seat(seat)


def _owner(view: View, bowl: dict[str, Any]) -> Msg | Seat:
    if bowl.get("team"):
        return team(bowl["team"], view.get("seat"))
    owner = bowl["owner"]
    if owner is None:
        return Msg("ramen_ramen.ui.communal" if view["players"] > 1 else "ramen_ramen.ui.yours")
    return Seat(owner)


class RamenTextUI:
    """The :class:`~gametable.core.textui.TextUI` of Ramen! Ramen!, in the session's
    language (``locale``) and with its seats' ``names``, both optional keywords."""

    def render_view(
        self,
        view: View,
        *,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
    ) -> RenderableType:
        say = Words(locale, names, view)
        parts: list[RenderableType] = []
        players = view["players"]
        me = view.get("seat")
        phase = view["phase"]
        if phase == "over":
            status = Msg("ramen_ramen.ui.status.over")
        elif view["current"] == me:
            status = Msg(f"ramen_ramen.ui.status.{phase}.you")
        else:
            status = Msg(f"ramen_ramen.ui.status.{phase}", seat=_seat_name(view, view["current"]))
        parts.append(
            Text.assemble(
                ("Ramen! Ramen! ", "bold"),
                "— ",
                say(Msg(f"ramen_ramen.ui.mode.{view['mode']}")),
                " — ",
                say(Msg("ramen_ramen.ui.deck", count=view["deck_size"])),
                " — ",
                (say(status), "bold"),
            )
        )
        bowls = Table(title=say(Msg("ramen_ramen.ui.bowls")), title_justify="left", expand=False)
        for key, justify in (
            ("bowl", "right"),
            ("owner", "left"),
            ("cards", "left"),
            ("sum", "right"),
            ("ingredients", "right"),
            ("if_served", "right"),
        ):
            bowls.add_column(say(Msg(f"ramen_ramen.ui.column.{key}")), justify=justify)  # type: ignore[arg-type]
        for bowl in view["bowls"]:
            bowls.add_row(
                str(bowl["place"] + 1),
                say(_owner(view, bowl)),
                say.cards(bowl["cards"], Msg("ramen_ramen.ui.empty")),
                f"{bowl['sum']}/{bowl['serve_sum']}",
                f"{bowl['ingredients']}/{bowl['all_ingredients']}",
                say(points(bowl["points"])) if bowl["cards"] else "",
            )
        parts.append(bowls)
        parts.append(
            Text.assemble(
                (say(Msg("ramen_ramen.ui.label", label=Msg("ramen_ramen.ui.fridge"))), "bold"),
                say.cards(view["fridge"], Msg("ramen_ramen.ui.empty")),
            )
        )
        if view["hand"] is not None:
            parts.append(
                Text.assemble(
                    (
                        say(Msg("ramen_ramen.ui.label", label=Msg("ramen_ramen.ui.your_hand"))),
                        "bold",
                    ),
                    say.cards(view["hand"], Msg("ramen_ramen.ui.empty")),
                )
            )
        table = Table(title=say(Msg("ramen_ramen.ui.players")), title_justify="left")
        for key in ("seat", "hand", "served", "last_pick"):
            table.add_column(say(Msg(f"ramen_ramen.ui.column.{key}")))
        served = view["served"]
        for seat in range(players):
            side = seat % 2 if players == 4 else seat
            # "Seat 1", not "you", in a list of seats
            label = say(_seat_name(view, seat), viewer=False)
            if seat == me:
                label = say(Msg("ramen_ramen.ui.you_mark", seat=label))
            count = str(served[side]["count"])
            if players == 4:
                count = say(Msg("ramen_ramen.ui.team_count", count=served[side]["count"]))
            table.add_row(
                label,
                str(view["hand_sizes"][seat]),
                count,
                say.cards(view["last_pick"][seat]),
            )
        parts.append(table)
        if players == 1:
            side = served[0]
            for cards, worth in zip(side["bowls"] or [], side["bowl_points"] or [], strict=True):
                parts.append(
                    Text.assemble(
                        "  ",
                        say(Msg("ramen_ramen.ui.label", label=Msg("ramen_ramen.ui.served"))),
                        say.cards(cards),
                        f" — {say(points(worth))}",
                    )
                )
            if side["points"] is not None:
                parts.append(Text(say(Msg("ramen_ramen.ui.score", points=points(side["points"])))))
        if view["discard_count"]:
            parts.append(
                Text(say(Msg("ramen_ramen.ui.set_aside", count=view["discard_count"])), style="dim")
            )
        return Group(*parts)

    def render_result(
        self,
        result: Result,
        *,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
    ) -> RenderableType:
        """Each side's served bowls, their ingredients and points (the session then tells
        who won, by which tie-break, and the critics' verdict, in words)."""
        say = Words(locale, names)
        details = result.details
        players = sum(len(side["seats"]) for side in details["sides"])
        parts: list[RenderableType] = []
        for side in details["sides"]:
            who = side_name(side, players)
            table = Table(
                title=say(
                    Msg("ramen_ramen.ui.side_points", side=who, points=points(side["points"]))
                ),
                title_justify="left",
            )
            for key in ("bowl", "cards", "ingredients", "points"):
                table.add_column(
                    say(Msg(f"ramen_ramen.ui.column.{key}")),
                    justify="left" if key == "cards" else "right",
                )
            for i, bowl in enumerate(side["bowls"], 1):
                table.add_row(
                    str(i), say.cards(bowl["cards"]), str(bowl["ingredients"]), str(bowl["points"])
                )
            table.add_row(
                "",
                Text(
                    say(
                        Msg(
                            "ramen_ramen.ui.side_total",
                            bowls=Msg("ramen_ramen.bowls", count=len(side["bowls"])),
                            cards=Msg("ramen_ramen.cards", count=side["cards"]),
                        )
                    ),
                    style="dim",
                ),
                "",
                Text(str(side["points"]), style="bold"),
            )
            parts.append(table)
        if details.get("unserved"):
            parts.append(
                Text.assemble(
                    say(Msg("ramen_ramen.ui.label", label=Msg("ramen_ramen.ui.unserved"))),
                    Text(" | ").join(say.cards(b) for b in details["unserved"]),
                )
            )
        if "verdict" in details:
            band = critics_band(int(result.scores[0]))
            parts.append(Text(stars_text(float(CRITICS_BANDS[band][1])), style="bold yellow"))
        return Group(*parts)

    def notation_help(self, *, locale: str = DEFAULT_LOCALE) -> str:
        return notation_help(locale)

    def describe_legal(
        self,
        view: View,
        legal: Sequence[Action],
        *,
        locale: str = DEFAULT_LOCALE,
        names: Sequence[str] | None = None,
    ) -> RenderableType:
        """Every legal decision in words, numbered as ``#n`` picks it."""
        say = Words(locale, names, view)
        if not legal:
            return Text(say(Msg("ramen_ramen.ui.legal.none")))
        if view["phase"] in ("take", "take2"):
            heading = Msg(f"ramen_ramen.ui.legal.{view['phase']}")
        elif len(view["hand"] or ()) == 1:
            heading = Msg("ramen_ramen.ui.legal.play_last")
        else:
            heading = Msg("ramen_ramen.ui.legal.play")
        lines = [Text(say(heading))]
        for n, action in enumerate(legal, 1):
            lines.append(Text(f"#{n} {say(WORDS.decision(action, view))}"))
        return Group(*lines)


__all__ = ["COLOURS", "RamenTextUI", "card_text", "cards_text", "notation_help"]
