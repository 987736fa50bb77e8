"""Ramen Fury: engine speed with random bots, and the greedy bot's strength.

``python benchmarks/bench_ramen_fury.py [--games N] [--versus M]``:

- random-bot games per second for 2 and 4 players (also 3 and 5), both through the bare
  engine loop (legal actions, random choice, apply) and through ``play_game`` with
  ``random`` agents (views built for every decision, the record written);
- greedy against random over ``M`` seeded 2-player games (seeds 0..M-1, greedy in seat
  ``seed % 2``): greedy's win rate (a shared win counts as a half) and the mean scores.

Times are CPU seconds of this process, so other jobs sharing the machine distort them less.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.table import Table

from gametable.agents import RandomAgent, make_agent, play_game
from gametable.core import Rng, get_game

GAME = get_game("ramen-fury")


def engine_loop(players: int, games: int) -> tuple[float, float]:
    """Games per second and mean decisions per game, bare engine loop."""
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        state = GAME.new_state(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
            decisions += 1
        state.result()
    elapsed = time.process_time() - start
    return games / elapsed, decisions / games


def agent_path(players: int, games: int) -> tuple[float, float]:
    """Games per second and mean decisions per game through play_game and random agents."""
    decisions = 0
    start = time.process_time()
    for seed in range(games):
        agents = [RandomAgent() for _ in range(players)]
        record = play_game(GAME, agents, seed=seed, agent_seed=seed)
        decisions += len(record.moves)
    elapsed = time.process_time() - start
    return games / elapsed, decisions / games


def versus(games: int) -> tuple[float, float, float, float]:
    """Greedy vs random, 2 players: win share, greedy mean, random mean, seconds."""
    share = 0.0
    greedy_scores, random_scores = [], []
    start = time.process_time()
    for seed in range(games):
        g = seed % 2
        names = ["greedy" if s == g else "random" for s in range(2)]
        agents = [make_agent(GAME, n, s) for s, n in enumerate(names)]
        record = play_game(GAME, agents, seed=seed, agent_seed=seed)
        assert record.result is not None
        winners = record.result.winners
        if g in winners:
            share += 1 / len(winners)
        greedy_scores.append(int(record.result.scores[g]))
        random_scores.append(int(record.result.scores[1 - g]))
    elapsed = time.process_time() - start
    return (
        share / games,
        statistics.mean(greedy_scores),
        statistics.mean(random_scores),
        elapsed,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="random games per row")
    parser.add_argument("--versus", type=int, default=1000, help="greedy-vs-random games")
    args, _ = parser.parse_known_args()
    console = Console()
    table = Table(title=f"Ramen Fury, random bots, {args.games} games per row, one core")
    for col in ("players", "path", "games/s", "decisions/game"):
        table.add_column(col, justify="right" if col != "path" else "left")
    for players in (2, 3, 4, 5):
        for label, fn in (("engine loop", engine_loop), ("play_game+views", agent_path)):
            gps, per_game = fn(players, args.games)
            table.add_row(str(players), label, f"{gps:,.0f}", f"{per_game:.1f}")
    console.print(table)
    share, greedy_mean, random_mean, seconds = versus(args.versus)
    console.print(
        f"greedy vs random, 2 players, seeds 0–{args.versus - 1} (greedy in seat seed % 2): "
        f"greedy wins {share:.1%}; mean score greedy {greedy_mean:.2f}, random "
        f"{random_mean:.2f} ({seconds:.1f} s)"
    )


if __name__ == "__main__":
    main()
