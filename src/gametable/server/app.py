"""The HTTP lobby API and the WebSocket play protocol (FastAPI). See ``docs/server.md``.

HTTP (JSON; the OpenAPI schema is at ``/openapi.json``, browsable at ``/docs``):

- ``GET  /api/games`` — every game: player counts, modes, options, bots and their settings
- ``POST /api/tables`` — open a table; the answer holds a secret token per human seat
- ``POST /api/tables/{id}/join`` — take a free seat of a public table
- ``GET  /api/tables?status=open|playing|finished&game=…`` — list tables
- ``GET  /api/tables/{id}`` — one table (public facts only)
- ``GET  /api/tables/{id}/record`` — a finished game's record (``gametable-record``)
- ``GET  /api/leaderboard/{game}`` — ratings

WebSocket ``/ws/tables/{id}``: the first message is ``{"type": "hello", "token": …}`` for a
seat (no token: a spectator); then the server sends ``state`` frames (the seat's own view,
its legal decisions, whose turn, clocks, events) and answers ``act`` / ``hint`` / ``ping``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Path, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError
from sqlalchemy import exc as sa_exc

from gametable.agents.catalog import describe_game, rules_json
from gametable.core.registry import all_games, get_game
from gametable.core.words import DEFAULT_LOCALE, best_locale, catalog_json, render, render_tree
from gametable.server.advice import Hint
from gametable.server.db import unavailable
from gametable.server.live import LiveTable
from gametable.server.protocol import (
    MAX_SAFE_INTEGER,
    PROTOCOL,
    Client,
    dumps,
    loads_message,
    message_ref,
)
from gametable.server.refused import Refused, cut
from gametable.server.service import GameServer, ServerConfig, replay_steps
from gametable.server.specs import MAX_MATCH_GAMES, MAX_SECONDS, TableSpec, seat_labels

log = logging.getLogger("gametable.server")

MAX_RECORD_BYTES = 4 * 1024 * 1024


def _first_non_finite(value: Any) -> str | None:
    """Where in JSON data the first NaN or infinity is (``"2.turn"``; ``""``: the value
    itself), or ``None`` if it has none. Iterative: a body may nest as deep as the JSON
    reader allows."""
    stack: list[tuple[Any, tuple[Any, Any] | None]] = [(value, None)]
    while stack:
        item, link = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            path = []
            while link is not None:
                key, link = link
                path.append(str(key))
            return ".".join(reversed(path))
        if isinstance(item, dict):
            stack.extend((v, (k, link)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, (i, link)) for i, v in enumerate(item))
    return None


def _finite_json(value: Any) -> Any:
    """``value`` (free-form JSON: a game option, a bot setting) if every number in it is
    finite, else a ``finite_number`` error saying where: Python's JSON reader accepts ``NaN``
    and ``Infinity``, and reads ``1e400`` as infinity; no other reader does."""
    where = _first_non_finite(value)
    if where is not None:
        raise PydanticCustomError(
            "finite_number",
            "Input should be a finite number{where}",
            {"where": f" (at {cut(where, 80)})" if where else ""},
        )
    return value


FiniteJSON = Annotated[Any, AfterValidator(_finite_json)]
"""Any JSON value without a NaN or an infinity in it."""


class _Body(BaseModel):
    """A request body: its numbers are finite (``NaN`` or ``Infinity`` is refused)."""

    model_config = ConfigDict(allow_inf_nan=False)


class SeatSpecModel(_Body):
    kind: str = Field(description="'human' or 'bot'")
    bot: str | None = Field(None, description="for a bot seat: the bot's name (see /api/games)")
    settings: dict[str, FiniteJSON] = Field(default_factory=dict, description="the bot's settings")
    name: str | None = Field(None, max_length=64, description="a human seat's player name")


class ClocksModel(_Body):
    turn_seconds: float | None = Field(
        None, ge=0, le=MAX_SECONDS, description="time limit per turn (seconds, at most a week)"
    )
    bank_seconds: float | None = Field(
        None, ge=0, le=MAX_SECONDS, description="time bank per seat (seconds, at most a week)"
    )
    increment_seconds: float = Field(
        0.0, ge=0, le=MAX_SECONDS, description="added to the bank after each turn (seconds)"
    )


class CreateTableModel(_Body):
    game: str
    players: int = Field(ge=1, le=16)
    options: dict[str, FiniteJSON] = Field(default_factory=dict)
    seats: list[SeatSpecModel] = Field(default_factory=list, max_length=16)
    clocks: ClocksModel = Field(default_factory=lambda: ClocksModel.model_validate({}))
    grace_seconds: float | None = Field(
        60.0,
        ge=0,
        le=MAX_SECONDS,
        description="how long a player may be gone before a bot plays for them (seconds, at "
        "most a week; null: never)",
    )
    replacement_bot: str | None = Field(None, description="the bot that stands in for absentees")
    public: bool = Field(True, description="listed in the lobby and open to anyone to join")
    title: str | None = Field(None, max_length=80)
    games: int | None = Field(
        None,
        ge=1,
        le=MAX_MATCH_GAMES,
        description="a match of this many games, with running totals",
    )
    match: bool = Field(
        False, description="a match as long as the game's rules and options say (Rummikub)"
    )


class LessonModel(_Body):
    name: str | None = Field(None, max_length=64, description="the learner's name")


class JoinModel(_Body):
    seat: int | None = Field(None, ge=0, le=15)
    name: str | None = Field(None, max_length=64)


_STATUS = {
    "bad-table": 422,
    "no-table": 404,
    "no-seat": 409,
    "private": 403,
    "not-over": 409,
    "bad-token": 403,
    "bad-record": 422,
}


def _http(exc: Refused) -> HTTPException:
    return HTTPException(_STATUS.get(exc.code, 400), {"code": exc.code, "message": exc.message})


class _ErrorResponse(JSONResponse):
    """An error's answer, written as ASCII JSON: a message may quote what a client sent, and
    text from JSON may hold a lone surrogate (``"\\ud800"``) that UTF-8 cannot encode."""

    def render(self, content: Any) -> bytes:
        text = json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
        return text.encode("ascii")


MAX_ERRORS = 20
"""The most errors a ``bad-request`` answer lists."""


class FieldErrorModel(BaseModel):
    field: str = Field(description="where: body.clocks.turn_seconds, query.limit, body …")
    message: str = Field(description="what is wrong, in words")
    type: str = Field(description="pydantic's name for it: finite_number, missing …")


class ErrorDetailModel(BaseModel):
    code: str = Field(description="bad-request (the fields below), bad-table, bad-record …")
    message: str
    errors: list[FieldErrorModel] = Field(
        default_factory=list, description="for bad-request: each field that is wrong"
    )


class ErrorModel(BaseModel):
    detail: ErrorDetailModel


BAD_REQUEST: dict[int | str, dict[str, Any]] = {
    422: {"model": ErrorModel, "description": "a request that does not fit (docs/server.md)"}
}
"""The 422 answer as the OpenAPI schema shows it (FastAPI's own is replaced, above)."""


def bad_request(errors: Sequence[Any]) -> dict[str, Any]:
    """The ``detail`` of the 422 for a request that does not fit the API's models.

    Each error is the field it is at (``body.clocks.turn_seconds``, ``query.limit``), why in
    words, and pydantic's type (``finite_number``) — never the value sent, which may be NaN,
    a lone surrogate or a whole body: the answer is always standard JSON.
    """
    items: list[dict[str, str]] = []
    for error in list(errors)[:MAX_ERRORS]:
        if not isinstance(error, Mapping):
            continue
        loc = error.get("loc")
        loc = tuple(loc) if isinstance(loc, list | tuple) else ()
        kind = str(error.get("type") or "invalid")
        if kind == "json_invalid":  # FastAPI's: ("body", position), the reader's reason
            ctx = error.get("ctx")
            reason = ctx.get("error") if isinstance(ctx, Mapping) else None
            at = f" (at character {loc[1]})" if len(loc) > 1 else ""
            field, message = "body", f"not JSON: {cut(reason or 'unreadable', 200)}{at}"
        else:
            field = ".".join(cut(part, 100) for part in loc) or "body"
            message = cut(error.get("msg") or "not valid", 300)
        items.append({"field": cut(field, 200), "message": message, "type": cut(kind, 60)})
    if not items:
        items.append({"field": "body", "message": "not valid", "type": "invalid"})
    listed = "; ".join(f"{e['field']}: {e['message']}" for e in items[:3])
    more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
    return {"code": "bad-request", "message": f"bad request: {listed}{more}", "errors": items}


def create_app(
    config: ServerConfig | None = None,
    *,
    static: bool = True,
    on_ready: Callable[[GameServer], Awaitable[None]] | None = None,
) -> FastAPI:
    """The application; the server process starts and stops with it (lifespan).

    ``on_ready`` runs once the server has started (``gametable web`` opens its table there).
    """
    server = GameServer(config or ServerConfig())

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await server.start()
        if on_ready is not None:
            await on_ready(server)
        try:
            yield
        finally:
            await server.stop()

    app = FastAPI(
        title="gametable",
        version="1",
        summary="Play Ramen! Ramen!, Rummikub, Ramen Fury and Ramen online.",
        lifespan=lifespan,
    )
    app.state.server = server
    app.add_middleware(GZipMiddleware, minimum_size=2048)

    @app.exception_handler(Refused)
    async def refused(_request: Any, exc: Refused) -> JSONResponse:
        return _ErrorResponse(
            {"detail": {"code": exc.code, "message": exc.message}},
            status_code=_STATUS.get(exc.code, 400),
        )

    @app.exception_handler(RequestValidationError)
    async def not_valid(_request: Any, exc: RequestValidationError) -> JSONResponse:
        # Replaces FastAPI's answer, which echoes each value sent and so fails (a 500, and
        # the connection closed) on a NaN or a lone surrogate.
        try:
            detail = bad_request(exc.errors())
        except Exception:  # a bad request is never a 500
            log.exception("describing a bad request failed")
            detail = {"code": "bad-request", "message": "bad request", "errors": []}
        return _ErrorResponse({"detail": detail}, status_code=422)

    @app.exception_handler(sa_exc.DBAPIError)
    async def database_down(_request: Any, exc: sa_exc.DBAPIError) -> JSONResponse:
        if not unavailable(exc):
            raise exc
        server.service_failed("database", exc)
        return JSONResponse(
            {
                "detail": {
                    "code": "unavailable",
                    "message": "the server cannot reach its database just now; try again soon",
                }
            },
            status_code=503,
            headers={"Retry-After": "2"},
        )

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "process": server.hub.process_id, "tables": len(server.tables)}

    @app.get("/api/messages/{lang}", responses=BAD_REQUEST)
    async def messages(lang: str = Path(max_length=35)) -> JSONResponse:
        """Every message of the client, the server and the games in ``lang`` (or the
        nearest language there are catalogs for), with the language's plural rule: what
        the browser renders its words from."""
        data = catalog_json(best_locale([lang]))
        return JSONResponse(data, headers={"Cache-Control": "no-cache"})

    @app.get("/api/games", responses=BAD_REQUEST)
    async def games(
        lang: str | None = Query(None, max_length=35, description="the reader's language"),
    ) -> list[dict[str, Any]]:
        """Every game with its player counts, modes, options and bots (its components
        named in the reader's language)."""
        locale = best_locale([lang] if lang else [])
        return [describe_game(g, locale) for g in all_games()]

    @app.post("/api/tables", status_code=201, responses=BAD_REQUEST)
    async def create_table(body: CreateTableModel) -> dict[str, Any]:
        """Open a table. Human seats get secret tokens: keep your own, send the invite
        links to your friends. The game starts when every human seat is taken."""
        spec = TableSpec(
            game=body.game,
            players=body.players,
            options=body.options,
            seats=[s.model_dump() for s in body.seats],
            clocks=body.clocks.model_dump(),
            grace_seconds=body.grace_seconds,
            replacement_bot=body.replacement_bot,
            public=body.public,
            title=body.title,
            games=body.games,
            match=body.match,
        )
        return await server.create_table(spec)

    @app.post("/api/lessons/{game}", status_code=201, responses=BAD_REQUEST)
    async def lesson(
        game: str = Path(max_length=64), body: LessonModel | None = None
    ) -> dict[str, Any]:
        """Start the game's guided first game: a private table where bots play the lesson's
        script and a coach explains each rule; the answer holds the learner's seat token."""
        return await server.create_lesson(game, body.name if body else None)

    @app.get("/api/games/{game}/rules", responses=BAD_REQUEST)
    async def rules(
        game: str = Path(max_length=64),
        lang: str | None = Query(None, max_length=35, description="the reader's language"),
        table: str | None = Query(
            None, max_length=32, description="a table whose variants to list"
        ),
    ) -> dict[str, Any]:
        """The game's rules in the reader's language: sections (id, title, Markdown and
        examples for the game's table to draw) and, for a table, the variants in use there."""
        try:
            found = get_game(game)
        except KeyError as exc:
            raise _http(Refused("no-table", str(exc.args[0]))) from None
        locale = best_locale([lang] if lang else [])
        options: dict[str, Any] | None = None
        if table is not None:
            live = await server.get_live(table)
            if live is None or live.game is not found:
                raise _http(Refused("no-table", f"there is no table {cut(table, 40)!r}"))
            options = dict(live.options)
        return await asyncio.to_thread(rules_json, found, locale, options)

    @app.post("/api/tables/{table_id}/join", responses=BAD_REQUEST)
    async def join(table_id: str, body: JoinModel) -> dict[str, Any]:
        """Take a free seat of a public table; the answer holds the seat's token."""
        return await server.join(table_id, body.seat, body.name)

    @app.get("/api/tables", responses=BAD_REQUEST)
    async def tables(
        status: str = Query("active", pattern="^(open|playing|finished|active)$"),
        game: str | None = Query(None, max_length=64),
    ) -> list[dict[str, Any]]:
        """Open tables (waiting for players), games in progress, or finished games."""
        return await server.list_tables(status, game)

    @app.get("/api/tables/{table_id}", responses=BAD_REQUEST)
    async def table(table_id: str) -> dict[str, Any]:
        live = await server.get_live(table_id)
        if live is None:
            raise _http(Refused("no-table", f"there is no table {cut(table_id, 40)!r}"))
        return live.summary()

    @app.get("/api/tables/{table_id}/record", responses=BAD_REQUEST)
    async def record(table_id: str) -> dict[str, Any]:
        """The finished game's record: replay it with ``gametable replay FILE --check``."""
        return await server.record(table_id)

    @app.get("/api/tables/{table_id}/replay", responses=BAD_REQUEST)
    async def table_replay(
        table_id: str,
        lang: str | None = Query(None, max_length=35, description="the reader's language"),
    ) -> dict[str, Any]:
        """A finished game, step by step, with every seat's view and the story in words
        (for the replay viewer)."""
        return await server.replay(table_id, best_locale([lang] if lang else []))

    @app.post("/api/replay", responses=BAD_REQUEST)
    async def replay_upload(
        request: Request,
        lang: str | None = Query(None, max_length=35, description="the reader's language"),
    ) -> dict[str, Any]:
        """Step through a record file (the ``gametable-record`` JSON in the body, at most
        4 MiB): every seat's view at every step, the story in words. The server keeps
        nothing."""
        body = await request.body()
        if len(body) > MAX_RECORD_BYTES:
            raise _http(Refused("bad-record", "a record of more than 4 MiB"))
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            raise _http(Refused("bad-record", "this file is not JSON text")) from None
        return await asyncio.to_thread(replay_steps, data, best_locale([lang] if lang else []))

    @app.get("/api/leaderboard/{game}", responses=BAD_REQUEST)
    async def leaderboard(game: str, limit: int = Query(100, ge=1, le=1000)) -> dict[str, Any]:
        try:
            get_game(game)
        except KeyError as exc:
            raise _http(Refused("no-table", str(exc.args[0]))) from None
        rows = await asyncio.to_thread(server.store.leaderboard, game, limit)
        return {"game": game, "players": rows}

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        await Connection(server, websocket, table_id).run()

    if static:
        from gametable.server.web import mount_web

        mount_web(app)
    return app


class Connection:
    """One client's WebSocket session."""

    HELLO_SECONDS = 15.0
    locale = DEFAULT_LOCALE
    """The language the client reads (its hello's ``lang``)."""

    def __init__(self, server: GameServer, websocket: WebSocket, table_id: str) -> None:
        self.server = server
        self.ws = websocket
        self.table_id = table_id
        self.config = server.config
        self.allowance = float(self.config.messages_per_second) * 2
        self.last = time.monotonic()
        self.hints: set[asyncio.Task[None]] = set()
        """Hints being worked out for this connection (it reads on meanwhile)."""

    async def send(self, data: dict[str, Any]) -> None:
        await self.ws.send_text(dumps(data))

    async def error(self, code: str, message: str, ref: Any = None) -> None:
        await self.send({"type": "error", "code": code, "message": message, "ref": ref})

    async def receive(self) -> dict[str, Any] | None:
        """The next message as a JSON object, or ``None`` after an error was answered."""
        message = await self.ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        if text is None:
            data = message.get("bytes") or b""
            if len(data) > self.config.max_message_bytes:
                await self.error(
                    "too-large", f"messages are limited to {self.config.max_message_bytes} bytes"
                )
                return None
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                await self.error("bad-json", "a message must be UTF-8 JSON text")
                return None
        if len(text) > self.config.max_message_bytes:
            await self.error(
                "too-large",
                f"a message of {len(text)} characters; "
                f"the limit is {self.config.max_message_bytes}",
            )
            return None
        try:
            data = loads_message(text)
        except (ValueError, RecursionError) as exc:
            await self.error("bad-json", f"not JSON: {cut(exc, 120)}")
            return None
        if not isinstance(data, dict):
            await self.error("bad-message", "a message must be a JSON object with a 'type'")
            return None
        now = time.monotonic()
        rate = self.config.messages_per_second
        self.allowance = min(rate * 2, self.allowance + (now - self.last) * rate)
        self.last = now
        if self.allowance < 1:
            await self.error(
                "rate",
                f"more than {rate:g} messages a second; slow down",
                message_ref(data.get("id")),
            )
            return None
        self.allowance -= 1
        return data

    async def run(self) -> None:
        try:
            await self._run()
        except Exception as exc:
            if not unavailable(exc):
                raise
            # The database is down (loading the table, taking the seat): say so, and close
            # with "try again later"; the client reconnects by itself.
            self.server.service_failed("database", exc)
            with contextlib.suppress(Exception):
                await self.send(self.server.service_frame())
                await self.error("unavailable", "the server cannot reach its database just now")
                await self.ws.close(code=1013)

    async def _run(self) -> None:
        live = await self.server.get_live(self.table_id)
        if live is None:
            await self.error("no-table", f"there is no table {cut(self.table_id, 40)!r}")
            await self.ws.close(code=4404)
            return
        client: Client | None = None
        try:
            try:
                hello = await asyncio.wait_for(self._hello(), self.HELLO_SECONDS)
            except TimeoutError:
                await self.error("no-hello", "send {'type': 'hello'} first")
                await self.ws.close(code=4408)
                return
            if hello is None:
                return
            seat, name = hello
            client = Client(self.ws.send_text, seat, name, self.locale)
            live.clients.add(client)
            if seat is not None:
                await self.server.hub.set_present(live.id, seat, +1)
                await live.services.presence_changed(seat)
            client.post(
                json.dumps(
                    {
                        "type": "welcome",
                        "protocol": PROTOCOL,
                        "table": live.summary(),
                        "seat": seat,
                        "lang": self.locale,
                        "game": describe_game(live.game, self.locale),
                    },
                    ensure_ascii=False,
                )
            )
            client.post(dumps(live.frame(seat, self.locale)), "state")
            if self.server.down:
                client.post(json.dumps(self.server.service_frame(), ensure_ascii=False))
            while not client.closed:
                data = await self.receive()
                if data is not None:
                    await self.dispatch(live, client, data)
        except WebSocketDisconnect:
            pass
        finally:
            for task in list(self.hints):
                task.cancel()  # the hint itself is still worked out, for its cache
            if client is not None:
                live.clients.discard(client)
                await client.close()
                if client.seat is not None:
                    await self.server.hub.set_present(live.id, client.seat, -1)
                    with contextlib.suppress(Exception):
                        await live.services.presence_changed(client.seat)

    async def _hello(self) -> tuple[int | None, str | None] | None:
        while True:
            data = await self.receive()
            if data is None:
                continue
            if data.get("type") != "hello":
                await self.error(
                    "no-hello",
                    "the first message must be {'type': 'hello'}",
                    message_ref(data.get("id")),
                )
                continue
            token, name = data.get("token"), data.get("name")
            if name is not None and (not isinstance(name, str) or len(name) > 64):
                await self.error("bad-message", "'name' must be text of at most 64 characters")
                continue
            lang = data.get("lang")
            if lang is not None:
                if not isinstance(lang, str) or len(lang) > 35:
                    await self.error("bad-message", "'lang' must be a language tag such as 'fr'")
                    continue
                self.locale = best_locale([lang])
            if token is None:
                return None, None
            if not isinstance(token, str) or len(token) > 200:
                await self.error("bad-token", "'token' must be the text of a seat token")
                continue
            live = await self.server.get_live(self.table_id)
            assert live is not None
            seat = live.seat_of_token(token)
            if seat is None:
                await self.error("bad-token", "this token opens no seat of this table")
                await self.ws.close(code=4401)
                return None
            if not live.seats[seat].claimed or (name and name != live.seats[seat].name):
                await self.server.claim(self.table_id, None, name, token)
            return seat, name

    async def dispatch(self, live: LiveTable, client: Client, data: dict[str, Any]) -> None:
        kind, ref = data.get("type"), message_ref(data.get("id"))
        try:
            if kind == "ping":
                client.post(json.dumps({"type": "pong", "ref": ref, "server_time": time.time()}))
            elif kind == "act":
                if client.seat is None:
                    raise Refused("spectator", "spectators cannot play; join a seat first")
                seq = data.get("seq")
                if type(seq) is not int or not 0 <= seq <= MAX_SAFE_INTEGER:
                    raise Refused(
                        "bad-message", "an 'act' message needs 'seq': your decision count"
                    )
                action = live.read_action(client.seat, data)
                version = await live.submit(client.seat, action, by="human", seq=seq)
                client.post(json.dumps({"type": "ack", "ref": ref, "version": version}))
            elif kind == "hint":
                await self.hint(live, client, ref)
            elif kind == "state":
                frame = live.frame(client.seat, client.locale)
                client.post(dumps(frame), "state")
            elif kind == "preview":
                self.preview(live, client, data.get("draft"), ref)
            elif kind == "hello":
                raise Refused("bad-message", "already greeted")
            else:
                raise Refused("unknown-type", f"unknown message type {cut(kind, 40)!r}")
        except Refused as exc:
            client.post(json.dumps(self.refusal(live, client, exc, ref), ensure_ascii=False))

    def refusal(self, live: LiveTable, client: Client, exc: Refused, ref: Any) -> dict[str, Any]:
        """An ``error`` frame: the refusal's message in the client's language."""
        names = seat_labels(live.seats, client.locale, live.game)
        message = exc.told(locale=client.locale, names=names, viewer=client.seat)
        return {"type": "error", "code": exc.code, "message": message, "ref": ref}

    def preview(self, live: LiveTable, client: Client, draft: Any, ref: Any) -> None:
        """What the rules say of a decision being put together (``Game.preview``), from the
        client's own view: facts for its table to show, and words."""
        seat = client.seat
        if seat is None:
            raise Refused("spectator", "previews are for players")
        view = live.state.view(seat)
        try:
            found = live.game.preview(view, draft)
        except ValueError as exc:
            raise Refused("bad-action", cut(exc)) from None
        text = (
            None
            if found.message is None
            else render(
                found.message,
                locale=client.locale,
                names=seat_labels(live.seats, client.locale, live.game),
                viewer=seat,
            )
        )
        answer = {
            "type": "preview",
            "ref": ref,
            "version": live.version,
            "facts": render_tree(
                found.facts,
                locale=client.locale,
                names=seat_labels(live.seats, client.locale, live.game),
            ),
            "legal": found.legal,
            "text": text,
        }
        client.post(json.dumps(answer, ensure_ascii=False))

    async def hint(self, live: LiveTable, client: Client, ref: Any) -> None:
        seat = client.seat
        if seat is None:
            raise Refused("spectator", "hints are for players")
        state = live.state
        if live.status != "playing" or seat not in state.to_act:
            raise Refused("not-your-turn", "hints are given on your turn")
        # Refused here at once if the seat waits for another hint or the server is busy;
        # the answer is sent when it comes, and the connection reads on meanwhile.
        answer = self.server.advice.hint(live, seat)
        task = asyncio.create_task(
            self._send_hint(live, client, answer, ref), name="gametable-hint"
        )
        self.hints.add(task)
        task.add_done_callback(self.hints.discard)

    async def _send_hint(
        self, live: LiveTable, client: Client, answer: Awaitable[Hint], ref: Any
    ) -> None:
        try:
            hint = await answer
        except Refused as exc:
            client.post(json.dumps(self.refusal(live, client, exc, ref), ensure_ascii=False))
            return
        client.post(
            json.dumps(
                {
                    "type": "hint",
                    "ref": ref,
                    "version": hint.version,
                    "bot": hint.bot,
                    "action": hint.action,
                    "text": render(
                        hint.message,
                        locale=client.locale,
                        names=seat_labels(live.seats, client.locale, live.game),
                        viewer=client.seat,
                    ),
                },
                ensure_ascii=False,
            )
        )
