"""``kill -9`` at any moment loses nothing acknowledged: the restarted server resumes every
table, and the finished records replay with every acknowledged decision in them."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from serverutil import free_port
from wsclient import SeatClient, create_table, drain

GAMES = [("ramen-ramen", 2), ("rummikub", 2), ("ramen-fury", 3), ("ramen-tips", 3)]


class ServerProcess:
    def __init__(self, database: Path | str, port: int, extra: list[str] | None = None) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed with the object)
            "w+", prefix="gametable-server-", suffix=".log"
        )
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gametable.cli.main",
                "serve",
                "--port",
                str(port),
                "--database",
                str(database),
                "--bot-workers",
                "1",
                "--log-level",
                "warning",
                "--message-rate",
                "1000",
                *(extra or []),
            ],
            stdout=subprocess.DEVNULL,
            stderr=self.log,
            text=True,
        )
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{self.base}/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {self.output()}")
            time.sleep(0.1)

    def output(self) -> str:
        """What the server wrote to its standard error (for failure messages)."""
        self.log.flush()
        with open(self.log.name) as f:
            return f.read()[-4000:]

    def kill9(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill9()


def test_kill_9_mid_game_then_restart_loses_nothing_acknowledged(tmp_path: Path) -> None:
    database = tmp_path / "crash.sqlite"
    port = free_port()
    server = ServerProcess(database, port)
    tables = []
    for game, players in GAMES:
        created = create_table(
            server.base,
            game=game,
            players=players,
            seats=[{"kind": "human", "name": f"p{i}"} for i in range(players - 1)]
            + [{"kind": "bot", "bot": "random"}],
        )
        tables.append(created)
    acked: dict[str, dict[int, tuple[int, object]]] = {t["table"]["id"]: {} for t in tables}
    stop = threading.Event()

    def play(table: dict[str, object], seed: int) -> None:
        table_id = table["table"]["id"]  # type: ignore[index]
        rng = random.Random(seed)
        clients = [SeatClient(server.base, table_id, s["token"]) for s in table["seats"]]  # type: ignore[index]
        try:
            while not stop.is_set():
                for client in clients:
                    drain(client)
                    state = client.state
                    if state and state.get("legal"):
                        choice = rng.choice(state["legal"])
                        client.state = None
                        answer = client.request(
                            {"type": "act", "seq": state["my_moves"], "action": choice["json"]}
                        )
                        if answer["type"] == "ack":
                            acked[table_id][answer["version"] - 1] = (
                                client.welcome["seat"],
                                choice["json"],
                            )
                time.sleep(0.01)
        except Exception:
            pass  # the server died under us: that is the point

    threads = [threading.Thread(target=play, args=(t, i)) for i, t in enumerate(tables)]
    for t in threads:
        t.start()
    time.sleep(3.0)  # mid-game, decisions in flight
    server.kill9()
    stop.set()
    for t in threads:
        t.join(timeout=30)
    assert all(acked.values()), "some table acknowledged nothing before the crash"

    server = ServerProcess(database, port)  # restart on the same database
    try:
        for table in tables:
            table_id = table["table"]["id"]
            info = httpx.get(f"{server.base}/api/tables/{table_id}").json()
            assert info["version"] >= max(acked[table_id]) + 1
            clients = [SeatClient(server.base, table_id, s["token"]) for s in table["seats"]]
            from wsclient import play_to_end

            play_to_end(clients, random.Random(99))
            for c in clients:
                c.close()
            record = httpx.get(f"{server.base}/api/tables/{table_id}/record").json()
            for index, (seat, action) in acked[table_id].items():
                move = record["moves"][index]
                assert move["seat"] == seat and move["action"] == action, (table_id, index)
            path = tmp_path / f"{table_id}.json"
            path.write_text(json.dumps(record))
            check = subprocess.run(
                [sys.executable, "-m", "gametable.cli.main", "replay", str(path), "--check"],
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert check.returncode == 0, check.stdout + check.stderr
        listed = httpx.get(f"{server.base}/api/tables", params={"status": "finished"}).json()
        assert {t["table"]["id"] for t in tables} <= {t["id"] for t in listed}
    finally:
        server.stop()
