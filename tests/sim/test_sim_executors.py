"""Executors: the same seeds give the same rows on every backend, worker count and batching."""

from __future__ import annotations

import pytest

from gametable.core import get_game
from gametable.sim import (
    InlineExecutor,
    ProcessExecutor,
    SimError,
    make_executor,
    parse_bots,
    run_job,
    simulation_tasks,
    tournament_tasks,
)

RAMEN = get_game("ramen-ramen")


def job(games: int = 24, seed: int = 11):  # type: ignore[no-untyped-def]
    return simulation_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,random"), games, seed, {})


def outcomes(run) -> list[tuple[object, ...]]:  # type: ignore[no-untyped-def]
    return [r.outcome() for r in run.rows]


def test_process_pool_and_batch_size_do_not_change_results() -> None:
    spec, tasks = job()
    inline = run_job(spec, tasks, InlineExecutor(), batch_size=5)
    pool = ProcessExecutor(2)
    try:
        parallel = run_job(spec, tasks, pool, batch_size=3)
        single = run_job(spec, tasks, pool, batch_size=24)
    finally:
        pool.close()
    assert [r.index for r in parallel.rows] == list(range(24))
    assert outcomes(inline) == outcomes(parallel) == outcomes(single)
    assert parallel.played == 24 and parallel.resumed == 0


def test_a_different_seed_gives_different_games() -> None:
    a = run_job(*job(6, seed=1), InlineExecutor())
    b = run_job(*job(6, seed=2), InlineExecutor())
    assert outcomes(a) != outcomes(b)


def test_executor_settings_are_checked() -> None:
    with pytest.raises(SimError, match="--workers must be at least 1"):
        make_executor("local", 0)
    with pytest.raises(SimError, match="unknown backend 'spark'"):
        make_executor("spark")
    with pytest.raises(SimError, match="--address is for --backend ray"):
        make_executor("local", 2, "auto")
    assert isinstance(make_executor("local", 1), InlineExecutor)


def test_an_unreachable_ray_address_fails_fast_with_the_reason() -> None:
    pytest.importorskip("ray")
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(SimError, match=f"cannot reach a Ray cluster at 127.0.0.1:{port}"):
        make_executor("ray", 1, f"127.0.0.1:{port}")


def test_ray_gives_the_same_rows_as_local_processes() -> None:
    """Ray no longer has ``local_mode`` (removed in Ray 2.x: "local_mode is no longer
    supported"); its current equivalent is a private single-machine instance, which is
    what ``RayExecutor`` starts without an address."""
    ray = pytest.importorskip("ray")
    spec, tasks = job(16)
    game = get_game("ramen-fury")
    tspec, ttasks = tournament_tasks(game, 2, parse_bots(game, "greedy,random"), 2, 5, {})
    expected = outcomes(run_job(spec, tasks, InlineExecutor()))
    texpected = outcomes(run_job(tspec, ttasks, InlineExecutor()))
    executor = make_executor("ray", 2)
    try:
        assert ray.is_initialized()
        assert outcomes(run_job(spec, tasks, executor, batch_size=3)) == expected
        assert outcomes(run_job(tspec, ttasks, executor, batch_size=1)) == texpected
    finally:
        executor.close()
    assert not ray.is_initialized()


class Crashing:
    """A bot with a bug: it raises instead of choosing."""

    name = "crashing"

    def __init__(self, game: object = None, seat: int = 0) -> None:
        pass

    def act(self, view: object, legal: object, rng: object) -> object:
        raise RuntimeError("bug in the bot")


def test_a_failing_game_is_reported_with_its_index_and_seeds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gametable.agents import base

    monkeypatch.setitem(base.GENERIC_AGENTS, "crashing", Crashing)
    spec, tasks = simulation_tasks(RAMEN, 2, parse_bots(RAMEN, "greedy,crashing"), 3, 1, {})
    with pytest.raises(
        SimError,
        match=r"ramen-ramen game 0 \(deal seed \d+, agent seed \d+, "
        r"seats greedy, crashing\) failed: RuntimeError\('bug in the bot'\)",
    ):
        run_job(spec, tasks, InlineExecutor())
    # In worker processes (which do not share the patch, so the bot is unknown there) the
    # error comes back the same way, and the pool is torn down at once.
    pool = ProcessExecutor(2)
    try:
        with pytest.raises(SimError, match="no agent 'crashing' for ramen-ramen"):
            run_job(spec, tasks, pool, batch_size=1)
    finally:
        pool.close()
