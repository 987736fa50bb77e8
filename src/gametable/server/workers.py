"""Work kept off the event loop: bot decisions in a process pool, database writes in a
thread that commits decisions in batches.

A slow search at one table never stalls the others: bots decide in separate processes from
the seat's view and legal decisions only (never the state), and their random streams come
from fresh entropy, never from the deal's seed.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import queue
import secrets
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from gametable.server.db import MoveWrite, Store

_AGENTS: dict[tuple[str, str, str, int], Any] = {}


def decide(
    game_name: str,
    bot: str,
    settings: dict[str, Any],
    seat: int,
    view: dict[str, Any],
    legal_json: Sequence[Any],
    entropy: int,
    turn_elapsed: float | None = None,
    time_left: float | None = None,
) -> Any:
    """A bot's decision (as JSON) for ``seat`` from its view; runs in a worker process.

    ``turn_elapsed``: how long ago the seat's turn began, for a bot that keeps a time
    budget per turn (its :class:`~gametable.agents.clock.TurnClock`): the decisions of one
    turn may reach different worker processes, each with its own copy of the bot.
    ``time_left``: the seat's time on the table's clock, if it has one: the bot's turn
    ends before it runs out, whatever its own budget.
    """
    from gametable.agents.base import make_agent
    from gametable.core import Rng, get_game

    game = get_game(game_name)
    key = (game_name, bot, json.dumps(settings, sort_keys=True), seat)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(game, bot, seat, **settings)
    legal = [game.action_from_json(data) for data in legal_json]
    clock = getattr(agent, "clock", None)
    if clock is not None and turn_elapsed is not None:
        clock.resume(turn_elapsed, time_left)
    action = agent.act(view, legal, Rng(entropy))
    return game.action_to_json(action)


def _warm_up() -> None:
    import gametable.core.registry as registry

    registry.all_games()


class BotPool:
    """Bots deciding in worker processes."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_warm_up,
            )
        return self._executor

    async def warm_up(self) -> None:
        """Start the worker processes now, so the first bot decision is not slowed down by
        their start-up (importing the games takes a second or two)."""
        loop = asyncio.get_running_loop()
        pool = self._pool()
        await asyncio.gather(*(loop.run_in_executor(pool, _warm_up) for _ in range(self.workers)))

    async def decide(
        self,
        game_name: str,
        bot: str,
        settings: dict[str, Any],
        seat: int,
        view: dict[str, Any],
        legal_json: Sequence[Any],
        turn_elapsed: float | None = None,
        time_left: float | None = None,
    ) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool(),
            decide,
            game_name,
            bot,
            settings,
            seat,
            view,
            list(legal_json),
            secrets.randbits(64),
            turn_elapsed,
            time_left,
        )

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


class Writer:
    """Commits decisions in a background thread, batching those that arrive together.

    :meth:`submit` resolves once the decision's transaction has committed: ``True`` if it
    was written, ``False`` on a version conflict (another writer was first). A batch is one
    transaction and one disk sync however many tables it holds ("group commit").
    """

    MAX_BATCH = 256

    def __init__(self, store: Store) -> None:
        self.store = store
        self._queue: queue.Queue[tuple[MoveWrite, asyncio.Future[bool]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="gametable-writer", daemon=True)
        self._thread.start()

    def submit(self, write: MoveWrite) -> asyncio.Future[bool]:
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.put((write, future))
        return future

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < self.MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            try:
                results: list[bool] | BaseException = self.store.commit_moves([w for w, _ in batch])
            except BaseException as exc:  # the database failed: every waiter hears of it
                results = exc
            for i, (_, future) in enumerate(batch):
                loop = future.get_loop()
                if isinstance(results, BaseException):
                    loop.call_soon_threadsafe(_fail, future, results)
                else:
                    loop.call_soon_threadsafe(_resolve, future, results[i])
            if stop:
                return

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)


def _resolve(future: asyncio.Future[bool], value: bool) -> None:
    if not future.done():
        future.set_result(value)


def _fail(future: asyncio.Future[bool], exc: BaseException) -> None:
    if not future.done():
        future.set_exception(exc)
