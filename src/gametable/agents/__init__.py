"""Agents: generic agents, bot settings, and the loop that plays games between them.

The agent protocol itself (:class:`Agent`, :data:`AgentFactory`) is defined in the core
(:mod:`gametable.core.agent`) and re-exported here.
"""

from gametable.agents.base import (
    GENERIC_AGENTS,
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
from gametable.core.agent import Agent, AgentFactory  # the protocol is the core's

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
