"""Work kept off the event loop: bot decisions in process pools, database writes in a
thread that commits decisions in batches.

A slow search at one table never stalls the others: bots decide in separate processes from
the seat's view and legal decisions only (never the state), and their random streams come
from fresh entropy, never from the deal's seed. The server keeps two pools: one for the
bots that play at live tables, and one, at the lowest OS priority, for advice to players
(hints: :mod:`gametable.server.advice`), so a table's bot never waits behind a hint.

Every worker process exits when the server process dies, however it dies (``kill -9``
included): see :func:`_die_with_parent`. The multiprocessing resource tracker then exits
too (it stops when the last process holding its pipe is gone).
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import multiprocessing
import os
import queue
import secrets
import signal
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from gametable.server.db import MoveWrite, Store

_AGENTS: dict[Any, Any] = {}
"""The bots built in this worker process, by game, bot, settings and seat."""


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


def advise(
    game_name: str,
    bot: str,
    settings: dict[str, Any],
    seat: int,
    view: dict[str, Any],
    legal_json: Sequence[Any],
    entropy: int,
) -> Any:
    """A hint (as JSON) for ``seat`` from its view, worked out by
    :func:`gametable.agents.hints.hint` — the terminal's own hint function; runs in a
    worker process of the advice pool."""
    from gametable.agents.hints import hint
    from gametable.core import Rng, get_game

    game = get_game(game_name)
    legal = [game.action_from_json(data) for data in legal_json]
    action = hint(
        game, seat, view, legal, Rng(entropy), bot=bot, settings=dict(settings), agents=_AGENTS
    )
    return game.action_to_json(action)


def _warm_up() -> None:
    import gametable.core.registry as registry

    registry.all_games()


ADVICE_NICENESS = 19
"""The OS priority of the advice workers (hints): the lowest, so that on a busy machine
they run only on the CPU time the table bots, the event loop and the database leave."""

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _worker_start(niceness: int) -> None:
    """Every worker process's initializer: it dies with the server, runs at ``niceness``
    (added to the server's), and has the games imported before its first decision."""
    _die_with_parent()
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    _warm_up()


def _die_with_parent() -> None:
    """Make this worker process exit as soon as the server process dies.

    A worker blocks reading its task queue, and holds both ends of that queue's pipe itself,
    so it never sees end-of-file when the server is gone: without this it would wait
    forever (and keep the resource tracker alive with it). Two guards:

    - on Linux, the kernel sends the worker ``SIGKILL`` when its parent dies
      (``prctl(PR_SET_PDEATHSIG)``), even in the middle of a search. The kernel's "parent"
      is the *thread* that started the worker: the pools start their workers from the
      event loop's thread, which lives as long as the server;
    - everywhere, a thread waits on the parent's sentinel (a pipe whose other end only the
      parent holds, :func:`multiprocessing.parent_process`) and exits the process when it
      closes.
    """
    parent = multiprocessing.parent_process()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass  # no prctl here: the thread below still watches
    if parent is None:
        return  # not started by multiprocessing: nobody to watch
    if not parent.is_alive():
        os._exit(0)  # the server died before we could ask to be told
    threading.Thread(
        target=_exit_with, args=(parent,), name="gametable-parent-watch", daemon=True
    ).start()


def _exit_with(parent: multiprocessing.process.BaseProcess) -> None:
    parent.join()  # returns once the parent's end of the sentinel pipe has closed
    os._exit(0)


class BotPool:
    """Bots deciding in worker processes.

    ``niceness`` is added to the workers' OS priority (0: the server's own; the advice pool
    uses :data:`ADVICE_NICENESS`).
    """

    def __init__(self, workers: int, niceness: int = 0) -> None:
        self.workers = max(1, workers)
        self.niceness = niceness
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(self.niceness,),
            )
        return self._executor

    def pids(self) -> list[int]:
        """The process ids of the workers running now."""
        if self._executor is None:
            return []
        processes = self._executor._processes  # the executor keeps no public list
        return [p.pid for p in list(processes.values()) if p.pid is not None]

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

    async def advise(
        self,
        game_name: str,
        bot: str,
        settings: dict[str, Any],
        seat: int,
        view: dict[str, Any],
        legal_json: Sequence[Any],
    ) -> Any:
        """A hint for ``seat`` (:func:`advise` in a worker process)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._pool(),
            advise,
            game_name,
            bot,
            settings,
            seat,
            view,
            list(legal_json),
            secrets.randbits(64),
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
