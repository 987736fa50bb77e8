"""Server benchmark: N concurrent tables over real WebSockets on loopback.

    .venv/bin/python benchmarks/bench_server.py                       # SQLite, 10/100/500 tables
    .venv/bin/python benchmarks/bench_server.py --database postgresql://postgres@127.0.0.1/bench
    .venv/bin/python benchmarks/bench_server.py --tables 200 --think 0.5 --seconds 30
    .venv/bin/python benchmarks/bench_server.py --tables 500 --saturation 100 --hint-flood 0,3 \\
        --database sqlite,postgresql://postgres@127.0.0.1:5432/gametable_bench \\
        --processes 1,2 --redis redis://127.0.0.1:6379/0

``gametable serve`` processes are started on the chosen database; a separate client process
opens N tables (every seat a client, so the server is what is measured — the clients
choose uniformly among the legal decisions the server sends) and plays them for
``--seconds`` after a warm-up, starting a new table whenever one ends. Each client thinks
``--think`` seconds on average (uniform between half and one and a half times that)
before each decision, as a person does: ``--think 0`` makes every client answer at once
(saturation; ``--saturation N`` adds such a row at N tables to every configuration).

Every combination of ``--database`` (``sqlite``: a new file per row; a SQLite path; a
``postgresql://`` URL, whose database is dropped and created anew for each row and dropped
at the end), ``--processes`` (more than one: that many servers sharing the PostgreSQL
database and ``--redis``, under a Redis key prefix of the run's own, deleted afterwards; the
seats of each table are spread over the processes, so every update crosses Redis),
``--hint-flood`` (K more tables whose players each ask for a hint every 0.3 s on their turn
and play it when it comes) and ``--tables`` is measured in turn, and one table at the end
shows them side by side: decisions per second; the round trip from a decision sent to the
new view received, median and 99th percentile (milliseconds); errors; the flood's hints
answered and refused; the CPU the servers (their workers apart), their workers and the
client process used; and the load average when the row started.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import gc
import json
import multiprocessing
import os
import random
import shlex
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

HINT_EVERY = 0.3
"""How often a flooding player asks for a hint on its turn (seconds)."""

OPEN_TIMEOUT = 60.0
"""How long a client waits for its WebSocket to open (an overloaded server is slow to)."""

HINT_PATIENCE = 10.0
"""A flooding player with no hint for this long plays a random decision."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# -- the servers ----------------------------------------------------------------------


@dataclass
class Config:
    """One row of the summary."""

    database: str
    processes: int
    tables: int
    think: float
    flood: int


def start_server(
    database: str,
    port: int,
    workers: int,
    log: Path,
    redis: str | None = None,
    prefix: str | None = None,
    command: str | None = None,
    nice: int = 0,
    extra: list[str] | None = None,
) -> subprocess.Popen[bytes]:
    argv = shlex.split(command) if command else [sys.executable, "-m", "gametable.cli.main"]
    argv += [
        "serve",
        "--port",
        str(port),
        "--database",
        database,
        "--bot-workers",
        str(workers),
        "--log-level",
        "warning",
        # the per-connection limit protects a public server; clients here answer at once
        "--message-rate",
        "100000",
    ]
    if redis:
        argv += ["--redis", redis, "--redis-prefix", prefix or "gametable-bench"]
    argv += extra or []
    with log.open("ab") as err:
        proc = subprocess.Popen(
            argv,
            stdout=subprocess.DEVNULL,
            stderr=err,
            preexec_fn=(lambda: prioritize(nice)) if nice else None,
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(proc)
    tail = log.read_text(errors="replace")[-2000:]
    raise SystemExit(f"the server did not start:\n{tail}")


def prioritize(nice: int) -> None:
    """Run this process (and what it starts) at ``nice`` in a session of its own: where the
    kernel schedules sessions fairly against each other (Linux's autogroups), a niceness
    ranks processes only within their session, so the session is given it too."""
    os.setsid()
    with contextlib.suppress(OSError):
        Path("/proc/self/autogroup").write_text(str(nice))
    os.nice(nice)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def reset_postgres(url: str, create: bool = True) -> None:
    """Drop (and recreate) the benchmark database (never the default ones)."""
    import sqlalchemy as sa

    base, name = url.rsplit("/", 1)
    if not name or name in ("postgres", "root", "test", "template0", "template1"):
        raise SystemExit(f"use a database of its own for the benchmark, not {name!r}")
    admin = sa.create_engine(
        base.replace("postgresql://", "postgresql+psycopg://", 1) + "/postgres",
        isolation_level="AUTOCOMMIT",
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}"'))
        if create:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    admin.dispose()


def clear_redis(url: str, prefix: str) -> int:
    """Delete the keys under this run's own prefix (and nothing else)."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        keys = list(client.scan_iter(match=f"{prefix}:*", count=1000))
        for i in range(0, len(keys), 500):
            client.delete(*keys[i : i + 500])
        return len(keys)
    finally:
        client.close()


# -- CPU ------------------------------------------------------------------------------

TICK = os.sysconf("SC_CLK_TCK")


def _proc_seconds(pid: int) -> float:
    """CPU seconds (user + system, every thread) a live process has used; 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def _descendants(pids: list[int]) -> list[int]:
    children: dict[int, list[int]] = collections.defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children[ppid].append(int(entry.name))
    out, todo = [], list(pids)
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def _machine_busy() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot."""
    values = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return (sum(values) - idle) / TICK, sum(values) / TICK


class CpuMeter:
    """The CPU used between :meth:`start` and :meth:`stop`, in % of one core: the server
    processes' own (event loop and writer thread), their workers', the PostgreSQL backends
    serving the benchmark's database, this (client) process's, and the whole machine's
    (``other``: everything else running on it)."""

    def __init__(self, server_pids: list[int], database: str) -> None:
        self.server_pids = server_pids
        self.database = database if database.startswith("postgres") else None

    def _backends(self) -> dict[int, float]:
        if self.database is None:
            return {}
        import psycopg

        base, name = self.database.rsplit("/", 1)
        with psycopg.connect(base + "/postgres", autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s", (name,)
            ).fetchall()
        return {int(pid): _proc_seconds(int(pid)) for (pid,) in rows}

    def _sample(self) -> tuple[float, ...]:
        workers = _descendants(self.server_pids)
        busy, _ = _machine_busy()
        return (
            time.perf_counter(),
            sum(_proc_seconds(p) for p in self.server_pids),
            sum(_proc_seconds(p) for p in workers),
            time.process_time(),
            busy,
        )

    def start(self) -> None:
        self.backends0 = self._backends()
        self.t0 = self._sample()

    def stop(self) -> dict[str, float]:
        t1 = self._sample()
        wall = t1[0] - self.t0[0]
        backends = self._backends()
        pct = [100 * (b - a) / wall for a, b in zip(self.t0[1:], t1[1:], strict=True)]
        db = 100 * sum(cpu - self.backends0.get(pid, 0.0) for pid, cpu in backends.items()) / wall
        return {
            "server": pct[0],
            "workers": pct[1],
            "database": db,
            "client": pct[2],
            "machine": pct[3],
            "other": pct[3] - pct[0] - pct[1] - pct[2] - db,
        }


# -- the clients ----------------------------------------------------------------------


@dataclass
class Tally:
    """What the clients saw; ``record`` and the counts restart when measuring starts."""

    record: list[float] = field(default_factory=list)
    """Round trips (s): a decision sent to the new view received."""
    built: list[float] = field(default_factory=list)
    """A decision sent to its new view built by the server (the frame's ``server_time``)."""
    lag: list[float] = field(default_factory=list)
    """The client's own event loop: how late a 5 ms timer fired (s)."""
    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    failures: collections.Counter[str] = field(default_factory=collections.Counter)
    """Tables dropped because a seat's connection failed, by error (the whole run)."""

    def reset(self) -> None:
        self.record.clear()
        self.built.clear()
        self.lag.clear()
        self.counts.clear()


async def seat_loop(url: str, token: str, think: float, rng: random.Random, tally: Tally) -> None:
    async with websockets.connect(url, max_size=None, open_timeout=OPEN_TIMEOUT) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        sent_wall = 0.0
        sent_version = -1
        async for raw in ws:
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "error":
                tally.counts["errors"] += 1
                tally.counts[f"error:{frame['code']}"] += 1
                sent_at = None
                await ws.send('{"type": "state"}')  # decide again on the table as it is
                continue
            if kind != "state":
                continue
            if sent_at is not None and frame["version"] > sent_version:
                tally.record.append(time.perf_counter() - sent_at)
                tally.built.append(frame["server_time"] - sent_wall)
                tally.counts["decisions"] += 1
                sent_at = None
            if frame["status"] == "finished":
                return
            legal = frame.get("legal")
            if legal and sent_at is None:
                if think > 0:
                    await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                choice = rng.choice(legal)
                sent_version = frame["version"]
                sent_at = time.perf_counter()
                sent_wall = time.time()
                await ws.send(
                    json.dumps({"type": "act", "seq": frame["my_moves"], "action": choice["json"]})
                )


async def flood_seat_loop(url: str, token: str, rng: random.Random, tally: Tally) -> None:
    """A player asking for a hint every 0.3 s on its turn, and playing the hint when it
    comes (a random decision if none came for :data:`HINT_PATIENCE` seconds)."""
    async with websockets.connect(url, max_size=None, open_timeout=OPEN_TIMEOUT) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        state: dict[str, Any] | None = None
        acted = -1
        since = time.monotonic()

        async def ask() -> None:
            while True:
                await asyncio.sleep(HINT_EVERY)
                if state is None or not state.get("legal") or state["version"] <= acted:
                    continue
                if time.monotonic() - since > HINT_PATIENCE:
                    tally.counts["hints_given_up"] += 1
                    await act(rng.choice(state["legal"])["json"])
                    continue
                await ws.send(json.dumps({"type": "hint"}))
                tally.counts["hints_asked"] += 1

        async def act(action: Any) -> None:
            nonlocal acted
            assert state is not None
            acted = state["version"]
            await ws.send(json.dumps({"type": "act", "seq": state["my_moves"], "action": action}))

        asker = asyncio.create_task(ask())
        try:
            async for raw in ws:
                frame = json.loads(raw)
                kind = frame["type"]
                if kind == "state":
                    if state is None or frame["version"] != state["version"]:
                        since = time.monotonic()
                    state = frame
                    if frame["status"] == "finished":
                        return
                elif kind == "hint":
                    tally.counts["hints_answered"] += 1
                    if (
                        state is not None
                        and state.get("legal")
                        and frame["version"] == state["version"] > acted
                    ):
                        await act(frame["action"])
                elif kind == "error":
                    tally.counts[f"hint_error:{frame['code']}"] += 1
                    if frame["code"] in ("busy", "hint-pending"):
                        tally.counts["hints_refused"] += 1
                    else:  # the decision was refused: ask again on the table as it is
                        acted = -1
                        await ws.send('{"type": "state"}')
        finally:
            asker.cancel()


async def table_loop(
    bases: list[str],
    index: int,
    game: str,
    players: int,
    think: float,
    rng: random.Random,
    tally: Tally,
    client: httpx.AsyncClient,
    flood: bool = False,
) -> None:
    """Tables one after the other: created on process ``index``, seat ``s`` connected to
    process ``index + s`` (so with several processes a table's seats are on different ones)."""
    while True:
        body = {
            "game": game,
            "players": players,
            "seats": [{"kind": "human"} for _ in range(players)],
            "grace_seconds": None,
        }
        for attempt in range(3):
            try:
                answer = await client.post(f"{bases[index % len(bases)]}/api/tables", json=body)
                break
            except httpx.TransportError:  # a kept-alive connection the server just closed
                tally.counts["create_retries"] += 1
                if attempt == 2:
                    raise
        answer.raise_for_status()
        created = answer.json()
        tally.counts["flood_tables" if flood else "tables"] += 1
        table_id = created["table"]["id"]
        loops = []
        for seat in created["seats"]:
            base = bases[(index + seat["seat"]) % len(bases)]
            url = base.replace("http://", "ws://") + f"/ws/tables/{table_id}"
            seat_rng = random.Random(rng.random())
            if flood:
                loops.append(flood_seat_loop(url, seat["token"], seat_rng, tally))
            else:
                loops.append(seat_loop(url, seat["token"], think, seat_rng, tally))
        tasks = [asyncio.create_task(loop) for loop in loops]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
            failed = [t.exception() for t in done if t.exception() is not None]
            if failed:
                # A connection failed (refused, or not opened in time): the table cannot
                # go on without that seat; counted, and the next table is opened.
                tally.failures[type(failed[0]).__name__] += 1
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)


async def watch_lag(tally: Tally) -> None:
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        tally.lag.append(time.perf_counter() - t - 0.005)


def percentile(samples: list[float], q: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[int(q * (len(ordered) - 1))]


async def run_clients(job: dict[str, Any]) -> dict[str, Any]:
    bases: list[str] = job["bases"]
    rng = random.Random(1)
    tally, flood_tally = Tally(), Tally()
    meter = CpuMeter(job["server_pids"], job["database"])
    limits = httpx.Limits(max_connections=64)
    tasks: list[asyncio.Task[None]] = [asyncio.create_task(watch_lag(tally))]
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        for i in range(job["flood"]):
            tasks.append(
                asyncio.create_task(
                    table_loop(
                        bases,
                        i,
                        job["flood_game"],
                        job["flood_players"],
                        0.0,
                        random.Random(rng.random()),
                        flood_tally,
                        client,
                        flood=True,
                    )
                )
            )
        for i in range(job["tables"]):
            tasks.append(
                asyncio.create_task(
                    table_loop(
                        bases,
                        i,
                        job["game"],
                        job["players"],
                        job["think"],
                        random.Random(rng.random()),
                        tally,
                        client,
                    )
                )
            )
            await asyncio.sleep(0.005)  # open tables gradually, as people arrive
        if job["tune_gc"]:
            # The client's own objects (connections, tasks) live for the whole run: keep
            # the collector from walking them over and over (it paused the client).
            gc.collect()
            gc.freeze()
            gc.set_threshold(50_000, 50, 100)
        await asyncio.sleep(job["warm"])
        tally.reset()
        flood_tally.reset()
        meter.start()
        t0, wall0 = time.perf_counter(), time.time()
        await asyncio.sleep(job["seconds"])
        elapsed = time.perf_counter() - t0
        cpu = meter.stop()
        window = (wall0, time.time())
        counts, flood_counts = collections.Counter(tally.counts), flood_tally.counts.copy()
        samples, built, lag = list(tally.record), list(tally.built), list(tally.lag)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    died = [t for t in tasks if not t.cancelled() and t.exception() is not None]
    return {
        "decisions_per_s": counts["decisions"] / elapsed,
        "p50_ms": 1000 * statistics.median(samples) if samples else float("nan"),
        "p99_ms": 1000 * percentile(samples, 0.99),
        "built_p99_ms": 1000 * percentile(built, 0.99),
        "samples": len(samples),
        "errors": counts["errors"],
        "error_codes": {k[6:]: v for k, v in counts.items() if k.startswith("error:")},
        "games_started": counts["tables"],
        "connections_failed": (tally.failures + flood_tally.failures).total(),
        "failures": dict(tally.failures + flood_tally.failures),
        "hints_asked": flood_counts["hints_asked"],
        "hints_answered": flood_counts["hints_answered"],
        "hints_refused": flood_counts["hints_refused"],
        "hints_given_up": flood_counts["hints_given_up"],
        "flood_errors": {k[11:]: v for k, v in flood_counts.items() if k.startswith("hint_error:")},
        "client_lag_p99_ms": 1000 * percentile(lag, 0.99),
        "client_lag_max_ms": 1000 * max(lag, default=float("nan")),
        "cpu": cpu,
        "window": window,
        "crashed": [repr(t.exception()) for t in died][:3],
    }


def client_process(job: dict[str, Any], queue: Any) -> None:
    if job["nice"]:
        prioritize(job["nice"])
    if job["uvloop"]:
        try:
            import uvloop
        except ImportError:
            pass
        else:
            queue.put(uvloop.run(run_clients(job)))
            return
    queue.put(asyncio.run(run_clients(job)))


# -- one row --------------------------------------------------------------------------


def measure(config: Config, args: argparse.Namespace) -> dict[str, Any]:
    load = os.getloadavg()[0]
    servers: list[subprocess.Popen[bytes]] = []
    prefix = f"gtbench-{uuid.uuid4().hex[:12]}"
    postgres = config.database.startswith("postgres")
    shared = config.processes > 1
    with tempfile.TemporaryDirectory() as tmp:
        database = config.database
        if database == "sqlite":
            database = str(Path(tmp) / "bench.sqlite")
        log = Path(tmp) / "servers.log"
        if postgres:
            reset_postgres(database)
        try:
            ports = []
            for _ in range(config.processes):
                ports.append(free_port())
                servers.append(
                    start_server(
                        database,
                        ports[-1],
                        args.workers,
                        log,
                        args.redis if shared else None,
                        prefix,
                        args.server_command,
                        args.nice,
                        ["--no-compression"] if args.no_compression else None,
                    )
                )
            job = {
                "bases": [f"http://127.0.0.1:{port}" for port in ports],
                "server_pids": [s.pid for s in servers],
                "database": database,
                "tables": config.tables,
                "game": args.game,
                "players": args.players,
                "think": config.think,
                "flood": config.flood,
                "flood_game": args.flood_game or args.game,
                "flood_players": args.flood_players,
                "warm": args.warm,
                "seconds": args.seconds,
                "uvloop": not args.plain_client,
                "tune_gc": not args.plain_client,
                "nice": args.nice,
            }
            context = multiprocessing.get_context("spawn")
            queue: Any = context.Queue()
            proc = context.Process(target=client_process, args=(job, queue))
            proc.start()
            try:
                row: dict[str, Any] = queue.get(timeout=args.warm + args.seconds + 600)
            finally:
                proc.join(timeout=60)
                if proc.is_alive():
                    proc.kill()
        finally:
            for server in servers:
                stop_server(server)
            if shared:
                clear_redis(args.redis, prefix)
        text = log.read_text(errors="replace") if log.exists() else ""
    row["server_errors"] = text.count("Traceback") + text.count("ERROR")
    lost = [ln for ln in text.splitlines() if "is not answering" in ln]
    row["services_lost"] = len(lost)
    row["services_lost_example"] = lost[0][:200] if lost else None
    row["load"] = load
    row.update(asdict(config))
    row["kind"] = "postgresql" if postgres else "sqlite"
    return row


HEADER = (
    f"{'database':<10} {'proc':>4} {'tables':>6} {'think':>5} {'flood':>5} {'decisions/s':>11} "
    f"{'p50 ms':>7} {'p99 ms':>7} {'errors':>6} {'hints ok/refused':>16} "
    f"{'cpu % srv/wrk/db/cli/other':>26} {'load':>5}"
)


def line(row: dict[str, Any]) -> str:
    cpu = row["cpu"]
    hints = f"{row['hints_answered']}/{row['hints_refused']}" if row["flood"] else "-"
    used = "/".join(f"{cpu[k]:.0f}" for k in ("server", "workers", "database", "client", "other"))
    return (
        f"{row['kind']:<10} {row['processes']:>4} {row['tables']:>6} {row['think']:>5g} "
        f"{row['flood']:>5} {row['decisions_per_s']:>11.1f} {row['p50_ms']:>7.1f} "
        f"{row['p99_ms']:>7.1f} {row['errors']:>6} {hints:>16} {used:>26} {row['load']:>5.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="10,100,500", help="comma-separated table counts")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="comma-separated: 'sqlite' (a new file per row), a SQLite path, postgresql://…",
    )
    parser.add_argument(
        "--processes", default="1", help="comma-separated server process counts (>1: PostgreSQL)"
    )
    parser.add_argument("--redis", default=None, help="redis://… for several processes")
    parser.add_argument(
        "--hint-flood", default="0", help="comma-separated counts of extra hint-flooding tables"
    )
    parser.add_argument("--flood-game", default=None, help="the flooding tables' game (--game)")
    parser.add_argument("--flood-players", type=int, default=3, help="players per flooding table")
    parser.add_argument(
        "--saturation", type=int, default=0, help="also N tables with --think 0, per configuration"
    )
    parser.add_argument("--game", default="ramen-fury")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds per decision")
    parser.add_argument("--warm", type=float, default=10.0, help="seconds before measuring")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--workers", type=int, default=1, help="the server's bot processes")
    parser.add_argument(
        "--server-command",
        default=None,
        help="what runs `gametable` for the servers (default: this Python -m "
        "gametable.cli.main), e.g. to profile them",
    )
    parser.add_argument(
        "--plain-client",
        action="store_true",
        help="the client without its own tuning (asyncio's loop, default GC)",
    )
    parser.add_argument(
        "--nice",
        type=int,
        default=0,
        help="run the servers and the client at this niceness, each in a session of its "
        "own (negative, as root: ahead of other work on a shared machine)",
    )
    parser.add_argument(
        "--no-compression",
        action="store_true",
        help="the servers without WebSocket compression (serve --no-compression)",
    )
    parser.add_argument("--json", default=None, help="also write every row to this JSON file")
    args = parser.parse_args()

    databases = [d.strip() for d in args.database.split(",") if d.strip()]
    processes = [int(x) for x in args.processes.split(",")]
    floods = [int(x) for x in args.hint_flood.split(",")]
    counts = [int(x) for x in args.tables.split(",")]
    configs: list[Config] = []
    for database in databases:
        for procs in processes:
            if procs > 1 and not database.startswith("postgres"):
                print(f"(skipped: {procs} processes on {database}: they need PostgreSQL)")
                continue
            if procs > 1 and not args.redis:
                raise SystemExit("--processes above 1 needs --redis redis://…")
            for flood in floods:
                configs += [Config(database, procs, n, args.think, flood) for n in counts]
            if args.saturation:
                configs.append(Config(database, procs, args.saturation, 0.0, 0))

    print(
        f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; game {args.game}, "
        f"{args.players} players; {args.warm:g}s warm-up, {args.seconds:g}s measured; "
        f"hint flood: {args.flood_players}-player {args.flood_game or args.game} tables",
        flush=True,
    )
    print(HEADER, flush=True)
    rows = []
    try:
        for config in configs:
            row = measure(config, args)
            rows.append(row)
            print(line(row), flush=True)
            extra = []
            if row["error_codes"]:
                extra.append(f"errors {row['error_codes']}")
            if row["flood"]:
                extra.append(
                    f"flood: hints asked {row['hints_asked']}, gave up waiting "
                    f"{row['hints_given_up']}, errors {row['flood_errors']}"
                )
            if row["connections_failed"]:
                extra.append(
                    f"tables dropped: {row['connections_failed']} (a seat's connection "
                    f"failed: {row['failures']})"
                )
            if row["services_lost"]:
                extra.append(
                    f"a server lost its database or Redis {row['services_lost']} times "
                    f"({row['services_lost_example']})"
                )
            if row["server_errors"] or row["crashed"]:
                extra.append(f"server errors {row['server_errors']}, client {row['crashed']}")
            per = 10 / row["decisions_per_s"] if row["decisions_per_s"] else float("nan")
            extra.append(
                f"CPU per decision: servers {row['cpu']['server'] * per:.2f} ms, database "
                f"{row['cpu']['database'] * per:.2f} ms, client {row['cpu']['client'] * per:.2f} ms"
            )
            extra.append(
                f"p99 to the frame built {row['built_p99_ms']:.1f} ms, client loop lag p99 "
                f"{row['client_lag_p99_ms']:.1f} / max {row['client_lag_max_ms']:.1f} ms, "
                f"machine CPU {row['cpu']['machine']:.0f}% of {100 * (os.cpu_count() or 1)}%"
            )
            print("    " + "; ".join(extra), flush=True)
    finally:
        for database in databases:
            if database.startswith("postgres"):
                reset_postgres(database, create=False)
    print(f"\nsummary ({os.cpu_count()} cores; load average at each row's start):")
    print(HEADER)
    for row in rows:
        print(line(row))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
