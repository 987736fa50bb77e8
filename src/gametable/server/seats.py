"""Seat services: what keeps a live table going for its seats — bots that decide (for
bot seats, absent players' stand-ins and players whose time ran out), the clocks and
their deadlines, grace periods, and who is connected (presence, here and in other
processes). The work of the process that runs the table (its lease holder)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, Protocol

from gametable.agents.catalog import hint_bot
from gametable.core.game import Action, Game, State
from gametable.core.lessons import Lesson
from gametable.core.words import Msg, Seat
from gametable.server.clocks import Clock
from gametable.server.db import SeatRow, ServerEvent, Store, unavailable
from gametable.server.hub import HubUnavailable, LocalHub, RedisHub
from gametable.server.refused import Refused
from gametable.server.specs import bot_label
from gametable.server.workers import BotPool

log = logging.getLogger("gametable.server")

LESSON_PAUSE = 0.6
"""Seconds a lesson's scripted seat waits before its move, so the learner sees it come."""


class SeatsHost(Protocol):
    """What the seat services need of the process that runs the table."""

    store: Store
    hub: LocalHub | RedisHub
    pool: BotPool
    down: set[str]

    def service_failed(self, service: str, exc: BaseException | None = None) -> None: ...

    async def until_available(self) -> None: ...


class ServedTable(Protocol):
    """What the seat services need of their table (a
    :class:`~gametable.server.live.LiveTable`)."""

    id: str
    game: Game
    players: int
    state: State
    status: str
    version: int
    seats: list[SeatRow]
    config: dict[str, Any]
    clock: Clock
    events: list[dict[str, Any]]
    owned: bool

    @property
    def server(self) -> SeatsHost: ...

    seat_moves: list[int]
    lesson: Lesson | None

    async def broadcast(self) -> None: ...

    async def submit(self, seat: int, action: Action, by: str, seq: int | None = None) -> int: ...


class SeatServices:
    """The seat services of one live table (see the module docstring)."""

    def __init__(self, live: ServedTable) -> None:
        self.live = live
        self.present: dict[int, bool] = {}
        """Per seat, whether anyone is connected to it (here or in another process)."""
        self.bot_tasks: dict[int, asyncio.Task[None]] = {}
        self.grace_tasks: dict[int, asyncio.Task[None]] = {}
        self.presence_tasks: dict[int, asyncio.Task[None]] = {}
        """Per seat held only by other processes' connections: a look when they expire."""
        self.timer: asyncio.Task[None] | None = None
        self.timed_out: set[int] = set()
        """Seats whose time ran out this turn (a bot decides for them until it ends)."""

    def bot_controls(self, seat: int) -> bool:
        """Whether a bot decides for ``seat`` now (a bot seat, an absent player's stand-in,
        or a player whose time ran out)."""
        row = self.live.seats[seat]
        return row.kind == "bot" or row.replaced or seat in self.timed_out

    def bot_for(self, seat: int) -> tuple[str, dict[str, Any]]:
        row = self.live.seats[seat]
        if row.kind == "bot" and row.bot:
            return row.bot["name"], dict(row.bot.get("settings") or {})
        stand_in = self.live.config.get("replacement_bot") or {}
        if not stand_in:
            name, settings = hint_bot(self.live.game, self.live.players)
            return name, dict(settings)
        return stand_in["name"], dict(stand_in.get("settings") or {})

    def sync_timeouts(self) -> None:
        self.timed_out &= set(self.live.state.to_act)

    def schedule(self) -> None:
        """Start the bots that must decide now and the timer of the next clock deadline
        (not while the database is down: the server schedules every table again when it
        answers, and the time it was down is not charged)."""
        if (
            self.live.status != "playing"
            or not self.live.owned
            or "database" in self.live.server.down
        ):
            return
        for seat in self.live.state.to_act:
            task = self.bot_tasks.get(seat)
            if self.bot_controls(seat) and (task is None or task.done()):
                self.bot_tasks[seat] = asyncio.create_task(self._bot_turn(seat, self.live.version))
        self._arm_timer()

    def _arm_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if not self.live.clock.enabled or self.live.status != "playing":
            return
        now = time.monotonic()
        nxt = self.live.clock.next_deadline(now, exclude=self._clock_exempt(now))
        if nxt is not None:
            at, seats = nxt
            self.timer = asyncio.create_task(self._on_deadline(at - now, seats))

    def _clock_exempt(self, now: float) -> set[int]:
        """Seats whose running-out needs nothing more: already handed to their stand-in,
        or bots past their time in a game with no timeout rule (they are deciding)."""
        exempt = set(self.timed_out)
        for seat in self.live.state.to_act:
            left = self.live.clock.remaining(seat, now)
            if (
                left is not None
                and left <= 0
                and self.bot_controls(seat)
                and self.live.state.timeout_action(seat) is None
            ):
                exempt.add(seat)
        return exempt

    async def _on_deadline(self, delay: float, seats: list[int]) -> None:
        await asyncio.sleep(max(0.0, delay))
        self.timer = None
        for seat in seats:
            if seat not in self.live.state.to_act or self.live.status != "playing":
                continue
            left = self.live.clock.remaining(seat, time.monotonic())
            if left is not None and left > 0.05:
                continue
            action = self.live.state.timeout_action(seat)
            if action is not None:
                with contextlib.suppress(Refused):
                    await self.live.submit(seat, action, by="timeout")
                continue
            if self.bot_controls(seat):
                continue  # a bot is already deciding for this seat
            self.timed_out.add(seat)
            text = Msg("server.event.timeout_stand_in", who=Seat(seat))
            try:
                await asyncio.to_thread(
                    self.live.server.store.update_table, self.live.id, [("timeout", seat, text)]
                )
            except Exception as exc:
                if not unavailable(exc):
                    raise
                self.live.server.service_failed("database", exc)
            self.live.events.append(
                {"at": time.time(), "kind": "timeout", "seat": seat, "message": text}
            )
            await self.live.broadcast()
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
                self.live.status == "playing"
                and seat in self.live.state.to_act
                and self.bot_controls(seat)
                and refusals < 3
            ):
                state = self.live.state
                view = state.view(seat)
                if turn_began is None or self.live.game.turn_step(view).starts_turn:
                    turn_began = time.monotonic()
                name, settings = self.bot_for(seat)
                lesson = self.live.lesson
                scripted = (
                    None if lesson is None else lesson.scripted(seat, self.live.seat_moves[seat])
                )
                if scripted is not None:
                    action = scripted  # a lesson's seat plays its script
                    await asyncio.sleep(LESSON_PAUSE)  # …at a pace the learner can follow
                else:
                    legal = [self.live.game.action_to_json(a) for a in state.legal_actions(seat)]
                    decided = await self.live.server.pool.decide(
                        self.live.game.name,
                        name,
                        settings,
                        seat,
                        view,
                        legal,
                        turn_elapsed=time.monotonic() - turn_began,
                        time_left=self.live.clock.remaining(seat, time.monotonic()),
                    )
                    action = self.live.game.action_from_json(decided)
                human = self.live.seats[seat].kind == "human"
                by = "timeout" if human and seat in self.timed_out else "bot"
                try:
                    await self.live.submit(seat, action, by=by)
                except Refused as exc:
                    if exc.code in ("not-bot", "over", "not-your-turn"):
                        return
                    if exc.code == "unavailable":
                        await self.live.server.until_available()
                        continue  # decide again on the table as it then is
                    refusals += 1
                    log.warning("table %s: bot %s's decision refused: %s", self.live.id, name, exc)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot for seat %s failed", self.live.id, seat)

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
            present, until = await self.live.server.hub.presence(self.live.id, seat)
        except HubUnavailable:
            return  # unknown until Redis answers again; the server looks at every seat then
        self.present[seat] = present
        watch = self.presence_tasks.pop(seat, None)
        if watch is not None and watch is not asyncio.current_task():
            watch.cancel()
        if present and until is not None and self.live.status != "finished":
            self.presence_tasks[seat] = asyncio.create_task(
                self._watch_presence(seat, until), name="gametable-presence"
            )
        row = self.live.seats[seat]
        if not self.live.owned or row.kind != "human" or self.live.status == "finished":
            await self.live.broadcast()
            return
        if present:
            task = self.grace_tasks.pop(seat, None)
            if task is not None:
                task.cancel()
            if row.replaced:
                await self._set_replaced(seat, False)
        elif row.claimed and seat not in self.grace_tasks:
            grace = self.live.config.get("grace_seconds")
            if grace is not None:
                self.grace_tasks[seat] = asyncio.create_task(self._grace(seat, float(grace)))
        await self.live.broadcast()

    async def _watch_presence(self, seat: int, until: float) -> None:
        await asyncio.sleep(max(0.0, until - time.time()) + 0.05)
        try:
            await self.presence_changed(seat)
        except Exception:
            log.exception("table %s: checking seat %s's presence failed", self.live.id, seat)

    async def _grace(self, seat: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        self.grace_tasks.pop(seat, None)
        try:
            if await self.live.server.hub.is_present(self.live.id, seat):
                return
        except HubUnavailable:
            return  # not known now: the server looks at every seat when Redis is back
        if self.live.status != "finished" and not self.live.seats[seat].replaced:
            await self._set_replaced(seat, True)
            await self.live.broadcast()
            self.schedule()

    async def _set_replaced(self, seat: int, replaced: bool) -> None:
        bot, _ = self.bot_for(seat)
        text = (
            Msg("server.event.replaced", who=Seat(seat), bot=bot_label(self.live.game, bot))
            if replaced
            else Msg("server.event.returned", who=Seat(seat))
        )
        event: ServerEvent = ("replaced" if replaced else "returned", seat, text)
        try:
            await asyncio.to_thread(
                self.live.server.store.set_replaced, self.live.id, seat, replaced, event
            )
        except Exception as exc:
            if not unavailable(exc):
                raise
            self.live.server.service_failed("database", exc)
            return  # looked at again when the database answers
        self.live.seats[seat].replaced = replaced
        self.live.events.append(
            {"at": time.time(), "kind": event[0], "seat": seat, "message": text}
        )
        if not replaced:
            task = self.bot_tasks.pop(seat, None)
            if task is not None and seat not in self.timed_out:
                task.cancel()
        await self.live.server.hub.publish({"kind": "table", "table": self.live.id})
