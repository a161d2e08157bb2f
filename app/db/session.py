"""Database engine and sessions: SQLite (WAL, foreign keys, busy timeout) or PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def json_column_text(value: Any) -> str:
    """JSON columns (a ruling's question, a card's data) through orjson: the stdlib encoder
    costs ~20 ms on a 10,000-permanent question."""
    return orjson.dumps(value).decode()


def make_engine(url: str) -> Engine:
    if is_sqlite(url):
        engine = create_engine(
            url,
            json_serializer=json_column_text,
            connect_args={"check_same_thread": False, "timeout": 30},
            pool_size=8,
            max_overflow=8,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            # WAL lets readers run beside the writer; the busy timeout makes concurrent writers
            # wait for the lock instead of failing; foreign keys are off unless asked for.
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute("PRAGMA busy_timeout=30000")
            cur.close()

        return engine
    return create_engine(
        url, pool_size=10, max_overflow=10, pool_pre_ping=True, json_serializer=json_column_text
    )


class Database:
    """One engine and session factory per app instance."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def session(self) -> Iterator[Session]:
        with self.sessions() as session:
            try:
                yield session
            except BaseException:
                session.rollback()
                raise

    def dispose(self) -> None:
        self.engine.dispose()
