"""Schema migrations and the catalog sync: the `migrate` step (run at start-up or as a one-shot).

On PostgreSQL several replicas may start at once: a session-level advisory lock makes them take
turns, so exactly one runs each migration and the others find the schema already at head.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, Literal

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, func, select, text
from sqlalchemy.orm import Session

from app.catalog import Catalog, load_catalog
from app.catalog.recompile import compiler_version, holds_imported, stored_compiler
from app.catalog.recompile import recompile as recompile_cards
from app.catalog.store import (
    BUNDLED,
    IMPORTED,
    CardRecord,
    StoredCard,
    bump_generation,
    delete_cards,
    record_of,
    stored_cards,
    with_imported_text,
    write_records,
)
from app.db.models import CardRow
from app.domain.card import Card

log = logging.getLogger("rulings.migrate")

# An arbitrary constant naming "the rulings schema" among advisory locks.
ADVISORY_LOCK_KEY = 7_316_202_611


def migrations_dir() -> Path:
    configured = os.environ.get("RULINGS_MIGRATIONS_DIR")
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parents[2] / "migrations"


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    return config


def head_revision() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def current_revision(conn: Connection) -> str | None:
    return MigrationContext.configure(conn).get_current_revision()


def sync_catalog(conn: Connection, catalog: Catalog) -> int:
    """Upsert the bundled cards; imported cards are never wiped.

    A bundled card always wins its name: its structured abilities are the engine's source of
    truth, so no answer that was right before an import can become wrong. When a card of that
    name was imported, its rules text is added (`with_imported_text`) and the imported card is
    kept in the row's `imported` column: if a later release drops the card from the bundled
    catalog, the imported card takes its row back. Only changed rows are written.
    """
    with Session(bind=conn) as session:
        stored = stored_cards(session, (card.name for card in catalog))
        changed: list[CardRecord] = []
        dropped: list[str] = []
        for card in catalog:
            previous = stored.get(card.name)
            imported = _imported_copy(previous, session, card.name)
            merged = with_imported_text(card, Card.model_validate(imported)) if imported else card
            record = record_of(merged, BUNDLED, imported)
            if previous is None or (previous.source, previous.digest) != (BUNDLED, record.digest):
                changed.append(record)
        bundled_names = {card.name for card in catalog}
        for name, previous in stored.items():
            if previous.source == BUNDLED and name not in bundled_names:
                if previous.imported is not None:
                    changed.append(record_of(Card.model_validate(previous.imported), IMPORTED))
                else:
                    dropped.append(name)
        if dropped:
            delete_cards(session, dropped)
            bump_generation(session)
        write_records(session, changed, stored)
        session.commit()
        total = session.execute(select(func.count()).select_from(CardRow)).scalar_one()
    return int(total)


def _imported_copy(
    previous: StoredCard | None, session: Session, name: str
) -> dict[str, Any] | None:
    """The imported card behind a name: kept beside a bundled card, or the row itself."""
    if previous is None:
        return None
    if previous.source == BUNDLED:
        return previous.imported
    data = session.execute(select(CardRow.data).where(CardRow.name == name)).scalar_one()
    return Card.model_validate(data).model_dump(mode="json")


# What migrating does where the imported cards were compiled by another compiler than this
# release's: say so in the log (a server's start-up), compile them again (`rulings migrate`,
# the one-shot step), or leave them (a caller that recompiles next).
StaleCards = Literal["warn", "recompile", "leave"]


def migrate(engine: Engine, *, stale: StaleCards = "warn") -> int:
    """Upgrade to the latest revision and sync the bundled catalog; returns the number of
    cards stored (bundled and imported). `stale`: what to do where the imported cards were
    compiled by another compiler (above)."""
    config = alembic_config()
    with engine.connect() as conn:
        postgres = conn.dialect.name == "postgresql"
        if postgres:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": ADVISORY_LOCK_KEY})
            conn.commit()
        try:
            config.attributes["connection"] = conn
            command.upgrade(config, "head")
            conn.commit()
            count = sync_catalog(conn, load_catalog())
            # Under the same lock: of replicas migrating at once, one recompiles.
            if stale != "leave":
                _settle_compiler(engine, recompile=stale == "recompile")
        finally:
            if postgres:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": ADVISORY_LOCK_KEY})
                conn.commit()
    log.info("migrated", extra={"revision": head_revision(), "cards": count})
    return count


def _settle_compiler(engine: Engine, *, recompile: bool) -> None:
    """Where imported cards were compiled by another compiler than this release's (or one not
    known): compile them again with `recompile`, else warn. Without imported cards there is
    nothing to settle, and the compiler's version isn't even worked out."""
    with Session(engine) as session:
        if not holds_imported(session):
            return  # nothing compiled to settle: an import records its compiler
        stored = stored_compiler(session)
    current = compiler_version()
    if stored == current:
        return
    if recompile:
        done = recompile_cards(engine)
        log.info("recompiled imported cards", extra=done.to_json())
        return
    log.warning(
        "imported cards were compiled by another release's compiler; run `rulings migrate` "
        "(or `rulings cards recompile`) to compile their rules text again",
        extra={"compiler": current, "recorded": stored},
    )


def is_migrated(engine: Engine, head: str | None) -> bool:
    with engine.connect() as conn:
        return current_revision(conn) == head
