"""Scratch PostgreSQL databases for tests: made for a run (or a test) and always dropped."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url


def unreachable(server_url: str) -> str | None:
    """Why the PostgreSQL server of `server_url` can't be used (None: it answers)."""
    try:
        engine = create_engine(server_url, connect_args={"connect_timeout": 3})
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        engine.dispose()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


@contextmanager
def scratch_database(server_url: str, prefix: str) -> Iterator[str]:
    """A new, empty database on the server of `server_url`, dropped when the block ends."""
    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
