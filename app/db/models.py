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
    # The ruling's kind, copied here so a listing by card and kind is one index range.
    kind: Mapped[str] = mapped_column(String(40), nullable=False)

    __table_args__ = (
        Index("ix_ruling_cards_card_seq", "card", "ruling_seq"),
        Index("ix_ruling_cards_card_kind_seq", "card", "kind", "ruling_seq"),
    )
