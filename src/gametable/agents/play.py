"""Running whole games between agents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gametable.agents.base import Agent
from gametable.core.game import Game, Result
from gametable.core.records import Record, Recorder
from gametable.core.rng import Rng

MAX_DECISIONS = 100_000
"""A guard against a game that never ends (a bug, never a rule)."""


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int | str = 0,
    agent_seed: int | str | None = None,
    **options: Any,
) -> Record:
    """Play one game from ``seed`` with one agent per seat and return its record.

    Each agent gets its own random stream derived from ``agent_seed`` (default: the game
    seed) and its seat, so a batch of games is reproducible.
    """
    recorder = Recorder(game, len(agents), seed, **options)
    state = recorder.state
    base = Rng(f"agents:{seed if agent_seed is None else agent_seed}")
    rngs = [base.spawn(seat) for seat in range(len(agents))]
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            return recorder.record
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            action = agents[seat].act(state.view(seat), legal, rngs[seat])
            recorder.apply(seat, action)
    raise RuntimeError(f"{game.name} did not end within {MAX_DECISIONS} decisions")


def random_playout(state: Any, rng: Rng) -> Result:
    """Play ``state`` to the end with uniformly random legal actions (mutates it).

    The bare engine loop — no views, no agents — used by benchmarks and search playouts.
    """
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
    result: Result = state.result()
    return result
