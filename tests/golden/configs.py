"""The golden transcripts: one seeded whole game per game and main configuration.

Each entry names the file ``tests/golden/<name>.txt`` and how the game is played there.
``scripts/golden.py`` writes the files; ``tests/golden/test_golden.py`` checks that the code
still gives exactly them. A change that alters them (the rules, the views, the decisions'
data, the words) is reviewed by reading the diff the script prints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Config:
    name: str
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    bots: tuple[str, ...] = ("random",)


CONFIGS = [
    Config("ramen-ramen-solo", "ramen-ramen", 1, 11, bots=("greedy",)),
    Config("ramen-ramen-2p", "ramen-ramen", 2, 12, bots=("greedy", "random")),
    Config("ramen-ramen-4p-teams", "ramen-ramen", 4, 13),
    Config("rummikub-2p", "rummikub", 2, 21, bots=("solver", "greedy")),
    Config("rummikub-4p", "rummikub", 4, 22, bots=("greedy",)),
    Config(
        "rummikub-2p-manipulation",
        "rummikub",
        2,
        23,
        options={"initial_meld_allows_manipulation": True},
        bots=("greedy",),
    ),
    Config("ramen-fury-2p", "ramen-fury", 2, 31, bots=("greedy", "random")),
    Config("ramen-fury-3p", "ramen-fury", 3, 32),
    Config("ramen-fury-5p", "ramen-fury", 5, 33),
    Config("ramen-tips-3p", "ramen-tips", 3, 41, bots=("greedy", "random", "random")),
    Config("ramen-tips-5p-narutos", "ramen-tips", 5, 42, options={"narutos": True}),
    Config("ramen-tips-2p-grunchie", "ramen-tips", 2, 43),
]
