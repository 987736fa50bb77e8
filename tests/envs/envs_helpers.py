"""Shared helpers for the environment tests: the configurations and random positions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gametable.core import Rng, State, get_game

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

CASES = [
    ("ramen-ramen", 1),
    ("ramen-ramen", 2),
    ("ramen-ramen", 3),
    ("ramen-ramen", 4),
    ("ramen-fury", 2),
    ("ramen-fury", 5),
    ("ramen-tips", 2),
    ("ramen-tips", 3),
    ("ramen-tips", 5),
    ("rummikub", 2),
    ("rummikub", 4),
]
"""Every game, at its smallest and largest player counts (and the modes between)."""

CASE_IDS = [f"{g}-{p}p" for g, p in CASES]


def random_positions(
    game_name: str, players: int, seed: int, every: int = 1, **options: object
) -> Iterator[State]:
    """The positions of one random game (every ``every``-th decision), then its end."""
    game = get_game(game_name)
    state = game.new_state(players, seed, **options)
    rng = Rng(f"positions:{seed}")
    n = 0
    while not state.is_over:
        if n % every == 0:
            yield state
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randbelow(len(legal))])
        n += 1
    yield state
