"""A real server on loopback for the tests: uvicorn in a background thread."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn

from gametable.server.app import create_app
from gametable.server.service import ServerConfig


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
