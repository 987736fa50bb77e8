"""When a service fails: with two server processes on PostgreSQL + Redis, a Redis restart
and a PostgreSQL restart during live games lose no acknowledged decision; the processes
reconnect by themselves; clients are told the service is back (``service`` frames) instead
of meeting an error loop; and play resumes to the end of every game.

The services are the real ones, of this test's own (``private_services``): restarting the
shared ones would break the tests running beside it."""

from __future__ import annotations

import contextlib
import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from private_services import PrivatePostgres, PrivateRedis
from serverutil import free_port
from test_server_crash import ServerProcess
from wsclient import SeatClient, create_table

TABLES = [("ramen-fury", 2), ("ramen-tips", 3), ("rummikub", 2)]
THINK = 0.2
"""Seconds a player thinks: the games must still be on when the services restart."""


@pytest.fixture
def services():  # type: ignore[no-untyped-def]
    pg = PrivatePostgres()
    redis = PrivateRedis()
    try:
        yield pg, redis
    finally:
        redis.close()
        pg.close()


class Player:
    """One seat's player in a thread: random legal decisions, reconnecting when cut off,
    holding back while the server says decisions cannot be made."""

    def __init__(self, base: str, table_id: str, token: str, seed: int) -> None:
        self.base, self.table_id, self.token = base, table_id, token
        self.rng = random.Random(seed)
        self.acked: dict[int, tuple[int, Any]] = {}
        self.service: list[dict[str, Any]] = []
        self.errors: list[str] = []
        self.reconnects = 0
        self.finished = False
        self.client: SeatClient | None = None
        self._seen = 0

    def report(self) -> str:
        """What this player last saw (for a failure's message)."""
        state = self.client.state if self.client is not None else None
        seen = (
            None
            if state is None
            else (state["version"], state["status"], state["to_act"], bool(state.get("legal")))
        )
        return (
            f"{self.table_id} via {self.base}: finished={self.finished} acked={len(self.acked)} "
            f"reconnects={self.reconnects} errors={self.errors} last state={seen} "
            f"service={[(f['ok'], f['down']) for f in self.service]}"
        )

    def _connect(self) -> SeatClient:
        client = SeatClient(self.base, self.table_id, self.token)
        self._seen = 0
        if client.welcome["type"] != "welcome":
            client.close()
            raise ConnectionError(client.welcome.get("message"))
        return client

    def _read(self, client: SeatClient) -> None:
        with contextlib.suppress(TimeoutError):
            while True:
                client.recv(timeout=0.02)
        # Every frame this connection received (also while waiting for an answer).
        self.service += [f for f in client.frames[self._seen :] if f["type"] == "service"]
        self._seen = len(client.frames)

    def run(self, stop: threading.Event) -> None:
        moves_ok = True
        while not stop.is_set() and not self.finished:
            try:
                if self.client is None:
                    self.client = self._connect()
                client = self.client
                self._read(client)
                for frame in self.service[-1:]:
                    moves_ok = bool(frame.get("moves", frame["ok"]))
                state = client.state
                if state is None:
                    continue
                if state["status"] == "finished":
                    self.finished = True
                    break
                if not (moves_ok and state.get("legal")):
                    continue
                time.sleep(THINK)
                seat = client.welcome["seat"]
                choice = self.rng.choice(state["legal"])
                client.state = None
                answer = client.request(
                    {"type": "act", "seq": state["my_moves"], "action": choice["json"]},
                    timeout=30,
                )
                if answer["type"] == "ack":
                    self.acked[answer["version"] - 1] = (seat, choice["json"])
                else:
                    self.errors.append(answer["code"])
                    client.send({"type": "state"})  # the view the refusal was about
            except Exception:
                # Cut off (the process lost its connection to a service and closed ours,
                # or a frame did not come): reconnect, as the browser client does.
                if self.client is not None:
                    with contextlib.suppress(Exception):
                        self.client.close()
                self.client = None
                self.reconnects += 1
                time.sleep(0.3)
        if self.client is not None:
            with contextlib.suppress(Exception):
                self.client.close()


def test_restarting_redis_and_postgresql_mid_game_loses_nothing_and_play_resumes(
    tmp_path: Path, services: tuple[PrivatePostgres, PrivateRedis]
) -> None:
    pg, redis = services
    extra = ["--redis", redis.url, "--lease-seconds", "3", "--presence-seconds", "3"]
    procs = [ServerProcess(pg.url, free_port(), extra=extra) for _ in range(2)]
    players: list[Player] = []
    stop = threading.Event()
    threads: list[threading.Thread] = []
    try:
        table_ids = []
        for i, (game, count) in enumerate(TABLES):
            created = create_table(
                procs[0].base,
                game=game,
                players=count,
                seats=[{"kind": "human", "name": f"p{s}"} for s in range(count - 1)]
                + [{"kind": "bot", "bot": "random"}],
                grace_seconds=None,
            )
            table_id = created["table"]["id"]
            table_ids.append(table_id)
            for s, seat in enumerate(created["seats"]):
                # Seats of one table on both processes: updates must cross through Redis.
                base = procs[(i + s) % 2].base
                players.append(Player(base, table_id, seat["token"], seed=100 * i + s))
        threads = [threading.Thread(target=p.run, args=(stop,), daemon=True) for p in players]
        for t in threads:
            t.start()

        def progress() -> int:
            return sum(len(p.acked) for p in players)

        time.sleep(3.0)
        before_redis = progress()
        assert before_redis > 0, "nothing was played before the first restart"
        redis.stop()
        time.sleep(2.0)
        redis.start()
        deadline = time.monotonic() + 30
        while progress() < before_redis + 10 and time.monotonic() < deadline:
            time.sleep(0.2)
        before_pg = progress()
        assert before_pg >= before_redis + 10, "play did not go on after Redis came back:\n" + (
            "\n".join(proc.output() for proc in procs)
        )

        playing = {
            table_id
            for table_id in table_ids
            if httpx.get(f"{procs[0].base}/api/tables/{table_id}", timeout=10).json()["status"]
            == "playing"
        }
        assert playing, "every game ended before PostgreSQL was restarted: slow the players"
        pg.stop()
        time.sleep(3.0)
        pg.start()
        deadline = time.monotonic() + 150
        while not all(p.finished for p in players) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert all(p.finished for p in players), (
            "play did not resume to the end after PostgreSQL came back:\n"
            + "\n".join(p.report() for p in players)
            + "\n".join(proc.output() for proc in procs)
        )
        stop.set()
        for t in threads:
            t.join(timeout=30)

        for proc in procs:  # both processes are alive and reconnected
            assert proc.proc.poll() is None
            assert httpx.get(f"{proc.base}/api/health", timeout=10).status_code == 200

        # Told, not looping: players connected during the outage heard that decisions
        # could not be made and then that they could again.
        told = [p for p in players if any(not f["ok"] for f in p.service)]
        for p in players:
            if p.table_id in playing:  # connected through the database's restart
                assert any("database" in f["down"] for f in p.service), p.service
        for p in told:
            downs = [i for i, f in enumerate(p.service) if not f["ok"]]
            assert any(f["ok"] for f in p.service[downs[0] :]), p.service
        for p in players:
            assert len(p.errors) <= 5, p.errors

        # Nothing acknowledged is lost: every record replays and holds each acknowledged
        # decision at the position it was acknowledged.
        for table_id in table_ids:
            record = httpx.get(f"{procs[1].base}/api/tables/{table_id}/record", timeout=30).json()
            for p in players:
                if p.table_id != table_id:
                    continue
                for index, (seat, action) in p.acked.items():
                    move = record["moves"][index]
                    assert (move["seat"], move["action"]) == (seat, action), (table_id, index)
            path = tmp_path / f"{table_id}.json"
            path.write_text(json.dumps(record))
            check = subprocess.run(
                [sys.executable, "-m", "gametable.cli.main", "replay", str(path), "--check"],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert check.returncode == 0, check.stdout + check.stderr
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=10)
        for proc in procs:
            if proc.proc.poll() is None:
                proc.stop()
