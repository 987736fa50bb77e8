"""Live tables: one authoritative game state per table, its seats, clients, bots and clocks.

Game-agnostic: everything about a game comes from the core interface (``new_state``,
``to_act``, ``legal_actions``, ``apply``, ``view``, ``timeout_action``, the action JSON and
notation). A table's life:

- created ``open`` with a secret seed (never sent to anyone until the game is over); human
  seats get secret tokens, bot seats their bot and settings;
- ``playing`` once every human seat is claimed; each decision is checked by the engine on
  a copy of the state, written to the database (and committed) and only then applied,
  acknowledged and sent out — each client gets its own seat's view;
- ``finished`` when the game ends: the result and the record become public, ratings move.

One process *owns* each unfinished table (a lease in the database) and runs its bots,
clocks and grace periods; any process may accept a human decision for any table (the
database's version check serializes them).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gametable.agents.catalog import hint_bot
from gametable.core.errors import GameError, IllegalAction, NotationError
from gametable.core.game import Action, Game, Result, score_to_json
from gametable.core.registry import get_game
from gametable.server.clocks import Clock, ClockConfig
from gametable.server.db import MoveRow, MoveWrite, SeatRow, TableRow, unavailable
from gametable.server.hub import HubUnavailable

if TYPE_CHECKING:
    from gametable.server.service import GameServer

log = logging.getLogger("gametable.server")

RECENT_EVENTS = 40


class Refused(Exception):
    """A client's request the server turns down: ``code`` for programs, message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def token_hash(token: str) -> str:
    """How a seat token is stored: its SHA-256 (a leaked database holds no usable token)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_token() -> str:
    """A secret seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def seat_labels(seats: Sequence[SeatRow]) -> list[str]:
    """Display names: the player's name, else ``Seat N``; bots by their name, numbered when
    several seats hold the same bot (``greedy 1``, ``greedy 2``)."""
    bots = [s.bot["name"] for s in seats if s.kind == "bot" and s.bot]
    seen: dict[str, int] = {}
    out = []
    for s in seats:
        if s.name:
            out.append(s.name)
        elif s.kind == "bot" and s.bot:
            name = s.bot["name"]
            seen[name] = seen.get(name, 0) + 1
            out.append(f"{name} {seen[name]}" if bots.count(name) > 1 else name)
        else:
            out.append(f"Seat {s.seat}")
    return out


class Client:
    """One WebSocket connection: its seat (``None`` for a spectator) and its outbox.

    Frames are sent by a task of their own, so a slow client never holds up a table. A
    state frame not yet sent is replaced by a newer one (only the latest view matters).
    """

    MAX_PENDING = 256

    def __init__(self, send: Any, seat: int | None, name: str | None) -> None:
        self._send = send
        self.seat = seat
        self.name = name
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


@dataclass
class TableSpec:
    """What a lobby asks for when it creates a table (checked by :func:`check_spec`)."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)
    clocks: dict[str, Any] = field(default_factory=dict)
    grace_seconds: float | None = 60.0
    replacement_bot: str | None = None
    public: bool = True
    title: str | None = None
    games: int | None = None
    """A match of this many games (with running totals); ``None``: one game, unless
    ``match`` asks for a match as long as the game's rules and options say."""
    match: bool = False


MAX_MATCH_GAMES = 20

MAX_SECONDS = 7 * 86_400
"""The longest time a table takes for a turn, a bank, an increment or a grace period: a
week (the lobby API's models say the same)."""


def _check_seconds(label: str, value: object) -> None:
    """Refuse (:class:`Refused`) a time that is not a number of seconds from 0 to a week:
    NaN and the infinities too (``1e400`` reads as infinity); ``None`` is allowed."""
    if value is None:
        return
    in_range = isinstance(value, int | float) and 0 <= value <= MAX_SECONDS  # False for NaN
    if isinstance(value, bool) or not in_range:
        raise Refused(
            "bad-table",
            f"{label} must be between 0 and a week ({MAX_SECONDS} seconds), not {_cut(value, 40)}",
        )


def check_spec(spec: TableSpec) -> tuple[Game, dict[str, Any], list[SeatRow], dict[str, Any]]:
    """The game, resolved options, seats and config of a requested table, or :class:`Refused`.

    Every bot is built once here, so a bad bot name or setting is refused at creation with
    the bot's own message rather than failing mid-game.
    """
    from gametable.agents.base import agent_names, make_agent

    try:
        game = get_game(spec.game)
    except KeyError as exc:
        raise Refused("bad-table", str(exc.args[0])) from None
    try:
        options = game.resolve_options(spec.players, spec.options)
    except GameError as exc:
        raise Refused("bad-table", str(exc)) from None
    default_bot, default_settings = hint_bot(game, spec.players)
    seats_in = spec.seats or [{"kind": "human"}] + [
        {"kind": "bot", "bot": default_bot, "settings": default_settings}
        for _ in range(spec.players - 1)
    ]
    if len(seats_in) != spec.players:
        raise Refused("bad-table", f"{len(seats_in)} seats given for {spec.players} players")
    names = agent_names(game)
    seats: list[SeatRow] = []
    for i, raw in enumerate(seats_in):
        kind = raw.get("kind")
        if kind == "human":
            name = raw.get("name")
            seats.append(SeatRow(i, "human", None, None, name, False, False))
        elif kind == "bot":
            bot, settings = raw.get("bot"), raw.get("settings") or {}
            if bot not in names:
                raise Refused(
                    "bad-table", f"seat {i}: no bot {bot!r} (choose from {', '.join(names)})"
                )
            if not isinstance(settings, dict):
                raise Refused("bad-table", f"seat {i}: bot settings must be an object")
            try:
                make_agent(game, bot, i, **settings)
            except (TypeError, ValueError, GameError) as exc:
                raise Refused("bad-table", f"seat {i} ({bot}): {exc}") from None
            seats.append(
                SeatRow(i, "bot", {"name": bot, "settings": settings}, None, None, True, False)
            )
        else:
            raise Refused("bad-table", f"seat {i}: kind must be 'human' or 'bot', not {kind!r}")
    if not any(s.kind == "human" for s in seats):
        raise Refused(
            "bad-table", "a table needs at least one human seat (use `simulate` for bots)"
        )
    for label in ("turn_seconds", "bank_seconds", "increment_seconds"):
        _check_seconds(label, (spec.clocks or {}).get(label))
    clocks = ClockConfig.from_json(spec.clocks)
    if spec.replacement_bot is None:
        replacement = {"name": default_bot, "settings": default_settings}
    elif spec.replacement_bot in names:
        replacement = {"name": spec.replacement_bot, "settings": {}}
    else:
        raise Refused(
            "bad-table", f"no bot {spec.replacement_bot!r} to stand in for absent players"
        )
    _check_seconds("grace_seconds", spec.grace_seconds)
    config: dict[str, Any] = {
        "clocks": clocks.to_json(),
        "grace_seconds": spec.grace_seconds,
        "replacement_bot": replacement,
        "public": bool(spec.public),
        "title": (spec.title or "")[:80] or None,
    }
    if spec.games is not None or spec.match:
        if spec.games is not None and not 1 <= spec.games <= MAX_MATCH_GAMES:
            raise Refused(
                "bad-table", f"a match has 1 to {MAX_MATCH_GAMES} games, not {spec.games}"
            )
        length = game.new_match(spec.players, options, spec.games).games
        if not 1 <= length <= MAX_MATCH_GAMES:
            raise Refused("bad-table", f"a match has 1 to {MAX_MATCH_GAMES} games, not {length}")
        if length > 1:
            config["match"] = {"games": length, "number": 1, "results": [], "tables": []}
    return game, options, seats, config


class LiveTable:
    """A table in memory: the authoritative state and everything attached to it."""

    def __init__(self, server: GameServer, row: TableRow) -> None:
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
        self.present: dict[int, bool] = {}
        self.lock = asyncio.Lock()
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.grace_tasks: dict[int, asyncio.Task[None]] = {}
        self.presence_tasks: dict[int, asyncio.Task[None]] = {}
        """Per seat held only by other processes' connections: a look when they expire."""
        self.timer: asyncio.Task[None] | None = None
        self.timed_out: set[int] = set()
        self.events: list[dict[str, Any]] = []
        self.owned = False

    # -- catching up with the database -----------------------------------------------

    def catch_up(self, moves: Sequence[MoveRow]) -> None:
        """Apply stored decisions from :attr:`version` on (they were checked when written)."""
        for move in moves:
            if move.idx != self.version:
                continue
            self.state.apply(move.seat, self.game.action_from_json(move.action))
            self.version += 1
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
        self._sync_timeouts()

    def _sync_timeouts(self) -> None:
        self.timed_out &= set(self.state.to_act)

    # -- what clients see --------------------------------------------------------------

    def seat_summaries(self) -> list[dict[str, Any]]:
        out = []
        for s, label in zip(self.seats, seat_labels(self.seats), strict=True):
            out.append(
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "bot": s.bot["name"] if s.bot else None,
                    "name": label,
                    "claimed": s.claimed,
                    "connected": s.kind == "bot" or self.present.get(s.seat, False),
                    "replaced": s.replaced,
                    "timed_out": s.seat in self.timed_out,
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

    def frame(self, seat: int | None) -> dict[str, Any]:
        """The state message for one seat (``None``: spectators): its own view only."""
        game, state = self.game, self.state
        now = time.monotonic()
        data: dict[str, Any] = {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "status": self.status,
            "seat": seat,
            "view": state.view(seat),
            "to_act": list(state.to_act) if self.status == "playing" else [],
            "seats": self.seat_summaries(),
            "clocks": self.clock.public(now) if self.clock.enabled else None,
            "events": self.events[-RECENT_EVENTS:],
            "server_time": time.time(),
        }
        if seat is not None:
            data["my_moves"] = self.seat_moves[seat]
            mine = self.status == "playing" and seat in state.to_act
            if mine and not self.bot_controls(seat):
                legal = state.legal_actions(seat)
                data["legal"] = [
                    {"json": game.action_to_json(a), "text": game.format_action(a)} for a in legal
                ]
                data["legal_complete"] = game.info.enumerable_actions
        if self.status == "finished":
            data["result"] = self.result_json
        match = self.match_info()
        if match is not None:
            data["match"] = match
        return data

    async def broadcast(self) -> None:
        frames: dict[int | None, str] = {}
        for client in list(self.clients):
            if client.closed:
                continue
            if client.seat not in frames:
                frames[client.seat] = json.dumps(self.frame(client.seat), ensure_ascii=False)
            client.post(frames[client.seat], "state")

    # -- seats and presence ------------------------------------------------------------

    def seat_of_token(self, token: str) -> int | None:
        digest = token_hash(token)
        for s in self.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        return None

    def bot_controls(self, seat: int) -> bool:
        """Whether a bot decides for ``seat`` now (a bot seat, an absent player's stand-in,
        or a player whose time ran out)."""
        row = self.seats[seat]
        return row.kind == "bot" or row.replaced or seat in self.timed_out

    def bot_for(self, seat: int) -> tuple[str, dict[str, Any]]:
        row = self.seats[seat]
        if row.kind == "bot" and row.bot:
            return row.bot["name"], dict(row.bot.get("settings") or {})
        stand_in = self.config.get("replacement_bot") or {}
        if not stand_in:
            name, settings = hint_bot(self.game, self.players)
            return name, dict(settings)
        return stand_in["name"], dict(stand_in.get("settings") or {})

    # -- decisions ---------------------------------------------------------------------

    def read_action(self, seat: int, message: dict[str, Any]) -> Action:
        """The decision a client's ``act`` message carries (JSON, notation or list index)."""
        state, game = self.state, self.game
        if "action" in message:
            try:
                return game.action_from_json(message["action"])
            except ValueError as exc:
                raise Refused(
                    "bad-action", f"not a decision of {game.title}: {_cut(exc)}"
                ) from None
        if "text" in message:
            text = message["text"]
            if not isinstance(text, str):
                raise Refused("bad-action", "'text' must be a string")
            legal = state.legal_actions(seat) if seat in state.to_act else []
            try:
                return game.parse_action(text, state.view(seat), legal)
            except NotationError as exc:
                raise Refused("bad-action", _cut(exc)) from None
        if "index" in message:
            index = message["index"]
            legal = state.legal_actions(seat) if seat in state.to_act else []
            if type(index) is not int or not 0 <= index < len(legal):
                raise Refused(
                    "bad-action", f"'index' must be 0–{len(legal) - 1}, not {_cut(index)}"
                )
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
            if seat in self.timed_out:
                raise Refused("timed-out", "your time ran out; your stand-in is deciding")
            if self.seats[seat].replaced:
                raise Refused("replaced", "a bot is playing for you; reconnect to take over")
            if action == state.timeout_action(seat):
                raise Refused(
                    "bad-action",
                    "running out of time is not a move: the game applies its timeout rule "
                    "when your time is up",
                )
        elif by == "bot" and not self.bot_controls(seat):
            raise Refused("not-bot", "the player is back")
        if seq is not None and seq != self.seat_moves[seat]:
            raise Refused(
                "stale",
                f"this decision was chosen after your decision {seq}, but you have made "
                f"{self.seat_moves[seat]}: it is a replay or out of date",
            )
        trial = state.clone()
        try:
            trial.apply(seat, action)
        except IllegalAction as exc:
            raise Refused("illegal", _cut(exc, 500)) from None
        now = time.monotonic()
        clock = copy.deepcopy(self.clock)
        clock.decided(seat, trial.to_act, now)
        over = trial.is_over
        result = trial.result().to_json() if over else None
        events: list[tuple[str, int | None, str]] = []
        if by == "timeout" and action == state.timeout_action(seat):
            # The game's own timeout rule. (A stand-in deciding for a seat whose time ran
            # out was announced once, at the deadline.)
            events.append(("timeout", seat, f"{self._who(seat)} ran out of time."))
        if over:
            events.append(("over", None, "The game is over."))
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
        self.seat_moves[seat] += 1
        self.clock = clock
        stamp = time.time()
        self.events.extend({"at": stamp, "kind": k, "seat": s, "text": t} for k, s, t in events)
        self._sync_timeouts()
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
            self.stop_tasks(presence=True)
            if committed:
                self.server.on_finished(self)
        elif self.owned:
            self.schedule()

    # -- bots, clocks, grace periods (the owner's work) -------------------------------

    def schedule(self) -> None:
        """Start the bots that must decide now and the timer of the next clock deadline
        (not while the database is down: the server schedules every table again when it
        answers, and the time it was down is not charged)."""
        if self.status != "playing" or not self.owned or "database" in self.server.down:
            return
        for seat in self.state.to_act:
            task = self.bot_tasks.get(seat)
            if self.bot_controls(seat) and (task is None or task.done()):
                self.bot_tasks[seat] = asyncio.create_task(self._bot_turn(seat, self.version))
        self._arm_timer()

    def _arm_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if not self.clock.enabled or self.status != "playing":
            return
        now = time.monotonic()
        nxt = self.clock.next_deadline(now, exclude=self._clock_exempt(now))
        if nxt is not None:
            at, seats = nxt
            self.timer = asyncio.create_task(self._on_deadline(at - now, seats))

    def _clock_exempt(self, now: float) -> set[int]:
        """Seats whose running-out needs nothing more: already handed to their stand-in,
        or bots past their time in a game with no timeout rule (they are deciding)."""
        exempt = set(self.timed_out)
        for seat in self.state.to_act:
            left = self.clock.remaining(seat, now)
            if (
                left is not None
                and left <= 0
                and self.bot_controls(seat)
                and self.state.timeout_action(seat) is None
            ):
                exempt.add(seat)
        return exempt

    async def _on_deadline(self, delay: float, seats: list[int]) -> None:
        await asyncio.sleep(max(0.0, delay))
        self.timer = None
        for seat in seats:
            if seat not in self.state.to_act or self.status != "playing":
                continue
            left = self.clock.remaining(seat, time.monotonic())
            if left is not None and left > 0.05:
                continue
            action = self.state.timeout_action(seat)
            if action is not None:
                with contextlib.suppress(Refused):
                    await self.submit(seat, action, by="timeout")
                continue
            if self.bot_controls(seat):
                continue  # a bot is already deciding for this seat
            self.timed_out.add(seat)
            text = f"{self._who(seat)} ran out of time; a bot plays this turn for them."
            try:
                await asyncio.to_thread(
                    self.server.store.update_table, self.id, [("timeout", seat, text)]
                )
            except Exception as exc:
                if not unavailable(exc):
                    raise
                self.server.service_failed("database", exc)
            self.events.append({"at": time.time(), "kind": "timeout", "seat": seat, "text": text})
            await self.broadcast()
        self.schedule()

    async def _bot_turn(self, seat: int, version: int) -> None:
        """Decide for ``seat`` for as long as a bot controls it and it is to act (a turn
        may be several decisions). A bot with a time budget keeps it for the whole turn:
        it is told how long ago the turn began, whichever worker process decides, and how
        much time the seat has left on the table's clock (the shorter of the two wins)."""
        refusals = 0
        turn_began: float | None = None
        try:
            while (
                self.status == "playing"
                and seat in self.state.to_act
                and self.bot_controls(seat)
                and refusals < 3
            ):
                state = self.state
                view = state.view(seat)
                if turn_began is None or self.game.turn_step(view).starts_turn:
                    turn_began = time.monotonic()
                legal = [self.game.action_to_json(a) for a in state.legal_actions(seat)]
                name, settings = self.bot_for(seat)
                decided = await self.server.pool.decide(
                    self.game.name,
                    name,
                    settings,
                    seat,
                    view,
                    legal,
                    turn_elapsed=time.monotonic() - turn_began,
                    time_left=self.clock.remaining(seat, time.monotonic()),
                )
                human = self.seats[seat].kind == "human"
                by = "timeout" if human and seat in self.timed_out else "bot"
                try:
                    await self.submit(seat, self.game.action_from_json(decided), by=by)
                except Refused as exc:
                    if exc.code in ("not-bot", "over", "not-your-turn"):
                        return
                    if exc.code == "unavailable":
                        await self.server.until_available()
                        continue  # decide again on the table as it then is
                    refusals += 1
                    log.warning("table %s: bot %s's decision refused: %s", self.id, name, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot for seat %s failed", self.id, seat)

    def stop_tasks(self, presence: bool = False) -> None:
        """Stop the owner's work (bots, grace periods, the clock's timer); with
        ``presence``, also the looks at other processes' presence (the table is done)."""
        tasks = [*self.bot_tasks.values(), *self.grace_tasks.values()]
        if presence:
            tasks += self.presence_tasks.values()
            self.presence_tasks.clear()
        for task in tasks:
            task.cancel()
        self.bot_tasks.clear()
        self.grace_tasks.clear()
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    async def presence_changed(self, seat: int) -> None:
        """Someone connected to or left ``seat`` (here or in another process), or the
        presence this table relied on may have expired: look again, and act on it.

        When the seat is held only by another process's connections, their entries expire
        unless that process keeps refreshing them; a process that died does not, and tells
        nobody. So the table looks again when they expire (:meth:`_watch_presence`): the
        absent player's grace period then starts even after a takeover, and every frame
        stops calling the seat connected."""
        try:
            present, until = await self.server.hub.presence(self.id, seat)
        except HubUnavailable:
            return  # unknown until Redis answers again; the server looks at every seat then
        self.present[seat] = present
        watch = self.presence_tasks.pop(seat, None)
        if watch is not None and watch is not asyncio.current_task():
            watch.cancel()
        if present and until is not None and self.status != "finished":
            self.presence_tasks[seat] = asyncio.create_task(
                self._watch_presence(seat, until), name="gametable-presence"
            )
        row = self.seats[seat]
        if not self.owned or row.kind != "human" or self.status == "finished":
            await self.broadcast()
            return
        if present:
            task = self.grace_tasks.pop(seat, None)
            if task is not None:
                task.cancel()
            if row.replaced:
                await self._set_replaced(seat, False)
        elif row.claimed and seat not in self.grace_tasks:
            grace = self.config.get("grace_seconds")
            if grace is not None:
                self.grace_tasks[seat] = asyncio.create_task(self._grace(seat, float(grace)))
        await self.broadcast()

    async def _watch_presence(self, seat: int, until: float) -> None:
        await asyncio.sleep(max(0.0, until - time.time()) + 0.05)
        try:
            await self.presence_changed(seat)
        except Exception:
            log.exception("table %s: checking seat %s's presence failed", self.id, seat)

    async def _grace(self, seat: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.grace_tasks.pop(seat, None)
        try:
            if await self.server.hub.is_present(self.id, seat):
                return
        except HubUnavailable:
            return  # not known now: the server looks at every seat when Redis is back
        if self.status != "finished" and not self.seats[seat].replaced:
            await self._set_replaced(seat, True)
            await self.broadcast()
            self.schedule()

    async def _set_replaced(self, seat: int, replaced: bool) -> None:
        who = self._who(seat)
        bot, _ = self.bot_for(seat)
        text = (
            f"{who} left; the {bot} bot plays for them until they return."
            if replaced
            else f"{who} is back and plays again."
        )
        event = ("replaced" if replaced else "returned", seat, text)
        try:
            await asyncio.to_thread(self.server.store.set_replaced, self.id, seat, replaced, event)
        except Exception as exc:
            if not unavailable(exc):
                raise
            self.server.service_failed("database", exc)
            return  # looked at again when the database answers
        self.seats[seat].replaced = replaced
        self.events.append({"at": time.time(), "kind": event[0], "seat": seat, "text": text})
        if not replaced:
            task = self.bot_tasks.pop(seat, None)
            if task is not None and seat not in self.timed_out:
                task.cancel()
        await self.server.hub.publish({"kind": "table", "table": self.id})


def _cut(value: object, limit: int = 300) -> str:
    try:
        text = str(value)
    except Exception:
        text = type(value).__name__
    return text if len(text) <= limit else text[: limit - 1] + "…"
