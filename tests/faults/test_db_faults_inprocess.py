"""Database faults answered in-process: a database that isn't there, a SQLite write lock held
by another process, a full SQLite database, NUL bytes in paths and queries. Each is a quick
503 (or 507, or 404/422) problem+json, never a 500 and never a hang."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from starlette.testclient import TestClient

from app.db.migrate import migrate
from app.main import create_app
from app.settings import Settings
from tests.ops.servers import free_port

QUESTION = {"card": "Fireball", "zone": "stack", "x": 3}
# Every route that touches the database, as (method, path, json body or None).
DATABASE_ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("POST", "/v1/spells/mana-value", QUESTION),
    ("GET", "/v1/rulings", None),
    ("GET", "/v1/rulings/0123456789abcdef0123456789abcdef", None),
    ("GET", "/v1/cards?q=pool", None),
    ("GET", "/v1/cards/Forest", None),
]


def assert_retry_later(r: Any, code: str, status: int = 503) -> None:
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == code
    assert int(r.headers["retry-after"]) > 0
    assert r.headers["x-request-id"]


def test_database_down_at_start_with_migrations_off_is_503_everywhere() -> None:
    # Nothing listens on this port: every connection attempt is refused.
    url = f"postgresql+psycopg://postgres@127.0.0.1:{free_port()}/nothing"
    app = create_app(Settings(database_url=url, migrate_on_startup=False, log_level="CRITICAL"))
    with TestClient(app, raise_server_exceptions=False) as client:
        for method, path, body in DATABASE_ROUTES:
            r = client.request(method, path, json=body)
            assert_retry_later(r, "database_unavailable")
        assert client.get("/healthz").status_code == 200
        assert client.get("/readyz").json()["code"] == "database_unreachable"
    app.state.db.dispose()


@pytest.fixture
def sqlite_app(tmp_path: Path) -> Iterator[tuple[TestClient, Path]]:
    path = tmp_path / "rulings.db"
    app = create_app(
        Settings(
            database_url=f"sqlite:///{path}",
            migrate_on_startup=False,
            sqlite_busy_timeout=0.3,
            log_level="CRITICAL",
        )
    )
    migrate(app.state.db.engine)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client, path
    app.state.db.dispose()


HOLD_LOCK = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
"""


def test_write_lock_held_by_another_process_is_a_quick_503(
    sqlite_app: tuple[TestClient, Path],
) -> None:
    client, path = sqlite_app
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        started = time.monotonic()
        r = client.post("/v1/spells/mana-value", json=QUESTION)
        waited = time.monotonic() - started
        assert_retry_later(r, "database_busy")
        assert waited < 10, f"waited {waited:.1f}s for the lock"  # the old timeout was 30 s
        # Reads go on beside the writer (WAL).
        assert client.get("/v1/rulings").status_code == 200
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=10)
    r = client.post("/v1/spells/mana-value", json=QUESTION)
    assert r.status_code == 201, r.text


def test_a_full_sqlite_database_is_507_and_not_ready(
    sqlite_app: tuple[TestClient, Path],
) -> None:
    client, _ = sqlite_app
    engine = client.app.state.db.engine  # type: ignore[attr-defined]
    engine.dispose()
    pages: dict[str, int] = {}

    @event.listens_for(engine, "connect")
    def _cap_size(dbapi_conn: Any, _record: Any) -> None:
        # No more pages than the database has now: the next write that needs one fails with
        # SQLITE_FULL, exactly as a full disk does.
        cur = dbapi_conn.cursor()
        count = cur.execute("PRAGMA page_count").fetchone()[0]
        cur.execute(f"PRAGMA max_page_count={pages.setdefault('cap', count)}")
        cur.close()

    failures = 0
    for x in range(200):  # each ruling needs room; the cap runs out within a few
        r = client.post("/v1/spells/mana-value", json={**QUESTION, "x": x})
        if r.status_code == 507:
            failures += 1
            assert r.json()["code"] == "storage_full"
            assert int(r.headers["retry-after"]) > 0
            break
        assert r.status_code == 201, r.text
    assert failures == 1, "the size cap never ran out"
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.json()["code"] == "storage_full"
    # Reads still work.
    assert client.get("/v1/rulings?limit=1").status_code == 200


def test_database_routes_list_503_and_507_in_the_openapi(sqlite_app: Any) -> None:
    client, _ = sqlite_app
    doc = client.get("/openapi.json").json()
    post = doc["paths"]["/v1/spells/mana-value"]["post"]["responses"]
    assert {"429", "503", "507"} <= post.keys()
    assert "503" in doc["paths"]["/v1/rulings"]["get"]["responses"]
    assert "503" not in doc["paths"]["/healthz"]["get"]["responses"]


@pytest.mark.parametrize(
    ("path", "statuses"),
    [
        ("/v1/rulings/%00", {404}),
        ("/v1/rulings/a%00b", {404}),
        ("/v1/rulings?card=%00", {422}),
        ("/v1/rulings?card=For%00est", {422}),
        ("/v1/rulings?kind=mana_value&after=1%00", {422}),
        ("/v1/cards?after=%00", {422}),
        ("/v1/cards/%00", {404}),
        ("/v1/cards/Fo%00rest", {404}),
        ("/v1/cards?q=%00", {422}),
    ],
)
def test_nul_in_paths_and_queries_is_never_500(
    client: TestClient, path: str, statuses: set[int]
) -> None:
    # On PostgreSQL a NUL in a text parameter was a 500 (DataError); SQLite cut it short.
    r = client.get(path)
    assert r.status_code in statuses, r.text
    assert r.headers["content-type"] == "application/problem+json"
    if r.status_code == 422:
        assert r.json()["code"] == "nul_character"
        assert r.json()["errors"][0]["loc"][0] == "query"
