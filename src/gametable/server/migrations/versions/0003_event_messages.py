"""Server events as messages: each event keeps its message id and parameters (rendered for
each reader in their language); the English text stays for logs and older rows.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gt_events") as batch:
        batch.add_column(sa.Column("message", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("gt_events") as batch:
        batch.drop_column("message")
