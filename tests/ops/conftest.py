"""Fixtures for the operations tests: server processes that are always killed, and a fresh,
never-migrated PostgreSQL database per test (on the server of the session's `postgres_url`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.databases import scratch_database
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
    with scratch_database(postgres_url, "rulings_ops") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def server_database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database no server has touched yet: a new SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rulings.db'}"
    return str(request.getfixturevalue("fresh_postgres_url"))
