"""Health, readiness, metrics, request ids, body size limit, no stack traces."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from app.db.migrate import migrate
from app.main import create_app
from app.settings import Settings


def test_healthz(sqlite_client: TestClient) -> None:
    r = sqlite_client.get("/healthz")
    assert (r.status_code, r.json()) == (200, {"status": "ok"})


def test_readyz_when_migrated(client: TestClient) -> None:
    r = client.get("/readyz")
    assert r.status_code == 200
    assert r.json()["status"] == "ready"


def test_readyz_is_503_before_migrations(tmp_path: object) -> None:
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp_path}/empty.db", migrate_on_startup=False)
    )
    with TestClient(app) as c:
        r = c.get("/readyz")
        assert r.status_code == 503
        assert r.headers["content-type"] == "application/problem+json"
        assert r.json()["code"] == "not_migrated"
        migrate(app.state.db.engine)
        assert c.get("/readyz").status_code == 200
        # Behind the newest migration again: not ready.
        with app.state.db.engine.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = 'old'"))
        assert c.get("/readyz").status_code == 503
    app.state.db.dispose()


def test_readyz_is_503_when_the_database_is_unreachable() -> None:
    app = create_app(
        Settings(
            database_url="postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=1",
            migrate_on_startup=False,
        )
    )
    with TestClient(app) as c:
        r = c.get("/readyz")
    assert r.status_code == 503
    assert r.json()["code"] == "database_unreachable"


def test_request_id_is_echoed_or_made(sqlite_client: TestClient) -> None:
    mine = sqlite_client.get("/healthz", headers={"X-Request-ID": "abc-123"})
    assert mine.headers["x-request-id"] == "abc-123"
    made = sqlite_client.get("/healthz")
    assert len(made.headers["x-request-id"]) == 32
    # A hostile id is not echoed into headers or logs.
    odd = sqlite_client.get("/healthz", headers={"X-Request-ID": "a b\tc"})
    assert odd.headers["x-request-id"] != "a b\tc"


def test_metrics_are_labelled_by_route_template(sqlite_client: TestClient) -> None:
    sqlite_client.get("/v1/rulings/deadbeef")
    body = sqlite_client.get("/metrics")
    assert body.headers["content-type"].startswith("text/plain")
    assert 'route="/v1/rulings/{ruling_id}",status="404"' in body.text
    assert "deadbeef" not in body.text
    assert "http_request_duration_seconds_bucket" in body.text


def test_oversized_body_is_413_before_parsing(sqlite_client: TestClient) -> None:
    big = b'{"card": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    r = sqlite_client.post(
        "/v1/spells/mana-value", content=big, headers={"content-type": "application/json"}
    )
    assert r.status_code == 413
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "body_too_large"


def test_oversized_chunked_body_is_413(sqlite_client: TestClient) -> None:
    def chunks():  # type: ignore[no-untyped-def]
        for _ in range(40):
            yield b"x" * 65536

    r = sqlite_client.post("/v1/spells/mana-value", content=chunks())
    assert r.status_code == 413


def test_body_limit_is_configurable(tmp_path: object) -> None:
    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path}/x.db", max_body_bytes=100, migrate_on_startup=True
        )
    )
    with TestClient(app) as c:
        r = c.post(
            "/v1/spells/mana-value",
            json={"card": "Fireball", "zone": "stack", "x": 1, "face": "x" * 100},
        )
        assert r.status_code == 413
    app.state.db.dispose()


def test_unknown_path_and_method_are_problems(sqlite_client: TestClient) -> None:
    r = sqlite_client.get("/v1/nothing")
    assert r.status_code == 404 and r.headers["content-type"] == "application/problem+json"
    r = sqlite_client.delete("/v1/spells/mana-value")
    assert r.status_code == 405 and r.json()["code"] == "method_not_allowed"


def test_a_crash_is_a_problem_without_a_stack_trace(tmp_path: object) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/c.db"))

    @app.get("/boom")
    def boom() -> None:
        raise RuntimeError("secret internals")

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/boom")
    assert r.status_code == 500
    assert r.headers["content-type"] == "application/problem+json"
    assert "secret" not in r.text and "Traceback" not in r.text
    assert json.loads(r.text)["code"] == "internal_error"
    app.state.db.dispose()


def test_cors_is_off_by_default(sqlite_client: TestClient) -> None:
    r = sqlite_client.get("/healthz", headers={"Origin": "https://judge.example"})
    assert "access-control-allow-origin" not in r.headers


def test_cors_allows_only_configured_origins(tmp_path: object) -> None:
    app = create_app(
        Settings(
            database_url=f"sqlite:///{tmp_path}/cors.db",
            cors_origins="https://judge.example, https://deck.example",
        )
    )
    with TestClient(app) as c:
        ok = c.options(
            "/v1/spells/mana-value",
            headers={"Origin": "https://judge.example", "Access-Control-Request-Method": "POST"},
        )
        assert ok.headers["access-control-allow-origin"] == "https://judge.example"
        other = c.get("/healthz", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in other.headers
    app.state.db.dispose()


def test_logs_are_json_with_the_request_id(
    sqlite_client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    import logging

    from app.logs import JsonFormatter

    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    access = logging.getLogger("rulings.access")
    access.addHandler(handler)
    old = access.level
    access.setLevel(logging.INFO)
    try:
        sqlite_client.get("/healthz", headers={"X-Request-ID": "log-me-1"})
    finally:
        access.removeHandler(handler)
        access.setLevel(old)
    line = json.loads(JsonFormatter().format(records[-1]))
    assert line["request_id"] == "log-me-1"
    assert line["route"] == "/healthz" and line["status"] == 200
