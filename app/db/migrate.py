"""Schema migrations and the catalog sync: the `migrate` step (run at start-up or as a one-shot).

On PostgreSQL several replicas may start at once: a session-level advisory lock makes them take
turns, so exactly one runs each migration and the others find the schema already at head.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, text
from sqlalchemy.orm import Session

from app.catalog import Catalog, load_catalog
from app.db.repositories import CardRepository

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


def card_search_text(names: list[str]) -> str:
    return "|" + "|".join(n.casefold() for n in names) + "|"


def sync_catalog(conn: Connection, catalog: Catalog) -> int:
    """Make the cards table match the catalog files exactly."""
    with Session(bind=conn) as session:
        rows = [
            (
                card.name,
                card_search_text([card.name, *(f.name for f in card.faces)]),
                card.public(),
            )
            for card in catalog
        ]
        count = CardRepository(session).replace_all(rows)
        session.commit()
    return count


def migrate(engine: Engine) -> int:
    """Upgrade to the latest revision and load the catalog; returns the number of cards."""
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
        finally:
            if postgres:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": ADVISORY_LOCK_KEY})
                conn.commit()
    log.info("migrated", extra={"revision": head_revision(), "cards": count})
    return count


def is_migrated(engine: Engine, head: str | None) -> bool:
    with engine.connect() as conn:
        return current_revision(conn) == head
