"""Helpers for the Rummikub tests: build a position from notation."""

from __future__ import annotations

from typing import Any

from gametable.games.rummikub import GAME, RummikubState
from gametable.games.rummikub.state import make_play
from gametable.games.rummikub.tiles import (
    ALL_TILES,
    KINDS,
    counts_of,
    parse_set,
    parse_tile,
    rack_code,
)


def tiles(text: str) -> list[int]:
    return [parse_tile(t) for t in text.split()]


def table(text: str) -> tuple[tuple[int, ...], ...]:
    if not text.strip():
        return ()
    return make_play([parse_set(s) for s in text.split("|")]).table


def position(
    table_text: str = "",
    racks: list[str] | None = None,
    melded: list[bool] | None = None,
    pool: int | None = None,
    current: int = 0,
    **options: Any,
) -> RummikubState:
    """A state with this table and these racks; the other tiles go to the pool (``pool``
    of them, or all)."""
    racks = racks or ["", ""]
    players = len(racks)
    state = GAME.new_state(players, seed=0, **options)
    state.table = table(table_text)
    state.racks = [counts_of(tiles(r)) for r in racks]
    left = list(ALL_TILES)
    for s in state.table:
        for p in s:
            left.remove(rack_code(p))
    for r in racks:
        for t in tiles(r):
            left.remove(t)
    state.pool = left if pool is None else left[:pool]
    state.melded = melded if melded is not None else [True] * players
    state.current = current
    return state


def play(state: RummikubState, text: str, seat: int | None = None) -> None:
    """Apply a play typed in the human notation."""
    seat = state.current if seat is None else seat
    action = GAME.parse_action(text, state.view(seat), state.legal_actions(seat))
    state.apply(seat, action)


def snapshot(state: RummikubState) -> tuple[Any, ...]:
    return (
        state.table,
        [r[:] for r in state.racks],
        state.pool[:],
        state.melded[:],
        state.current,
        state.turn,
        state.passes,
        state.over,
        state.winner,
        list(state.events),
    )


def tile_total(state: RummikubState) -> int:
    on_table = sum(len(s) for s in state.table)
    return on_table + sum(sum(r) for r in state.racks) + len(state.pool)


def all_tiles_of(state: RummikubState) -> list[int]:
    out = [rack_code(p) for s in state.table for p in s]
    for r in state.racks:
        out.extend(c for c in range(KINDS) for _ in range(r[c]))
    out.extend(state.pool)
    return sorted(out)
