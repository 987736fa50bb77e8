"""Terminal rendering of Rummikub: coloured tiles, numbered table sets, a sorted rack."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from gametable.core.errors import NotationError
from gametable.core.game import Action, Result, View, score_to_json
from gametable.core.rng import Rng
from gametable.games.rummikub.notation import format_notation, parse_notation, view_table
from gametable.games.rummikub.state import Play, delta_notation
from gametable.games.rummikub.tiles import (
    COLOURS,
    JOKER,
    Table,
    canonical_table,
    counts_of,
    parse_tile,
)

STYLES = {
    "K": "bold white on grey23",
    "R": "bold red",
    "B": "bold dodger_blue1",
    "O": "bold dark_orange",
    "J": "bold magenta",
}

NOTATION_HELP = """\
Tiles: colour letter + number: K black, R red, B blue, O orange, 1-13
(R7, K13, B1). A joker is J (its place in the set decides what it stands
for) or J=R7 (standing for red 7, e.g. in a group: K5 R5 J=B5).

A turn is one of:
  draw (d)     take one tile from the pool; ends your turn
  pass (p)     only once the pool is empty
  a play       the sets you add or change, separated by |
    R7 R8 R9 | K5 B5 O5         two new sets from your rack
    B3 B4 B5 B6                 add B3 to the table's B4 B5 B6
    s2 B3 B4 B5 B6              table set s2 becomes B3-B6
    s1 K4 R4 O4 | B3 B4 B5 B6   take B4 from group s1 for a new run
    s1 s3 R1 R2 R3 | R4 R5 R6   rebuild sets s1 and s3 into these
    (s1, s2 ... are the table sets as numbered on screen; an s<k> alone
    removes that set, its tiles must then appear in the sets you write)
  = R1 R2 R3 | K5 R5 B5         the whole new table (the record form)

Commands: moves (the listed moves, numbered: #3 plays move 3), hint
(what the solver would play, typeable as shown), board, help, quit.

Your first play (initial meld) is new sets from your own rack worth 30+.
Every tile on the table stays on the table. A set is a group (3-4 tiles,
one number, different colours) or a run (3+ tiles, one colour, in a row,
no 13-1)."""


def tile_text(name: str) -> Text:
    """A tile name in its colour."""
    style = STYLES["J"] if name.startswith("J") else STYLES.get(name[0], "")
    return Text(name, style=style)


def tiles_text(names: Sequence[str]) -> Text:
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append_text(tile_text(name))
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
    """The :class:`~gametable.core.textui.TextUI` of Rummikub, plus :meth:`hint`."""

    def render_view(self, view: View) -> RenderableType:
        parts: list[RenderableType] = []
        seat = view["seat"]
        head = Text(
            f"Rummikub — turn {view['turn'] + 1}, seat {view['current']} to play, "
            f"pool {view['pool_size']} tiles"
        )
        parts.append(head)
        scores = RichTable(show_header=True, box=None)
        scores.add_column("seat")
        scores.add_column("rack")
        scores.add_column("melded")
        for s, size in enumerate(view["rack_sizes"]):
            mark = " (you)" if s == seat else ""
            scores.add_row(f"{s}{mark}", str(size), "yes" if view["melded"][s] else "no")
        parts.append(scores)
        table = RichTable(title="Table", show_header=False, box=None)
        table.add_column("set", justify="right")
        table.add_column("set")
        if not view["table"]:
            parts.append(Text("Table: empty"))
        else:
            for i, s in enumerate(view["table"]):
                table.add_row(f"s{i + 1}", tiles_text(s))
            parts.append(table)
        recent = view.get("recent") or []
        if recent:
            title = "Since your last turn:" if seat is not None else "Recent moves:"
            lines = Text(title)
            for item in recent:
                lines.append("\n  ")
                lines.append_text(_recent_line(item, seat))
            parts.append(lines)
        if view.get("rack") is not None:
            rack = view["rack"]
            line = Text("Your rack (runs): ")
            line.append_text(tiles_text(sort_by_colour(rack)))
            parts.append(line)
            line = Text("Your rack (groups): ")
            line.append_text(tiles_text(sort_by_number(rack)))
            parts.append(line)
            if not view["melded"][seat]:
                parts.append(
                    Text("You have not made your initial meld (30 points from your rack).")
                )
        return Group(*parts)

    def render_result(self, result: Result) -> RenderableType:
        t = RichTable(title="Result")
        t.add_column("seat")
        t.add_column("rack left")
        t.add_column("value", justify="right")
        t.add_column("score", justify="right")
        t.add_column("rank", justify="right")
        details = result.details
        racks = details.get("racks") or [[] for _ in result.scores]
        for s, score in enumerate(result.scores):
            t.add_row(
                str(s),
                tiles_text(racks[s]),
                str(details.get("rack_values", [""] * len(result.scores))[s]),
                str(score_to_json(score)),
                str(result.ranks[s]),
            )
        how = "went out" if details.get("end") == "went_out" else "pool empty, everyone passed"
        winners = [f"seat {w}" for w in result.winners]
        if len(winners) == 1:
            line = f"Winner: {winners[0]} ({how})"
        else:
            line = f"Shared win: {', '.join(winners[:-1])} and {winners[-1]} ({how})"
        return Group(t, Text(line))

    def notation_help(self) -> str:
        return NOTATION_HELP

    def describe_legal(self, view: View, legal: Sequence[Action]) -> RenderableType:
        """Every listed decision as ``#n <its notation>`` (``#n`` picks it at the
        terminal); under a play, the shorter form that types the same play."""
        old = view_table(view)
        rack = _rack(view)
        lines = Text(no_wrap=False)
        for n, a in enumerate(legal, 1):
            whole = format_notation(a)
            lines.append(f"#{n} {whole}\n")
            if isinstance(a, Play):
                short = typeable(old, rack, a.table)
                if not short.startswith("=") and whole != f"= {short}":
                    lines.append(f"      or type: {short}\n", style="dim")
        lines.append("(any other legal play is accepted too; 'help' explains the notation)")
        return lines

    def hint(self, view: View, legal: Sequence[Action]) -> RenderableType:
        """What the solver bot would play, written so that it can be typed as shown."""
        from gametable.games.rummikub.bots import SolverAgent

        action = SolverAgent().act(view, legal, _NO_RNG)
        listed = next((n for n, a in enumerate(legal, 1) if a == action), None)
        pick = f"\n  (move #{listed} of the list 'moves' shows)" if listed is not None else ""
        if not isinstance(action, Play):
            out = Text("The solver would play: ")
            out.append(format_notation(action), style="bold")
            out.append(pick)
            return out
        old = view_table(view)
        used = counts_of(p for s in action.table for p in s)
        base = counts_of(p for s in old for p in s)
        laid = [c for c in range(len(used)) for _ in range(used[c] - base[c])]
        out = Text("The solver would play: ")
        out.append(typeable(old, _rack(view), action.table), style="bold")
        out.append(f"\n  laying {len(laid)} tile{'s' if len(laid) != 1 else ''}: ")
        out.append_text(
            tiles_text([("J" if c == JOKER else f"{COLOURS[c // 13]}{c % 13 + 1}") for c in laid])
        )
        out.append("\n  the whole new table: ")
        out.append(format_notation(action))
        out.append(pick)
        return out


def typeable(old: Table, rack: Sequence[int] | None, new: Table) -> str:
    """The play from table ``old`` to ``new`` in the short form (the sets it adds or
    rebuilds, :func:`~.state.delta_notation`) when that form reads back as exactly this
    play for a player with ``rack`` (counts); otherwise the whole-table form ``= …``,
    which always does."""
    short = delta_notation(old, new)
    try:
        back = parse_notation(short, table=old, rack=rack)
    except NotationError:
        back = None
    if isinstance(back, Play) and back.table == canonical_table(new):
        return short
    return format_notation(Play(canonical_table(new)))


def _rack(view: View) -> list[int] | None:
    names = view.get("rack")
    return None if names is None else counts_of(parse_tile(t) for t in names)


def _recent_line(item: dict[str, Any], seat: int | None) -> Text:
    """One remembered decision, as a sentence (``You drew R7.``)."""
    mine = item["seat"] == seat
    who = "You" if mine else f"Seat {item['seat']}"
    move = item["move"]
    out = Text(f"{who} ")
    if move == "play":
        laid = item["laid"]
        out.append(f"played {item['changes']} ({laid} tile{'s' if laid != 1 else ''} laid)")
    elif move == "draw":
        if item.get("drawn"):
            out.append("drew ")
            out.append_text(tiles_text(item["drawn"]))
        else:
            out.append("drew a tile")
    elif move == "pass":
        out.append("passed")
    else:
        count = item.get("drawn_count", 0)
        out.append("ran out of time: ")
        if not count:
            out.append("the pool was empty, so no penalty tile was drawn")
        else:
            out.append(f"{count} penalty tile{'s' if count != 1 else ''} drawn")
            if item.get("drawn"):
                out.append(" (")
                out.append_text(tiles_text(item["drawn"]))
                out.append(")")
    return out


_NO_RNG = Rng(0)
