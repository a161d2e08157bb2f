"""Fixtures for the operations tests: server processes that are always killed, and a fresh,
never-migrated PostgreSQL database per test (on the server of the session's `postgres_url`)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from tests.ops.servers import Servers


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Servers]:
    started = Servers(tmp_path)
    try:
        yield started
    finally:
        started.kill_all()


@pytest.fixture
def fresh_postgres_url(postgres_url: str | None) -> Iterator[str]:
    """An empty database of this test's own, dropped afterwards. Skipped only where
    `postgres_url` is None: PostgreSQL unreachable outside CI (in CI that fixture fails)."""
    if postgres_url is None:
        pytest.skip("PostgreSQL is not reachable here")
    name = f"rulings_ops_{uuid.uuid4().hex[:12]}"
    # CREATE/DROP DATABASE can be issued from any database on the server: use the session's.
    admin = create_engine(postgres_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(postgres_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def server_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database no server has touched yet: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rulings.db'}"
    return str(request.getfixturevalue("fresh_postgres_url"))
