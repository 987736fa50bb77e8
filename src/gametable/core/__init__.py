"""The game-agnostic core: the state and agent protocols, seeded randomness, records,
errors and the game registry."""

from gametable.core.agent import Agent, AgentFactory
from gametable.core.errors import (
    GameError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    SeatError,
)
from gametable.core.game import (
    JSON,
    Action,
    Game,
    GameInfo,
    OptionSpec,
    Result,
    Score,
    State,
    View,
    check_seat,
    rank_by_keys,
)
from gametable.core.registry import all_games, get_game, register
from gametable.core.rng import Rng, derive_seed, fresh_seed

__all__ = [
    "JSON",
    "Action",
    "Agent",
    "AgentFactory",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "RecordError",
    "Result",
    "Rng",
    "Score",
    "SeatError",
    "State",
    "View",
    "all_games",
    "check_seat",
    "derive_seed",
    "fresh_seed",
    "get_game",
    "rank_by_keys",
    "register",
]
