"""Live tables: one authoritative game state per table, kept in step with the database.

A :class:`LiveTable` holds a table's state and version, catches up with the decisions
stored (its own, other processes'), checks, commits and applies new decisions (a decision
is stored before anyone hears of it), and builds what each client is sent: its own seat's
view and, in words, the story, its legal decisions and the end. Game-agnostic: everything
about a game comes from the core interface. What keeps the table going for its seats
(bots, clocks, grace periods, presence) is :mod:`gametable.server.seats`; the wire protocol
is :mod:`gametable.server.protocol`.

A table's life:

- created ``open`` with a secret seed (never sent to anyone until the game is over); human
  seats get secret tokens, bot seats their bot and settings;
- ``playing`` once every human seat is claimed; each decision is checked by the engine on
  a copy of the state, written to the database (and committed) and only then applied,
  acknowledged and sent out;
- ``finished`` when the game ends: the result and the record become public, ratings move.

One process *owns* each unfinished table (a lease in the database) and runs its seat
services; any process may accept a human decision for any table (the database's version
check serializes them).
"""

from __future__ import annotations

import asyncio
import copy
import json
import logging
import secrets
import time
from collections.abc import Sequence
from typing import Any, Protocol

from gametable.core.errors import IllegalAction, NotationError
from gametable.core.game import Action, Game, Result, score_to_json
from gametable.core.records import action_from_stored
from gametable.core.registry import get_game
from gametable.core.words import (
    DEFAULT_LOCALE,
    Msg,
    Seat,
    render,
    tell_history,
    tell_legal,
    tell_result,
)
from gametable.server.clocks import Clock, ClockConfig
from gametable.server.db import MoveRow, MoveWrite, ServerEvent, Store, TableRow, unavailable
from gametable.server.hub import LocalHub, RedisHub
from gametable.server.protocol import Client, dumps
from gametable.server.refused import Refused, cut
from gametable.server.seats import SeatServices
from gametable.server.specs import seat_labels, token_hash
from gametable.server.workers import BotPool, Writer

log = logging.getLogger("gametable.server")

RECENT_EVENTS = 40


class TableHost(Protocol):
    """What a live table needs of the server process that holds it (a
    :class:`~gametable.server.service.GameServer`)."""

    store: Store
    hub: LocalHub | RedisHub
    writer: Writer
    pool: BotPool
    down: set[str]

    def service_failed(self, service: str, exc: BaseException | None = None) -> None: ...

    async def until_available(self) -> None: ...

    def on_finished(self, live: LiveTable) -> None: ...


class LiveTable:
    """A table in memory: the authoritative state and everything attached to it."""

    def __init__(self, server: TableHost, row: TableRow) -> None:
        self.server = server
        self.id = row.id
        self.game = get_game(row.game)
        self.players = row.players
        self.options = row.options
        self.config = row.config
        self.seats = row.seats
        self.status = row.status
        self.result_json = row.result
        self.finished_at = row.finished_at
        self.created_at = row.created_at
        self.state = self.game.state_from_setup(row.players, row.setup, row.options)
        self.version = 0
        self.seat_moves = [0] * self.players
        self.clock = Clock(
            ClockConfig.from_json(row.config.get("clocks")),
            self.players,
            self.state.turn_time_limit(),
        )
        self.clients: set[Client] = set()
        self.lock = asyncio.Lock()
        self.events: list[dict[str, Any]] = []
        self.owned = False
        """Whether this process runs the table's seat services (it holds the lease)."""
        self.services = SeatServices(self)
        self.lesson = self.game.lesson() if row.config.get("lesson") else None
        """The guided first game this table plays (:mod:`gametable.core.lessons`), if any."""
        self.last: tuple[int, int] | None = None
        """The last decision made: its seat, and how many that seat had made before it."""
        self._stories: dict[tuple[int | None, str], tuple[Any, int, list[dict[str, Any]]]] = {}
        """Per (seat, language): the story told so far (see :meth:`_story`)."""

    def catch_up(self, moves: Sequence[MoveRow]) -> None:
        """Apply stored decisions from :attr:`version` on (they were checked when written)."""
        for move in moves:
            if move.idx != self.version:
                continue
            self.state.apply(move.seat, action_from_stored(self.game, move.action))
            self.version += 1
            self.last = (move.seat, self.seat_moves[move.seat])
            self.seat_moves[move.seat] += 1

    async def refresh(self) -> None:
        """Read what other processes wrote (decisions, seats, status, clocks)."""
        async with self.lock:
            await self._refresh_locked()

    async def _refresh_locked(self) -> None:
        store = self.server.store
        row, moves, events = await asyncio.gather(
            asyncio.to_thread(store.load_table, self.id),
            asyncio.to_thread(store.moves, self.id, self.version),
            asyncio.to_thread(store.events, self.id, RECENT_EVENTS),
        )
        if row is None:
            return
        self.catch_up(moves)
        self.seats = row.seats
        self.status = row.status
        self.result_json = row.result
        self.finished_at = row.finished_at
        self.config = row.config
        self.events = events
        if row.clock is not None:
            self.clock.restore(row.clock, time.monotonic())
        self.services.sync_timeouts()

    def seat_summaries(
        self, locale: str = DEFAULT_LOCALE, names: list[str] | None = None
    ) -> list[dict[str, Any]]:
        """The seats as everyone sees them: names in ``locale``, or ``names`` (``named``: a
        name the player gave, or a bot's; else the seat is called "Player N")."""
        out = []
        labels = seat_labels(self.seats, locale) if names is None else names
        for s, label in zip(self.seats, labels, strict=True):
            out.append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot["name"] if s.bot else None,
                    "name": label,
                    "named": bool(s.name) or s.kind == "bot",
                    "claimed": s.claimed,
                    "connected": s.kind == "bot" or self.services.present.get(s.seat, False),
                    "replaced": s.replaced,
                    "timed_out": s.seat in self.services.timed_out,
                }
            )
        return out

    def match_info(self) -> dict[str, Any] | None:
        """Where this game stands in its match: game ``number`` of ``games``, the previous
        games' scores and the running standings (this game counted once it is over), and
        the ``next`` table once this game is over and the match goes on."""
        match = self.config.get("match")
        if not match:
            return None
        results = [Result.from_json(r) for r in match["results"]]
        if self.status == "finished" and self.result_json:
            results.append(Result.from_json(self.result_json))
        standing = self.game.new_match(self.players, self.options, match["games"])
        for result in results:
            standing.add(result)
        ranks, tiebreak = standing.standings()
        return {
            "number": match["number"],
            "games": match["games"],
            "tables": list(match["tables"]),
            "next": match.get("next"),
            "scores": [[score_to_json(x) for x in r.scores] for r in results],
            "totals": [score_to_json(x) for x in standing.totals],
            "games_won": list(standing.games_won),
            "ranks": list(ranks),
            "tiebreak": tiebreak,
            "over": standing.is_over,
        }

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it (public: no seed, no cards)."""
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.config.get("title") or self.game.title,
            "players": self.players,
            "options": self.options,
            "status": self.status,
            "version": self.version,
            "to_act": list(self.state.to_act) if self.status == "playing" else [],
            "seats": self.seat_summaries(),
            "clocks": self.config.get("clocks"),
            "grace_seconds": self.config.get("grace_seconds"),
            "replacement_bot": self.config.get("replacement_bot"),
            "public": self.config.get("public", True),
            "created_at": self.created_at,
            "finished_at": self.finished_at,
            "result": self.result_json,
            "match": self.match_info(),
        }

    def frame(self, seat: int | None, locale: str = DEFAULT_LOCALE) -> dict[str, Any]:
        """The state message for one seat (``None``: spectators): its own view only, and
        everything a person reads in words, in ``locale`` (the game's description layer:
        the story so far, the legal decisions, the end; the server's own events)."""
        game, state = self.game, self.state
        now = time.monotonic()
        view = state.view(seat)
        names = seat_labels(self.seats, locale, game)  # bots too, in the reader's words
        data: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "status": self.status,
            "seat": seat,
            "view": view,
            "log": self._story(view, seat, locale, names),
            "to_act": list(state.to_act) if self.status == "playing" else [],
            "seats": self.seat_summaries(locale, names),
            "clocks": self.clock.public(now) if self.clock.enabled else None,
            "events": [
                {
                    "at": e["at"],
                    "kind": e["kind"],
                    "seat": e["seat"],
                    "text": render(e["message"], locale=locale, names=names, viewer=seat),
                }
                for e in self.events[-RECENT_EVENTS:]
            ],
            "server_time": time.time(),
        }
        if seat is not None:
            data["my_moves"] = self.seat_moves[seat]
            mine = self.status == "playing" and seat in state.to_act
            if mine and not self.services.bot_controls(seat):
                legal = state.legal_actions(seat)
                texts = tell_legal(game, view, legal, locale=locale, names=names)
                data["legal"] = [
                    {"json": game.action_to_json(a), "text": text}
                    for a, text in zip(legal, texts, strict=True)
                ]
                data["legal_complete"] = game.info.enumerable_actions
        if self.status == "finished":
            data["result"] = self.result_json
            if self.result_json:
                result = Result.from_json(self.result_json)
                data["result_text"] = tell_result(
                    game, result, self.players, viewer=seat, locale=locale, names=names
                )
        match = self.match_info()
        if match is not None:
            data["match"] = match
        if seat is not None:
            data["rules_section"] = game.rules_section(view)  # what "?" opens now
        if self.lesson is not None and seat == self.lesson.learner:
            data["lesson"] = self._coach(seat, locale, names)
        return data

    def _coach(self, seat: int, locale: str, names: list[str]) -> dict[str, Any]:
        """What the lesson's coach says to the learner now: what the last decision showed,
        what to do next (on the learner's turn), and the scoring once the game is over."""
        lesson = self.lesson
        assert lesson is not None
        said: list[Msg] = []
        if self.version == 0 and lesson.intro is not None:
            said.append(lesson.intro)
        if self.last is not None:
            done = lesson.step(*self.last)
            if done is not None and done.then is not None:
                said.append(done.then)
        if self.status == "finished":
            said.append(lesson.end)
        elif seat in self.state.to_act:
            step = lesson.step(seat, self.seat_moves[seat])
            if step is not None and step.say is not None:
                said.append(step.say)
        return {
            "title": render(lesson.title, locale=locale, names=names, viewer=seat),
            "lines": [render(m, locale=locale, names=names, viewer=seat) for m in said],
            "step": self.seat_moves[seat],
            "steps": len(lesson.script.get(seat, ())),
        }

    def _story(
        self, view: dict[str, Any], seat: int | None, locale: str, names: list[str]
    ) -> list[dict[str, Any]]:
        """The game's story in words for ``seat``, told once per event: kept per seat and
        language, and only the events new since the last frame are told (the whole story is
        told again when the seats' names change or the game's end unseals facts)."""
        history = view.get("history") or []
        key = (seat, locale)
        cached = self._stories.get(key)
        sealed = (tuple(names), self.status == "finished")
        if cached is None or cached[0] != sealed or cached[1] > len(history):
            told = tell_history(self.game, view, locale=locale, names=names)
        else:
            told = cached[2] + tell_history(
                self.game, view, locale=locale, names=names, start=cached[1]
            )
        self._stories[key] = (sealed, len(history), told)
        return told

    async def broadcast(self) -> None:
        frames: dict[tuple[int | None, str], str] = {}
        for client in list(self.clients):
            if client.closed:
                continue
            key = (client.seat, client.locale)
            if key not in frames:
                frames[key] = dumps(self.frame(*key))
            client.post(frames[key], "state")

    def seat_of_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def read_action(self, seat: int, message: dict[str, Any]) -> Action:
        """The decision a client's ``act`` message carries (JSON, notation or list index)."""
        state, game = self.state, self.game
        if "action" in message:
            data = message["action"]
            problem = decision_problem(game, data)
            if problem is not None:
                raise Refused("bad-action", f"not a decision of {game.title}: {problem}")
            try:
                return game.action_from_json(data)
            except ValueError as exc:
                raise Refused("bad-action", f"not a decision of {game.title}: {cut(exc)}") from None
        if "text" in message:
            text = message["text"]
            if not isinstance(text, str):
                raise Refused("bad-action", "'text' must be a string")
            legal = state.legal_actions(seat) if seat in state.to_act else []
            try:
                return game.parse_action(text, state.view(seat), legal)
            except NotationError as exc:
                raise Refused("bad-action", exc.msg or cut(exc)) from None
        if "index" in message:
            index = message["index"]
            legal = state.legal_actions(seat) if seat in state.to_act else []
            if type(index) is not int or not 0 <= index < len(legal):
                raise Refused("bad-action", f"'index' must be 0–{len(legal) - 1}, not {cut(index)}")
            return legal[index]
        raise Refused("bad-message", "an 'act' message needs 'action', 'text' or 'index'")

    async def submit(self, seat: int, action: Action, by: str, seq: int | None = None) -> int:
        """Check, store and apply a decision of ``seat``; returns the new version.

        ``by`` is ``"human"``, ``"bot"`` or ``"timeout"``. A human decision carries ``seq``,
        the number of decisions the seat had made when it chose (a replayed or outdated
        message is refused). Raises :class:`Refused` and changes nothing otherwise — also
        ``unavailable`` while the database does not answer (the decision was not made; the
        server tells every client when it can be made again).
        """
        try:
            for _attempt in range(5):
                async with self.lock:
                    version = await self._submit_locked(seat, action, by, seq)
                if version is not None:
                    await self.after_change()
                    return version
                await self.refresh()  # another process wrote first: read it and try again
        except Exception as exc:
            if not unavailable(exc):
                raise
            # Nothing was acknowledged. If the commit went through and only its answer was
            # lost, catching up with the database when it answers again applies it.
            self.server.service_failed("database", exc)
            raise Refused(
                "unavailable",
                "the server cannot reach its database just now: this decision was not made; "
                "make it again when the game says it is back",
            ) from None
        raise Refused("busy", "the table is too busy; please try again")

    async def _submit_locked(
        self, seat: int, action: Action, by: str, seq: int | None
    ) -> int | None:
        state, game = self.state, self.game
        if self.status == "open":
            raise Refused("not-started", "the game starts when every seat is taken")
        if self.status != "playing":
            raise Refused("over", "the game is over")
        if seat not in state.to_act:
            who = ", ".join(map(str, state.to_act))
            raise Refused("not-your-turn", f"it is not seat {seat}'s turn (waiting for {who})")
        if by == "human":
            if seat in self.services.timed_out:
                raise Refused("timed-out", "your time ran out; your stand-in is deciding")
            if self.seats[seat].replaced:
                raise Refused("replaced", "a bot is playing for you; reconnect to take over")
            if action == state.timeout_action(seat):
                raise Refused(
                    "bad-action",
                    "running out of time is not a move: the game applies its timeout rule "
                    "when your time is up",
                )
        elif by == "bot" and not self.services.bot_controls(seat):
            raise Refused("not-bot", "the player is back")
        if seq is not None and seq != self.seat_moves[seat]:
            raise Refused(
                "stale",
                f"this decision was chosen after your decision {seq}, but you have made "
                f"{self.seat_moves[seat]}: it is a replay or out of date",
            )
        if by == "human" and self.lesson is not None:
            why = self.lesson.check(seat, self.seat_moves[seat], action, state.view(seat))
            if why is not None:
                raise Refused("lesson", why)
        trial = state.clone()
        try:
            trial.apply(seat, action)
        except IllegalAction as exc:
            reason = exc.msg if exc.msg is not None else cut(exc, 500)
            raise Refused("illegal", Msg("core.illegal", reason=reason)) from None
        now = time.monotonic()
        clock = copy.deepcopy(self.clock)
        clock.decided(seat, trial.to_act, now)
        over = trial.is_over
        result = trial.result().to_json() if over else None
        events: list[ServerEvent] = []
        if by == "timeout" and action == state.timeout_action(seat):
            # The game's own timeout rule. (A stand-in deciding for a seat whose time ran
            # out was announced once, at the deadline.)
            events.append(("timeout", seat, Msg("server.event.timeout", who=Seat(seat))))
        if over:
            events.append(("over", None, Msg("server.event.over")))
        write = MoveWrite(
            table_id=self.id,
            version=self.version,
            seat=seat,
            action=game.action_to_json(action),
            by=by,
            status="finished" if over else "playing",
            clock=clock.to_json(now) if clock.enabled else None,
            result=result,
            events=events,
        )
        if not await self.server.writer.submit(write):
            return None
        self.state = trial
        self.version += 1
        self.last = (seat, self.seat_moves[seat])
        self.seat_moves[seat] += 1
        self.clock = clock
        stamp = time.time()
        self.events.extend({"at": stamp, "kind": k, "seat": s, "message": m} for k, s, m in events)
        self.services.sync_timeouts()
        if over:
            self.status = "finished"
            self.result_json = result
            self.finished_at = stamp
        await self.server.hub.publish({"kind": "moved", "table": self.id, "version": self.version})
        return self.version

    def _who(self, seat: int) -> str:
        return seat_labels(self.seats)[seat]

    async def after_change(self, committed: bool = True) -> None:
        """Tell every client, then let bots and clocks do their part.

        ``committed``: this process wrote the change (it then rates a finished game; a
        process that only read another's change leaves that to the writer).
        """
        await self.broadcast()
        if self.status == "finished":
            self.services.stop_tasks(presence=True)
            if committed:
                self.server.on_finished(self)
        elif self.owned:
            self.services.schedule()


_VALIDATORS: dict[str, Any] = {}

_FITTING: dict[tuple[str, str], None] = {}
"""Decisions found to fit their game's schema, by game and canonical JSON text: the check
costs about 0.4 ms, a tenth of the server's time per decision at 500 tables, and nearly
every decision sent is one sent before (a game of Ramen Fury has about 120 distinct ones)."""

FITTING_SIZE = 4096
"""How many fitting decisions :func:`decision_problem` remembers (each at most 1 KiB)."""


def decision_problem(game: Game, data: Any) -> str | None:
    """Why ``data`` is not a decision of ``game`` by the game's JSON Schema, naming the field
    at fault (``None``: it fits). The schema is the one the server publishes with the game's
    description; the codec that made it gives the words where it can."""
    try:
        # JSON text with sorted keys is the same for the same JSON data, and different
        # for different data (1, 1.0 and true too): what the schema sees.
        key: tuple[str, str] | None = (game.name, json.dumps(data, sort_keys=True))
    except (TypeError, ValueError, RecursionError):
        key = None
    if key is not None and key in _FITTING:
        return None
    problem = _schema_problem(game, data)
    if problem is None and key is not None and len(key[1]) <= 1024:
        if len(_FITTING) >= FITTING_SIZE:
            _FITTING.clear()
        _FITTING[key] = None
    return problem


def _schema_problem(game: Game, data: Any) -> str | None:
    validator = _VALIDATORS.get(game.name)
    if validator is None:
        schema = game.decision_schema()
        from jsonschema import Draft202012Validator

        validator = _VALIDATORS[game.name] = Draft202012Validator(schema)
    try:
        errors = list(validator.iter_errors(data))
    except RecursionError:
        return "it nests too deep"
    if not errors:
        return None
    try:
        game.action_from_json(data)
    except ValueError as exc:
        return cut(exc)
    from jsonschema.exceptions import best_match

    error = best_match(errors)
    where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    return cut(f"{where.lstrip('.') or 'the decision'}: {error.message}")
