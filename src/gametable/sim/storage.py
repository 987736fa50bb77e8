"""Per-game results on disk: SQLite (default), CSV or Parquet.

One file can hold several jobs; every row carries its job's id (a digest of the job's
spec, :attr:`~gametable.sim.jobs.JobSpec.job_id`), and the spec itself is kept beside the
rows (SQLite: table ``jobs``; CSV: a ``FILE.jobs.json`` sidecar; Parquet: the file's
metadata). Opening a store for a job that is already in it returns the indices of the
games already played, so an interrupted job resumes without replaying them.

Columns (one row per game): ``job_id``, ``idx``, ``grp`` (tournament match-up),
``deal_seed``, ``agent_seed`` (64-bit, as text in SQLite and CSV), ``bots``, ``scores``,
``ranks``, ``winners`` (per-seat JSON arrays; Parquet: list columns), ``tiebreak``,
``first_seat``, ``decisions``, ``verdict``, ``seconds``. In SQLite, per-seat values are
reachable with ``json_extract(scores, '$[0]')``.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from gametable.sim.jobs import GameRow, JobSpec, SimError

FORMATS = ("sqlite", "csv", "parquet")
"""Names accepted by ``--format``."""

_SUFFIXES = {
    ".sqlite": "sqlite",
    ".sqlite3": "sqlite",
    ".db": "sqlite",
    ".csv": "csv",
    ".parquet": "parquet",
    ".pq": "parquet",
}

COLUMNS = (
    "job_id",
    "idx",
    "grp",
    "deal_seed",
    "agent_seed",
    "bots",
    "scores",
    "ranks",
    "winners",
    "tiebreak",
    "first_seat",
    "decisions",
    "verdict",
    "seconds",
)


def guess_format(path: Path, fmt: str | None = None) -> str:
    """The storage format: ``fmt`` if given, else from the file's suffix, else SQLite."""
    if fmt is not None:
        fmt = fmt.lower()
        if fmt not in FORMATS:
            raise SimError(f"unknown results format {fmt!r} (choose from: {', '.join(FORMATS)})")
        return fmt
    return _SUFFIXES.get(path.suffix.lower(), "sqlite")


class Store(Protocol):
    """Where a job's rows go as games finish."""

    path: Path

    def begin(self, spec: JobSpec) -> dict[int, GameRow]:
        """Register the job; returns the rows already stored for it (by index)."""
        ...

    def add(self, rows: Sequence[GameRow]) -> None:
        """Store finished games (durably: an interrupt after this keeps them)."""
        ...

    def close(self) -> None:
        """Flush and release the file."""
        ...


def open_store(path: Path, fmt: str | None = None) -> Store:
    """A store writing ``path`` in ``fmt`` (default: from the suffix, else SQLite)."""
    kind = guess_format(path, fmt)
    if kind == "sqlite":
        return SqliteStore(path)
    if kind == "csv":
        return CsvStore(path)
    return ParquetStore(path)


def load_results(
    path: Path, fmt: str | None = None, job_id: str | None = None
) -> list[tuple[JobSpec, list[GameRow]]]:
    """Every job in a results file with its rows (or only ``job_id``'s), rows by index."""
    if not path.exists():
        raise SimError(f"no results file {path}")
    kind = guess_format(path, fmt)
    if kind == "sqlite":
        specs, rows = _read_sqlite(path)
    elif kind == "csv":
        specs, rows = _read_csv(path)
    else:
        specs, rows = _read_parquet(path)
    out = []
    for jid, spec in specs.items():
        if job_id is None or jid == job_id:
            out.append((spec, sorted(rows.get(jid, []), key=lambda r: r.index)))
    if job_id is not None and not out:
        raise SimError(f"{path} holds no job {job_id}")
    return out


# -- row conversions --------------------------------------------------------------------------


def _row_values(job_id: str, row: GameRow) -> dict[str, Any]:
    return {
        "job_id": job_id,
        "idx": row.index,
        "grp": row.group,
        "deal_seed": str(row.deal_seed),
        "agent_seed": str(row.agent_seed),
        "bots": json.dumps(list(row.bots)),
        "scores": json.dumps(list(row.scores)),
        "ranks": json.dumps(list(row.ranks)),
        "winners": json.dumps(list(row.winners)),
        "tiebreak": row.tiebreak,
        "first_seat": row.first_seat,
        "decisions": row.decisions,
        "verdict": row.verdict,
        "seconds": row.seconds,
    }


def _row_from_values(values: dict[str, Any], where: str) -> tuple[str, GameRow]:
    try:

        def seq(key: str) -> list[Any]:
            raw = values[key]
            data = json.loads(raw) if isinstance(raw, str) else list(raw)
            if not isinstance(data, list):
                raise ValueError(f"{key} is not a list")
            return data

        def opt(key: str) -> Any:
            value = values.get(key)
            return None if value in (None, "") else value

        first = opt("first_seat")
        row = GameRow(
            index=int(values["idx"]),
            group=int(values["grp"]),
            deal_seed=int(values["deal_seed"]),
            agent_seed=int(values["agent_seed"]),
            bots=tuple(str(b) for b in seq("bots")),
            scores=tuple(float(s) for s in seq("scores")),
            ranks=tuple(int(r) for r in seq("ranks")),
            winners=tuple(int(w) for w in seq("winners")),
            tiebreak=opt("tiebreak"),
            first_seat=None if first is None else int(first),
            decisions=int(values["decisions"]),
            verdict=opt("verdict"),
            seconds=float(values["seconds"]),
        )
        if not len(row.bots) == len(row.scores) == len(row.ranks):
            raise ValueError("bots, scores and ranks differ in length")
        return str(values["job_id"]), row
    except (KeyError, TypeError, ValueError) as exc:
        raise SimError(f"{where}: malformed result row: {exc}") from None


def _check_spec(path: Path, specs: dict[str, JobSpec], spec: JobSpec) -> None:
    stored = specs.get(spec.job_id)
    if stored is not None and stored.to_text() != spec.to_text():  # a digest collision
        raise SimError(f"{path} holds a different job under id {spec.job_id}")


# -- SQLite ---------------------------------------------------------------------------------


_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    job_id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    game TEXT NOT NULL,
    spec TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    job_id TEXT NOT NULL REFERENCES jobs(job_id),
    idx INTEGER NOT NULL,
    grp INTEGER NOT NULL,
    deal_seed TEXT NOT NULL,
    agent_seed TEXT NOT NULL,
    bots TEXT NOT NULL,
    scores TEXT NOT NULL,
    ranks TEXT NOT NULL,
    winners TEXT NOT NULL,
    tiebreak TEXT,
    first_seat INTEGER,
    decisions INTEGER NOT NULL,
    verdict TEXT,
    seconds REAL NOT NULL,
    PRIMARY KEY (job_id, idx)
);
"""


def _connect(path: Path) -> sqlite3.Connection:
    try:
        conn = sqlite3.connect(path)
        conn.executescript(_SCHEMA)
    except sqlite3.DatabaseError as exc:
        raise SimError(f"{path} is not a usable SQLite results file: {exc}") from None
    return conn


def _read_sqlite(path: Path) -> tuple[dict[str, JobSpec], dict[str, list[GameRow]]]:
    conn = _connect(path)
    try:
        specs = _sqlite_specs(conn, path)
        rows: dict[str, list[GameRow]] = {}
        cursor = conn.execute(f"SELECT {', '.join(COLUMNS)} FROM games ORDER BY job_id, idx")
        for values in cursor:
            jid, row = _row_from_values(dict(zip(COLUMNS, values, strict=True)), str(path))
            rows.setdefault(jid, []).append(row)
        return specs, rows
    except sqlite3.DatabaseError as exc:
        raise SimError(f"{path} is not a usable SQLite results file: {exc}") from None
    finally:
        conn.close()


def _sqlite_specs(conn: sqlite3.Connection, path: Path) -> dict[str, JobSpec]:
    specs = {}
    for jid, text in conn.execute("SELECT job_id, spec FROM jobs"):
        try:
            specs[jid] = JobSpec.from_json(json.loads(text))
        except json.JSONDecodeError:
            raise SimError(f"{path}: job {jid} has a malformed description") from None
    return specs


class SqliteStore:
    """Rows in an SQLite database (tables ``jobs`` and ``games``), committed per batch."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn = _connect(path)
        self._job: str | None = None

    def begin(self, spec: JobSpec) -> dict[int, GameRow]:
        """Register the job and return its rows already stored."""
        specs, rows = _read_sqlite(self.path)
        _check_spec(self.path, specs, spec)
        with self._conn:
            self._conn.execute(
                "INSERT OR IGNORE INTO jobs VALUES (?, ?, ?, ?, ?)",
                (spec.job_id, spec.kind, spec.game, spec.to_text(), time.time()),
            )
        self._job = spec.job_id
        return {r.index: r for r in rows.get(spec.job_id, [])}

    def add(self, rows: Sequence[GameRow]) -> None:
        """Insert rows in one transaction."""
        assert self._job is not None, "begin() first"
        placeholders = ", ".join("?" for _ in COLUMNS)
        with self._conn:
            self._conn.executemany(
                f"INSERT OR REPLACE INTO games ({', '.join(COLUMNS)}) VALUES ({placeholders})",
                [tuple(_row_values(self._job, r).values()) for r in rows],
            )

    def close(self) -> None:
        """Close the database."""
        self._conn.close()


# -- CSV ------------------------------------------------------------------------------------


def _sidecar(path: Path) -> Path:
    return path.with_name(path.name + ".jobs.json")


def _read_specs_sidecar(path: Path) -> dict[str, JobSpec]:
    side = _sidecar(path)
    if not side.exists():
        return {}
    try:
        data = json.loads(side.read_text(encoding="utf-8"))
        return {jid: JobSpec.from_json(spec) for jid, spec in dict(data).items()}
    except (json.JSONDecodeError, TypeError, ValueError) as exc:
        raise SimError(f"{side} is not a valid job list: {exc}") from None


def _read_csv(path: Path) -> tuple[dict[str, JobSpec], dict[str, list[GameRow]]]:
    specs = _read_specs_sidecar(path)
    rows: dict[str, list[GameRow]] = {}
    if not path.exists() or path.stat().st_size == 0:
        return specs, rows
    try:
        text = path.read_text(encoding="utf-8")
        if "\n" in text and not text.endswith("\n"):
            text = text[: text.rindex("\n") + 1]  # a row cut short by a hard kill: not stored
        with io.StringIO(text, newline="") as handle:
            reader = csv.DictReader(handle)
            if reader.fieldnames is None or tuple(reader.fieldnames) != COLUMNS:
                raise SimError(
                    f"{path} is not a gametable results file (expected the columns "
                    f"{', '.join(COLUMNS)})"
                )
            for line, values in enumerate(reader, start=2):
                jid, row = _row_from_values(dict(values), f"{path} line {line}")
                rows.setdefault(jid, []).append(row)
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        raise SimError(f"cannot read {path}: {exc}") from None
    missing = set(rows) - set(specs)
    if missing:
        jobs = ", ".join(sorted(missing))
        raise SimError(f"{path}: job(s) {jobs} are missing from {_sidecar(path)}")
    return specs, rows


def _drop_partial_line(path: Path) -> None:
    """Cut a last line without its newline (a row half-written when the process was killed)."""
    with path.open("rb+") as handle:
        data = handle.read()
        if data and not data.endswith(b"\n"):
            handle.truncate(data.rindex(b"\n") + 1 if b"\n" in data else 0)


class CsvStore:
    """Rows appended to a CSV file (flushed per batch); job specs in ``FILE.jobs.json``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._job: str | None = None
        self._handle: Any = None
        self._writer: Any = None

    def begin(self, spec: JobSpec) -> dict[int, GameRow]:
        """Register the job and return its rows already stored."""
        specs, rows = _read_csv(self.path)
        _check_spec(self.path, specs, spec)
        if spec.job_id not in specs:
            specs[spec.job_id] = spec
            data = {jid: s.to_json() for jid, s in specs.items()}
            _sidecar(self.path).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        if not fresh:
            _drop_partial_line(self.path)
        self._handle = self.path.open("a", newline="", encoding="utf-8")
        self._writer = csv.DictWriter(self._handle, fieldnames=COLUMNS)
        if fresh:
            self._writer.writeheader()
        self._job = spec.job_id
        return {r.index: r for r in rows.get(spec.job_id, [])}

    def add(self, rows: Sequence[GameRow]) -> None:
        """Append rows and flush."""
        assert self._job is not None, "begin() first"
        for row in rows:
            self._writer.writerow(_row_values(self._job, row))
        self._handle.flush()

    def close(self) -> None:
        """Close the file."""
        if self._handle is not None:
            self._handle.close()


# -- Parquet --------------------------------------------------------------------------------


def _pyarrow() -> Any:
    try:
        import pyarrow as pa  # type: ignore[import-untyped]
        import pyarrow.parquet as pq  # type: ignore[import-untyped]
    except ImportError:
        raise SimError("Parquet output needs pyarrow: pip install 'gametable[sim]'") from None
    return pa, pq


def _read_parquet(path: Path) -> tuple[dict[str, JobSpec], dict[str, list[GameRow]]]:
    pa, pq = _pyarrow()
    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as exc:
        raise SimError(f"{path} is not a readable Parquet results file: {exc}") from None
    meta = (table.schema.metadata or {}).get(b"gametable.jobs")
    if meta is None or tuple(table.column_names) != COLUMNS:
        raise SimError(f"{path} is not a gametable results file")
    try:
        specs = {jid: JobSpec.from_json(s) for jid, s in json.loads(meta).items()}
    except (json.JSONDecodeError, AttributeError) as exc:
        raise SimError(f"{path}: malformed job list: {exc}") from None
    rows: dict[str, list[GameRow]] = {}
    for n, values in enumerate(table.to_pylist()):
        jid, row = _row_from_values(values, f"{path} row {n}")
        rows.setdefault(jid, []).append(row)
    return specs, rows


class ParquetStore:
    """Rows in a Parquet file, rewritten atomically at most once a second and on close.

    Parquet files cannot be appended to; an interrupt loses at most the last second.
    """

    FLUSH_SECONDS = 1.0

    def __init__(self, path: Path) -> None:
        self.path = path
        self._specs: dict[str, JobSpec] = {}
        self._rows: dict[tuple[str, int], GameRow] = {}
        self._job: str | None = None
        self._last = 0.0
        self._dirty = False

    def begin(self, spec: JobSpec) -> dict[int, GameRow]:
        """Register the job and return its rows already stored."""
        if self.path.exists():
            specs, rows = _read_parquet(self.path)
            _check_spec(self.path, specs, spec)
            self._specs = specs
            self._rows = {(jid, r.index): r for jid, rs in rows.items() for r in rs}
        self._specs.setdefault(spec.job_id, spec)
        self._job = spec.job_id
        self._dirty = True
        return {i: r for (jid, i), r in self._rows.items() if jid == spec.job_id}

    def add(self, rows: Sequence[GameRow]) -> None:
        """Keep rows; rewrite the file if the last write is over a second old."""
        assert self._job is not None, "begin() first"
        for row in rows:
            self._rows[(self._job, row.index)] = row
        self._dirty = True
        if time.monotonic() - self._last >= self.FLUSH_SECONDS:
            self._write()

    def close(self) -> None:
        """Write the file."""
        if self._dirty:
            self._write()

    def _write(self) -> None:
        pa, pq = _pyarrow()
        ordered = sorted(self._rows.items())
        columns: dict[str, list[Any]] = {c: [] for c in COLUMNS}
        for (jid, _), row in ordered:
            values = _row_values(jid, row)
            for key in ("bots", "scores", "ranks", "winners"):
                values[key] = list(getattr(row, key))
            values["deal_seed"], values["agent_seed"] = row.deal_seed, row.agent_seed
            for key in COLUMNS:
                columns[key].append(values[key])
        schema = pa.schema(
            [
                ("job_id", pa.string()),
                ("idx", pa.int64()),
                ("grp", pa.int64()),
                ("deal_seed", pa.uint64()),
                ("agent_seed", pa.uint64()),
                ("bots", pa.list_(pa.string())),
                ("scores", pa.list_(pa.float64())),
                ("ranks", pa.list_(pa.int64())),
                ("winners", pa.list_(pa.int64())),
                ("tiebreak", pa.string()),
                ("first_seat", pa.int64()),
                ("decisions", pa.int64()),
                ("verdict", pa.string()),
                ("seconds", pa.float64()),
            ],
            metadata={
                "gametable.jobs": json.dumps({j: s.to_json() for j, s in self._specs.items()})
            },
        )
        table = pa.table(columns, schema=schema)
        tmp = self.path.with_name(self.path.name + ".tmp")
        pq.write_table(table, tmp)
        tmp.replace(self.path)
        self._last = time.monotonic()
        self._dirty = False
