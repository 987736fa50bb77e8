"""How server processes hear of each other: table updates and who is connected.

One process (:class:`LocalHub`) needs nothing. Several processes sharing one PostgreSQL
database use :class:`RedisHub`: after committing a decision a process publishes
``{"kind": "moved", "table": …, "version": …}`` on one Redis channel, and every other
process that has clients at that table reads the new decisions from the database and sends
its clients their new views (the approach of boardgame.io's Redis pub/sub). Presence — is
anyone connected to seat ``s`` anywhere? — lives in Redis sorted sets whose members are
process ids scored by an expiry time, refreshed while the connection lasts, so a process
that dies stops counting within :attr:`RedisHub.presence_ttl` seconds (15 by default), and
whoever shows or runs that seat looks again when the entries it relied on expire.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("gametable.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class LocalHub:
    """A single server process: nothing to tell anyone; presence counted here."""

    def __init__(self) -> None:
        self.process_id = uuid.uuid4().hex
        self._present: Counter[tuple[str, int]] = Counter()

    async def start(self, handler: Handler) -> None:
        self._handler = handler

    async def publish(self, message: dict[str, Any]) -> None:
        return None

    async def set_present(self, table_id: str, seat: int, delta: int) -> None:
        self._present[(table_id, seat)] += delta
        if self._present[(table_id, seat)] <= 0:
            del self._present[(table_id, seat)]

    async def is_present(self, table_id: str, seat: int) -> bool:
        return self._present[(table_id, seat)] > 0

    async def presence(self, table_id: str, seat: int) -> tuple[bool, float | None]:
        """Whether anyone is connected to the seat, and until when (wall-clock time) that
        holds without news: ``None`` when it is known here (this process's connections)."""
        return self._present[(table_id, seat)] > 0, None

    async def close(self) -> None:
        return None


class RedisHub:
    """Several server processes: updates through Redis pub/sub, presence in Redis."""

    PRESENCE_TTL = 15.0

    def __init__(
        self, url: str, prefix: str = "gametable", presence_ttl: float = PRESENCE_TTL
    ) -> None:
        import redis.asyncio as aioredis

        self.process_id = uuid.uuid4().hex
        self.prefix = prefix
        self.presence_ttl = presence_ttl
        """How long a process's presence entry counts without being refreshed."""
        self.refresh_every = presence_ttl / 3
        self.channel = f"{prefix}:events"
        self._redis = aioredis.from_url(url, decode_responses=True)
        self._local: Counter[tuple[str, int]] = Counter()
        self._tasks: list[asyncio.Task[None]] = []

    def _key(self, table_id: str, seat: int) -> str:
        return f"{self.prefix}:presence:{table_id}:{seat}"

    async def start(self, handler: Handler) -> None:
        await self._redis.ping()
        self._handler = handler
        self._pubsub = self._redis.pubsub()
        await self._pubsub.subscribe(self.channel)
        self._tasks = [
            asyncio.create_task(self._listen(), name="gametable-hub-listen"),
            asyncio.create_task(self._refresh(), name="gametable-hub-presence"),
        ]

    async def _listen(self) -> None:
        while True:
            try:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis pub/sub failed; retrying")
                await asyncio.sleep(1.0)
                continue
            if message is None:
                continue
            try:
                data = json.loads(message["data"])
            except (TypeError, ValueError):
                continue
            if data.get("from") == self.process_id:
                continue
            try:
                await self._handler(data)
            except Exception:
                log.exception("handling a hub message failed: %r", data)

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(self.refresh_every)
            with contextlib.suppress(Exception):
                expiry = time.time() + self.presence_ttl
                async with self._redis.pipeline(transaction=False) as pipe:
                    for table_id, seat in list(self._local):
                        pipe.zadd(self._key(table_id, seat), {self.process_id: expiry})
                    await pipe.execute()

    async def publish(self, message: dict[str, Any]) -> None:
        await self._redis.publish(self.channel, json.dumps({**message, "from": self.process_id}))

    async def set_present(self, table_id: str, seat: int, delta: int) -> None:
        key = (table_id, seat)
        self._local[key] += delta
        if self._local[key] > 0:
            await self._redis.zadd(
                self._key(table_id, seat), {self.process_id: time.time() + self.presence_ttl}
            )
        else:
            del self._local[key]
            await self._redis.zrem(self._key(table_id, seat), self.process_id)
        await self.publish({"kind": "presence", "table": table_id, "seat": seat})

    async def is_present(self, table_id: str, seat: int) -> bool:
        count = await self._redis.zcount(self._key(table_id, seat), time.time(), "+inf")
        return int(count) > 0

    async def presence(self, table_id: str, seat: int) -> tuple[bool, float | None]:
        """Whether anyone is connected to the seat, and until when (wall-clock time) that
        holds without news: ``None`` when a connection of this process holds the seat
        (its end is known here); else the last expiry among the other processes' entries,
        which they refresh while their connections last — a process that died stops
        refreshing, and whoever runs the table must look again then."""
        if self._local.get((table_id, seat), 0) > 0:
            return True, None
        entries = await self._redis.zrangebyscore(
            self._key(table_id, seat), time.time(), "+inf", withscores=True
        )
        if not entries:
            return False, None
        return True, max(float(score) for _, score in entries)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            for table_id, seat in list(self._local):
                await self._redis.zrem(self._key(table_id, seat), self.process_id)
            await self._pubsub.unsubscribe(self.channel)
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        await self._redis.aclose()
