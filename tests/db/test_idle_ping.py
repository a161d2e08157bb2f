"""Pooled connections are pinged only after sitting idle (app/db/session.ping_when_idle): a
stale one is then replaced before any request sees it, and one in steady use costs no ping."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine, text
from sqlalchemy.exc import SQLAlchemyError

from app.db.session import ping_when_idle


def _engine_with_a_stale_connection(tmp_path: Path, idle_seconds: float) -> Engine:
    engine = create_engine(f"sqlite:///{tmp_path / 'p.db'}", pool_size=1, max_overflow=0)
    ping_when_idle(engine, idle_seconds)
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))
        raw = conn.connection.dbapi_connection
    # Back in the pool, the connection goes away behind the pool's back, as one to a
    # database server that restarted does.
    assert raw is not None
    raw.close()
    return engine


def test_a_connection_idle_past_the_limit_is_pinged_and_replaced(tmp_path: Path) -> None:
    engine = _engine_with_a_stale_connection(tmp_path, idle_seconds=0.0)
    try:
        with engine.connect() as conn:
            assert conn.execute(text("SELECT 1")).scalar() == 1
    finally:
        engine.dispose()


def test_a_connection_in_steady_use_is_not_pinged(tmp_path: Path) -> None:
    # Within the idle limit there is no ping: the stale connection is handed out as it is, and
    # its query fails (the request is a 503, and SQLAlchemy drops the pool's connections).
    engine = _engine_with_a_stale_connection(tmp_path, idle_seconds=3600.0)
    try:
        with pytest.raises(SQLAlchemyError), engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    finally:
        engine.dispose()
