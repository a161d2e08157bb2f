"""Imported cards: folded name keys (searched by substring, with a trigram index on
PostgreSQL), filter tags, card digests and a catalog generation.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import logging

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

json_doc = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")
log = logging.getLogger("rulings.migrate")


def _trigram_index() -> None:
    """pg_trgm makes `LIKE '%q%'` an index search. It ships with PostgreSQL (contrib); where it
    can't be created the search still works, as a scan."""
    bind = op.get_bind()
    available = bind.execute(
        sa.text("SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'")
    ).scalar()
    if not available:
        log.warning("pg_trgm is not available: card name search scans the table")
        return
    op.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    op.create_index(
        "ix_card_names_key_trgm",
        "card_names",
        ["key"],
        postgresql_using="gin",
        postgresql_ops={"key": "gin_trgm_ops"},
    )


# SQLite: a trigram full-text index over the name keys, kept by triggers (external content:
# it stores no copy of the keys). A rare substring is found through it in well under a
# millisecond where scanning 60,000 keys takes 10-30 ms (bench/imports.py).
SQLITE_TRIGRAMS = [
    "CREATE VIRTUAL TABLE card_names_fts USING fts5("
    "key, content='card_names', content_rowid='rowid', tokenize='trigram')",
    "CREATE TRIGGER card_names_fts_insert AFTER INSERT ON card_names BEGIN "
    "INSERT INTO card_names_fts(rowid, key) VALUES (new.rowid, new.key); END",
    "CREATE TRIGGER card_names_fts_delete AFTER DELETE ON card_names BEGIN "
    "INSERT INTO card_names_fts(card_names_fts, rowid, key) "
    "VALUES ('delete', old.rowid, old.key); END",
]


def upgrade() -> None:
    # The bundled catalog is re-synced by every migrate: start the new columns from scratch.
    op.execute("DELETE FROM cards")
    with op.batch_alter_table("cards") as batch:
        # Name search moves to the narrow card_names table (scanning short keys, not JSON).
        batch.drop_column("search")
        batch.add_column(sa.Column("source", sa.String(10), nullable=False))
        batch.add_column(sa.Column("digest", sa.String(32), nullable=False))
        batch.add_column(sa.Column("imported", json_doc, nullable=True))
    op.create_table(
        "card_names",
        sa.Column("key", sa.String(200), primary_key=True),
        sa.Column(
            "name",
            sa.String(200),
            sa.ForeignKey("cards.name", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("rank", sa.SmallInteger(), nullable=False),
    )
    op.create_index("ix_card_names_name_key", "card_names", ["name", "key"])
    op.create_table(
        "card_tags",
        sa.Column("tag", sa.String(60), primary_key=True),
        sa.Column(
            "name",
            sa.String(200),
            sa.ForeignKey("cards.name", ondelete="CASCADE"),
            primary_key=True,
        ),
    )
    op.create_index("ix_card_tags_name", "card_tags", ["name"])
    op.create_table(
        "catalog_state",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("generation", sa.BigInteger(), nullable=False),
    )
    op.execute("INSERT INTO catalog_state (id, generation) VALUES (1, 0)")
    if op.get_bind().dialect.name == "postgresql":
        _trigram_index()
    else:
        for statement in SQLITE_TRIGRAMS:
            op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP INDEX IF EXISTS ix_card_names_key_trgm")
    else:
        op.execute("DROP TRIGGER IF EXISTS card_names_fts_delete")
        op.execute("DROP TRIGGER IF EXISTS card_names_fts_insert")
        op.execute("DROP TABLE IF EXISTS card_names_fts")
    op.drop_table("catalog_state")
    op.drop_index("ix_card_tags_name", table_name="card_tags")
    op.drop_table("card_tags")
    op.drop_index("ix_card_names_name_key", table_name="card_names")
    op.drop_table("card_names")
    op.execute("DELETE FROM cards")
    with op.batch_alter_table("cards") as batch:
        batch.drop_column("imported")
        batch.drop_column("digest")
        batch.drop_column("source")
        batch.add_column(sa.Column("search", sa.String(600), nullable=False))
