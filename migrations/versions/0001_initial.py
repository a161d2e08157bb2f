"""Cards, rulings and the cards each ruling is about.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

json_doc = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
seq_int = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "cards",
        sa.Column("name", sa.String(200), primary_key=True),
        sa.Column("search", sa.String(600), nullable=False),
        sa.Column("data", json_doc, nullable=False),
    )
    op.create_table(
        "rulings",
        sa.Column("seq", seq_int, primary_key=True, autoincrement=True),
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("engine_version", sa.String(80), nullable=False),
        sa.Column("question", json_doc, nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.UniqueConstraint("id", name="uq_rulings_id"),
    )
    op.create_index("ix_rulings_kind_seq", "rulings", ["kind", "seq"])
    op.create_table(
        "ruling_cards",
        sa.Column(
            "ruling_seq",
            seq_int,
            sa.ForeignKey("rulings.seq", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("card", sa.String(200), primary_key=True),
    )
    op.create_index("ix_ruling_cards_card_seq", "ruling_cards", ["card", "ruling_seq"])


def downgrade() -> None:
    op.drop_index("ix_ruling_cards_card_seq", table_name="ruling_cards")
    op.drop_table("ruling_cards")
    op.drop_index("ix_rulings_kind_seq", table_name="rulings")
    op.drop_table("rulings")
    op.drop_table("cards")
