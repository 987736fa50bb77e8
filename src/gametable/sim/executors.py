"""Where games are played: in this process, in a pool of local processes, or on Ray.

Every executor takes batches of :class:`~gametable.sim.jobs.GameTask` and yields the rows
of each finished batch as soon as it is done (in completion order, not task order).
Batches are drawn from the iterable only as workers free up, so the iterable may size
each batch from the timings of the rows already returned (see
:class:`~gametable.sim.jobs.AdaptiveBatches`). The
rows depend only on the tasks, which carry their own seeds, so every executor and every
worker count gives the same rows.
"""

from __future__ import annotations

import multiprocessing
import os
import socket
import sys
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from gametable.core.errors import quote
from gametable.core.registry import all_games
from gametable.sim.jobs import GameRow, GameTask, SimError, play_batch

BACKENDS = ("local", "ray")
"""Names accepted by :func:`make_executor` (``--backend``)."""


class Executor(Protocol):
    """Runs batches of games and yields each batch's rows when it finishes."""

    name: str
    workers: int

    def run(
        self, batches: Iterable[Sequence[GameTask]], keep_records: bool = False
    ) -> Iterator[list[GameRow]]: ...

    def close(self) -> None: ...


class InlineExecutor:
    """Plays every batch in this process, one after another (``--workers 1``)."""

    name = "inline"
    workers = 1

    def run(
        self, batches: Iterable[Sequence[GameTask]], keep_records: bool = False
    ) -> Iterator[list[GameRow]]:
        """Yield each batch's rows in order."""
        for batch in batches:
            yield play_batch(batch, keep_records)

    def close(self) -> None:
        """Nothing to release."""


class ProcessExecutor:
    """A pool of local worker processes, each playing whole batches.

    Batches are submitted a few at a time per worker so an interrupt stops quickly and
    memory stays flat on huge jobs. Workers start with ``forkserver`` on Linux (safe with
    the progress bar's thread, and fast), ``spawn`` elsewhere. The fork server preloads the
    simulator and every game module the registry has loaded, so workers start warm.
    """

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or available_cores()
        if sys.platform.startswith("linux"):
            context = multiprocessing.get_context("forkserver")
            all_games()  # load the registry, so its game modules can be preloaded
            loaded = sorted(m for m in sys.modules if m.startswith("gametable."))
            context.set_forkserver_preload(["gametable.sim.jobs", *loaded])
        else:
            context = multiprocessing.get_context("spawn")
        self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        self._aborted = False

    def run(
        self, batches: Iterable[Sequence[GameTask]], keep_records: bool = False
    ) -> Iterator[list[GameRow]]:
        """Yield each batch's rows as it completes."""
        source = iter(batches)
        running: set[Future[list[GameRow]]] = set()
        limit = 2 * self.workers
        try:
            while True:
                while len(running) < limit and (batch := next(source, None)) is not None:
                    running.add(self._pool.submit(play_batch, batch, keep_records))
                if not running:
                    break
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        except BaseException:
            self._aborted = True  # an interrupt or a failed game: do not wait for the rest
            raise
        finally:
            for future in running:
                future.cancel()

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers (for monitoring, e.g. CPU use in benchmarks)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return sorted(int(pid) for pid in processes)

    def close(self) -> None:
        """Stop the workers: after an interrupt or a failure, at once (their batches are
        dropped); otherwise once they are idle."""
        if self._aborted:
            processes = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            for process in processes:
                process.join(timeout=5)
        else:
            self._pool.shutdown(wait=True, cancel_futures=True)


class RayExecutor:
    """Runs batches as Ray tasks on a cluster (``address``) or on a local Ray instance.

    ``address=None`` starts a private local instance with ``workers`` CPUs (or connects to
    the one already initialised in this process); ``"auto"`` or ``"ray://host:port"``
    joins an existing cluster, where every node needs gametable installed. At most
    ``2 × workers`` batches are in flight at once.
    """

    name = "ray"

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise SimError("the Ray backend needs Ray: pip install 'gametable[ray]'") from None
        self._ray: Any = ray
        self._owned = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "configure_logging": False,
            }
            if address:
                _check_reachable(address)
                kwargs["address"] = address
            elif workers:
                kwargs["num_cpus"] = workers
            try:
                ray.init(**kwargs)
            except (ConnectionError, RuntimeError, ValueError) as exc:
                where = address or "a local instance"
                raise SimError(f"cannot start or reach Ray at {where}: {exc}") from None
            self._owned = True
        cluster_cpus = int(self._ray.cluster_resources().get("CPU", 1))
        self.workers = workers or max(1, cluster_cpus)
        self._remote: Any = ray.remote(num_cpus=1)(play_batch)

    def run(
        self, batches: Iterable[Sequence[GameTask]], keep_records: bool = False
    ) -> Iterator[list[GameRow]]:
        """Yield each batch's rows as it completes."""
        ray = self._ray
        source = iter(batches)
        running: list[Any] = []
        limit = 2 * self.workers
        try:
            while True:
                while len(running) < limit and (batch := next(source, None)) is not None:
                    running.append(self._remote.remote(batch, keep_records))
                if not running:
                    break
                done, running = ray.wait(running, num_returns=1)
                for ref in done:
                    rows: list[GameRow] = ray.get(ref)
                    yield rows
        finally:
            for ref in running:
                ray.cancel(ref)

    def close(self) -> None:
        """Shut Ray down if this executor started it."""
        if self._owned:
            self._ray.shutdown()


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast on a ``host:port`` (or ``ray://host:port``) nobody listens on: Ray itself
    retries for minutes before giving up. ``auto`` and other forms are left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise SimError(f"cannot reach a Ray cluster at {address}: {exc}") from None


MAX_WORKERS_PER_CORE = 8
"""Local workers are processes: more than this many per core only costs memory."""


def available_cores() -> int:
    """CPU cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def make_executor(
    backend: str = "local", workers: int | None = None, address: str | None = None
) -> Executor:
    """The executor for ``--backend``/``--workers``/``--address``.

    ``local`` with one worker plays in this process; with more, in a process pool.
    """
    if workers is not None and workers < 1:
        raise SimError(f"--workers must be at least 1, got {workers}")
    if backend == "local":
        if address:
            raise SimError("--address is for --backend ray")
        cores = available_cores()
        if workers is not None and workers > MAX_WORKERS_PER_CORE * cores:
            raise SimError(
                f"--workers {quote(workers)} is more than {MAX_WORKERS_PER_CORE} per core "
                f"(this machine gives {cores}); each worker is a process"
            )
        count = workers or cores
        return InlineExecutor() if count == 1 else ProcessExecutor(count)
    if backend == "ray":
        return RayExecutor(address, workers)
    raise SimError(f"unknown backend {backend!r} (choose from: {', '.join(BACKENDS)})")
