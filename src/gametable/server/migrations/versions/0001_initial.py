"""The first schema: tables, seats, decisions, server events, ratings.

Revision ID: 0001
Revises:
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("seed", sa.Text, nullable=False),
        sa.Column("setup", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("result", sa.Text),
        sa.Column("clock", sa.Text),
        sa.Column("owner", sa.String(64)),
        sa.Column("lease_until", sa.Float),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float),
    )
    op.create_index("ix_gt_tables_status", "gt_tables", ["status"])
    op.create_table(
        "gt_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("bot", sa.Text),
        sa.Column("token_hash", sa.String(64)),
        sa.Column("name", sa.String(64)),
        sa.Column("claimed", sa.Boolean, nullable=False),
        sa.Column("replaced", sa.Boolean, nullable=False),
    )
    op.create_index("ix_gt_seats_token_hash", "gt_seats", ["token_hash"])
    op.create_table(
        "gt_moves",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "gt_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id")),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("text", sa.Text, nullable=False),
    )
    op.create_index("ix_gt_events_table_id", "gt_events", ["table_id"])
    op.create_table(
        "gt_ratings",
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(96), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "gt_rated",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("gt_tables.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("gt_rated", "gt_ratings", "gt_events", "gt_moves", "gt_seats", "gt_tables"):
        op.drop_table(name)
