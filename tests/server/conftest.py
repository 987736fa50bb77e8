"""A real server on loopback for the server tests (uvicorn in a thread, SQLite in tmp)."""

from __future__ import annotations

import contextlib
import os
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from serverutil import RunningServer, free_port

from gametable.server.service import ServerConfig

__all__ = ["RunningServer", "free_port"]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("server") / "server.sqlite"
    config = ServerConfig(database=str(db), bot_workers=1, messages_per_second=1000.0)
    with RunningServer(config) as running:
        yield running


PG_ADMIN = os.environ.get("GAMETABLE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("GAMETABLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _service_missing(what: str, exc: Exception) -> None:
    pytest.fail(
        f"{what} is needed by this test and is not reachable ({exc}); "
        "run scripts/services.sh (make test does) to start it",
        pytrace=False,
    )


@contextlib.contextmanager
def fresh_postgres() -> Iterator[str]:
    """A new, empty PostgreSQL database (dropped afterwards)."""
    import sqlalchemy as sa

    name = f"gametable_test_{uuid.uuid4().hex[:12]}"
    admin_url = PG_ADMIN.replace("postgresql://", "postgresql+psycopg://", 1)
    try:
        admin = sa.create_engine(admin_url, isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        _service_missing("PostgreSQL", exc)
    base = PG_ADMIN.rsplit("/", 1)[0]
    try:
        yield f"{base}/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(
                sa.text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :n"
                ),
                {"n": name},
            )
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}"'))
        admin.dispose()


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A database of this module's own (its single-process server uses it)."""
    with fresh_postgres() as url:
        yield url


@pytest.fixture
def shared_postgres() -> Iterator[str]:
    """A database for one test's several server processes, and nobody else's: a server
    without Redis (the single-process fixture) must never share a database with them."""
    with fresh_postgres() as url:
        yield url


@pytest.fixture(scope="module")
def redis_url() -> str:
    """The test Redis (checked to answer)."""
    import redis

    try:
        redis.Redis.from_url(REDIS_URL).ping()
    except Exception as exc:
        _service_missing("Redis", exc)
    return REDIS_URL
