"""SQLAlchemy models. The schema only changes through Alembic migrations (migrations/)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    SmallInteger,
    String,
    Text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# JSONB on PostgreSQL (queryable, compact); plain JSON text elsewhere.
JsonDoc = JSON().with_variant(JSONB(), "postgresql")
# SQLite only auto-increments an INTEGER PRIMARY KEY; PostgreSQL gets a BIGINT identity.
SeqInt = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    pass


class CardRow(Base):
    """One card: what `GET /v1/cards/{name}` serves and the engine parses (`data`)."""

    __tablename__ = "cards"

    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    # "bundled" (app/catalog/cards, the engine's source of truth) or "imported".
    source: Mapped[str] = mapped_column(String(10), nullable=False)
    # Digest of the card's canonical data: keys the rulings about it (app/rulings/identity.py).
    digest: Mapped[str] = mapped_column(String(32), nullable=False)
    data: Mapped[dict[str, Any]] = mapped_column(JsonDoc, nullable=False)
    # A bundled card's imported rules text, kept so that re-syncing the bundled catalog at
    # start-up keeps it: {"text": ..., "faces": {face name: text}}.
    imported: Mapped[dict[str, Any] | None] = mapped_column(JsonDoc, nullable=True)


class CardNameRow(Base):
    """The folded names a card is found by (app/catalog/names.py): a lookup is an index hit,
    and `GET /v1/cards?q=` scans these short keys rather than the cards' data (a trigram
    index on PostgreSQL makes the substring search an index search there)."""

    __tablename__ = "card_names"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    name: Mapped[str] = mapped_column(
        String(200), ForeignKey("cards.name", ondelete="CASCADE"), primary_key=True
    )
    # 0: the card's full name, 1: one face's name (a full name wins over a face name).
    rank: Mapped[int] = mapped_column(SmallInteger, nullable=False)

    __table_args__ = (
        # By name, covering the key: deletes by name, and the name-ordered scan of a search
        # (it stops at the first page of matches) reads only this index.
        Index("ix_card_names_name_key", "name", "key"),
        Index(
            "ix_card_names_key_trgm",
            "key",
            postgresql_using="gin",
            postgresql_ops={"key": "gin_trgm_ops"},
        ).ddl_if(dialect="postgresql"),
    )


class CardTagRow(Base):
    """Indexed filters of `GET /v1/cards`: `type:land`, `produces:G`."""

    __tablename__ = "card_tags"

    tag: Mapped[str] = mapped_column(String(60), primary_key=True)
    name: Mapped[str] = mapped_column(
        String(200), ForeignKey("cards.name", ondelete="CASCADE"), primary_key=True
    )

    __table_args__ = (Index("ix_card_tags_name", "name"),)


class CatalogStateRow(Base):
    """One row: a counter bumped whenever the cards change, so every server process drops its
    cached cards soon after an import (app/catalog/store.py)."""

    __tablename__ = "catalog_state"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    generation: Mapped[int] = mapped_column(BigInteger, nullable=False)
    # The version of the compiler that compiled every imported card's rules text
    # (app/catalog/recompile.py); None: not known, so `rulings migrate` recompiles them.
    compiler: Mapped[str | None] = mapped_column(String(32), nullable=True)


class RulingRow(Base):
    __tablename__ = "rulings"

    # Insertion order: the cursor for "newest first" paging.
    seq: Mapped[int] = mapped_column(SeqInt, primary_key=True, autoincrement=True)
    # Content address of (kind, engine version, question). Unique: two identical questions
    # arriving at once race on this constraint, not on a check-then-insert.
    id: Mapped[str] = mapped_column(String(64), nullable=False, unique=True)
    kind: Mapped[str] = mapped_column(String(40), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    engine_version: Mapped[str] = mapped_column(String(80), nullable=False)
    # The exact bytes served: GET returns them unchanged, so the ETag is stable. The question
    # is in them, and only there (migration 0005 dropped a second copy). A body is kept in one
    # of two columns: as text in `body`, or, past app/db/packing.PACK_ABOVE bytes, as an LZ4
    # frame in `packed` (migration 0007); the repository hands out the same bytes either way.
    body: Mapped[str | None] = mapped_column(Text, nullable=True)
    packed: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)

    __table_args__ = (
        Index("ix_rulings_kind_seq", "kind", "seq"),
        CheckConstraint("(body IS NULL) <> (packed IS NULL)", name="ck_rulings_one_body"),
    )


class RulingCardRow(Base):
    """Which catalog cards a ruling is about: backs the `card` filter of `GET /v1/rulings`."""

    __tablename__ = "ruling_cards"

    ruling_seq: Mapped[int] = mapped_column(
        SeqInt, ForeignKey("rulings.seq", ondelete="CASCADE"), primary_key=True
    )
    card: Mapped[str] = mapped_column(String(200), primary_key=True)
    # The ruling's kind, copied here so a listing by card and kind is one index range.
    kind: Mapped[str] = mapped_column(String(40), nullable=False)

    __table_args__ = (
        Index("ix_ruling_cards_card_seq", "card", "ruling_seq"),
        Index("ix_ruling_cards_card_kind_seq", "card", "kind", "ruling_seq"),
    )


class RulingAliasRow(Base):
    """A request's exact spelling -> the ruling it was answered with (app/rulings/fastpath.py):
    a question asked again byte for byte is answered by one lookup, before any parsing.

    A cache, never the identity: the ruling's id stays the content address of the normalized
    question, so equal questions spelled differently share one ruling and merely have several
    aliases. `cards` holds the catalog lookups the ruling depended on, each with the digest of
    the card it found, so a changed card never serves a stale ruling through its alias."""

    __tablename__ = "ruling_aliases"

    # A hash of (route, query, rules version, body bytes), hex (app/rulings/fastpath.alias_key).
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    ruling_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("rulings.id", ondelete="CASCADE"), nullable=False, index=True
    )
    # JSON: [[name as asked, digest of the card found or null], ...], sorted.
    cards: Mapped[str] = mapped_column(Text, nullable=False)
    # The stored body's strong ETag, so a hit need not hash the body again.
    etag: Mapped[str] = mapped_column(String(40), nullable=False)
