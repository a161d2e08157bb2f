"""Ruling aliases: a request's exact bytes -> the stored ruling (the repeated-question fast path).

Revision ID: 0004
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ruling_aliases",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column(
            "ruling_id",
            sa.String(64),
            sa.ForeignKey("rulings.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("cards", sa.Text(), nullable=False),
        sa.Column("etag", sa.String(40), nullable=False),
    )
    op.create_index("ix_ruling_aliases_ruling_id", "ruling_aliases", ["ruling_id"])


def downgrade() -> None:
    op.drop_index("ix_ruling_aliases_ruling_id", table_name="ruling_aliases")
    op.drop_table("ruling_aliases")
