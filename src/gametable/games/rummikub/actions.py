"""Rummikub's decisions as values: :class:`Play`, :class:`Draw`, :class:`Pass`,
:class:`Timeout` (what they mean is in :mod:`.state`, the rules), and their JSON form
(:data:`DECISIONS`)::

    {"type": "play", "table": [["K4", "K5", "K6"], ["R8", "B8", "J=O8"]]}
    {"type": "draw"}
    {"type": "pass"}
    {"type": "timeout"}

A play is the whole new table, set by set, each tile by the id the views use (``R7``;
``J=R7`` a joker standing for red 7). A joker may also be written ``J``: its place in its
set decides what it stands for, as when typing (:func:`~.tiles.infer_set`), so a table
being built in a browser can be sent as it is.

Below the rules (:mod:`.state`) and the cheap play generators (:mod:`.moves`), which both
build plays; :mod:`.state` re-exports every name here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from gametable.core.codec import Decision, DecisionCodec, ListOf, Name
from gametable.core.errors import NotationError
from gametable.core.words import Msg
from gametable.games.rummikub.tiles import (
    JOKER,
    JOKER_BASE,
    PLACED_NAMES,
    Table,
    canonical_table,
    infer_set,
    table_name,
)


@dataclass(frozen=True, slots=True)
class Play:
    """Lay tiles: ``table`` is the whole new arrangement (canonical, see :func:`make_play`)."""

    table: Table

    def __repr__(self) -> str:
        if table_shape_error(self.table) is not None:
            return "Play(<not a table of valid tiles>)"
        return f"Play({table_name(self.table)!r})"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one tile from the pool (ends the turn)."""

    def __repr__(self) -> str:
        return "Draw()"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass (only when the pool is empty)."""

    def __repr__(self) -> str:
        return "Pass()"


@dataclass(frozen=True, slots=True)
class Timeout:
    """The turn timer ran out: the turn is undone and up to 3 penalty tiles are drawn."""

    def __repr__(self) -> str:
        return "Timeout()"


Action = Play | Draw | Pass | Timeout

DRAW = Draw()
PASS = Pass()
TIMEOUT = Timeout()


def make_play(sets: Sequence[Sequence[int]]) -> Play:
    """A :class:`Play` of the given sets (put in canonical order)."""
    return Play(canonical_table(sets))


_PLACED = frozenset((*range(52), *range(JOKER_BASE, JOKER_BASE + 52)))
"""The codes a tile on the table may have: a number tile, or a joker with the face of one."""


def table_shape_error(new_table: Any) -> Msg | None:
    """Why ``new_table`` is not even a table (a tuple of tuples of tile codes on the table,
    each a number tile or a joker with the face of a number tile), or ``None``.

    Checks types and ranges only; :func:`~.state.check_play` then checks the rules.
    """
    if type(new_table) is not tuple:
        return Msg("rummikub.illegal.not_a_table")
    for s in new_table:
        if type(s) is not tuple:
            return Msg("rummikub.illegal.not_a_set")
        for p in s:
            # the type first: True == 1 and 1.0 == 1 would pass the range check
            if type(p) is not int or p not in _PLACED:
                if type(p) is int and (p == JOKER or JOKER_BASE + 52 <= p < 2 * JOKER_BASE):
                    return Msg("rummikub.illegal.joker_face")
                return Msg("rummikub.illegal.not_a_tile")
    return None


MAX_SET = 106
"""The most tiles a set of a play's JSON may hold (the game's tiles): longer sets are
refused by the rules, with their words, not by the codec."""

_TILE_IDS: dict[Hashable, str] = {code: name for code, name in PLACED_NAMES.items()}
_TILE_IDS[JOKER] = "J"
TILE = Name(
    "tile",
    _TILE_IDS,
    "a tile: a colour letter and a number (R7), a joker with the tile it stands for (J=R7), or J",
)
"""A tile of a play, by the id the views use (a bare ``J``: its set decides its face)."""


def play_of_sets(table: Sequence[Sequence[int]]) -> Play:
    """The play of these sets, each bare joker (:data:`~.tiles.JOKER`) given the face its
    place in its set decides (:func:`~.tiles.infer_set`; a set of jokers only keeps them
    bare, and the rules refuse it)."""
    sets: list[Sequence[int]] = []
    for s in table:
        if JOKER in s:
            with contextlib.suppress(NotationError):
                s = infer_set([None if t == JOKER else t for t in s])
        sets.append(s)
    return make_play(sets)


DECISIONS = DecisionCodec(
    "rummikub",
    [
        Decision(
            Play,
            "play",
            {
                "table": (
                    "table",
                    ListOf(
                        ListOf(TILE, 0, MAX_SET, "a set: its tiles"),
                        0,
                        MAX_SET,
                        "the whole table after the play, set by set",
                    ),
                )
            },
            build=lambda table: play_of_sets(table),
            describe="lay tiles from the rack: the whole new table",
        ),
        Decision(Draw, "draw", build=lambda: DRAW, describe="draw a tile from the pool"),
        Decision(Pass, "pass", build=lambda: PASS, describe="pass (only once the pool is empty)"),
        Decision(
            Timeout,
            "timeout",
            build=lambda: TIMEOUT,
            describe="the turn's time ran out (applied by the clock, never by a player)",
        ),
    ],
)
"""Every Rummikub decision and its JSON form (:mod:`gametable.core.codec`)."""
