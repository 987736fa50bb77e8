"""Server benchmark: N concurrent tables over real WebSockets on loopback.

    .venv/bin/python benchmarks/bench_server.py                       # SQLite, 10/100/500 tables
    .venv/bin/python benchmarks/bench_server.py --database postgresql://postgres@127.0.0.1/bench
    .venv/bin/python benchmarks/bench_server.py --tables 200 --think 0.5 --seconds 30

A ``gametable serve`` process is started on the chosen database; a separate client process
opens N tables (every seat a client, so the server is what is measured — the clients
choose uniformly among the legal decisions the server sends) and plays them for
``--seconds`` after a warm-up, starting a new table whenever one ends. Each client thinks
``--think`` seconds on average (uniform between half and one and a half times that)
before each decision, as a person does: ``--think 0`` makes every client answer at once
(saturation). Reported per table count: decisions per second, and the round trip from a
decision sent to the new view received, median and 99th percentile (milliseconds).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: str, port: int, workers: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [
            sys.executable, "-m", "gametable.cli.main", "serve", "--port", str(port),
            "--database", database, "--bot-workers", str(workers), "--log-level", "warning",
            # the per-connection limit protects a public server; clients here answer at once
            "--message-rate", "100000",
        ],
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


async def seat_loop(
    base: str,
    table_id: str,
    token: str,
    think: float,
    rng: random.Random,
    record: list[float],
    counts: dict[str, int],
    stop: asyncio.Event,
    finished: asyncio.Event,
) -> None:
    url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
    async with websockets.connect(url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_version = -1
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            frame = json.loads(raw)
            if frame["type"] == "error":
                counts["errors"] += 1
                sent_at = None
                continue
            if frame["type"] != "state":
                continue
            if sent_at is not None and frame["version"] > sent_version:
                record.append(time.perf_counter() - sent_at)
                counts["decisions"] += 1
                sent_at = None
            if frame["status"] == "finished":
                finished.set()
                return
            legal = frame.get("legal")
            if legal and sent_at is None:
                if think > 0:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                if stop.is_set():
                    return
                choice = rng.choice(legal)
                sent_version = frame["version"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "act", "seq": frame["my_moves"], "action": choice["json"]})
                )


async def table_loop(
    base: str,
    game: str,
    players: int,
    think: float,
    rng: random.Random,
    record: list[float],
    counts: dict[str, int],
    stop: asyncio.Event,
    client: httpx.AsyncClient,
) -> None:
    while not stop.is_set():
        answer = await client.post(
            f"{base}/api/tables",
            json={
                "game": game,
                "players": players,
                "seats": [{"kind": "human"} for _ in range(players)],
                "grace_seconds": None,
            },
        )
        answer.raise_for_status()
        created = answer.json()
        finished = asyncio.Event()
        counts["tables"] += 1
        await asyncio.gather(
            *(
                seat_loop(
                    base,
                    created["table"]["id"],
                    seat["token"],
                    think,
                    random.Random(rng.random()),
                    record,
                    counts,
                    stop,
                    finished,
                )
                for seat in created["seats"]
            )
        )


async def run_clients(
    base: str, tables: int, game: str, players: int, think: float, warm: float, seconds: float
) -> dict[str, Any]:
    rng = random.Random(1)
    record: list[float] = []
    counts = {"decisions": 0, "errors": 0, "tables": 0}
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=64)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        tasks = []
        for _ in range(tables):
            tasks.append(
                asyncio.create_task(
                    table_loop(base, game, players, think, rng, record, counts, stop, client)
                )
            )
            await asyncio.sleep(0.005)  # open tables gradually, as people arrive
        await asyncio.sleep(warm)
        record.clear()
        start_decisions = counts["decisions"]
        t0 = time.perf_counter()
        await asyncio.sleep(seconds)
        elapsed = time.perf_counter() - t0
        decided = counts["decisions"] - start_decisions
        samples = sorted(record)
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {
        "tables": tables,
        "decisions_per_s": decided / elapsed,
        "p50_ms": 1000 * statistics.median(samples) if samples else float("nan"),
        "p99_ms": 1000 * samples[int(0.99 * (len(samples) - 1))] if samples else float("nan"),
        "samples": len(samples),
        "errors": counts["errors"],
        "games_started": counts["tables"],
    }


def client_process(args: tuple[Any, ...], queue: Any) -> None:
    queue.put(asyncio.run(run_clients(*args)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="10,100,500", help="comma-separated table counts")
    parser.add_argument("--database", default=None, help="SQLite path or postgresql:// URL")
    parser.add_argument("--game", default="ramen-fury")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per decision")
    parser.add_argument("--warm", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--workers", type=int, default=1, help="the server's bot processes")
    args = parser.parse_args()
    counts = [int(x) for x in args.tables.split(",")]
    print(f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; game {args.game}, "
          f"{args.players} players, think {args.think}s; {args.seconds:.0f}s measured")
    print(f"{'database':<12} {'tables':>6} {'decisions/s':>12} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'samples':>8} {'errors':>6}")
    for n in counts:
        with tempfile.TemporaryDirectory() as tmp:
            database = args.database or str(Path(tmp) / "bench.sqlite")
            kind = "postgresql" if database.startswith("postgres") else "sqlite"
            if kind == "postgresql":
                reset_postgres(database)
            port = free_port()
            server = start_server(database, port, args.workers)
            try:
                queue: Any = multiprocessing.get_context("spawn").Queue()
                proc = multiprocessing.get_context("spawn").Process(
                    target=client_process,
                    args=(
                        (f"http://127.0.0.1:{port}", n, args.game, args.players, args.think,
                         args.warm, args.seconds),
                        queue,
                    ),
                )
                proc.start()
                row = queue.get(timeout=args.warm + args.seconds + 600)
                proc.join(timeout=60)
            finally:
                server.terminate()
                server.wait(timeout=60)
        print(
            f"{kind:<12} {row['tables']:>6} {row['decisions_per_s']:>12.1f} "
            f"{row['p50_ms']:>8.1f} {row['p99_ms']:>8.1f} {row['samples']:>8} {row['errors']:>6}",
            flush=True,
        )


def reset_postgres(url: str) -> None:
    """Drop and recreate the benchmark database (never the default ones)."""
    import sqlalchemy as sa

    base, name = url.rsplit("/", 1)
    if name in ("postgres", "root", "test", "template0", "template1"):
        raise SystemExit(f"use a database of its own for the benchmark, not {name!r}")
    admin = sa.create_engine(
        base.replace("postgresql://", "postgresql+psycopg://", 1) + "/postgres",
        isolation_level="AUTOCOMMIT",
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}"'))
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()


if __name__ == "__main__":
    main()
