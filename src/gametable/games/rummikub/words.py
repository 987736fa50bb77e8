"""Rummikub in words: its decisions, events and results as sentences for a seat.

The one place that tells the game (:class:`~gametable.core.words.GameWords`): the
terminal, the server, the browser's "What happened" and move lists, and the replay
viewer all read these messages; none writes a sentence about Rummikub itself. Tiles are
said in words ("red 7", "joker (as red 7)"), a run as its range ("black 4–7"), a group by
its number and the colour it lacks ("three 8s without orange"); every sentence is a
message id of the game's catalog (``locale/messages.pot``), so a translation replaces the
words, not this code.

A play is told by what it did to the table, from the same facts its event carries
(:func:`~.state.play_facts`): new sets only ("laid black 4–7 and three 8s without
orange"), rack tiles added to table sets ("added blue 3 to blue 4–6"), or a rework
("laid black 2, reworking red 3–8 into red 3–5 and red 6–8"); an initial meld with what
it is worth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from gametable.core.game import Action, Result, View
from gametable.core.words import Msg, Seat
from gametable.games.rummikub.notation import view_table
from gametable.games.rummikub.state import (
    TIMEOUT_PENALTY,
    Draw,
    Pass,
    Play,
    Timeout,
    play_facts,
)
from gametable.games.rummikub.tiles import (
    JOKER,
    KINDS,
    colour_msg,
    counts_of,
    parse_placed,
    parse_tile,
    rack_code,
    set_msg,
    tile_msg,
)


def _placed(name: str) -> int:
    """A tile id of a view or an event as a placed tile (a bare ``J``: a joker)."""
    p = parse_placed(name)
    return parse_tile("J") if p is None else p


def _set(names: Sequence[str]) -> tuple[int, ...]:
    return tuple(_placed(n) for n in names)


def _rack_key(names: Sequence[str]) -> Counter[int]:
    """A set's tiles as rack codes (jokers alike whatever they stand for)."""
    return Counter(rack_code(_placed(n)) for n in names)


def _tiles(codes: Sequence[int]) -> list[Msg]:
    return [tile_msg(c) for c in codes]


def score_msg(score: Any) -> Any:
    """A score as a parameter: a whole number, or an exact fraction ("5/2")."""
    if isinstance(score, Fraction) and score.denominator != 1:
        return Msg("rummikub.fraction", numerator=score.numerator, denominator=score.denominator)
    if isinstance(score, str) and "/" in score:
        a, b = score.split("/", 1)
        return Msg("rummikub.fraction", numerator=int(a), denominator=int(b))
    return int(score)


def play_story(facts: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """How to tell a play from its facts (:func:`~.state.play_facts`): the kind of story
    (``lay``, ``add``, ``lay_add`` or ``rework``) and its parameters.

    - ``lay``: only new sets, made from the rack (``sets``);
    - ``add``: rack tiles added to table sets (``changes``: "blue 3 to blue 4–6"), and
      ``lay_add`` when new sets of rack tiles come with them;
    - ``rework``: anything else — the laid tiles (``tiles``), the sets taken apart
      (``old``) and the sets they became (``new``).
    """
    laid = [parse_tile(n) for n in facts.get("laid", ())]
    added = [list(s) for s in facts.get("sets", ())]
    removed = [list(s) for s in facts.get("replaced", ())]
    count = len(laid)
    for old in list(removed):  # a set whose joker only changed what it stands for is kept
        same = next((s for s in added if _rack_key(s) == _rack_key(old)), None)
        if same is not None:
            removed.remove(old)
            added.remove(same)
    if not removed:
        return "lay", {"sets": [set_msg(_set(s)) for s in added], "count": count}
    # each set that is gone grew into one of the new sets by rack tiles only?
    free = list(range(len(added)))
    changes: list[Msg] = []
    extra: Counter[int] = Counter()
    for old in removed:
        have = _rack_key(old)
        match = next((i for i in free if not have - _rack_key(added[i])), None)
        if match is None:
            break
        free.remove(match)
        grown = _rack_key(added[match]) - have
        extra += grown
        changes.append(
            Msg(
                "rummikub.change.add",
                tiles=_tiles(sorted(grown.elements())),
                set=set_msg(_set(old)),
            )
        )
    else:
        new_sets = [added[i] for i in free]
        for s in new_sets:
            extra += _rack_key(s)
        if extra == Counter(laid):
            if new_sets:
                sets = [set_msg(_set(s)) for s in new_sets]
                return "lay_add", {"sets": sets, "changes": changes, "count": count}
            return "add", {"changes": changes, "count": count}
    return "rework", {
        "tiles": _tiles(laid),
        "old": [set_msg(_set(s)) for s in removed],
        "new": [set_msg(_set(s)) for s in added],
        "count": count,
    }


class RummikubWords:
    """Rummikub's description layer (:class:`~gametable.core.words.GameWords`)."""

    def decision(self, action: Action, view: View) -> Msg:
        """The decision as a move to make, for the seat whose ``view`` it is."""
        if isinstance(action, Draw):
            return Msg("rummikub.decision.draw")
        if isinstance(action, Pass):
            return Msg("rummikub.decision.pass")
        if isinstance(action, Timeout):
            return Msg("rummikub.decision.timeout", count=TIMEOUT_PENALTY)
        if not isinstance(action, Play):
            raise TypeError(f"not a Rummikub decision: a {type(action).__name__}")
        old = view_table(view)
        seat = view.get("seat")
        melded = seat is None or bool(view["melded"][seat])
        before = counts_of(p for s in old for p in s)
        after = counts_of(p for s in action.table for p in s)
        laid = [max(after[c] - before[c], 0) for c in range(KINDS)]
        facts = play_facts(old, action.table, laid, not melded, view.get("options", {}))
        story, params = play_story(facts)
        if "meld" in facts:
            if story == "lay":
                return Msg("rummikub.decision.meld", value=facts["meld"], **params)
            play = Msg(f"rummikub.decision.{story}", **params)
            return Msg("rummikub.decision.meld_note", play=play, value=facts["meld"])
        return Msg(f"rummikub.decision.{story}", **params)

    def event(self, event: Mapping[str, Any], viewer: int | None) -> Msg | None:
        """One event of a view's ``history``, told to ``viewer``."""
        kind = event.get("kind")
        seat = event.get("seat")
        you = seat is not None and seat == viewer
        mine = ".you" if you else ""
        who = Seat(seat) if seat is not None else None
        if kind == "draw":
            tiles = event.get("tiles")
            if you and tiles:
                return Msg("rummikub.event.drew.you", tile=tile_msg(parse_tile(tiles[0])))
            return Msg(f"rummikub.event.drew_a_tile{mine}", who=who)
        if kind == "pass":
            return Msg(f"rummikub.event.passed{mine}", who=who)
        if kind == "timeout":
            count = int(event.get("count", 0))
            if not count:
                return Msg(f"rummikub.event.timeout_empty_pool{mine}", who=who)
            tiles = event.get("tiles")
            if you and tiles:
                return Msg(
                    "rummikub.event.timeout_tiles.you",
                    count=count,
                    tiles=[tile_msg(parse_tile(t)) for t in tiles],
                )
            return Msg(f"rummikub.event.timeout{mine}", who=who, count=count)
        if kind == "play":
            story, params = play_story(event)
            if "meld" in event:
                if story == "lay":
                    return Msg(f"rummikub.event.meld{mine}", who=who, value=event["meld"], **params)
                play = Msg(f"rummikub.event.{story}{mine}", who=who, **params)
                return Msg(f"rummikub.event.meld_note{mine}", play=play, value=event["meld"])
            return Msg(f"rummikub.event.{story}{mine}", who=who, **params)
        if kind == "end":
            winners = list(event.get("winners", ()))
            if event.get("end") == "went_out" and winners:
                out = ".you" if winners[0] == viewer else ""
                return Msg(f"rummikub.event.went_out{out}", who=Seat(winners[0]))
            return Msg("rummikub.event.blocked")
        return None

    def result(self, result: Result, players: int, viewer: int | None) -> list[Msg]:
        """How the game ended, the winner(s), then each seat's score and rack left."""
        details = result.details
        values = list(details.get("rack_values") or [0] * players)
        racks = list(details.get("racks") or [[] for _ in range(players)])
        winners = list(result.winners)
        lines: list[Msg] = []
        if details.get("end") == "went_out" and winners:
            w = winners[0]
            out = ".you" if w == viewer else ""
            lines.append(
                Msg(
                    f"rummikub.result.went_out{out}", who=Seat(w), score=score_msg(result.scores[w])
                )
            )
        else:
            lines.append(Msg("rummikub.result.blocked"))
            low = min(values) if values else 0
            if len(winners) == 1:
                out = ".you" if winners[0] == viewer else ""
                lines.append(
                    Msg(
                        f"rummikub.result.lowest{out}",
                        who=Seat(winners[0]),
                        value=low,
                        score=score_msg(result.scores[winners[0]]),
                    )
                )
            else:
                lines.append(
                    Msg(
                        "rummikub.result.lowest_shared",
                        who=[Seat(w) for w in winners],
                        value=low,
                        score=score_msg(result.scores[winners[0]]),
                    )
                )
        for seat in range(players):
            out = ".you" if seat == viewer else ""
            score = score_msg(result.scores[seat])
            left = racks[seat] if seat < len(racks) else []
            if not left:
                lines.append(Msg(f"rummikub.result.seat_empty{out}", who=Seat(seat), score=score))
                continue
            lines.append(
                Msg(
                    f"rummikub.result.seat{out}",
                    who=Seat(seat),
                    score=score,
                    tiles=[tile_msg(parse_tile(t)) for t in left],
                    value=values[seat] if seat < len(values) else 0,
                )
            )
        return lines


def rack_msgs(names: Sequence[str]) -> tuple[list[Msg], list[Msg]]:
    """A rack in words two ways, as the table shows it: by colour ("black 1, 4 and 9") and
    by number ("7: black, red and blue"); jokers last ("2 jokers")."""
    codes = sorted(parse_tile(n) for n in names)
    jokers = codes.count(JOKER)
    numbers = [c for c in codes if c != JOKER]
    by_colour: list[Msg] = []
    for colour in range(4):
        mine = [c % 13 + 1 for c in numbers if c // 13 == colour]
        if mine:
            by_colour.append(Msg("rummikub.rack.colour", colour=colour_msg(colour), numbers=mine))
    by_number: list[Msg] = []
    for n in range(13):
        colours = [c // 13 for c in numbers if c % 13 == n]
        if colours:
            by_number.append(
                Msg("rummikub.rack.number", number=n + 1, colours=[colour_msg(c) for c in colours])
            )
    if jokers:
        by_colour.append(Msg("rummikub.rack.jokers", count=jokers))
        by_number.append(Msg("rummikub.rack.jokers", count=jokers))
    return by_colour, by_number


WORDS = RummikubWords()
"""The game's description layer (:attr:`RummikubGame.words <.game.RummikubGame.words>`)."""

__all__ = ["WORDS", "RummikubWords", "play_story", "rack_msgs", "score_msg"]
