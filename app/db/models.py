"""SQLAlchemy models. The schema only changes through Alembic migrations (migrations/)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Index, Integer, String, Text
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

# JSONB on PostgreSQL (queryable, compact); plain JSON text elsewhere.
JsonDoc = JSON().with_variant(JSONB(), "postgresql")
# SQLite only auto-increments an INTEGER PRIMARY KEY; PostgreSQL gets a BIGINT identity.
SeqInt = BigInteger().with_variant(Integer(), "sqlite")


class Base(DeclarativeBase):
    pass


class CardRow(Base):
    __tablename__ = "cards"

    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    # Lower-cased full name and face names, ' | '-joined: what `GET /v1/cards?q=` searches.
    search: Mapped[str] = mapped_column(String(600), nullable=False)
    data: Mapped[dict[str, Any]] = mapped_column(JsonDoc, nullable=False)


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
    question: Mapped[dict[str, Any]] = mapped_column(JsonDoc, nullable=False)
    # The exact bytes served: GET returns them unchanged, so the ETag is stable.
    body: Mapped[str] = mapped_column(Text, nullable=False)

    __table_args__ = (Index("ix_rulings_kind_seq", "kind", "seq"),)


class RulingCardRow(Base):
    """Which catalog cards a ruling is about: backs the `card` filter of `GET /v1/rulings`."""

    __tablename__ = "ruling_cards"

    ruling_seq: Mapped[int] = mapped_column(
        SeqInt, ForeignKey("rulings.seq", ondelete="CASCADE"), primary_key=True
    )
    card: Mapped[str] = mapped_column(String(200), primary_key=True)

    __table_args__ = (Index("ix_ruling_cards_card_seq", "card", "ruling_seq"),)


class RulingAliasRow(Base):
    """A request's exact spelling -> the ruling it was answered with (app/rulings/fastpath.py):
    a question asked again byte for byte is answered by one lookup, before any parsing.

    A cache, never the identity: the ruling's id stays the content address of the normalized
    question, so equal questions spelled differently share one ruling and merely have several
    aliases. `cards` holds the catalog lookups the ruling depended on, each with the digest of
    the card it found, so a changed card never serves a stale ruling through its alias."""

    __tablename__ = "ruling_aliases"

    # blake2b of (route, query, rules version, body bytes), hex.
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    ruling_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("rulings.id", ondelete="CASCADE"), nullable=False, index=True
    )
    # JSON: [[name as asked, digest of the card found or null], ...], sorted.
    cards: Mapped[str] = mapped_column(Text, nullable=False)
    # The stored body's strong ETag, so a hit need not hash the body again.
    etag: Mapped[str] = mapped_column(String(40), nullable=False)
