"""Terminal rendering of Rummikub, in words: the players, the table's sets numbered as a
typed move names them, and the rack sorted two ways.

Everything shown is said in words from the game's catalog ("black 4–7", "three 8s without
orange"), in the reader's language (every method takes a ``locale`` keyword, English by
default; the terminal session passes its own), coloured in the tiles' colours where the
terminal has colours — and every tile also carries its colour's symbol (black ●, red ◆,
blue ■, orange ▲; :data:`~.tiles.COLOUR_SYMBOLS`), so no colour is told by colour alone. The
notation is only what ``help`` teaches for typing. What happened is the session's to tell
(it prints the view's story in words before the table).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from gametable.core.game import Action, Result, View, score_to_json
from gametable.core.words import DEFAULT_LOCALE, Msg, Seat, render
from gametable.games.rummikub.notation import view_table
from gametable.games.rummikub.state import MELD_MIN, TIMEOUT_PENALTY
from gametable.games.rummikub.tiles import (
    COLOUR_NAMES,
    COLOUR_SYMBOLS,
    JOKER,
    colour_msg,
    face_of,
    is_joker,
    parse_placed,
    parse_tile,
    set_kind,
    set_msg,
    set_value,
    tile_msg,
)
from gametable.games.rummikub.words import WORDS, rack_msgs

STYLES = {
    "black": "bold white on grey23",
    "red": "bold red",
    "blue": "bold dodger_blue1",
    "orange": "bold dark_orange",
    "joker": "bold magenta",
}
"""How each colour of tile is drawn in the terminal (by the colour's name)."""

JOKER_SYMBOL = "☺"
"""The joker's face in the terminal's tile strips (the words say "joker")."""

NOTATION_EXAMPLES = (
    ("draw (d)", "draw"),
    ("pass (p)", "pass"),
    ("R7 R8 R9 | K5 B5 O5", "new_sets"),
    ("B3 B4 B5 B6", "add"),
    ("s2 B3 B4 B5 B6", "set_becomes"),
    ("s1 K4 R4 O4 | B3 B4 B5 B6", "take"),
    ("s1 s3 R1 R2 R3 | R4 R5 R6", "rebuild"),
    ("= R1 R2 R3 | K5 R5 B5", "whole_table"),
)
"""What a player types for each kind of move (the notation, the same in every language),
and the catalog's words for what it does (``rummikub.ui.help.<name>``)."""


def _say(msg: Msg | str, locale: str, viewer: int | None = None) -> str:
    return render(msg, locale=locale, viewer=viewer)


def notation_help(locale: str = DEFAULT_LOCALE) -> str:
    """How to type a move, in ``locale`` (the ``help`` command; notation is shown only
    here): how a tile is written, each kind of move with an example, the rules a play
    keeps, and the colours' symbols."""

    def say(name: str, **params: Any) -> str:
        return _say(Msg(f"rummikub.ui.help.{name}", **params), locale)

    width = max(len(typed) for typed, _ in NOTATION_EXAMPLES) + 2
    lines = [say("tiles"), "", say("turn")]
    for typed, name in NOTATION_EXAMPLES:
        lines.append(f"  {typed:<{width}}{say(name)}")
    lines += ["  " + say("sets_note"), "", say("rules", minimum=MELD_MIN), "", legend(locale)]
    return "\n".join(lines)


def legend(locale: str = DEFAULT_LOCALE) -> str:
    """The colours' symbols in words ("● black, ◆ red, ■ blue, ▲ orange, ☺ joker")."""
    pieces = [
        _say(Msg("rummikub.ui.symbol", symbol=COLOUR_SYMBOLS[c], colour=colour_msg(c)), locale)
        for c in range(4)
    ]
    pieces.append(_say(Msg("rummikub.ui.symbol_joker", symbol=JOKER_SYMBOL), locale))
    return _say(Msg("rummikub.ui.legend", symbols=pieces), locale)


def _example_tile(name: str) -> int:
    """A tile of a rules example by its id (``R7``; ``J``, a joker; ``J=R7``, a joker
    standing for red 7)."""
    placed = parse_placed(name)
    return JOKER if placed is None else placed


def _colour_of(code: int) -> str:
    return "joker" if code == JOKER else COLOUR_NAMES[face_of(code) // 13]


def tile_chip(placed: int) -> Text:
    """A tile as a short chip: its colour's symbol and its number (``◆7``), in its colour; a
    joker as ``☺`` (on the table, with the symbol and number it stands for: ``☺◆7``)."""
    if placed == JOKER:
        return Text(JOKER_SYMBOL, style=STYLES["joker"])
    face = face_of(placed)
    colour = face // 13
    chip = f"{COLOUR_SYMBOLS[colour]}{face % 13 + 1}"
    if is_joker(placed):
        return Text.assemble((JOKER_SYMBOL, STYLES["joker"]), (chip, STYLES[COLOUR_NAMES[colour]]))
    return Text(chip, style=STYLES[COLOUR_NAMES[colour]])


def chips(tiles: Sequence[int]) -> Text:
    """Tiles as chips, separated by spaces."""
    out = Text()
    for i, placed in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_chip(placed))
    return out


def set_text(s: Sequence[int], viewer: int | None = None, locale: str = DEFAULT_LOCALE) -> Text:
    """A set in words, in its colour when it is a run (with its colour's symbol)."""
    if set_kind(s) == "run":
        colour = face_of(s[0]) // 13
        style = STYLES[COLOUR_NAMES[colour]]
        return Text(f"{COLOUR_SYMBOLS[colour]} {_say(set_msg(s), locale, viewer)}", style=style)
    return Text(_say(set_msg(s), locale, viewer), style="bold")


def tiles_text(names: Sequence[str], locale: str = DEFAULT_LOCALE) -> Text:
    """Rack tiles in words, each in its colour with its symbol ("◆ red 7, ● black 13,
    ☺ joker")."""
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(", ")
        code = parse_tile(name)
        symbol = JOKER_SYMBOL if code == JOKER else COLOUR_SYMBOLS[code // 13]
        out.append(f"{symbol} {_say(tile_msg(code), locale)}", style=STYLES[_colour_of(code)])
    return out


def sort_by_colour(names: Sequence[str]) -> list[str]:
    """The "789" sort: by colour, then number (runs show up), jokers last."""
    return [n for _, n in sorted((_key(n, by_number=False), n) for n in names)]


def sort_by_number(names: Sequence[str]) -> list[str]:
    """The "777" sort: by number, then colour (groups show up), jokers last."""
    return [n for _, n in sorted((_key(n, by_number=True), n) for n in names)]


def _key(name: str, by_number: bool) -> tuple[int, int]:
    code = parse_tile(name)
    if code == JOKER:
        return (99, 99)
    c, num = code // 13, code % 13 + 1
    return (num, c) if by_number else (c, num)


class RummikubTextUI:
    """The :class:`~gametable.core.textui.TextUI` of Rummikub; each method takes the
    reader's ``locale`` (a keyword, English by default)."""

    def render_view(self, view: View, *, locale: str = DEFAULT_LOCALE) -> RenderableType:
        seat = view["seat"]

        def say(msg: Msg) -> str:
            return _say(msg, locale, seat)

        parts: list[RenderableType] = []
        turn, pool = view["turn"] + 1, view["pool_size"]
        if view["phase"] == "over":
            head = Msg("rummikub.ui.header_over", turn=view["turn"], pool=pool)
        elif seat is not None and view["current"] == seat:
            head = Msg("rummikub.ui.header.you", turn=turn, pool=pool)
        else:
            head = Msg("rummikub.ui.header", turn=turn, who=Seat(view["current"]), pool=pool)
        parts.append(Text(say(head), style="bold"))
        players = RichTable(show_header=True, box=None)
        players.add_column(say(Msg("rummikub.ui.player")))
        players.add_column(say(Msg("rummikub.ui.tiles")), justify="right")
        players.add_column(say(Msg("rummikub.ui.initial_meld")))
        for other, size in enumerate(view["rack_sizes"]):
            done = Msg("rummikub.ui.yes") if view["melded"][other] else Msg("rummikub.ui.no")
            players.add_row(say(Msg("rummikub.ui.seat", who=Seat(other))), str(size), say(done))
        parts.append(players)
        table = view_table(view)
        if not table:
            parts.append(Text(say(Msg("rummikub.ui.table_empty"))))
        else:
            sets = RichTable(title=say(Msg("rummikub.ui.table")), show_header=False, box=None)
            sets.add_column("set", justify="right")
            sets.add_column("words")
            sets.add_column("tiles")
            sets.add_column("what", style="dim")
            for i, s in enumerate(table):
                what = Msg(f"rummikub.ui.{set_kind(s)}", value=set_value(s))
                sets.add_row(
                    say(Msg("rummikub.ui.set", number=i + 1)),
                    set_text(s, seat, locale),
                    chips(s),
                    say(what),
                )
            parts.append(sets)
        if view.get("rack") is not None:
            by_colour, by_number = rack_msgs(view["rack"])
            parts.append(
                self._rack_line(say(Msg("rummikub.ui.rack_by_colour")), by_colour, seat, locale)
            )
            parts.append(
                self._rack_line(say(Msg("rummikub.ui.rack_by_number")), by_number, seat, locale)
            )
            if view["rack"]:
                strip = Text(say(Msg("rummikub.ui.rack_tiles")) + " ")
                strip.append_text(chips([parse_tile(n) for n in sort_by_colour(view["rack"])]))
                parts.append(strip)
            if not view["melded"][seat]:
                minimum = view.get("initial_meld", MELD_MIN)
                parts.append(Text(say(Msg("rummikub.ui.no_meld_yet", minimum=minimum))))
        if view["phase"] != "over" and (view.get("options") or {}).get("turn_seconds"):
            seconds = view["options"]["turn_seconds"]
            timer = Msg("rummikub.ui.timer", seconds=seconds, count=TIMEOUT_PENALTY)
            parts.append(Text(say(timer), style="dim"))
        return Group(*parts)

    @staticmethod
    def _rack_line(title: str, pieces: Sequence[Msg], seat: int | None, locale: str) -> Text:
        line = Text(title + " ")
        if not pieces:
            line.append(_say(Msg("rummikub.ui.rack_empty"), locale, seat))
        for i, piece in enumerate(pieces):
            if i:
                line.append("; ")
            colour = piece.params.get("colour")
            style = "bold"
            symbol = ""
            if isinstance(colour, Msg):
                name = colour.id.rsplit(".", 1)[1]
                style = STYLES[name]
                symbol = COLOUR_SYMBOLS[COLOUR_NAMES.index(name)] + " "
            elif piece.id == "rummikub.rack.jokers":
                style = STYLES["joker"]
                symbol = JOKER_SYMBOL + " "
            line.append(symbol + _say(piece, locale, seat), style=style)
        return line

    def render_result(self, result: Result, *, locale: str = DEFAULT_LOCALE) -> RenderableType:
        """The scores: each seat's rack left (in words), its value, score and rank (the
        session prints the result's sentences after it)."""

        def say(msg: Msg) -> str:
            return _say(msg, locale)

        t = RichTable(title=say(Msg("rummikub.ui.result")))
        t.add_column(say(Msg("rummikub.ui.player")))
        t.add_column(say(Msg("rummikub.ui.rack_left")))
        t.add_column(say(Msg("rummikub.ui.rack_value")), justify="right")
        t.add_column(say(Msg("rummikub.ui.score")), justify="right")
        t.add_column(say(Msg("rummikub.ui.rank")), justify="right")
        details = result.details
        racks = details.get("racks") or [[] for _ in result.scores]
        values = details.get("rack_values") or [""] * len(result.scores)
        for s, score in enumerate(result.scores):
            left = tiles_text(sort_by_colour(racks[s]), locale) if racks[s] else Text("—")
            t.add_row(
                say(Msg("rummikub.ui.seat", who=Seat(s))),
                left,
                str(values[s]),
                str(score_to_json(score)),
                str(result.ranks[s]),
            )
        return t

    def notation_help(self, *, locale: str = DEFAULT_LOCALE) -> str:
        return notation_help(locale)

    def render_example(self, example: Any, *, locale: str = DEFAULT_LOCALE) -> RenderableType:
        """One example of the rules (a ```` ```example ```` block of ``rules/<language>.md``)
        drawn with the tiles as chips (``◆7``, each with its colour's symbol): the legend of
        the symbols, sets on their own, or a move — the rack, the table before, the table
        after — then its caption (in the rules' language)."""
        data = example if isinstance(example, dict) else {}
        parts: list[RenderableType] = []

        def sets_line(sets: Any) -> Text:
            line = Text()
            for i, s in enumerate(sets):
                if i:
                    line.append("   ")
                line.append_text(chips([_example_tile(name) for name in s]))
            return line

        def headed(part: str, body: Text) -> Text:
            line = Text(_say(Msg(f"rummikub.ui.example.{part}"), locale) + " ", style="dim")
            line.append_text(body)
            return line

        if data.get("legend"):
            line = chips([c * 13 + 6 for c in range(4)] + [JOKER])
            line.append("  " + legend(locale))
            parts.append(line)
        if isinstance(data.get("sets"), list):
            parts.append(sets_line(data["sets"]))
        if isinstance(data.get("rack"), list):
            parts.append(headed("rack", chips([_example_tile(name) for name in data["rack"]])))
        if isinstance(data.get("table"), list):
            before = "before" if isinstance(data.get("after"), list) else "table"
            parts.append(headed(before, sets_line(data["table"])))
        if isinstance(data.get("after"), list):
            parts.append(headed("after", sets_line(data["after"])))
        caption = data.get("caption")
        if isinstance(caption, str) and caption:
            parts.append(Text(caption, style="italic"))
        return Group(*parts)

    def describe_legal(
        self, view: View, legal: Sequence[Action], *, locale: str = DEFAULT_LOCALE
    ) -> RenderableType:
        """Every listed decision as ``#n`` and the move in words (``#n`` picks it at the
        terminal); any other legal play may be typed too."""
        seat = view.get("seat")
        lines = Text(no_wrap=False)
        for n, action in enumerate(legal, 1):
            lines.append(f"#{n} {_say(WORDS.decision(action, view), locale, seat)}\n")
        lines.append(_say(Msg("rummikub.ui.moves_note"), locale, seat), style="dim")
        return lines


__all__ = [
    "JOKER_SYMBOL",
    "STYLES",
    "RummikubTextUI",
    "chips",
    "legend",
    "notation_help",
    "set_text",
    "sort_by_colour",
    "sort_by_number",
    "tile_chip",
    "tiles_text",
]
