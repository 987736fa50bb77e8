"""The server process: its database, its live tables, its bots and its peers.

:class:`GameServer` is what the HTTP and WebSocket handlers call. It resumes every
unfinished table it owns at start-up (after ``kill -9``, a restart picks up exactly where
the database says), keeps leases on the tables it runs, and rates finished games.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from gametable.core.records import Move, Record, action_from_stored
from gametable.core.registry import get_game
from gametable.core.words import (
    DEFAULT_LOCALE,
    Msg,
    render,
    tell_history,
    tell_legal,
    tell_result,
)
from gametable.server.advice import Advisor
from gametable.server.db import SeatRow, Store, TableRow, open_store, unavailable
from gametable.server.hub import LocalHub, RedisHub
from gametable.server.live import LiveTable
from gametable.server.refused import Refused
from gametable.server.specs import (
    TableSpec,
    check_spec,
    new_table_id,
    new_token,
    seat_labels,
    token_hash,
)
from gametable.server.workers import ADVICE_NICENESS, BotPool, Writer

log = logging.getLogger("gametable.server")


def default_database() -> str:
    """The embedded default: a SQLite file in the user's data folder."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return str(base / "gametable" / "server.sqlite")


@dataclass
class ServerConfig:
    """How a server process runs (``gametable serve`` flags)."""

    database: str = ""
    redis: str | None = None
    bot_workers: int = 0
    """Processes for the decisions of the bots playing at tables (0: one per core)."""
    advice_workers: int = 0
    """Processes for hints (and any other advice to players), at the lowest OS priority and
    never shared with the table bots (0: one per four cores, at least one)."""
    max_pending_hints: int = 0
    """Hints waiting for or being worked out by the advice workers, in this process, before
    more are refused as ``busy`` (0: four per advice worker)."""
    hint_bots: dict[str, tuple[str, dict[str, Any]]] = field(default_factory=dict)
    """Per game name, the bot (name, settings) that gives hints instead of the game's own
    (:meth:`~gametable.core.game.Game.hint_bot`); absent players' stand-ins are unchanged."""
    lease_seconds: float = 10.0
    max_message_bytes: int = 64 * 1024
    messages_per_second: float = 20.0
    redis_prefix: str = "gametable"
    presence_seconds: float = 15.0
    """With Redis: how long a process's "someone is connected to this seat" counts unless it
    is refreshed (every third of it). A process that dies stops refreshing: its players
    count as gone this long after, and their grace period starts then."""

    def __post_init__(self) -> None:
        if not self.database:
            self.database = default_database()
        if self.bot_workers <= 0:
            self.bot_workers = os.cpu_count() or 1
        if self.advice_workers <= 0:
            self.advice_workers = max(1, (os.cpu_count() or 1) // 4)
        if self.max_pending_hints <= 0:
            self.max_pending_hints = 4 * self.advice_workers


class GameServer:
    """One server process (see the module docstring)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self.store: Store
        self.hub: LocalHub | RedisHub
        self.writer: Writer
        self.pool: BotPool
        """The table bots' workers."""
        self.advice: Advisor
        """Hints, on workers of their own."""
        self.down: set[str] = set()
        """The services not answering now: ``"database"`` (no decision can be stored) and
        ``"cache"`` (Redis: other processes' updates are read from the database on a timer)."""
        self._available = asyncio.Event()
        self._available.set()

    # -- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        self.store = await asyncio.to_thread(open_store, self.config.database)
        if self.config.redis:
            if self.store.dialect == "sqlite":
                raise RuntimeError(
                    "several server processes need a shared PostgreSQL database; "
                    "with SQLite run a single process (no --redis)"
                )
            self.hub = RedisHub(
                self.config.redis,
                self.config.redis_prefix,
                self.config.presence_seconds,
                on_health=self.on_hub_health,
            )
        else:
            self.hub = LocalHub()
        self.writer = Writer(self.store)
        self.pool = BotPool(self.config.bot_workers)
        self.advice = Advisor(
            BotPool(self.config.advice_workers, niceness=ADVICE_NICENESS),
            self.config.max_pending_hints,
            self.config.hint_bots,
        )
        self.advice.check()
        await asyncio.gather(self.pool.warm_up(), self.advice.warm_up())
        await self.hub.start(self.on_hub_message)
        if isinstance(self.hub, LocalHub):
            # One process: whoever held leases before a crash was us; take them all back now.
            await asyncio.to_thread(self.store.release_leases_all)
        await self._renew_leases()
        self._tasks.append(asyncio.create_task(self._lease_loop(), name="gametable-leases"))
        for table_id in await asyncio.to_thread(self.store.unrated_finished):
            await self._rate(table_id)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for live in list(self.tables.values()):
            live.services.stop_tasks(presence=True)
            for client in list(live.clients):
                await client.close()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.release_leases, self.hub.process_id)
        await self.hub.close()
        self.writer.close()
        self.pool.close()
        self.advice.close()
        self.store.engine.dispose()

    async def _lease_loop(self) -> None:
        while True:
            await asyncio.sleep(self.config.lease_seconds / 3)
            if "database" in self.down:
                continue  # renewed as soon as the database answers again
            try:
                await self._renew_leases()
            except Exception as exc:
                if unavailable(exc):
                    self.service_failed("database", exc)
                else:
                    log.exception("renewing table leases failed")

    # -- when a service fails ------------------------------------------------------------

    SERVICE_MESSAGES: ClassVar[dict[str, str]] = {
        "database": "The server cannot reach its database: moves wait until it is back.",
        "cache": "The servers lost touch with each other: updates may come a little late.",
    }

    def service_frame(self) -> dict[str, Any]:
        """What clients are told of the services: ``ok`` (all answer), ``moves`` (decisions
        can be stored now), and in words what is wrong."""
        down = sorted(self.down)
        return {
            "type": "service",
            "ok": not down,
            "moves": "database" not in self.down,
            "down": down,
            "message": " ".join(self.SERVICE_MESSAGES[d] for d in down),
        }

    def _tell_everyone(self) -> None:
        text = json.dumps(self.service_frame(), ensure_ascii=False)
        for live in list(self.tables.values()):
            for client in list(live.clients):
                client.post(text)

    def service_failed(self, service: str, exc: BaseException | None = None) -> None:
        """``service`` stopped answering: tell every client once, and keep trying until it
        answers again (then every table is caught up with the database)."""
        if service in self.down:
            return
        self.down.add(service)
        log.warning("%s is not answering (%s); waiting for it", service, exc)
        if service == "database":
            self._available.clear()
            self._tasks.append(asyncio.create_task(self._recover_database()))
        else:
            self._tasks.append(asyncio.create_task(self._poll_while_cache_is_down()))
        self._tell_everyone()

    async def until_available(self) -> None:
        """Wait until decisions can be stored again."""
        await self._available.wait()

    async def on_hub_health(self, ok: bool) -> None:
        if not ok:
            self.service_failed("cache")
        elif "cache" in self.down:
            await self._recovered("cache")

    async def _recover_database(self) -> None:
        while True:
            await asyncio.sleep(0.5)
            try:
                await asyncio.to_thread(self.store.ping)
            except Exception:
                continue
            break
        self._available.set()
        await self._recovered("database")

    async def _recovered(self, service: str) -> None:
        self.down.discard(service)
        log.warning("%s answers again; catching every table up", service)
        if service == "cache":
            # The others did not hear of this process's changes meanwhile (its messages
            # were dropped): they catch up too.
            await self.hub.publish({"kind": "resync"})
        try:
            if "database" not in self.down:
                await self._renew_leases()
            await self._catch_up_everything()
        except Exception as exc:
            if unavailable(exc):
                self.service_failed("database", exc)
            else:
                log.exception("catching up after %s came back failed", service)
        self._tell_everyone()
        if "database" not in self.down:
            for table_id in await asyncio.to_thread(self.store.unrated_finished):
                await self._rate(table_id)

    async def _catch_up_everything(self) -> None:
        """Read every live table anew (decisions whose commit's answer was lost, changes
        other processes made meanwhile), look at every seat's presence again, and let bots
        and clocks carry on."""
        for live in list(self.tables.values()):
            if live.status == "finished":
                continue  # nothing changes a finished table
            await live.refresh()
            for seat in range(live.players):
                if live.seats[seat].kind == "human":
                    await live.services.presence_changed(seat)
            await live.after_change(committed=False)

    async def _poll_while_cache_is_down(self) -> None:
        """Without Redis, no process hears of another's decisions: read the tables that
        have clients here from the database every second instead."""
        while "cache" in self.down:
            await asyncio.sleep(1.0)
            if "database" in self.down:
                continue
            for live in list(self.tables.values()):
                if not live.clients or live.status == "finished":
                    continue
                try:
                    version, seats = live.version, [(s.claimed, s.replaced) for s in live.seats]
                    await live.refresh()
                    if live.version != version or seats != [
                        (s.claimed, s.replaced) for s in live.seats
                    ]:
                        await live.after_change(committed=False)
                except Exception as exc:
                    if unavailable(exc):
                        self.service_failed("database", exc)
                        break
                    log.exception("reading table %s failed", live.id)

    async def _renew_leases(self) -> None:
        held = set(
            await asyncio.to_thread(
                self.store.acquire_leases, self.hub.process_id, self.config.lease_seconds
            )
        )
        for table_id in held:
            try:
                live = await self.get_live(table_id)
                if live is None:
                    continue
                if not live.owned:
                    await live.refresh()
                    if live.status == "playing":
                        live.clock.start(live.state.to_act, time.monotonic())
                    live.owned = True
                    log.warning("process %s now runs table %s", self.hub.process_id[:8], table_id)
                    for seat in range(live.players):  # grace periods for absent players
                        await live.services.presence_changed(seat)
                # Every renewal makes sure the bots and the clock of each table it runs are
                # going (scheduling is idempotent), so a hiccup never leaves a table waiting.
                live.services.schedule()
            except Exception:
                log.exception("running table %s failed; trying again at the next renewal", table_id)
        for live in list(self.tables.values()):
            if live.owned and live.id not in held and live.status != "finished":
                live.owned = False
                live.services.stop_tasks()

    # -- tables ------------------------------------------------------------------------

    async def get_live(self, table_id: str) -> LiveTable | None:
        """The table in memory, loaded (and caught up) from the database on first use."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        pending = self._loading.get(table_id)
        if pending is not None:
            return await pending
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = future
        try:
            live = await self._load(table_id)
            if live is not None:
                self.tables[table_id] = live
            future.set_result(live)
            return live
        except BaseException as exc:
            future.set_exception(exc)
            raise
        finally:
            del self._loading[table_id]

    async def _load(self, table_id: str) -> LiveTable | None:
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            return None
        row = await asyncio.to_thread(self.store.load_table, table_id)
        if row is None:
            return None
        moves, events = await asyncio.gather(
            asyncio.to_thread(self.store.moves, table_id),
            asyncio.to_thread(self.store.events, table_id),
        )
        live = LiveTable(self, row)
        live.catch_up(moves)
        live.events = events
        for seat in range(live.players):  # who is connected, here or in other processes
            if row.seats[seat].kind == "human":
                await live.services.presence_changed(seat)
        if row.clock is not None:
            live.clock.restore(row.clock, time.monotonic())
        elif row.status == "playing":
            live.clock.start(live.state.to_act, time.monotonic())
        return live

    async def create_table(self, spec: TableSpec) -> dict[str, Any]:
        """A new table: returns its id and a token per human seat (for invite links)."""
        game, options, seats, config = check_spec(spec)
        table_id = new_table_id()
        seed = self.new_seed()
        state = game.new_state(spec.players, seed, **options)
        tokens: dict[int, str] = {}
        for seat in seats:
            if seat.kind == "human":
                tokens[seat.seat] = new_token()
                seat.token_hash = token_hash(tokens[seat.seat])
        row = self._new_row(table_id, state, config, seed, "open", seats)
        await asyncio.to_thread(
            self.store.create_table, row, [("created", None, Msg("server.event.created"))]
        )
        live = await self.get_live(table_id)
        assert live is not None
        live.owned = True
        return {
            "table": live.summary(),
            "seats": [
                {"seat": s, "token": token, "invite": invite_path(table_id, s, token)}
                for s, token in sorted(tokens.items())
            ],
        }

    async def create_lesson(self, game_name: str, name: str | None = None) -> dict[str, Any]:
        """A guided first game of ``game_name`` (:meth:`~gametable.core.game.Game.lesson`):
        its fixed deal, the learner's seat (a token, as an invite) and bots for the others,
        who play the script; a private table, unrated, that starts at once."""
        try:
            game = get_game(game_name)
        except KeyError as exc:
            raise Refused("no-table", str(exc.args[0])) from None
        lesson = game.lesson()
        if lesson is None:
            raise Refused("no-lesson", Msg("server.refused.no_lesson", game=game.title))
        options = game.resolve_options(lesson.players, lesson.options)
        state = game.state_from_setup(lesson.players, lesson.setup, options)
        token = new_token()
        seats = [
            SeatRow(s, "human", None, token_hash(token), name, True, False)
            if s == lesson.learner
            else SeatRow(s, "bot", {"name": lesson.bot, "settings": {}}, None, None, True, False)
            for s in range(lesson.players)
        ]
        config: dict[str, Any] = {
            "clocks": {"turn_seconds": None, "bank_seconds": None, "increment_seconds": 0.0},
            "grace_seconds": None,
            "replacement_bot": {"name": lesson.bot, "settings": {}},
            "public": False,
            "title": None,
            "lesson": True,
            "rated": False,
        }
        table_id = new_table_id()
        row = self._new_row(table_id, state, config, "lesson", "playing", seats)
        await asyncio.to_thread(
            self.store.create_table, row, [("created", None, Msg("server.event.lesson"))]
        )
        live = await self.get_live(table_id)
        assert live is not None
        live.owned = True
        live.services.schedule()
        seat = lesson.learner
        return {
            "table": live.summary(),
            "seats": [{"seat": seat, "token": token, "invite": invite_path(table_id, seat, token)}],
        }

    def _new_row(
        self,
        table_id: str,
        state: Any,
        config: dict[str, Any],
        seed: int | str,
        status: str,
        seats: list[SeatRow],
    ) -> TableRow:
        """The database row of a table just dealt (``state``), held by this process."""
        now = time.time()
        return TableRow(
            id=table_id,
            game=state.game.name,
            players=state.players,
            options=dict(state.options),
            config=config,
            seed=str(seed),
            setup=state.setup,
            status=status,
            version=0,
            result=None,
            clock=None,
            owner=self.hub.process_id,
            lease_until=now + self.config.lease_seconds,
            created_at=now,
            updated_at=now,
            finished_at=None,
            seats=seats,
        )

    def new_seed(self) -> int:
        """A new table's deal seed: 64 bits of fresh entropy, kept secret until the game is
        over. (Tests that need a known deal replace this method.)"""
        return secrets.randbits(64)

    async def claim(
        self, table_id: str, seat: int | None, name: str | None, token: str | None = None
    ) -> int:
        """Claim a seat (a free one, or the one ``token`` opens); returns the seat."""
        live = await self.get_live(table_id)
        if live is None:
            raise Refused("no-table", f"there is no table {table_id!r}")
        digest = token_hash(token) if token is not None else None
        claimed = await asyncio.to_thread(self.store.claim_seat, table_id, seat, name, digest)
        if claimed is None:
            if token is not None:
                raise Refused("bad-token", "this token opens no seat of this table")
            raise Refused("no-seat", "no free seat" + (f" {seat}" if seat is not None else ""))
        await live.refresh()
        if live.status == "playing" and live.clock.enabled and not live.clock.running():
            live.clock.start(live.state.to_act, time.monotonic())
        await self.hub.publish({"kind": "table", "table": table_id})
        await live.broadcast()
        if live.owned:
            live.services.schedule()
        return claimed

    async def join(self, table_id: str, seat: int | None, name: str | None) -> dict[str, Any]:
        """Take a free human seat of a public table: a new token for it."""
        live = await self.get_live(table_id)
        if live is None:
            raise Refused("no-table", f"there is no table {table_id!r}")
        if not live.config.get("public", True):
            raise Refused("private", "this table is by invitation only")
        if live.status != "open":
            raise Refused("no-seat", "every seat of this table is taken")
        token = new_token()
        free = [
            s.seat
            for s in live.seats
            if s.kind == "human" and not s.claimed and (seat is None or s.seat == seat)
        ]
        if not free:
            raise Refused("no-seat", "no free seat" + (f" {seat}" if seat is not None else ""))
        target = free[0]
        # The seat gets a fresh token: the creator's invite for it stops working.
        await asyncio.to_thread(self.store.set_token, table_id, target, token_hash(token))
        await live.refresh()
        claimed = await self.claim(table_id, target, name, token)
        return {"seat": claimed, "token": token, "invite": invite_path(table_id, claimed, token)}

    async def record(self, table_id: str) -> dict[str, Any]:
        """A finished game's record (the ``gametable-record`` format)."""
        row = await asyncio.to_thread(self.store.load_table, table_id)
        if row is None:
            raise Refused("no-table", f"there is no table {table_id!r}")
        if row.status != "finished":
            raise Refused(
                "not-over", "the record (which holds the deal) is published when the game is over"
            )
        moves = await asyncio.to_thread(self.store.moves, table_id)
        return build_record(row, moves)

    async def replay(self, table_id: str, locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
        """The replay of a finished game (every seat's view at every step), in words in
        ``locale``."""
        record = await self.record(table_id)
        return await asyncio.to_thread(replay_steps, record, locale)

    async def list_tables(self, status: str, game: str | None) -> list[dict[str, Any]]:
        statuses = {"open": ["open"], "playing": ["playing"], "finished": ["finished"]}.get(
            status, ["open", "playing"]
        )
        rows = await asyncio.to_thread(self.store.list_tables, statuses, game)
        out = []
        for row in rows:
            if row.status == "open" and not row.config.get("public", True):
                continue
            live = self.tables.get(row.id)
            out.append(live.summary() if live is not None else summary_of_row(row))
        return out

    # -- peers -------------------------------------------------------------------------

    async def on_hub_message(self, message: dict[str, Any]) -> None:
        if message.get("kind") == "resync":
            # Another process lost Redis for a while: what it told nobody meanwhile is in
            # the database.
            try:
                await self._catch_up_everything()
            except Exception as exc:
                if not unavailable(exc):
                    raise
                self.service_failed("database", exc)
            return
        table_id = message.get("table")
        live = self.tables.get(table_id) if isinstance(table_id, str) else None
        if live is None:
            return
        kind = message.get("kind")
        if kind in ("moved", "table"):
            version = message.get("version")
            if kind == "moved" and isinstance(version, int) and version <= live.version:
                return
            await live.refresh()
            await live.after_change(committed=False)
        elif kind == "presence":
            seat = message.get("seat")
            if isinstance(seat, int) and 0 <= seat < live.players:
                await live.services.presence_changed(seat)

    # -- the end of a game -------------------------------------------------------------

    def on_finished(self, live: LiveTable) -> None:
        """A game this process finished: rate it, and deal the next game of its match."""
        self._tasks.append(asyncio.create_task(self._rate(live.id)))
        match = live.config.get("match")
        if match and match["number"] < match["games"] and not match.get("next"):
            self._tasks.append(asyncio.create_task(self._next_game(live)))

    async def _next_game(self, live: LiveTable) -> None:
        """The next table of a match: the same game, options, seats and tokens, a new deal;
        it starts at once (every seat is taken). The finished table points to it."""
        try:
            match = live.config["match"]
            table_id = new_table_id()
            seed = self.new_seed()
            state = live.game.new_state(live.players, seed, **live.options)
            config = {
                **live.config,
                "match": {
                    "games": match["games"],
                    "number": match["number"] + 1,
                    "results": [*match["results"], live.result_json],
                    "tables": [*match["tables"], live.id],
                },
            }
            seats = [
                SeatRow(s.seat, s.kind, s.bot, s.token_hash, s.name, True, False)
                for s in live.seats
            ]
            row = self._new_row(table_id, state, config, seed, "playing", seats)
            number = match["number"] + 1
            await asyncio.to_thread(
                self.store.create_table,
                row,
                [
                    (
                        "created",
                        None,
                        Msg("server.event.match_game", number=number, games=match["games"]),
                    )
                ],
            )
            pointed = {**live.config, "match": {**match, "next": table_id}}
            await asyncio.to_thread(self.store.update_table, live.id, config=pointed)
            live.config = pointed
            nxt = await self.get_live(table_id)
            if nxt is not None:
                nxt.owned = True
                nxt.clock.start(nxt.state.to_act, time.monotonic())
                nxt.services.schedule()
            await self.hub.publish({"kind": "table", "table": live.id})
            await live.broadcast()
        except Exception:
            log.exception("dealing the next game of the match of table %s failed", live.id)

    async def _rate(self, table_id: str) -> None:
        from gametable.server.ratings import rate_table

        try:
            await asyncio.to_thread(rate_table, self.store, table_id)
        except Exception:
            log.exception("rating table %s failed", table_id)


def replay_steps(record_json: Any, locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
    """Every position of a recorded game with every seat's view (and the spectator's last),
    the decision made there as data and in words, the whole story in words for each seat
    and for spectators, and the result: what the replay viewer steps through (everything
    rendered in ``locale``). Raises :class:`Refused` naming the problem if the record is
    bad."""
    from gametable.agents.catalog import describe_game
    from gametable.core.errors import GameError
    from gametable.core.records import from_json

    try:
        record = from_json(record_json)
    except GameError as exc:
        raise Refused("bad-record", f"this record does not replay: {exc}") from None
    game = record.game
    meta = record.meta if isinstance(record.meta, dict) else {}
    names = meta.get("names")
    if not (isinstance(names, list) and len(names) == record.players):
        names = [render(Msg("core.seat", number=s), locale=locale) for s in range(record.players)]
    names = [str(n)[:64] for n in names]
    viewers: list[int | None] = [*range(record.players), None]
    try:
        steps = []
        final = None
        for state, move in record.states():
            views = [state.view(s) for s in viewers]
            step: dict[str, Any] = {
                "to_act": list(state.to_act),
                "views": views,
                "history_length": len(views[-1].get("history") or []),
                "move": None,
            }
            if move is not None:
                told = tell_legal(game, views[move.seat], [move.action], locale=locale, names=names)
                step["move"] = {
                    "seat": move.seat,
                    "json": game.action_to_json(move.action),
                    "text": told[0],
                }
            steps.append(step)
            final = state
    except GameError as exc:
        raise Refused("bad-record", f"this record does not replay: {exc}") from None
    assert final is not None
    result = final.result() if final.is_over else None
    return {
        "game": describe_game(game, locale),
        "players": record.players,
        "options": record.options,
        "names": names,
        "over": final.is_over,
        "result": None if result is None else result.to_json(),
        "result_text": None
        if result is None
        else tell_result(game, result, record.players, locale=locale, names=names),
        # The whole story as each seat (and, last, a spectator) knew it by the end: the
        # viewer shows the entries of the events before the step's ``history_length``.
        "logs": [tell_history(game, final.view(s), locale=locale, names=names) for s in viewers],
        "steps": steps,
    }


def invite_path(table_id: str, seat: int, token: str) -> str:
    """The path of a seat's invite link; the token is in the fragment, which browsers never
    send to a server (so it stays out of logs and referrers)."""
    return f"/play/{table_id}#seat={seat}&token={token}"


def summary_of_row(row: TableRow) -> dict[str, Any]:
    """A lobby summary of a stored table not loaded in this process."""
    return {
        "id": row.id,
        "game": row.game,
        "title": row.config.get("title") or get_game(row.game).title,
        "players": row.players,
        "options": row.options,
        "status": row.status,
        "version": row.version,
        "to_act": [],
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot["name"] if s.bot else None,
                "name": label,
                "named": bool(s.name) or s.kind == "bot",
                "claimed": s.claimed,
                "connected": s.kind == "bot",
                "replaced": s.replaced,
                "timed_out": False,
            }
            for s, label in zip(row.seats, seat_labels(row.seats), strict=True)
        ],
        "clocks": row.config.get("clocks"),
        "grace_seconds": row.config.get("grace_seconds"),
        "replacement_bot": row.config.get("replacement_bot"),
        "public": row.config.get("public", True),
        "created_at": row.created_at,
        "finished_at": row.finished_at,
        "result": row.result,
        "match": None
        if not row.config.get("match")
        else {k: row.config["match"].get(k) for k in ("number", "games", "next", "tables")},
    }


def build_record(row: TableRow, moves: list[Any]) -> dict[str, Any]:
    """The record of a stored game, in the ``gametable-record`` format."""
    game = get_game(row.game)
    record = Record(
        game,
        row.players,
        row.options,
        row.setup,
        int(row.seed) if row.seed.isdigit() else row.seed,
        [Move(m.seat, action_from_stored(game, m.action)) for m in moves],
        None,
        {
            "seats": [
                "human" if s.kind == "human" else (s.bot["name"] if s.bot else "random")
                for s in row.seats
            ],
            "names": seat_labels(row.seats),
            "table": row.id,
            "server": "gametable serve",
            "decided_by": [m.by for m in moves],
            **(
                {"match": {k: row.config["match"].get(k) for k in ("number", "games", "tables")}}
                if row.config.get("match")
                else {}
            ),
        },
    )
    data = record.to_json()
    data["result"] = row.result
    return data
