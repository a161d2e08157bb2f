"""Alembic environment. Run through `rulings migrate` (app/db/migrate.py), which passes the
connection in; `alembic upgrade head` with RULINGS_DATABASE_URL works too."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from app.db.models import Base
from app.settings import get_settings

config = context.config
target_metadata = Base.metadata


def _configure_and_run(connection) -> None:  # type: ignore[no-untyped-def]
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        # SQLite can't ALTER most things in place: batch mode copies the table instead.
        render_as_batch=connection.dialect.name == "sqlite",
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure_and_run(connection)
        return
    engine = create_engine(get_settings().database_url)
    with engine.connect() as conn:
        _configure_and_run(conn)
    engine.dispose()


if context.is_offline_mode():  # pragma: no cover - offline SQL generation isn't used
    context.configure(url=get_settings().database_url, target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_migrations_online()
