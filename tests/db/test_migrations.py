"""The migrations build exactly the schema the models describe, on SQLite and PostgreSQL, and
upgrading is idempotent (a second replica's migrate finds nothing to do)."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from app.db.migrate import head_revision, is_migrated, migrate
from app.db.models import Base


def test_migrations_match_the_models(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        migrate(engine)
        migrate(engine)  # again: nothing to do, nothing breaks
        assert is_migrated(engine, head_revision())
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
        assert {"cards", "rulings", "ruling_cards"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
