"""Rulings keep their question once: in the body they are served with.

The `question` column held a second copy of the body's `question` (a JSON document), never
read: every read of a ruling serves its body. On a 10,000-permanent question it was ~1.9 MB
more to serialize and write with every new ruling (and, on PostgreSQL, to parse into JSONB).
Downgrading puts the column back, filled from each body. On SQLite the table is rebuilt
without the column (batch mode): a one-time copy, as long as the store is large; PostgreSQL
drops it in place at once.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects.postgresql import JSONB

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Batch mode: SQLite rebuilds the table; PostgreSQL drops the column in place.
    with op.batch_alter_table("rulings") as batch:
        batch.drop_column("question")


def downgrade() -> None:
    json_doc = sa.JSON().with_variant(JSONB(), "postgresql")
    with op.batch_alter_table("rulings") as batch:
        batch.add_column(sa.Column("question", json_doc, nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute("UPDATE rulings SET question = (body::jsonb) -> 'question'")
    else:
        # Read as text: a body stored by a later release is its UTF-8 bytes (a BLOB value), which
        # SQLite's JSON functions would otherwise refuse or read as binary JSON.
        op.execute("UPDATE rulings SET question = json_extract(CAST(body AS TEXT), '$.question')")
    with op.batch_alter_table("rulings") as batch:
        batch.alter_column("question", existing_type=json_doc, nullable=False)
