"""Agents: the protocol, generic agents, and the loop that plays games between them."""

from gametable.agents.base import (
    GENERIC_AGENTS,
    Agent,
    AgentFactory,
    RandomAgent,
    agent_names,
    make_agent,
)
from gametable.agents.play import play_game, random_playout

__all__ = [
    "GENERIC_AGENTS",
    "Agent",
    "AgentFactory",
    "RandomAgent",
    "agent_names",
    "make_agent",
    "play_game",
    "random_playout",
]
