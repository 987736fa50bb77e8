"""The rating log: every rating change, in the order it was applied.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gt_rating_log",
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
    )
    op.create_index("ix_gt_rating_log_game_player", "gt_rating_log", ["game", "player"])


def downgrade() -> None:
    op.drop_index("ix_gt_rating_log_game_player", "gt_rating_log")
    op.drop_table("gt_rating_log")
