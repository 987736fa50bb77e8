"""Terminal rendering of Rummikub, in words: the players, the table's sets numbered as a
typed move names them, and the rack sorted two ways.

Everything shown is said in words from the game's catalog ("black 4–7", "three 8s without
orange"), coloured in the tiles' colours where the terminal has colours; the notation is
only what ``help`` teaches for typing. What happened is the session's to tell (it prints the
view's story in words before the table).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from gametable.core.game import Action, Result, View, score_to_json
from gametable.core.words import Msg, Seat, render
from gametable.games.rummikub.notation import view_table
from gametable.games.rummikub.tiles import (
    COLOUR_NAMES,
    JOKER,
    face_of,
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

NOTATION_HELP = """\
Typing a move: a tile is its colour letter and its number: K black, R red,
B blue, O orange, 1-13 (R7 is red 7, K13 black 13). A joker is J (its
place in the set decides what it stands for) or J= and the tile it stands
for (J=R7: the joker as red 7, e.g. in a group: K5 R5 J=B5).

A turn is one of:
  draw (d)     take one tile from the pool; ends your turn
  pass (p)     only once the pool is empty
  a play       the sets you add or change, separated by |
    R7 R8 R9 | K5 B5 O5         two new sets from your rack
    B3 B4 B5 B6                 add blue 3 to the table's blue 4-6
    s2 B3 B4 B5 B6              table set 2 becomes blue 3-6
    s1 K4 R4 O4 | B3 B4 B5 B6   take blue 4 from group 1 for a new run
    s1 s3 R1 R2 R3 | R4 R5 R6   rebuild sets 1 and 3 into these
    (s1, s2 ... are the table's sets as numbered on screen; an s and its
    number alone removes that set, its tiles must then appear in the
    sets you write)
  = R1 R2 R3 | K5 R5 B5         the whole new table

Your first play (initial meld) is new sets from your own rack worth 30+.
Every tile on the table stays on the table. A set is a group (3-4 tiles,
one number, different colours) or a run (3+ tiles, one colour, in a row,
no 13-1)."""


def _colour_of(code: int) -> str:
    return "joker" if code == JOKER else COLOUR_NAMES[face_of(code) // 13]


def set_text(s: Sequence[int], viewer: int | None = None) -> Text:
    """A set in words, in its colour when it is a run."""
    style = STYLES[COLOUR_NAMES[face_of(s[0]) // 13]] if set_kind(s) == "run" else "bold"
    return Text(render(set_msg(s), viewer=viewer), style=style)


def tiles_text(names: Sequence[str]) -> Text:
    """Rack tiles in words, each in its colour ("red 7, black 13, joker")."""
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(", ")
        code = parse_tile(name)
        out.append(render(tile_msg(code)), style=STYLES[_colour_of(code)])
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
    """The :class:`~gametable.core.textui.TextUI` of Rummikub."""

    def render_view(self, view: View) -> RenderableType:
        seat = view["seat"]

        def say(msg: Msg) -> str:
            return render(msg, viewer=seat)

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
            sets.add_column("tiles")
            sets.add_column("what", style="dim")
            for i, s in enumerate(table):
                what = Msg(f"rummikub.ui.{set_kind(s)}", value=set_value(s))
                sets.add_row(
                    say(Msg("rummikub.ui.set", number=i + 1)), set_text(s, seat), say(what)
                )
            parts.append(sets)
        if view.get("rack") is not None:
            by_colour, by_number = rack_msgs(view["rack"])
            parts.append(self._rack_line(say(Msg("rummikub.ui.rack_by_colour")), by_colour, seat))
            parts.append(self._rack_line(say(Msg("rummikub.ui.rack_by_number")), by_number, seat))
            if not view["melded"][seat]:
                minimum = view.get("initial_meld", 30)
                parts.append(Text(say(Msg("rummikub.ui.no_meld_yet", minimum=minimum))))
        return Group(*parts)

    @staticmethod
    def _rack_line(title: str, pieces: Sequence[Msg], seat: int | None) -> Text:
        line = Text(title + " ")
        if not pieces:
            line.append(render(Msg("rummikub.ui.rack_empty"), viewer=seat))
        for i, piece in enumerate(pieces):
            if i:
                line.append("; ")
            colour = piece.params.get("colour")
            style = "bold"
            if isinstance(colour, Msg):
                style = STYLES[colour.id.rsplit(".", 1)[1]]
            elif piece.id == "rummikub.rack.jokers":
                style = STYLES["joker"]
            line.append(render(piece, viewer=seat), style=style)
        return line

    def render_result(self, result: Result) -> RenderableType:
        """The scores: each seat's rack left (in words), its value, score and rank (the
        session prints the result's sentences after it)."""
        t = RichTable(title=render(Msg("rummikub.ui.result")))
        t.add_column(render(Msg("rummikub.ui.player")))
        t.add_column(render(Msg("rummikub.ui.rack_left")))
        t.add_column(render(Msg("rummikub.ui.rack_value")), justify="right")
        t.add_column(render(Msg("rummikub.ui.score")), justify="right")
        t.add_column(render(Msg("rummikub.ui.rank")), justify="right")
        details = result.details
        racks = details.get("racks") or [[] for _ in result.scores]
        values = details.get("rack_values") or [""] * len(result.scores)
        for s, score in enumerate(result.scores):
            left = tiles_text(sort_by_colour(racks[s])) if racks[s] else Text("—")
            t.add_row(
                render(Msg("rummikub.ui.seat", who=Seat(s))),
                left,
                str(values[s]),
                str(score_to_json(score)),
                str(result.ranks[s]),
            )
        return t

    def notation_help(self) -> str:
        return NOTATION_HELP

    def describe_legal(self, view: View, legal: Sequence[Action]) -> RenderableType:
        """Every listed decision as ``#n`` and the move in words (``#n`` picks it at the
        terminal); any other legal play may be typed too."""
        seat = view.get("seat")
        lines = Text(no_wrap=False)
        for n, action in enumerate(legal, 1):
            lines.append(f"#{n} {render(WORDS.decision(action, view), viewer=seat)}\n")
        lines.append(render(Msg("rummikub.ui.moves_note"), viewer=seat), style="dim")
        return lines


__all__ = [
    "NOTATION_HELP",
    "STYLES",
    "RummikubTextUI",
    "set_text",
    "sort_by_colour",
    "sort_by_number",
    "tiles_text",
]
