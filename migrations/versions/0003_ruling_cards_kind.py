"""The ruling's kind beside each of its cards, so `GET /v1/rulings?kind=&card=` pages over one
index of ruling_cards (card, kind, ruling_seq) instead of reading every ruling of the kind.

Revision ID: 0003
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("ruling_cards", sa.Column("kind", sa.String(40), nullable=True))
    op.execute(
        "UPDATE ruling_cards SET kind = "
        "(SELECT rulings.kind FROM rulings WHERE rulings.seq = ruling_cards.ruling_seq)"
    )
    with op.batch_alter_table("ruling_cards") as batch:
        batch.alter_column("kind", existing_type=sa.String(40), nullable=False)
    op.create_index("ix_ruling_cards_card_kind_seq", "ruling_cards", ["card", "kind", "ruling_seq"])


def downgrade() -> None:
    op.drop_index("ix_ruling_cards_card_kind_seq", table_name="ruling_cards")
    with op.batch_alter_table("ruling_cards") as batch:
        batch.drop_column("kind")
