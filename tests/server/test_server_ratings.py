"""Ratings exactly once, never lost: tables of the same players that end at the same moment,
rated by two processes at once, move the ratings as if the games had ended one after the
other — on SQLite and on PostgreSQL."""

from __future__ import annotations

import multiprocessing
import time
from typing import Any

import pytest
from openskill.models import PlackettLuce

from gametable.server.db import SeatRow, Store, TableRow, dumps, open_store
from gametable.server.ratings import rate_table

PLAYERS = ["ana", "bo", "cy"]
TABLES = 24


def _finished_table(table_id: str, ranks: list[int]) -> TableRow:
    now = time.time()
    return TableRow(
        id=table_id,
        game="ramen-ramen",
        players=len(PLAYERS),
        options={},
        config={},
        seed="1",
        setup=[],
        status="finished",
        version=0,
        result={"scores": [0] * len(PLAYERS), "ranks": ranks, "winners": [], "details": {}},
        clock=None,
        owner=None,
        lease_until=None,
        created_at=now,
        updated_at=now,
        finished_at=now,
        seats=[
            SeatRow(s, "human", None, None, name, True, False) for s, name in enumerate(PLAYERS)
        ],
    )


def _store_finished(store: Store, row: TableRow) -> None:
    store.create_table(row, [])
    store.update_table(row.id, result=dumps(row.result), finished_at=row.finished_at)


def _rate_all(url: str, table_ids: list[str], barrier: Any) -> None:
    """A process of its own: wait for the other, then rate every table (in a spawned child)."""
    store = open_store(url)
    barrier.wait()
    for table_id in table_ids:
        rate_table(store, table_id)
    store.engine.dispose()


def _rate_in_two_processes(url: str) -> Store:
    store = open_store(url)
    ids = []
    for i in range(TABLES):
        table_id = f"race{i:03d}"
        ranks = [1 + (i + s) % len(PLAYERS) for s in range(len(PLAYERS))]
        _store_finished(store, _finished_table(table_id, ranks))
        ids.append(table_id)
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    # Both processes rate every table, in opposite orders: each table must still be rated
    # once, and no update may overwrite another.
    procs = [
        ctx.Process(target=_rate_all, args=(url, order, barrier))
        for order in (ids, list(reversed(ids)))
    ]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0, f"a rating process failed (exit code {p.exitcode})"
    return store


def _check_as_if_one_after_the_other(store: Store) -> None:
    assert store.unrated_finished() == []
    board = {row["player"]: row for row in store.leaderboard("ramen-ramen")}
    assert {p: board[p]["games"] for p in PLAYERS} == dict.fromkeys(PLAYERS, TABLES)
    log = store.rating_log("ramen-ramen")
    assert len(log) == TABLES * len(PLAYERS)
    assert sorted({entry["table"] for entry in log}) == sorted(
        f"race{i:03d}" for i in range(TABLES)
    )
    # Replaying the tables in the order the log applied them gives exactly the stored
    # ratings: every update started from the one before it.
    model = PlackettLuce()
    current = {p: (model.mu, model.sigma) for p in PLAYERS}
    by_table: dict[str, list[dict[str, Any]]] = {}
    order: list[str] = []
    for entry in log:
        if entry["table"] not in by_table:
            order.append(entry["table"])
        by_table.setdefault(entry["table"], []).append(entry)
    for table_id in order:
        entries = sorted(by_table[table_id], key=lambda e: e["player"])
        for e in entries:
            assert (e["mu_before"], e["sigma_before"]) == pytest.approx(current[e["player"]])
        names = [e["player"] for e in entries]
        teams = [[model.rating(mu=current[n][0], sigma=current[n][1], name=n)] for n in names]
        new = model.rate(teams, ranks=[e["rank"] for e in entries])
        for n, team in zip(names, new, strict=True):
            current[n] = (team[0].mu, team[0].sigma)
    for p in PLAYERS:
        assert (board[p]["mu"], board[p]["sigma"]) == pytest.approx(current[p], abs=1e-3)


def test_tables_ending_together_in_two_processes_are_each_rated_once_on_sqlite(tmp_path) -> None:
    store = _rate_in_two_processes(str(tmp_path / "ratings.sqlite"))
    _check_as_if_one_after_the_other(store)
    store.engine.dispose()


def test_tables_ending_together_in_two_processes_are_each_rated_once_on_postgresql(
    shared_postgres: str,
) -> None:
    store = _rate_in_two_processes(shared_postgres)
    _check_as_if_one_after_the_other(store)
    store.engine.dispose()


def test_a_table_is_rated_once_however_often_it_is_asked(tmp_path) -> None:
    store = open_store(str(tmp_path / "once.sqlite"))
    _store_finished(store, _finished_table("once", [1, 2, 3]))
    assert rate_table(store, "once") is True
    assert rate_table(store, "once") is False
    assert [r["games"] for r in store.leaderboard("ramen-ramen")] == [1, 1, 1]
    assert len(store.rating_log("ramen-ramen")) == 3
    store.engine.dispose()
