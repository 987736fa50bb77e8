"""The server's database: tables, seats, decisions (the event log), server events, ratings.

SQLAlchemy 2 Core over SQLite (the embedded default) or PostgreSQL (several server
processes sharing one database). The schema is created and upgraded by Alembic migrations
(``gametable/server/migrations``); :func:`open_store` runs them at start-up.

Durability rule: a decision is acknowledged to anyone only after the transaction holding
it has committed (SQLite in WAL mode with ``synchronous=FULL``: the commit is on disk).
A table's decisions are serialized by an optimistic version check: a decision for version
``n`` commits only if the table's row still says ``n`` (the ``UPDATE … WHERE version = n``
takes PostgreSQL's row lock), and its row in ``gt_moves`` has the primary key
``(table_id, idx = n)``, so two processes can never both write decision ``n``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from gametable.core.words import Msg, Seat, render

metadata = sa.MetaData()

tables_t = sa.Table(
    "gt_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("config", sa.Text, nullable=False),
    sa.Column("seed", sa.Text, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("result", sa.Text),
    sa.Column("clock", sa.Text),
    sa.Column("owner", sa.String(64)),
    sa.Column("lease_until", sa.Float),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float),
)

seats_t = sa.Table(
    "gt_seats",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.Text),
    sa.Column("token_hash", sa.String(64), index=True),
    sa.Column("name", sa.String(64)),
    sa.Column("claimed", sa.Boolean, nullable=False),
    sa.Column("replaced", sa.Boolean, nullable=False),
)

moves_t = sa.Table(
    "gt_moves",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("by", sa.String(16), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

events_t = sa.Table(
    "gt_events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), index=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("seat", sa.Integer),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("message", sa.Text),
)

ratings_t = sa.Table(
    "gt_ratings",
    metadata,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("player", sa.String(96), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

rated_t = sa.Table(
    "gt_rated",
    metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)

rating_log_t = sa.Table(
    "gt_rating_log",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("player", sa.String(96), nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("ix_gt_rating_log_game_player", "game", "player"),
)

# The statements run for every decision (writing it; other processes reading it), built
# once with bound parameters: building a statement per call cost more CPU than running it
# (SQLAlchemy's construction and cache keys: about 0.6 ms per decision written, 1 ms per
# table read, in threads that hold the GIL the event loop needs).
_ADVANCE = (
    tables_t.update()
    .where(tables_t.c.id == sa.bindparam("w_table"))
    .where(tables_t.c.version == sa.bindparam("w_version"))
    .values(
        version=sa.bindparam("w_next"),
        status=sa.bindparam("w_status"),
        clock=sa.bindparam("w_clock"),
        updated_at=sa.bindparam("w_now"),
    )
)
_FINISH = _ADVANCE.values(result=sa.bindparam("w_result"), finished_at=sa.bindparam("w_now"))
_READ_TABLE = sa.select(tables_t).where(tables_t.c.id == sa.bindparam("table_id"))
_READ_SEATS = (
    sa.select(seats_t)
    .where(seats_t.c.table_id == sa.bindparam("table_id"))
    .order_by(seats_t.c.seat)
)
_READ_MOVES = (
    sa.select(moves_t)
    .where(moves_t.c.table_id == sa.bindparam("table_id"), moves_t.c.idx >= sa.bindparam("start"))
    .order_by(moves_t.c.idx)
)
_READ_EVENTS = (
    sa.select(events_t)
    .where(events_t.c.table_id == sa.bindparam("table_id"))
    .order_by(events_t.c.id.desc())
    .limit(sa.bindparam("limit", type_=sa.Integer))
)

RatingUpdate = Callable[[dict[str, tuple[float, float]]], Mapping[str, tuple[float, float]]]
"""Turns players' current ``(mu, sigma)`` into their new ones (:meth:`Store.apply_ratings`)."""


def unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot be reached just now (a restart, a lost
    connection), as opposed to a mistake in a query: the server then waits for it."""
    if isinstance(exc, sa.exc.OperationalError | sa.exc.InterfaceError):
        return True
    return isinstance(exc, sa.exc.DBAPIError) and bool(exc.connection_invalidated)


ServerEvent = tuple[str, int | None, Msg]
"""A server event to store: its kind, the seat it is about (or ``None``) and its message."""


def dumps(data: Any) -> str:
    """Compact JSON for storage."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


@dataclass
class SeatRow:
    """One seat of a table as stored."""

    seat: int
    kind: str
    """``"human"`` or ``"bot"``."""
    bot: dict[str, Any] | None
    """For bot seats: ``{"name": …, "settings": {…}}``."""
    token_hash: str | None
    name: str | None
    claimed: bool
    replaced: bool


@dataclass
class TableRow:
    """A table as stored: its configuration, secret deal and progress."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    config: dict[str, Any]
    seed: str
    setup: Any
    status: str
    version: int
    result: Any
    clock: dict[str, Any] | None
    owner: str | None
    lease_until: float | None
    created_at: float
    updated_at: float
    finished_at: float | None
    seats: list[SeatRow] = field(default_factory=list)


@dataclass
class MoveRow:
    """One stored decision."""

    idx: int
    seat: int
    action: Any
    by: str
    at: float


@dataclass
class MoveWrite:
    """A decision to commit: table ``table_id`` goes from ``version`` to ``version + 1``."""

    table_id: str
    version: int
    seat: int
    action: Any
    by: str
    status: str
    clock: dict[str, Any] | None
    result: Any = None
    events: Sequence[ServerEvent] = ()


class Store:
    """Synchronous access to the database (the server calls it from worker threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @property
    def dialect(self) -> str:
        return self.engine.dialect.name

    def ping(self) -> None:
        """Raise unless the database answers a query now."""
        with self.engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))

    # -- tables -------------------------------------------------------------------------

    def create_table(self, row: TableRow, events: Iterable[ServerEvent]) -> None:
        now = row.created_at
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.insert().values(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    options=dumps(row.options),
                    config=dumps(row.config),
                    seed=row.seed,
                    setup=dumps(row.setup),
                    status=row.status,
                    version=0,
                    result=None,
                    clock=dumps(row.clock) if row.clock is not None else None,
                    owner=row.owner,
                    lease_until=row.lease_until,
                    created_at=now,
                    updated_at=now,
                    finished_at=None,
                )
            )
            conn.execute(
                seats_t.insert(),
                [
                    {
                        "table_id": row.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "bot": dumps(s.bot) if s.bot is not None else None,
                        "token_hash": s.token_hash,
                        "name": s.name,
                        "claimed": s.claimed,
                        "replaced": s.replaced,
                    }
                    for s in row.seats
                ],
            )
            self._events(conn, row.id, events, now)

    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            found = conn.execute(_READ_TABLE, {"table_id": table_id}).first()
            if found is None:
                return None
            seats = conn.execute(_READ_SEATS, {"table_id": table_id}).all()
        return _table_row(found, seats)

    def list_tables(
        self, statuses: Sequence[str], game: str | None = None, limit: int = 100
    ) -> list[TableRow]:
        query = sa.select(tables_t).where(tables_t.c.status.in_(list(statuses)))
        if game is not None:
            query = query.where(tables_t.c.game == game)
        query = query.order_by(tables_t.c.updated_at.desc()).limit(limit)
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
            ids = [r.id for r in rows]
            seats = (
                conn.execute(
                    sa.select(seats_t)
                    .where(seats_t.c.table_id.in_(ids))
                    .order_by(seats_t.c.table_id, seats_t.c.seat)
                ).all()
                if ids
                else []
            )
        by_table: dict[str, list[Any]] = {}
        for s in seats:
            by_table.setdefault(s.table_id, []).append(s)
        return [_table_row(r, by_table.get(r.id, [])) for r in rows]

    def unfinished_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return [
                r.id
                for r in conn.execute(
                    sa.select(tables_t.c.id).where(tables_t.c.status.in_(["open", "playing"]))
                )
            ]

    def moves(self, table_id: str, start: int = 0) -> list[MoveRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(_READ_MOVES, {"table_id": table_id, "start": start}).all()
        return [MoveRow(r.idx, r.seat, json.loads(r.action), r.by, r.at) for r in rows]

    def commit_moves(self, writes: Sequence[MoveWrite]) -> list[bool]:
        """Commit a batch of decisions in one transaction (one disk sync for all).

        Each succeeds only if its table is still at its ``version``; the others are
        reported ``False`` (a conflict: another writer got there first) and change nothing.
        Rows are locked in table-id order, so concurrent batches never deadlock.
        """
        for attempt in range(4):
            try:
                return self._commit_moves(writes)
            except sa.exc.OperationalError as exc:
                # A deadlock or serialization failure (PostgreSQL) rolled the batch back
                # whole: nothing was written, so it is safe to try again.
                if getattr(exc.orig, "sqlstate", None) not in ("40P01", "40001") or attempt == 3:
                    raise
        raise AssertionError("unreachable")

    def _commit_moves(self, writes: Sequence[MoveWrite]) -> list[bool]:
        order = sorted(range(len(writes)), key=lambda i: (writes[i].table_id, writes[i].version))
        ok = [False] * len(writes)
        now = time.time()
        moves: list[dict[str, Any]] = []
        with self.engine.begin() as conn:
            for i in order:
                w = writes[i]
                values: dict[str, Any] = {
                    "w_table": w.table_id,
                    "w_version": w.version,
                    "w_next": w.version + 1,
                    "w_status": w.status,
                    "w_clock": dumps(w.clock) if w.clock is not None else None,
                    "w_now": now,
                }
                if w.result is not None:
                    values["w_result"] = dumps(w.result)
                done = conn.execute(_ADVANCE if w.result is None else _FINISH, values)
                if done.rowcount != 1:
                    continue
                moves.append(
                    {
                        "table_id": w.table_id,
                        "idx": w.version,
                        "seat": w.seat,
                        "action": dumps(w.action),
                        "by": w.by,
                        "at": now,
                    }
                )
                if w.events:
                    self._events(conn, w.table_id, w.events, now)
                ok[i] = True
            if moves:  # the batch's decisions in one statement, in the same transaction
                conn.execute(moves_t.insert(), moves)
        return ok

    def update_table(
        self, table_id: str, events: Iterable[ServerEvent] = (), **values: Any
    ) -> None:
        """Change table columns (status, clock …) outside a decision."""
        now = time.time()
        if "clock" in values and values["clock"] is not None:
            values["clock"] = dumps(values["clock"])
        if "config" in values:
            values["config"] = dumps(values["config"])
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.update().where(tables_t.c.id == table_id).values(updated_at=now, **values)
            )
            self._events(conn, table_id, events, now)

    # -- seats --------------------------------------------------------------------------

    def claim_seat(
        self, table_id: str, seat: int | None, name: str | None, token_hash: str | None
    ) -> int | None:
        """Claim an unclaimed human seat (``seat`` or the first free one) for ``name``.

        ``token_hash`` set: claim that seat with its invite token instead (idempotent for
        the holder). Returns the seat, or ``None`` if there was none to claim. When the last
        human seat is claimed an ``open`` table becomes ``playing``.
        """
        now = time.time()
        with self.engine.begin() as conn:
            # The table row is locked first (PostgreSQL) so two claims cannot race.
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id)
                .values(updated_at=tables_t.c.updated_at)
            )
            query = sa.select(seats_t).where(
                seats_t.c.table_id == table_id, seats_t.c.kind == "human"
            )
            if token_hash is not None:
                query = query.where(seats_t.c.token_hash == token_hash)
            else:
                query = query.where(seats_t.c.claimed.is_(False))
                if seat is not None:
                    query = query.where(seats_t.c.seat == seat)
            found = conn.execute(query.order_by(seats_t.c.seat)).first()
            if found is None:
                return None
            values: dict[str, Any] = {"claimed": True}
            if name:
                values["name"] = name
            conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == found.seat)
                .values(**values)
            )
            if not found.claimed:
                self._events(
                    conn,
                    table_id,
                    [("join", found.seat, Msg("server.event.join", who=Seat(found.seat)))],
                    now,
                )
            free = conn.execute(
                sa.select(sa.func.count())
                .select_from(seats_t)
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.kind == "human",
                    seats_t.c.claimed.is_(False),
                )
            ).scalar_one()
            if free == 0:
                conn.execute(
                    tables_t.update()
                    .where(tables_t.c.id == table_id, tables_t.c.status == "open")
                    .values(status="playing", updated_at=now)
                )
            return int(found.seat)

    def set_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """Give an unclaimed seat a new token (a stranger joining from the lobby)."""
        with self.engine.begin() as conn:
            conn.execute(
                seats_t.update()
                .where(
                    seats_t.c.table_id == table_id,
                    seats_t.c.seat == seat,
                    seats_t.c.claimed.is_(False),
                )
                .values(token_hash=token_hash)
            )

    def seat_for_token(self, table_id: str, token_hash: str) -> int | None:
        with self.engine.connect() as conn:
            found = conn.execute(
                sa.select(seats_t.c.seat).where(
                    seats_t.c.table_id == table_id, seats_t.c.token_hash == token_hash
                )
            ).first()
        return None if found is None else int(found.seat)

    def set_replaced(self, table_id: str, seat: int, replaced: bool, event: ServerEvent) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                seats_t.update()
                .where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                .values(replaced=replaced)
            )
            self._events(conn, table_id, [event], time.time())

    # -- events -------------------------------------------------------------------------

    @staticmethod
    def _events(conn: Connection, table_id: str, events: Iterable[ServerEvent], now: float) -> None:
        """Store server events: the message (its id and parameters, rendered for each
        reader in their language) and, for logs and tools, its English text."""
        rows = [
            {
                "table_id": table_id,
                "at": now,
                "kind": k,
                "seat": s,
                "text": render(m),
                "message": dumps(m.to_json()),
            }
            for k, s, m in events
        ]
        if rows:
            conn.execute(events_t.insert(), rows)

    def events(self, table_id: str, limit: int = 50) -> list[dict[str, Any]]:
        """A table's newest server events, oldest first: ``{"at", "kind", "seat",
        "message"}`` (``message``: a :class:`~gametable.core.words.Msg`; events stored before
        messages were, by their English ``text``)."""
        with self.engine.connect() as conn:
            rows = conn.execute(_READ_EVENTS, {"table_id": table_id, "limit": limit}).all()
        return [
            {"at": r.at, "kind": r.kind, "seat": r.seat, "message": _message(r.message, r.text)}
            for r in reversed(rows)
        ]

    # -- leases (which process runs a table's bots and clocks) -------------------------

    def acquire_leases(
        self, owner: str, seconds: float, table_ids: Sequence[str] | None = None
    ) -> list[str]:
        """Take or renew the lease of unfinished tables whose lease is free, expired or ours.

        Returns the ids this process now holds.
        """
        now = time.time()
        free = sa.or_(
            tables_t.c.owner.is_(None), tables_t.c.owner == owner, tables_t.c.lease_until < now
        )
        cond = sa.and_(tables_t.c.status.in_(["open", "playing"]), free)
        if table_ids is not None:
            cond = sa.and_(cond, tables_t.c.id.in_(list(table_ids)))
        # Rows a decision is being written to right now are skipped (renewed next time):
        # waiting for them, or locking them in another order, could deadlock with a batch.
        rows = (
            sa.select(tables_t.c.id)
            .where(cond)
            .order_by(tables_t.c.id)
            .with_for_update(skip_locked=True)
        )
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.update()
                .where(tables_t.c.id.in_(rows.scalar_subquery()))
                .values(owner=owner, lease_until=now + seconds)
            )
            held = conn.execute(
                sa.select(tables_t.c.id).where(
                    tables_t.c.owner == owner, tables_t.c.status.in_(["open", "playing"])
                )
            ).all()
        return [r.id for r in held]

    def release_leases_all(self) -> None:
        """Forget every lease (a single server process restarting after a crash)."""
        with self.engine.begin() as conn:
            conn.execute(tables_t.update().values(owner=None, lease_until=None))

    def release_leases(self, owner: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                tables_t.update()
                .where(tables_t.c.owner == owner)
                .values(owner=None, lease_until=None)
            )

    # -- ratings ------------------------------------------------------------------------

    def apply_ratings(
        self,
        table_id: str,
        game: str,
        ranks: Mapping[str, int],
        update: RatingUpdate,
        default: tuple[float, float],
    ) -> bool:
        """Rate a finished table exactly once, as if it ended after every table rated before.

        ``ranks`` maps each rated player to their rank at this table; ``update`` turns the
        players' current ``(mu, sigma)`` into their new ones (``default`` for a player with
        no rating yet). One transaction marks the table rated, reads the players' ratings
        (locked: PostgreSQL row locks, SQLite's write lock, taken before the read), applies
        the update, bumps each player's game count and appends the changes to the rating
        log; so two tables of the same players ending at the same moment, in one process or
        in several, are applied one after the other and neither update is lost. Returns
        ``False`` if the table was already rated (nothing changes).
        """
        for attempt in range(8):
            try:
                return self._apply_ratings(table_id, game, ranks, update, default)
            except sa.exc.IntegrityError:
                return False  # another process marked this table rated first
            except sa.exc.OperationalError as exc:
                # A deadlock or serialization failure rolled everything back: try again.
                if getattr(exc.orig, "sqlstate", None) not in ("40P01", "40001") or attempt == 7:
                    raise
        raise AssertionError("unreachable")

    def _apply_ratings(
        self,
        table_id: str,
        game: str,
        ranks: Mapping[str, int],
        update: RatingUpdate,
        default: tuple[float, float],
    ) -> bool:
        now = time.time()
        players = sorted(ranks)
        with self.engine.begin() as conn:
            # The first statement writes: the marker row takes SQLite's write lock (so the
            # ratings read below cannot change before this transaction commits), and a
            # table already rated (or being rated by another transaction, which this one
            # then waits for) violates its primary key: nothing is applied twice.
            conn.execute(rated_t.insert().values(table_id=table_id, at=now))
            if not players:
                return True
            if self.dialect == "postgresql":
                from sqlalchemy.dialects.postgresql import insert as pg_insert

                # Every player gets a row (in name order, so two transactions never wait on
                # each other in a circle), then the rows are locked for this transaction.
                for player in players:
                    conn.execute(
                        pg_insert(ratings_t)
                        .values(
                            game=game,
                            player=player,
                            mu=default[0],
                            sigma=default[1],
                            games=0,
                            updated_at=now,
                        )
                        .on_conflict_do_nothing()
                    )
            rows = conn.execute(
                sa.select(ratings_t)
                .where(ratings_t.c.game == game, ratings_t.c.player.in_(players))
                .order_by(ratings_t.c.player)
                .with_for_update()
            ).all()
            known = {r.player: (r.mu, r.sigma, r.games) for r in rows}
            before = {p: known[p][:2] if p in known else default for p in players}
            after = update(before)
            for player in players:
                mu, sigma = after[player]
                games = known[player][2] + 1 if player in known else 1
                if player in known:
                    conn.execute(
                        ratings_t.update()
                        .where(ratings_t.c.game == game, ratings_t.c.player == player)
                        .values(mu=mu, sigma=sigma, games=games, updated_at=now)
                    )
                else:
                    conn.execute(
                        ratings_t.insert().values(
                            game=game,
                            player=player,
                            mu=mu,
                            sigma=sigma,
                            games=games,
                            updated_at=now,
                        )
                    )
            conn.execute(
                rating_log_t.insert(),
                [
                    {
                        "table_id": table_id,
                        "game": game,
                        "player": player,
                        "rank": ranks[player],
                        "mu_before": before[player][0],
                        "sigma_before": before[player][1],
                        "mu": after[player][0],
                        "sigma": after[player][1],
                        "at": now,
                    }
                    for player in players
                ],
            )
        return True

    def rating_log(self, game: str, player: str | None = None) -> list[dict[str, Any]]:
        """Every rating change of ``game`` (of one ``player``), in the order applied."""
        query = sa.select(rating_log_t).where(rating_log_t.c.game == game)
        if player is not None:
            query = query.where(rating_log_t.c.player == player)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(rating_log_t.c.id)).all()
        return [
            {
                "table": r.table_id,
                "player": r.player,
                "rank": r.rank,
                "mu_before": r.mu_before,
                "sigma_before": r.sigma_before,
                "mu": r.mu,
                "sigma": r.sigma,
                "at": r.at,
            }
            for r in rows
        ]

    def unrated_finished(self) -> list[str]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables_t.c.id)
                .outerjoin(rated_t, rated_t.c.table_id == tables_t.c.id)
                .where(tables_t.c.status == "finished", rated_t.c.table_id.is_(None))
            ).all()
        return [r.id for r in rows]

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ratings_t)
                .where(ratings_t.c.game == game)
                .order_by((ratings_t.c.mu - 3 * ratings_t.c.sigma).desc())
                .limit(limit)
            ).all()
        return [
            {
                "player": r.player,
                "rating": round(r.mu - 3 * r.sigma, 3),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "games": r.games,
            }
            for r in rows
        ]


def _message(stored: str | None, text: str) -> Msg | str:
    """A stored event's message (or, for an event stored as English text only, the text)."""
    if stored:
        try:
            return Msg.from_json(json.loads(stored))
        except ValueError:
            pass
    return text


def _table_row(r: Any, seats: Sequence[Any]) -> TableRow:
    return TableRow(
        id=r.id,
        game=r.game,
        players=r.players,
        options=json.loads(r.options),
        config=json.loads(r.config),
        seed=r.seed,
        setup=json.loads(r.setup),
        status=r.status,
        version=r.version,
        result=json.loads(r.result) if r.result else None,
        clock=json.loads(r.clock) if r.clock else None,
        owner=r.owner,
        lease_until=r.lease_until,
        created_at=r.created_at,
        updated_at=r.updated_at,
        finished_at=r.finished_at,
        seats=[
            SeatRow(
                seat=s.seat,
                kind=s.kind,
                bot=json.loads(s.bot) if s.bot else None,
                token_hash=s.token_hash,
                name=s.name,
                claimed=bool(s.claimed),
                replaced=bool(s.replaced),
            )
            for s in seats
        ],
    )


# -- engines and migrations ------------------------------------------------------------


def normalize_url(url: str) -> str:
    """A database URL SQLAlchemy understands: a bare path means a SQLite file, and
    ``postgresql://`` uses the psycopg 3 driver."""
    if "://" not in url:
        return f"sqlite:///{Path(url).expanduser().resolve()}"
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL and ``synchronous=FULL`` (durable commits)."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_size=8
        )

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return sa.create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (creating it on an empty database)."""
    from alembic import command
    from alembic.config import Config

    location = resources.files("gametable.server") / "migrations"
    cfg = Config()
    cfg.set_main_option("script_location", str(location))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def open_store(url: str) -> Store:
    """Connect, migrate, and return the store."""
    engine = make_engine(url)
    migrate(engine)
    return Store(engine)
