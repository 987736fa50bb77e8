"""Engine throughput for every registered game, on one core.

- engine loop: legal actions, a uniformly random choice, apply — no views, no agents;
- agent path: the same game played through views and ``random`` agents (play_game),
  which also writes the record.

Figures are medians over games; run as ``python benchmarks/bench_engine.py [--games N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from rich.console import Console
from rich.table import Table

from gametable.agents import RandomAgent, play_game
from gametable.core import Rng, all_games


def engine_game(game, players: int, seed: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    state = game.new_state(players, seed=seed)
    rng = Rng(seed)
    decisions = 0
    while not state.is_over:
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randbelow(len(legal))])
            decisions += 1
    state.result()
    return time.perf_counter() - start, decisions


def agent_game(game, players: int, seed: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    record = play_game(game, [RandomAgent() for _ in range(players)], seed=seed, agent_seed=seed)
    return time.perf_counter() - start, len(record.moves)


def measure(fn, game, players: int, games: int) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    times, decisions = [], 0
    for seed in range(games):
        elapsed, n = fn(game, players, seed)
        times.append(elapsed)
        decisions += n
    total = sum(times)
    return statistics.median(times) * 1e3, games / total, decisions / total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per configuration")
    parser.add_argument("--only", help="one game name")
    args = parser.parse_args()
    table = Table(title=f"Engine throughput (random play, {args.games} games each, one core)")
    for col in ("game", "players", "path", "median ms/game", "games/s", "decisions/s"):
        table.add_column(col, justify="right" if col not in ("game", "path") else "left")
    for game in all_games():
        if args.only and game.name != args.only:
            continue
        counts = sorted(
            {game.min_players, min(game.max_players, max(game.min_players, 2)), game.max_players}
        )
        for players in counts:
            for label, fn in (("engine loop", engine_game), ("agents+views", agent_game)):
                try:
                    median, gps, dps = measure(fn, game, players, args.games)
                except Exception as exc:  # a game still in progress must not stop the table
                    table.add_row(game.name, str(players), label, f"error: {exc!r}", "", "")
                    continue
                table.add_row(
                    game.name, str(players), label, f"{median:.3f}", f"{gps:,.0f}", f"{dps:,.0f}"
                )
    Console().print(table)


if __name__ == "__main__":
    main()
