"""A real server on loopback for the server tests (uvicorn in a thread, SQLite in tmp)."""

from __future__ import annotations

import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import uvicorn  # noqa: E402  (the [server] extra: `make test` installs it)

from gametable.server.app import create_app  # noqa: E402
from gametable.server.service import ServerConfig  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RunningServer:
    """A server started in a background thread; ``base`` is its http:// address."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.app = create_app(config)
        self.uv = uvicorn.Server(
            uvicorn.Config(
                self.app,
                host="127.0.0.1",
                port=self.port,
                log_level="warning",
                ws_max_size=1024 * 1024,
                lifespan="on",
            )
        )
        self.thread = threading.Thread(target=self.uv.run, daemon=True)

    def __enter__(self) -> RunningServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.uv.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    @property
    def game_server(self):  # type: ignore[no-untyped-def]
        return self.app.state.server

    def __exit__(self, *exc: object) -> None:
        self.uv.should_exit = True
        self.thread.join(timeout=30)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    db = tmp_path_factory.mktemp("server") / "server.sqlite"
    config = ServerConfig(database=str(db), bot_workers=1, messages_per_second=1000.0)
    with RunningServer(config) as running:
        yield running
