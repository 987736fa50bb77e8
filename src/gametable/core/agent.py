"""The agent protocol: what a player (a bot, or a person behind a front end) is to the core.

An agent decides from its seat's view alone. The protocol lives in the core so that the
game interface (:attr:`gametable.core.game.Game.bots`) can name it without importing
anything above the core; the generic agents, bot settings and the loop that plays games
are in :mod:`gametable.agents`, which re-exports these names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from gametable.core.rng import Rng
from gametable.core.values import Action, View


class Agent(Protocol):
    """A player that decides from its view alone.

    ``act`` receives the seat's view (:meth:`gametable.core.State.view`), the legal actions
    and a generator for any randomness it needs, and returns one of the legal actions (or,
    in games whose actions cannot all be listed, any legal action).

    An agent class may set ``reads_view = False`` when it never looks at the view (as
    :class:`~gametable.agents.base.RandomAgent`): a caller that knows it may then hand it
    an empty view rather than build one (:func:`reads_view`).
    """

    name: str

    def act(self, view: View, legal: Sequence[Action], rng: Rng) -> Action: ...


AgentFactory = Callable[..., Agent]
"""Builds an agent: ``factory(game, seat, **settings)``."""


def reads_view(agent: object) -> bool:
    """Whether ``agent`` looks at its view (an agent says no with ``reads_view = False``)."""
    return bool(getattr(agent, "reads_view", True))
