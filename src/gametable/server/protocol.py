"""The wire protocol: reading and framing the messages of a table's WebSocket.

Every message is a JSON object with a ``type`` (see ``docs/server.md``). This module reads
a client's text into a message (:func:`loads_message`: standard JSON only), bounds what
answers carry back (:func:`ref`), and sends a client its frames without ever holding up a
table (:class:`Client`, an outbox with a task of its own). What the messages *mean* is the
session's business (:class:`gametable.server.app.Connection`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
from collections import deque
from typing import Any, NoReturn

import orjson

from gametable.core.words import DEFAULT_LOCALE
from gametable.server.refused import cut


def dumps(message: Any) -> str:
    """A message as the JSON text sent on the socket (UTF-8 as it is, no spaces).

    Every frame a table sends goes through here — a seat's view with the whole game's
    history and story is the largest thing the server writes, once per reader and decision —
    so it uses orjson, several times faster than the standard library's encoder."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


PROTOCOL = 1
MAX_SAFE_INTEGER = 2**53 - 1
"""The largest whole number every JSON reader holds exactly (JavaScript's
``Number.MAX_SAFE_INTEGER``): the bound of a message's ``seq`` and ``id``."""


class Client:
    """One WebSocket connection: its seat (``None`` for a spectator) and its outbox.

    Frames are sent by a task of their own, so a slow client never holds up a table. A
    state frame not yet sent is replaced by a newer one (only the latest view matters).
    """

    MAX_PENDING = 256

    def __init__(
        self, send: Any, seat: int | None, name: str | None, locale: str = DEFAULT_LOCALE
    ) -> None:
        self._send = send
        self.seat = seat
        self.name = name
        self.locale = locale
        """The language its person reads (frames and messages are rendered in it)."""
        self._outbox: deque[tuple[str, str]] = deque()
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._sender(), name="gametable-client-sender")
        self.closed = False

    def post(self, text: str, kind: str = "message") -> None:
        if self.closed:
            return
        if kind == "state":
            for i, (k, _) in enumerate(self._outbox):
                if k == "state":
                    del self._outbox[i]
                    break
        if len(self._outbox) >= self.MAX_PENDING:
            self.closed = True  # hopelessly behind: the connection is dropped
        self._outbox.append((kind, text))
        self._wake.set()

    async def _sender(self) -> None:
        while not self.closed:
            await self._wake.wait()
            self._wake.clear()
            while self._outbox:
                _, text = self._outbox.popleft()
                try:
                    await self._send(text)
                except Exception:
                    self.closed = True
                    return

    async def close(self) -> None:
        self.closed = True
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._task


def message_ref(value: Any) -> int | str | None:
    """A message's ``id`` as the answers carry it back (``ref``): a whole number every JSON
    reader holds exactly, or text of at most 64 characters; anything else is dropped."""
    if type(value) is int and -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
        return value
    if isinstance(value, str) and len(value) <= 64:
        return value
    return None


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {cut(text, 40)} is too large")
    return value


def loads_message(text: str) -> Any:
    """A client's message as JSON data, or :class:`ValueError`: standard JSON only, so
    ``NaN``, ``Infinity`` and a number too large for a float (``1e400``, which Python's
    reader takes as infinity) are refused rather than passed on to the game."""
    return json.loads(text, parse_constant=_refuse_constant, parse_float=_finite_float)
