"""Engine throughput for every registered game, on one core.

- engine loop: legal actions, a uniformly random choice, apply — no views, no agents;
- agent path: the same game played through views and ``random`` agents (play_game),
  which also writes the record.

Figures are medians over games; run as ``python benchmarks/bench_engine.py [--games N]``.

``--against REV`` measures the code of git revision ``REV`` (checked out in a temporary
worktree, its pure-Python engine) side by side with this tree's, in the same run: rounds
alternate between the two (``--rounds``), and the table gives each side's decisions per
second (the median of its rounds) and their ratio (this tree / REV).
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


def configurations(only: str | None) -> list[tuple[str, int]]:
    out = []
    for game in all_games():
        if only and game.name != only:
            continue
        counts = sorted(
            {game.min_players, min(game.max_players, max(game.min_players, 2)), game.max_players}
        )
        out += [(game.name, players) for players in counts]
    return out


def json_rows(games: int, only: str | None) -> list[dict[str, object]]:
    """One round of the engine loop for every configuration (for ``--against``)."""
    from gametable.core import get_game

    rows = []
    for name, players in configurations(only):
        _, _, dps = measure(engine_game, get_game(name), players, games)
        rows.append({"game": name, "players": players, "decisions_per_s": dps})
    return rows


def against(rev: str, games: int, rounds: int, only: str | None) -> None:
    """This tree and revision ``rev`` side by side (see the module docstring)."""
    import json
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    here = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="bench-engine-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(here), "worktree", "add", "--detach", "-q", str(tree), rev],
            check=True,
        )
        try:
            sides = {"this tree": here / "src", rev: tree / "src"}
            results: dict[str, list[list[dict[str, object]]]] = {k: [] for k in sides}
            code = (
                "import json, sys; sys.path.insert(0, sys.argv[1]); "
                "sys.path.insert(0, sys.argv[2]); import bench_engine as b; "
                "print(json.dumps(b.json_rows(int(sys.argv[3]), sys.argv[4] or None)))"
            )
            for _ in range(rounds):
                for label, src in sides.items():
                    env = {**os.environ, "PYTHONPATH": str(src)}
                    done = subprocess.run(
                        [sys.executable, "-c", code, str(src), str(here / "benchmarks"),
                         str(games), only or ""],
                        check=True, capture_output=True, text=True, env=env,
                    )  # fmt: skip
                    results[label].append(json.loads(done.stdout.splitlines()[-1]))
        finally:
            subprocess.run(
                ["git", "-C", str(here), "worktree", "remove", "--force", str(tree)], check=False
            )
    load = os.getloadavg()[0]
    table = Table(
        title=f"Engine loop, this tree against {rev}: decisions/s, median of {rounds} "
        f"alternating rounds of {games} games (load {load:.2f})"
    )
    for col in ("game", "players", "this tree", rev, "ratio"):
        table.add_column(col, justify="left" if col == "game" else "right")
    mine, theirs = results["this tree"], results[rev]
    for i, row in enumerate(mine[0]):
        a = statistics.median(float(r[i]["decisions_per_s"]) for r in mine)  # type: ignore[arg-type]
        b = statistics.median(float(r[i]["decisions_per_s"]) for r in theirs)  # type: ignore[arg-type]
        table.add_row(
            str(row["game"]), str(row["players"]), f"{a:,.0f}", f"{b:,.0f}", f"{a / b:.3f}"
        )
    Console().print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="games per configuration")
    parser.add_argument("--only", help="one game name")
    parser.add_argument("--against", metavar="REV", help="compare with git revision REV")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (--against)")
    args = parser.parse_args()
    if args.against:
        against(args.against, args.games, args.rounds, args.only)
        return
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
