"""Fresh databases for import tests (an import changes the catalog, so no shared database),
and the invented card files."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from app.db.migrate import migrate
from app.db.session import make_engine
from tests.databases import scratch_database


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'import.db'}"
        return
    server = request.getfixturevalue("postgres_url")
    if server is None:
        pytest.skip("PostgreSQL is not reachable here")
    with scratch_database(str(server), "rulings_import") as url:
        yield url


@pytest.fixture
def fresh_engine(fresh_url: str) -> Iterator[Engine]:
    engine = make_engine(fresh_url)
    migrate(engine)
    yield engine
    engine.dispose()
