"""Running a job: skip the games already stored, play the rest on an executor, store the rows
as each batch finishes, write records, report progress."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from gametable.sim.executors import Executor
from gametable.sim.jobs import AdaptiveBatches, GameRow, GameTask, JobSpec, SimError, batches
from gametable.sim.storage import Store


@dataclass
class JobRun:
    """The outcome of :func:`run_job`: every row of the job and how many were new."""

    spec: JobSpec
    rows: list[GameRow]
    """All rows of the job (resumed and new), by index."""
    resumed: int
    """Rows found already stored."""
    played: int
    """Rows played now."""
    seconds: float
    """Wall time spent playing the new games."""


def record_path(directory: Path, index: int) -> Path:
    """Where game ``index``'s record goes in ``--records DIR``."""
    return directory / f"game-{index:06d}.json"


def run_job(
    spec: JobSpec,
    tasks: Sequence[GameTask],
    executor: Executor,
    store: Store | None = None,
    records: Path | None = None,
    batch_size: int | None = None,
    on_rows: Callable[[list[GameRow]], None] | None = None,
    on_start: Callable[[int, int], None] | None = None,
) -> JobRun:
    """Play ``tasks`` (those not already in ``store``) and return every row of the job.

    ``on_start(resumed, total)`` is called once the stored rows are known, and
    ``on_rows(rows)`` after each finished batch (for progress bars). ``batch_size`` fixes
    the games per batch; by default batches adapt to how long games take
    (:class:`~gametable.sim.jobs.AdaptiveBatches`). Rows are stored as
    their batch finishes, so an interrupt (``KeyboardInterrupt``) keeps every finished
    batch and a rerun of the same job resumes from there.
    """
    import time

    if batch_size is not None and batch_size < 1:
        raise SimError(f"--batch must be at least 1 game per task, got {batch_size}")
    stored: dict[int, GameRow] = store.begin(spec) if store is not None else {}
    wanted = {t.index for t in tasks}
    done = {i: row for i, row in stored.items() if i in wanted}  # a longer run stored more
    todo = [t for t in tasks if t.index not in done]
    if on_start is not None:
        on_start(len(done), len(tasks))
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise SimError(f"cannot create the records folder {records}: {exc}") from None
    adaptive = AdaptiveBatches(todo, executor.workers) if batch_size is None else None
    source = adaptive if adaptive is not None else batches(todo, batch_size or 1)
    rows = dict(done)
    start = time.perf_counter()
    for batch_rows in executor.run(source, keep_records=records is not None):
        if adaptive is not None:
            adaptive.feedback(batch_rows)
        if records is not None:
            for row in batch_rows:
                if row.record is not None:
                    record_path(records, row.index).write_text(row.record + "\n", encoding="utf-8")
        if store is not None:
            store.add(batch_rows)
        for row in batch_rows:
            rows[row.index] = row
        if on_rows is not None:
            on_rows(batch_rows)
    elapsed = time.perf_counter() - start
    return JobRun(
        spec=spec,
        rows=[rows[i] for i in sorted(rows)],
        resumed=len(done),
        played=len(todo),
        seconds=elapsed,
    )
