"""Storage: SQLite, CSV and Parquet keep every row exactly, resume, and reject bad files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gametable.core import get_game
from gametable.sim import (
    InlineExecutor,
    SimError,
    load_results,
    open_store,
    parse_bots,
    run_job,
    simulation_tasks,
)
from gametable.sim.storage import guess_format

RAMEN = get_game("ramen-ramen")


def job(games: int = 6, seed: int = 3, players: int = 2):  # type: ignore[no-untyped-def]
    bots = parse_bots(RAMEN, "greedy,random" if players == 2 else "greedy", players)
    return simulation_tasks(RAMEN, players, bots, games, seed, {})


@pytest.mark.parametrize("suffix", [".sqlite", ".csv", ".parquet"])
def test_rows_round_trip_exactly_and_a_rerun_resumes(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"results{suffix}"
    spec, tasks = job()
    store = open_store(path)
    first = run_job(spec, tasks[:4], InlineExecutor(), store)
    store.close()
    assert first.played == 4
    store = open_store(path)
    second = run_job(spec, tasks, InlineExecutor(), store)
    store.close()
    assert (second.resumed, second.played) == (4, 2)
    [(stored_spec, rows)] = load_results(path)
    assert stored_spec == spec
    assert rows == second.rows  # every field, including timing
    assert [r.outcome() for r in rows] == [
        r.outcome() for r in run_job(spec, tasks, InlineExecutor()).rows
    ]


def test_a_csv_row_cut_short_by_a_hard_kill_is_replayed(tmp_path: Path) -> None:
    path = tmp_path / "cut.csv"
    spec, tasks = job(4)
    store = open_store(path)
    run_job(spec, tasks[:3], InlineExecutor(), store)
    store.close()
    text = path.read_text()
    path.write_text(text[: len(text) - 25])  # the third row loses its end
    assert [r.index for r in load_results(path)[0][1]] == [0, 1]
    store = open_store(path)
    again = run_job(spec, tasks, InlineExecutor(), store)
    store.close()
    assert (again.resumed, again.played) == (2, 2)
    assert [r.index for r in load_results(path)[0][1]] == [0, 1, 2, 3]


def test_one_file_holds_several_jobs(tmp_path: Path) -> None:
    path = tmp_path / "many.sqlite"
    for seed in (1, 2):
        spec, tasks = job(3, seed)
        store = open_store(path)
        run_job(spec, tasks, InlineExecutor(), store)
        store.close()
    jobs = load_results(path)
    assert sorted(s.seed for s, _ in jobs) == [1, 2]
    only = load_results(path, job_id=jobs[0][0].job_id)
    assert len(only) == 1 and len(only[0][1]) == 3
    with pytest.raises(SimError, match="holds no job nope"):
        load_results(path, job_id="nope")


def test_solo_verdicts_and_sqlite_json_columns_are_queryable(tmp_path: Path) -> None:
    path = tmp_path / "solo.db"
    spec, tasks = job(2, players=1)
    store = open_store(path)
    run_job(spec, tasks, InlineExecutor(), store)
    store.close()
    with sqlite3.connect(path) as conn:
        values = conn.execute(
            "SELECT json_extract(scores, '$[0]'), verdict FROM games ORDER BY idx"
        ).fetchall()
    assert len(values) == 2 and all(v[1] and "★" in v[1] for v in values)


def test_formats_come_from_the_flag_or_the_suffix() -> None:
    assert guess_format(Path("x.csv")) == "csv"
    assert guess_format(Path("x.PARQUET")) == "parquet"
    assert guess_format(Path("x.results")) == "sqlite"
    assert guess_format(Path("x.csv"), "parquet") == "parquet"
    with pytest.raises(SimError, match="unknown results format 'xlsx'"):
        guess_format(Path("x"), "xlsx")


def test_malformed_files_are_rejected_with_the_reason(tmp_path: Path) -> None:
    text = tmp_path / "notes.sqlite"
    text.write_text("this is not a database, just some words " * 20)
    with pytest.raises(SimError, match="not a usable SQLite results file"):
        load_results(text)
    csv_file = tmp_path / "other.csv"
    csv_file.write_text("name,score\nann,3\n")
    with pytest.raises(SimError, match="not a gametable results file"):
        load_results(csv_file)
    spec, tasks = job(2)
    good = tmp_path / "good.csv"
    store = open_store(good)
    run_job(spec, tasks, InlineExecutor(), store)
    store.close()
    lines = good.read_text().splitlines()
    good.write_text("\n".join([*lines[:-1], lines[-1].replace("[", "{", 1)]) + "\n")
    with pytest.raises(SimError, match="line 3: malformed result row"):
        load_results(good)
    pq = tmp_path / "bad.parquet"
    pq.write_bytes(b"PAR1 garbage")
    with pytest.raises(SimError, match="not a readable Parquet results file"):
        load_results(pq)
    with pytest.raises(SimError, match="no results file"):
        load_results(tmp_path / "missing.sqlite")
