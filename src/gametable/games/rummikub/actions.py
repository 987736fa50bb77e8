"""Rummikub's decisions as values: :class:`Play`, :class:`Draw`, :class:`Pass`,
:class:`Timeout` (what they mean is in :mod:`.state`, the rules).

Below the rules (:mod:`.state`) and the cheap play generators (:mod:`.moves`), which both
build plays; :mod:`.state` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gametable.games.rummikub.tiles import JOKER, JOKER_BASE, Table, canonical_table, table_name


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


def table_shape_error(new_table: Any) -> str | None:
    """Why ``new_table`` is not even a table (a tuple of tuples of tile codes on the table,
    each a number tile or a joker with the face of a number tile), or ``None``.

    Checks types and ranges only; :func:`~.state.check_play` then checks the rules.
    """
    if type(new_table) is not tuple:
        return "a play must be a table of sets"
    for s in new_table:
        if type(s) is not tuple:
            return "every set of a play must be a sequence of tiles"
        for p in s:
            # the type first: True == 1 and 1.0 == 1 would pass the range check
            if type(p) is not int or p not in _PLACED:
                if type(p) is int and (p == JOKER or JOKER_BASE + 52 <= p < 2 * JOKER_BASE):
                    return "every joker on the table must stand for a tile (e.g. J=R7)"
                return "a set of the play holds something that is not a tile"
    return None
