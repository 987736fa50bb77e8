"""Ramen! Ramen! strength: the greedy bot's solo scores and its multiplayer win rates.

``python benchmarks/bench_ramen_ramen.py [--seeds N]``: greedy solo over seeds 0..N-1
(mean, median, distribution over the critics' bands), and greedy against random with
2, 3 and 4 players (greedy seat rotating; in 4 players greedy plays one team).
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter

from rich.console import Console
from rich.table import Table

from gametable.agents import make_agent, play_game
from gametable.core import get_game
from gametable.games.ramen_ramen.scoring import CRITICS_BANDS, band_label, critics_band, stars_text

GAME = get_game("ramen-ramen")


def solo(seeds: int) -> None:
    scores = []
    for seed in range(seeds):
        record = play_game(GAME, [make_agent(GAME, "greedy", 0)], seed=seed, agent_seed=seed)
        assert record.result is not None
        scores.append(int(record.result.scores[0]))
    bands = Counter(critics_band(s) for s in scores)
    console = Console()
    console.print(
        f"greedy solo over seeds 0–{seeds - 1}: mean {statistics.mean(scores):.2f}, "
        f"median {statistics.median(scores)}, min {min(scores)}, max {max(scores)}, "
        f"stdev {statistics.stdev(scores):.2f}"
    )
    table = Table(title="Critics' verdict distribution (greedy solo)")
    table.add_column("score")
    table.add_column("stars")
    table.add_column("games", justify="right")
    table.add_column("share", justify="right")
    for band, (_, stars, _) in enumerate(CRITICS_BANDS):
        n = bands.get(band, 0)
        table.add_row(band_label(band), stars_text(float(stars)), str(n), f"{n / seeds:.1%}")
    console.print(table)


def versus(players: int, games: int) -> float:
    share = 0.0
    for seed in range(games):
        greedy = seed % players
        if players == 4:
            names = ["greedy" if s % 2 == greedy % 2 else "random" for s in range(4)]
        else:
            names = ["greedy" if s == greedy else "random" for s in range(players)]
        agents = [make_agent(GAME, n, s) for s, n in enumerate(names)]
        record = play_game(GAME, agents, seed=seed, agent_seed=seed)
        assert record.result is not None
        winners = record.result.winners
        if greedy in winners:
            tied_sides = len({w % 2 for w in winners}) if players == 4 else len(winners)
            share += 1 / tied_sides
    return share / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=1000)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    solo(args.seeds)
    for players in (2, 3, 4):
        share = versus(players, args.games)
        print(f"greedy vs random, {players} players, {args.games} games: greedy wins {share:.1%}")


if __name__ == "__main__":
    main()
