"""The compiler that compiled the imported cards: `catalog_state.compiler`.

Imported cards carry what the compiler read in their rules text (app/catalog/compile). A newer
release reads more, or reads differently; `rulings migrate` then recompiles the stored text
of every imported card (app/catalog/recompile.py) and records the compiler's version here.
NULL: not known (a database imported into before this revision), so the first `rulings
migrate` recompiles.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("catalog_state") as batch:
        batch.add_column(sa.Column("compiler", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("catalog_state") as batch:
        batch.drop_column("compiler")
