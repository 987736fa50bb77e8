"""Hints: what the game's hint bot would decide for a seat now — one function for the
terminal (``hint``) and the server (the browser's Hint button, worked out on the advice
workers), so both give the same advice the same way."""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any

from gametable.agents.base import make_agent
from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng


def hint(
    game: Game,
    seat: int,
    view: View,
    legal: Sequence[Action],
    rng: Rng,
    *,
    players: int | None = None,
    bot: str | None = None,
    settings: dict[str, Any] | None = None,
    agents: MutableMapping[Any, Any] | None = None,
) -> Action:
    """The decision the hint bot would make for ``seat`` from its ``view``.

    The bot is the game's :meth:`~gametable.core.game.Game.hint_bot` for ``players`` (the
    view's player count by default) unless ``bot``/``settings`` name another. A hint is asked
    for one decision, so a bot with a time budget per turn spends its whole budget on it.
    ``agents`` caches the bots built (a worker process keeps one per bot and seat).
    """
    if bot is None:
        count = players if players is not None else int(view.get("players") or game.min_players)
        bot, default = game.hint_bot(count)
        settings = dict(default) if settings is None else settings
    settings = settings or {}
    key = ("hint", game.name, bot, tuple(sorted(settings.items())), seat)
    agent = agents.get(key) if agents is not None else None
    if agent is None:
        agent = make_agent(game, bot, seat, **settings)
        if agents is not None:
            agents[key] = agent
    clock = getattr(agent, "clock", None)
    if clock is not None:
        clock.resume(0.0, None)
    return agent.act(view, legal, rng)
