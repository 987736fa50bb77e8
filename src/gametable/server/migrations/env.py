"""Alembic environment: migrations run on the connection the server passes in
(``gametable.server.db.migrate``), for SQLite and PostgreSQL alike."""

from __future__ import annotations

from alembic import context

from gametable.server.db import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("run migrations through gametable.server.db.migrate(engine)")

context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
