"""Running whole games between agents."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from gametable.agents.clock import TurnTimes
from gametable.core.agent import Agent, reads_view
from gametable.core.game import Game, Result
from gametable.core.records import Record, Recorder
from gametable.core.rng import Rng, fresh_seed

MAX_DECISIONS = 100_000
"""A guard against a game that never ends (a bug, never a rule)."""


def agent_streams(players: int, agent_seed: int | str | None = None) -> list[Rng]:
    """One random stream per seat for the agents, from ``agent_seed`` or, when it is
    ``None``, from fresh entropy (:func:`~gametable.core.rng.fresh_seed`).

    Never pass the deal's seed (or anything derived from it alone): a bot's choices
    would then give the deal away (see :mod:`gametable.core.rng`).
    """
    base = Rng(f"agents:{fresh_seed() if agent_seed is None else agent_seed}")
    return [base.spawn(seat) for seat in range(players)]


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int | str = 0,
    agent_seed: int | str | None = None,
    turn_times: TurnTimes | None = None,
    **options: Any,
) -> Record:
    """Play one game from ``seed`` with one agent per seat and return its record.

    Each agent gets its own random stream, derived from ``agent_seed`` and its seat. By
    default (``None``) the streams come from fresh entropy, never from the deal seed, so
    nothing a bot does reveals the deal; a reproducible caller (a seeded job) passes a
    seed derived from its own secret seed, e.g. ``derive_seed(job_seed, "agents", i)``,
    and then the same ``seed`` and ``agent_seed`` give the same game.

    ``turn_times`` (a :class:`~gametable.agents.clock.TurnTimes`) is filled with the
    wall-clock time of every turn, as a bot's per-turn budget is promised.
    """
    recorder = Recorder(game, len(agents), seed, **options)
    state = recorder.state
    rngs = agent_streams(len(agents), agent_seed)
    for _ in range(MAX_DECISIONS):
        if state.is_over:
            if turn_times is not None:
                turn_times.close()
            return recorder.record
        for seat in state.to_act:
            began = time.perf_counter()
            legal = state.legal_actions(seat)
            agent = agents[seat]
            # A view is built for an agent that reads it (views carry the whole story, so
            # they are not free); the clock of turn times reads it too.
            view = state.view(seat) if reads_view(agent) or turn_times is not None else {}
            action = agent.act(view, legal, rngs[seat])
            if turn_times is not None:
                turn_times.decision(seat, view, began, time.perf_counter())
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
