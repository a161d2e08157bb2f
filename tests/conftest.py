"""Shared fixtures: the app on a fresh SQLite file and, when reachable, a fresh PostgreSQL
database (created for this run and dropped at its end; in CI it must be reachable)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from sqlalchemy import text
from starlette.testclient import TestClient

from app.db.migrate import migrate
from app.main import create_app
from app.rulings import checks
from app.settings import Settings
from tests.databases import scratch_database, unreachable

# Every ruling the tests make is checked: its answer against its kind's model, its steps' refs
# against their text (app/rulings/checks.py). Production skips this.
checks.ENABLED = True

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"

# Property tests: no per-example deadline (a loaded 2-core machine is not a bug), and in CI a
# fixed sequence of examples, so a run is reproducible; locally they explore anew each run.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")


def _postgres_admin_url() -> str | None:
    url = os.environ.get("RULINGS_TEST_POSTGRES_URL", DEFAULT_PG)
    why = unreachable(url)
    if why is None:
        return url
    if os.environ.get("CI") == "true":
        raise RuntimeError(f"PostgreSQL must be reachable in CI at {url}: {why}")
    return None


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str | None]:
    """A database of its own for this test run, dropped afterwards."""
    admin_url = _postgres_admin_url()
    if admin_url is None:
        yield None
        return
    with scratch_database(admin_url, "rulings_test") as url:
        yield url


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    if request.param == "sqlite":
        path: Path = tmp_path_factory.mktemp("db") / "rulings.db"
        return f"sqlite:///{path}"
    url = request.getfixturevalue("postgres_url")
    if url is None:
        pytest.skip("PostgreSQL is not reachable here")
    return str(url)


@pytest.fixture(scope="session")
def migrated_app(database_url: str) -> Iterator[TestClient]:
    app = create_app(
        Settings(database_url=database_url, migrate_on_startup=False, log_level="WARNING")
    )
    migrate(app.state.db.engine)
    with TestClient(app) as client:
        yield client
    app.state.db.dispose()


@pytest.fixture
def client(migrated_app: TestClient) -> TestClient:
    """The app with an empty rulings store (the catalog stays loaded)."""
    engine = migrated_app.app.state.db.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(text("DELETE FROM ruling_aliases"))
        conn.execute(text("DELETE FROM ruling_cards"))
        conn.execute(text("DELETE FROM rulings"))
    # The store was emptied under the running app: what it remembers of it goes too.
    migrated_app.app.state.recent_aliases.clear()  # type: ignore[attr-defined]
    return migrated_app


@pytest.fixture(scope="session")
def sqlite_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """SQLite only: for API behaviour that doesn't depend on the database."""
    path = tmp_path_factory.mktemp("sqlite-only") / "rulings.db"
    app = create_app(
        Settings(database_url=f"sqlite:///{path}", migrate_on_startup=False, log_level="WARNING")
    )
    migrate(app.state.db.engine)
    with TestClient(app) as c:
        yield c
    app.state.db.dispose()
