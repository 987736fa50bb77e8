"""Ramen (the tips game): engine speed and the greedy bot's strength.

``python benchmarks/bench_ramen_tips.py [--games N] [--versus M]``

- random-bot games per second for 2 to 5 players, two ways: the bare engine loop
  (legal actions, a random choice, apply) and the agent path (``play_game`` with
  ``random`` agents: views, agents and the record);
- greedy against random over M seeded games (seeds 0..M-1) for 2, 3, 4 and 5 players: one
  greedy seat, rotating with the seed (``seat = seed % players``), the others random. A
  shared win counts as a fraction. Chance is 1/players.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.table import Table

from gametable.agents import RandomAgent, make_agent, play_game
from gametable.agents.play import random_playout
from gametable.core import Rng, get_game

GAME = get_game("ramen-tips")


def engine_rate(players: int, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        random_playout(GAME.new_state(players, seed=seed), Rng(seed))
    return games / (time.perf_counter() - start)


def agent_rate(players: int, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        play_game(GAME, [RandomAgent() for _ in range(players)], seed=seed, agent_seed=seed)
    return games / (time.perf_counter() - start)


def versus(players: int, games: int) -> tuple[float, float, float, float]:
    """Greedy's win share, its mean yen, the random seats' mean yen, greedy games/s."""
    share = 0.0
    mine: list[float] = []
    theirs: list[float] = []
    start = time.perf_counter()
    for seed in range(games):
        greedy = seed % players
        agents = [
            make_agent(GAME, "greedy" if s == greedy else "random", s) for s in range(players)
        ]
        result = play_game(GAME, agents, seed=seed, agent_seed=seed).result
        assert result is not None
        if greedy in result.winners:
            share += 1 / len(result.winners)
        mine.append(float(result.scores[greedy]))
        theirs.extend(float(x) for s, x in enumerate(result.scores) if s != greedy)
    rate = games / (time.perf_counter() - start)
    return share / games, statistics.mean(mine), statistics.mean(theirs), rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="games per speed measurement")
    parser.add_argument("--versus", type=int, default=1000, help="seeded games of greedy vs random")
    args = parser.parse_args()
    console = Console()
    speed = Table(title=f"ramen-tips random-bot games per second ({args.games} games, one core)")
    for col in ("players", "engine loop games/s", "play_game + agents games/s"):
        speed.add_column(col, justify="right")
    for players in (2, 3, 4, 5):
        speed.add_row(
            str(players), f"{engine_rate(players, args.games):,.0f}",
            f"{agent_rate(players, args.games):,.0f}",
        )
    console.print(speed)
    strength = Table(title=f"greedy vs random, {args.versus} seeded games (greedy seat rotates)")
    for col in ("players", "greedy win share", "chance", "greedy mean yen", "random mean yen",
                "games/s"):
        strength.add_column(col, justify="right")
    for players in (2, 3, 4, 5):
        share, mine, theirs, rate = versus(players, args.versus)
        strength.add_row(
            str(players), f"{share:.1%}", f"{1 / players:.1%}", f"{mine:.1f}", f"{theirs:.1f}",
            f"{rate:,.0f}",
        )
    console.print(strength)


if __name__ == "__main__":
    main()
