"""A small synchronous WebSocket client for the server tests (the `websockets` library)."""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


class SeatClient:
    """One connection to a table: a seat (with its token) or a spectator (no token)."""

    def __init__(
        self,
        base: str,
        table_id: str,
        token: str | None = None,
        name: str | None = None,
        lang: str | None = None,
    ):
        ws_base = base.replace("http://", "ws://")
        self._cm = connect(f"{ws_base}/ws/tables/{table_id}", max_size=None, open_timeout=10)
        self.ws = self._cm.__enter__()
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        if name is not None:
            hello["name"] = name
        if lang is not None:  # the reader's language: the frames' words in it
            hello["lang"] = lang
        # The server may answer at once and close (no such table): its answer is still read.
        with contextlib.suppress(ConnectionClosed):
            self.send(hello)
        self.welcome = self.wait(lambda f: f["type"] in ("welcome", "error"))
        self._next_id = 0

    def send(self, data: Any) -> None:
        self.ws.send(data if isinstance(data, str | bytes) else json.dumps(data))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        self.raw.append(text if isinstance(text, str) else text.decode())
        frame = json.loads(text)
        self.frames.append(frame)
        if frame.get("type") == "state":
            self.state = frame
        return frame

    def wait(self, pred: Any, timeout: float = 20.0) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching frame")
            frame = self.recv(timeout=left)
            if pred(frame):
                return frame

    def request(self, data: dict[str, Any], timeout: float = 20.0) -> dict[str, Any]:
        """Send a message with an id and return the answer to it (ack, error, hint …)."""
        self._next_id += 1
        ref = self._next_id
        self.send({**data, "id": ref})
        return self.wait(lambda f: f.get("ref") == ref and f["type"] != "state", timeout)

    def latest_state(self) -> dict[str, Any]:
        """The newest state frame after draining what has already arrived."""
        while True:
            try:
                self.recv(timeout=0.05)
            except TimeoutError:
                break
        assert self.state is not None
        return self.state

    def my_turn(self, timeout: float = 30.0) -> dict[str, Any] | None:
        """Wait until this seat has legal decisions (the state frame) or the game ends."""
        if self.state is not None and (
            self.state.get("legal") or self.state["status"] == "finished"
        ):
            return None if self.state["status"] == "finished" else self.state
        frame = self.wait(
            lambda f: f["type"] == "state" and (bool(f.get("legal")) or f["status"] == "finished"),
            timeout,
        )
        return None if frame["status"] == "finished" else frame

    def play_random(self, rng: random.Random) -> dict[str, Any]:
        """Make one random legal decision on the current state; returns the answer."""
        state = self.state
        assert state is not None and state.get("legal")
        choice = rng.choice(state["legal"])
        self.state = None
        answer = self.request({"type": "act", "seq": state["my_moves"], "action": choice["json"]})
        return answer

    def close(self) -> None:
        self._cm.__exit__(None, None, None)


def create_table(base: str, **body: Any) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    assert response.status_code == 201, response.text
    return response.json()


def drain(client: SeatClient) -> None:
    """Read every frame that has already arrived."""
    while True:
        try:
            client.recv(timeout=0.01)
        except TimeoutError:
            return


def play_to_end(
    clients: list[SeatClient], rng: random.Random, limit: float = 120.0
) -> dict[str, Any]:
    """Clients (seats of one table) make random legal decisions until the game is over.

    Works for simultaneous choices (several clients may be asked at once). Returns the
    final state frame of the first client.
    """
    end = time.monotonic() + limit
    while time.monotonic() < end:
        progressed = False
        for client in clients:
            drain(client)
            state = client.state
            if state is None:
                continue
            if state["status"] == "finished":
                if all(c.state and c.state["status"] == "finished" for c in clients):
                    return clients[0].state  # type: ignore[return-value]
                continue
            if state.get("legal"):
                answer = client.play_random(rng)
                assert answer["type"] == "ack", answer
                progressed = True
        if not progressed:
            for client in clients:
                with contextlib.suppress(TimeoutError):
                    client.recv(timeout=0.05)
    raise TimeoutError("the game did not end in time")
