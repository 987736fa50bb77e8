"""The agent protocol and the generic agents that work on every game."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from gametable.core.game import Action, Game, View
from gametable.core.rng import Rng


class Agent(Protocol):
    """A player that decides from its view alone.

    ``act`` receives the seat's view (:meth:`gametable.core.State.view`), the legal actions
    and a generator for any randomness it needs, and returns one of the legal actions (or,
    in games whose actions cannot all be listed, any legal action).
    """

    name: str

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action: ...


AgentFactory = Callable[..., Agent]
"""Builds an agent: ``factory(game, seat, **params)``."""


class RandomAgent:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, game: Game | None = None, seat: int = 0, **params: Any) -> None:
        if params:
            raise TypeError(f"the random agent takes no parameters, got {sorted(params)}")

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action:
        return rng.choice(legal)


def _ismcts(game: Game, seat: int = 0, **params: Any) -> Agent:
    from gametable.agents.ismcts import ISMCTSAgent

    return ISMCTSAgent(game, seat, **params)


GENERIC_AGENTS: dict[str, AgentFactory] = {"random": RandomAgent, "ismcts": _ismcts}
"""Agents available in every game, by name."""


def agent_names(game: Game) -> list[str]:
    """Every agent name usable in ``game``: its own bots, then the generic ones."""
    return list(dict.fromkeys([*game.bots, *GENERIC_AGENTS]))


def make_agent(game: Game, name: str, seat: int, **params: Any) -> Agent:
    """The agent called ``name`` for ``seat``; the game's own bots take precedence.

    Raises :class:`KeyError` naming the available agents.
    """
    factories: Mapping[str, AgentFactory] = {**GENERIC_AGENTS, **game.bots}
    try:
        factory = factories[name]
    except KeyError:
        raise KeyError(
            f"no agent {name!r} for {game.name} (available: {', '.join(agent_names(game))})"
        ) from None
    return factory(game, seat, **params)
