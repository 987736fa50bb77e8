"""Parallel scaling of the simulator: the same seeded job on 1 and 2 local workers.

Runs ``games`` games of one game between bots with ``--workers 1`` (in process) and with
``--workers 2`` (a process pool, pool start-up and shutdown included), checks that both
give identical results, and prints throughput, speed-up, and how many cores the run
actually got (CPU seconds used per wall second): on a machine busy with other work, a
speed-up below 2 with fewer than 2 effective cores is contention, not the simulator.

Run as ``python benchmarks/bench_sim.py [--games N] [--game G] [--seats greedy]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from gametable.core import get_game
from gametable.sim import ProcessExecutor, make_executor, parse_bots, run_job, simulation_tasks


def cpu_seconds() -> float:
    """CPU time of this process."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def process_cpu(pids: list[int]) -> float:
    """CPU seconds used so far by other processes (Linux /proc; workers of a fork server
    are not our children, so getrusage cannot see them)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def measure(game_name: str, players: int, seats: str, games: int, workers: int):  # type: ignore[no-untyped-def]
    game = get_game(game_name)
    spec, tasks = simulation_tasks(game, players, parse_bots(game, seats, players), games, 2026, {})
    cpu0, wall0 = cpu_seconds(), time.perf_counter()
    executor = make_executor("local", workers)
    try:
        run = run_job(spec, tasks, executor)
        pids = executor.worker_pids() if isinstance(executor, ProcessExecutor) else []
        worker_cpu = process_cpu(pids)
    finally:
        executor.close()
    wall = time.perf_counter() - wall0
    driver = cpu_seconds() - cpu0
    return run, wall, driver + worker_cpu, driver


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="ramen-ramen")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seats", default="greedy")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs per worker count, alternating (best kept)"
    )
    args, _ = parser.parse_known_args()
    console = Console()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    table = Table(
        title=f"Parallel scaling: {args.games} games of {args.game}, {args.players} players, "
        f"seats {args.seats} (load average {load:.2f} at start, "
        f"{os.cpu_count()} cores)"
    )
    columns = (
        "workers",
        "wall s",
        "games/s",
        "speed-up",
        "effective cores",
        "games/CPU-s",
        "driver CPU",
    )
    for col in (*columns, "identical"):
        table.add_column(col, justify="right")
    best: dict[int, tuple[Any, float, float, float]] = {}
    for _ in range(args.repeat):  # alternate the worker counts, so load changes hit both
        for workers in (1, 2):
            result = measure(args.game, args.players, args.seats, args.games, workers)
            if workers not in best or result[1] < best[workers][1]:
                best[workers] = result
    reference = [r.outcome() for r in best[1][0].rows]
    base_rate = args.games / best[1][1]
    for workers, (run, wall, cpu, driver) in sorted(best.items()):
        rate = args.games / wall
        table.add_row(
            str(workers),
            f"{wall:.2f}",
            f"{rate:,.1f}",
            f"{rate / base_rate:.2f}×",
            f"{cpu / wall:.2f}",
            f"{args.games / cpu:,.1f}" if cpu > 0 else "n/a",
            f"{100 * driver / wall:.0f}% of a core",
            "yes" if [r.outcome() for r in run.rows] == reference else "NO",
        )
    console.print(table)
    console.print(
        "effective cores = CPU seconds used (this process and the workers) per wall second;"
        " games/CPU-s equal on both rows means no parallel overhead, so the speed-up is"
        " bounded only by the cores the machine could give; driver CPU = what the command's"
        " own process used (dispatching, storing, progress) beside the workers"
    )


if __name__ == "__main__":
    main()
