"""What the record checks of issue 12.7 cost: reading a record file, per game.

For a finished record of each game (random bots, the largest player count) it times, as
medians over repeats:

- ``json``: ``json.loads`` of the text alone (the floor);
- ``loads``: :func:`gametable.core.records.loads` — size and UTF-8 checks, JSON with the
  integer-length guard, the depth/integer walk and every field's type check, each action
  parsed (what ``load`` does after reading the file);
- ``replay``: ``loads`` then :func:`~gametable.core.records.replay` (every move re-validated).

Run as ``python benchmarks/bench_records.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from gametable.agents import RandomAgent, play_game
from gametable.core import all_games, records


def median_seconds(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    table = Table(title="Reading a record (medians, milliseconds)")
    for column in ("game", "KB", "moves", "json", "loads", "loads/json", "replay"):
        table.add_column(column, justify="right")
    for game in all_games():
        players = game.max_players
        agents = [RandomAgent() for _ in range(players)]
        text = play_game(game, agents, seed=1, agent_seed=1).dumps()
        raw = text.encode()
        plain = median_seconds(lambda: json.loads(text), args.repeat)  # noqa: B023
        checked = median_seconds(lambda: records.loads(raw), args.repeat)  # noqa: B023
        full = median_seconds(
            lambda: records.replay(records.loads(raw)),  # noqa: B023
            max(5, args.repeat // 10),
        )
        moves = len(json.loads(text)["moves"])
        table.add_row(
            game.name,
            f"{len(raw) / 1024:.1f}",
            str(moves),
            f"{1000 * plain:.3f}",
            f"{1000 * checked:.3f}",
            f"{checked / plain:.1f}×",
            f"{1000 * full:.2f}",
        )
    Console().print(table)


if __name__ == "__main__":
    main()
