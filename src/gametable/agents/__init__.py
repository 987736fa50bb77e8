"""Agents: the protocol, generic agents, and the loop that plays games between them."""

from gametable.agents.base import (
    GENERIC_AGENTS,
    Agent,
    AgentFactory,
    AgentSetting,
    AgentSettingError,
    RandomAgent,
    agent_names,
    agent_settings,
    check_agent_settings,
    describe_settings,
    make_agent,
    parse_agent_spec,
)
from gametable.agents.play import agent_streams, play_game, random_playout

__all__ = [
    "GENERIC_AGENTS",
    "Agent",
    "AgentFactory",
    "AgentSetting",
    "AgentSettingError",
    "RandomAgent",
    "agent_names",
    "agent_settings",
    "agent_streams",
    "check_agent_settings",
    "describe_settings",
    "make_agent",
    "parse_agent_spec",
    "play_game",
    "random_playout",
]
