"""PostgreSQL and Redis for real: games on PostgreSQL, and two server processes sharing one
database, with the clients of one table connected to different processes."""

from __future__ import annotations

import random
import time

import httpx
import pytest
from serverutil import RunningServer, free_port
from test_server_crash import ServerProcess
from wsclient import SeatClient, create_table, play_to_end

from gametable.core.records import from_json, replay
from gametable.server.service import ServerConfig


@pytest.fixture(scope="module")
def pg_server(postgres_url: str):  # type: ignore[no-untyped-def]
    config = ServerConfig(database=postgres_url, bot_workers=1, messages_per_second=1000.0)
    with RunningServer(config) as running:
        assert running.game_server.store.dialect == "postgresql"
        yield running


@pytest.mark.parametrize(
    ("game", "players"), [("ramen-ramen", 3), ("rummikub", 2), ("ramen-fury", 2), ("ramen-tips", 3)]
)
def test_whole_games_on_postgresql(pg_server, game: str, players: int) -> None:
    created = create_table(
        pg_server.base,
        game=game,
        players=players,
        seats=[{"kind": "human", "name": "pg"}]
        + [{"kind": "bot", "bot": "random"}] * (players - 1),
    )
    table_id = created["table"]["id"]
    client = SeatClient(pg_server.base, table_id, created["seats"][0]["token"])
    final = play_to_end([client], random.Random(4))
    assert final["status"] == "finished"
    record = from_json(httpx.get(f"{pg_server.base}/api/tables/{table_id}/record").json())
    assert replay(record).is_over and len(record.moves) == final["version"]
    client.close()


def test_two_server_processes_share_one_table_through_postgresql_and_redis(
    tmp_path, shared_postgres: str, redis_url: str
) -> None:
    prefix = f"gametable-test-{random.randrange(10**9)}"
    procs = [
        ServerProcess(
            shared_postgres, free_port(), extra=["--redis", redis_url, "--redis-prefix", prefix]
        )
        for _ in range(2)
    ]
    try:
        created = create_table(
            procs[0].base,
            game="ramen-tips",
            players=3,
            seats=[
                {"kind": "human", "name": "left"},
                {"kind": "human", "name": "right"},
                {"kind": "bot", "bot": "random"},
            ],
        )
        table_id = created["table"]["id"]
        # Seat 0 talks to process A, seat 1 and a spectator to process B.
        a = SeatClient(procs[0].base, table_id, created["seats"][0]["token"])
        b = SeatClient(procs[1].base, table_id, created["seats"][1]["token"])
        watcher = SeatClient(procs[1].base, table_id)
        final = play_to_end([a, b], random.Random(11))
        assert final["status"] == "finished"
        watcher.wait(lambda f: f["type"] == "state" and f["status"] == "finished", timeout=30)
        versions = [f["version"] for f in watcher.frames if f["type"] == "state"]
        assert versions[-1] == final["version"]
        assert b.latest_state()["version"] == a.latest_state()["version"] == final["version"]
        # Both processes see the same finished table and the same record.
        for proc in procs:
            record = from_json(httpx.get(f"{proc.base}/api/tables/{table_id}/record").json())
            assert replay(record).is_over and len(record.moves) == final["version"]
        for c in (a, b, watcher):
            c.close()

        # The process running a table's bots dies: the other takes the table over.
        created = create_table(
            procs[0].base,
            game="ramen-fury",
            players=2,
            seats=[{"kind": "human", "name": "stayer"}, {"kind": "bot", "bot": "random"}],
        )
        table_id = created["table"]["id"]
        player = SeatClient(procs[1].base, table_id, created["seats"][0]["token"])
        procs[0].kill9()
        rng = random.Random(2)
        deadline = time.monotonic() + 90
        races = 0
        while time.monotonic() < deadline:
            try:
                state = player.my_turn(timeout=60)
            except TimeoutError:
                raise AssertionError(f"process B stalled:\n{procs[1].output()}") from None
            if state is None:
                break
            answer = player.play_random(rng)
            if answer["type"] == "error":
                # A decision chosen on the view process B had just before it caught up with
                # what A committed as it died: refused, and the fresh view follows.
                assert answer["code"] in ("stale", "not-your-turn", "illegal"), answer
                races += 1
                player.latest_state()
                continue
            assert answer["type"] == "ack", answer
        assert races <= 2
        assert player.latest_state()["status"] == "finished"
        player.close()
    finally:
        for proc in procs:
            if proc.proc.poll() is None:
                proc.stop()
