"""A database made by an earlier version of the server (commit b2932cc, before decisions
were data: its moves are stored as notation text, its schema is the first migration's)
is upgraded at start-up and its games go on: every table resumes at the version it was
left at, plays to the end, and its record (now written as version 2) replays."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import httpx
import sqlalchemy as sa
from serverutil import RunningServer
from wsclient import SeatClient, play_to_end

from gametable.core.records import from_json, replay
from gametable.server.service import ServerConfig

DATA = Path(__file__).parent / "data"


def test_an_old_database_is_upgraded_and_its_games_go_on(tmp_path: Path) -> None:
    database = tmp_path / "old.sqlite"
    shutil.copy(DATA / "db-b2932cc.sqlite", database)
    tables = json.loads((DATA / "db-b2932cc.json").read_text())
    config = ServerConfig(database=str(database), bot_workers=1, messages_per_second=1000.0)
    with RunningServer(config) as server:
        for game, table in tables.items():
            info = httpx.get(f"{server.base}/api/tables/{table['table']}").json()
            assert info["version"] == table["version"], game
            client = SeatClient(server.base, table["table"], table["token"])
            assert client.latest_state()["version"] == table["version"]
            final = play_to_end([client], random.Random(5))
            assert final["status"] == "finished"
            client.close()
            data = httpx.get(f"{server.base}/api/tables/{table['table']}/record").json()
            assert data["version"] == 2
            record = from_json(data)
            assert replay(record).is_over and len(record.moves) == final["version"]
    engine = sa.create_engine(f"sqlite:///{database}")
    with engine.connect() as conn:
        head = conn.execute(sa.text("select version_num from alembic_version")).scalar_one()
        columns = [r[1] for r in conn.execute(sa.text("pragma table_info(gt_events)"))]
    engine.dispose()
    assert head == "0003" and "message" in columns
