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
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

log = logging.getLogger("gametable.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]


class LocalHub:
    """A single server process: nothing to tell anyone; presence counted here."""

    ok = True

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


class HubUnavailable(Exception):
    """Redis is not answering: who is connected elsewhere is not known just now."""


class RedisHub:
    """Several server processes: updates through Redis pub/sub, presence in Redis.

    When Redis stops answering, nothing fails for the players of this process: decisions are
    still stored (the database is the log), :meth:`publish` drops its message, presence is
    kept locally, and ``on_health(False)`` tells the server, which then reads its tables
    from the database on a timer instead of hearing of changes. A task pings Redis until it
    answers again, subscribes anew, puts this process's presence entries back (a restarted
    Redis has none: it keeps nothing on disk), tells the other processes to look at every
    seat this process holds, and calls ``on_health(True)``: the server then catches every
    table up with the database.
    """

    PRESENCE_TTL = 15.0
    RETRY_SECONDS = 0.5
    MAX_CONNECTIONS = 100
    """Connections to Redis at most; a command finding them all busy waits for one (up to
    the socket timeout). redis-py's own pool refuses it at once instead ("Too many
    connections"), which read as Redis being down: at 500 tables on two processes every
    publish waited on a busy event loop, the pool ran dry a dozen times a minute, and each
    time every client was told the servers had lost touch and every table was read anew."""

    def __init__(
        self,
        url: str,
        prefix: str = "gametable",
        presence_ttl: float = PRESENCE_TTL,
        on_health: Callable[[bool], Coroutine[Any, Any, None]] | None = None,
    ) -> None:
        import redis.asyncio as aioredis

        self.process_id = uuid.uuid4().hex
        self.prefix = prefix
        self.presence_ttl = presence_ttl
        """How long a process's presence entry counts without being refreshed."""
        self.refresh_every = presence_ttl / 3
        self.channel = f"{prefix}:events"
        pool = aioredis.BlockingConnectionPool.from_url(
            url,
            decode_responses=True,
            socket_connect_timeout=2.0,
            socket_timeout=5.0,
            max_connections=self.MAX_CONNECTIONS,
            timeout=5.0,
        )
        self._redis = aioredis.Redis.from_pool(pool)
        self._local: Counter[tuple[str, int]] = Counter()
        self._tasks: list[asyncio.Task[None]] = []
        self._on_health = on_health
        self.ok = True
        """Whether Redis answered the last time it was asked."""
        self._recovering: asyncio.Task[None] | None = None

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

    # -- health ------------------------------------------------------------------------

    def _failed(self, exc: BaseException) -> None:
        """Redis did not answer: say so once, and keep trying until it does."""
        if not self.ok:
            return
        self.ok = False
        log.warning("Redis is not answering (%s); retrying every %.1f s", exc, self.RETRY_SECONDS)
        self._recovering = asyncio.create_task(self._recover(), name="gametable-hub-recover")
        if self._on_health is not None:
            self._tasks.append(asyncio.create_task(self._on_health(False)))

    async def _recover(self) -> None:
        while True:
            await asyncio.sleep(self.RETRY_SECONDS)
            try:
                await self._redis.ping()
                with contextlib.suppress(Exception):
                    await self._pubsub.aclose()  # type: ignore[no-untyped-call]
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(self.channel)
                self._pubsub = pubsub
                await self._put_back_presence()
            except asyncio.CancelledError:
                raise
            except Exception:
                continue
            break
        self.ok = True
        log.warning("Redis answers again")
        with contextlib.suppress(Exception):
            for table_id, seat in list(self._local):
                await self.publish({"kind": "presence", "table": table_id, "seat": seat})
        if self._on_health is not None:
            await self._on_health(True)

    async def _put_back_presence(self) -> None:
        expiry = time.time() + self.presence_ttl
        async with self._redis.pipeline(transaction=False) as pipe:
            for table_id, seat in list(self._local):
                pipe.zadd(self._key(table_id, seat), {self.process_id: expiry})
            await pipe.execute()

    # -- messages ----------------------------------------------------------------------

    async def _listen(self) -> None:
        while True:
            if not self.ok:
                await asyncio.sleep(self.RETRY_SECONDS)
                continue
            try:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=1.0
                )
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._failed(exc)
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
            if not self.ok:
                continue
            try:
                await self._put_back_presence()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._failed(exc)

    async def publish(self, message: dict[str, Any]) -> None:
        """Tell the other processes (dropped while Redis is down: they read the database on
        a timer then, and catch up when it answers again)."""
        if not self.ok:
            return
        try:
            await self._redis.publish(
                self.channel, json.dumps({**message, "from": self.process_id})
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._failed(exc)

    # -- presence ----------------------------------------------------------------------

    async def set_present(self, table_id: str, seat: int, delta: int) -> None:
        key = (table_id, seat)
        self._local[key] += delta
        here = self._local[key] > 0
        if not here:
            del self._local[key]
        if not self.ok:
            return  # put back (or left out) when Redis answers again
        try:
            if here:
                await self._redis.zadd(
                    self._key(table_id, seat), {self.process_id: time.time() + self.presence_ttl}
                )
            else:
                await self._redis.zrem(self._key(table_id, seat), self.process_id)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._failed(exc)
            return
        await self.publish({"kind": "presence", "table": table_id, "seat": seat})

    async def is_present(self, table_id: str, seat: int) -> bool:
        """Whether anyone is connected to the seat anywhere (:class:`HubUnavailable` if
        that cannot be known now)."""
        present, _ = await self.presence(table_id, seat)
        return present

    async def presence(self, table_id: str, seat: int) -> tuple[bool, float | None]:
        """Whether anyone is connected to the seat, and until when (wall-clock time) that
        holds without news: ``None`` when a connection of this process holds the seat
        (its end is known here); else the last expiry among the other processes' entries,
        which they refresh while their connections last — a process that died stops
        refreshing, and whoever runs the table must look again then.

        Raises :class:`HubUnavailable` when only Redis could tell and it does not answer."""
        if self._local.get((table_id, seat), 0) > 0:
            return True, None
        if not self.ok:
            raise HubUnavailable("Redis is not answering")
        try:
            entries = await self._redis.zrangebyscore(
                self._key(table_id, seat), time.time(), "+inf", withscores=True
            )
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            self._failed(exc)
            raise HubUnavailable("Redis is not answering") from None
        if not entries:
            return False, None
        return True, max(float(entry[1]) for entry in entries)

    async def close(self) -> None:
        tasks = [*self._tasks, *([self._recovering] if self._recovering else [])]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            for table_id, seat in list(self._local):
                await self._redis.zrem(self._key(table_id, seat), self.process_id)
            await self._pubsub.unsubscribe(self.channel)
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
        with contextlib.suppress(Exception):
            await self._redis.aclose()
