"""The migrations build exactly the schema the models describe, on SQLite and PostgreSQL, and
upgrading is idempotent (a second replica's migrate finds nothing to do)."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from app.db.migrate import head_revision, is_migrated, migrate
from app.db.models import Base


def _on_this_database(dialect: str) -> Any:
    """Leave out objects the models create on another database only (`ddl_if`: the trigram
    index of card search exists on PostgreSQL alone), and SQLite's full-text index of card
    names (a virtual table and its shadow tables, made by the migration alone)."""

    def include(obj: Any, name: Any, type_: str, reflected: bool, _compare_to: Any) -> bool:
        if type_ == "table" and reflected and str(name).startswith("card_names_fts"):
            return False
        only = getattr(obj, "_ddl_if", None)
        return only is None or only.dialect in (None, dialect)

    return include


def test_migrations_match_the_models(database_url: str) -> None:
    engine = create_engine(database_url)
    try:
        migrate(engine)
        migrate(engine)  # again: nothing to do, nothing breaks
        assert is_migrated(engine, head_revision())
        with engine.connect() as conn:
            context = MigrationContext.configure(
                conn, opts={"include_object": _on_this_database(conn.dialect.name)}
            )
            diff = compare_metadata(context, Base.metadata)
        assert diff == []
        tables = {"cards", "card_names", "card_tags", "catalog_state", "rulings", "ruling_cards"}
        assert tables <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
