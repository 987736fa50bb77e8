"""A player who left is replaced after a process takeover too: with two processes on
PostgreSQL + Redis, ``kill -9`` of the process that held a table and its player's
connection; the other takes the table over, notices when the dead process's presence
entries expire, and hands the seat to a stand-in after the grace period — at a table
without a clock, which would otherwise wait forever."""

from __future__ import annotations

import random
import time

from serverutil import free_port
from test_server_crash import ServerProcess
from wsclient import SeatClient, create_table


def test_a_player_on_a_dead_process_is_replaced_after_the_takeover(
    shared_postgres: str, redis_url: str
) -> None:
    prefix = f"gametable-test-{random.randrange(10**9)}"
    extra = [
        "--redis", redis_url, "--redis-prefix", prefix,
        "--lease-seconds", "2", "--presence-seconds", "3",
    ]  # fmt: skip
    a = ServerProcess(shared_postgres, free_port(), extra=extra)
    b = ServerProcess(shared_postgres, free_port(), extra=extra)
    try:
        created = create_table(
            a.base,
            game="ramen-fury",
            players=2,
            seats=[{"kind": "human", "name": "leaver"}, {"kind": "bot", "bot": "random"}],
            grace_seconds=2,
        )
        table_id = created["table"]["id"]
        assert created["table"]["clocks"]["turn_seconds"] is None
        leaver = SeatClient(a.base, table_id, created["seats"][0]["token"])
        watcher = SeatClient(b.base, table_id)
        leaver.my_turn(timeout=30)  # the game waits for the player connected to A
        watcher.wait(lambda f: f["type"] == "state" and f["seats"][0]["connected"], timeout=20)
        version = watcher.latest_state()["version"]

        a.kill9()  # the table's lease holder and the player's connection die together
        killed = time.monotonic()
        gone = watcher.wait(
            lambda f: f["type"] == "state" and not f["seats"][0]["connected"], timeout=30
        )
        assert not gone["seats"][0]["replaced"]  # the grace period runs first
        replaced = watcher.wait(
            lambda f: f["type"] == "state" and f["seats"][0]["replaced"], timeout=30
        )
        assert time.monotonic() - killed < 30, b.output()
        # The stand-in plays for the absent player: the game goes on.
        watcher.wait(
            lambda f: (
                f["type"] == "state" and (f["version"] > version or f["status"] == "finished")
            ),
            timeout=30,
        )
        kinds = [e["kind"] for e in replaced["events"]]
        assert "replaced" in kinds
        watcher.close()
    finally:
        for proc in (a, b):
            if proc.proc.poll() is None:
                proc.stop()
