"""Database engine and sessions: SQLite (WAL, foreign keys, busy timeout) or PostgreSQL, each
with timeouts short enough that a database fault is a quick 503, not a hang."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any, Literal

import orjson
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

# The WAL is checkpointed back into the database every this many pages (SQLite's default; 4 MB
# of WAL at SQLITE_PAGE_BYTES), and truncated to at most this many bytes afterwards, so a disk
# that filled up once isn't filled again by a WAL that only grows.
WAL_AUTOCHECKPOINT_PAGES = 1000
JOURNAL_SIZE_LIMIT_BYTES = 4 * 1024 * 1024
# The page size of a SQLite database this service creates (an existing file keeps its own):
# SQLite's default, said explicitly. Every page a commit changes is written to the WAL whole
# and synced, so a small ruling's commit (its row, its cards' rows and their index pages)
# copies and checksums four times the bytes at 16 KB pages: measured in turn, 0.41 against
# 0.59 ms of CPU per small ruling written through the group-commit writer, and over HTTP
# 1.86 against 2.00 ms of server CPU per new small question (546 against 500 requests/s).
# Big pages had paid off for big rulings only while they were stored as text (a 2.4 MB body,
# ~590 overflow pages at 4 KB); packed (app/db/packing.py) it is about 170 kB, and a packed
# body of 195 kB cost 1.5-1.7 against 1.8 ms of CPU to write at 4 KB. docs/architecture.md
# (settings).
SQLITE_PAGE_BYTES = 4096
# A pooled PostgreSQL connection idle for longer than this is pinged before it is handed out,
# so a database that restarted meanwhile costs no request (the pool connects again). One busy
# serving requests is not: a ping on every checkout is a round trip before every query.
IDLE_PING_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class DbTimeouts:
    connect: float = 3.0
    statement: float = 5.0
    pool: float = 3.0
    sqlite_busy: float = 3.0


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def json_column_text(value: Any) -> str:
    """JSON columns (a ruling's question, a card's data) through orjson: the stdlib encoder
    costs ~20 ms on a 10,000-permanent question."""
    return orjson.dumps(value).decode()


def make_engine(url: str, timeouts: DbTimeouts | None = None) -> Engine:
    timeouts = timeouts or DbTimeouts()
    if is_sqlite(url):
        return _sqlite_engine(url, timeouts)
    engine = create_engine(
        url,
        pool_size=10,
        max_overflow=10,
        pool_timeout=timeouts.pool,
        json_serializer=json_column_text,
        connect_args={
            "connect_timeout": max(1, round(timeouts.connect)),
            "options": f"-c statement_timeout={round(timeouts.statement * 1000)}",
        },
    )
    ping_when_idle(engine, IDLE_PING_SECONDS)
    return engine


def ping_when_idle(engine: Engine, idle_seconds: float) -> None:
    """Pre-ping only the connections that sat in the pool longer than `idle_seconds`.

    A connection in steady use needs none: if the database went away under it, the failing
    query is a 503 and SQLAlchemy, seeing a disconnect, invalidates the whole pool, so the next
    request connects again. A connection that sat idle is the one a restart left stale: a
    failed ping raises DisconnectionError, on which the pool drops it and hands out a new one.
    """

    @event.listens_for(engine, "checkin")
    def _idle_from(_dbapi_conn: Any, record: Any) -> None:
        record.info["idle_since"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _ping_if_idle(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get("idle_since")
        if since is None or time.monotonic() - since <= idle_seconds:
            return  # new (it just connected) or in steady use
        try:
            engine.dialect.do_ping(dbapi_conn)
        except engine.dialect.loaded_dbapi.Error as exc:
            raise DisconnectionError(f"stale pooled connection: {exc}") from exc


def _sqlite_engine(url: str, timeouts: DbTimeouts) -> Engine:
    busy_ms = round(timeouts.sqlite_busy * 1000)
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": timeouts.sqlite_busy},
        pool_size=8,
        max_overflow=8,
        pool_timeout=timeouts.pool,
        json_serializer=json_column_text,
    )

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
        # WAL lets readers run beside the writer; the busy timeout makes a writer wait a little
        # for another's lock (then 503); foreign keys are off unless asked for.
        cur = dbapi_conn.cursor()
        # Before WAL mode, which fixes the page size of the file it creates.
        cur.execute(f"PRAGMA page_size={SQLITE_PAGE_BYTES}")
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute(f"PRAGMA busy_timeout={busy_ms}")
        cur.execute(f"PRAGMA wal_autocheckpoint={WAL_AUTOCHECKPOINT_PAGES}")
        cur.execute(f"PRAGMA journal_size_limit={JOURNAL_SIZE_LIMIT_BYTES}")
        # SQLite's default, said explicitly: a commit returns only once the WAL is synced, so
        # an acknowledged ruling survives power loss, not only a crash. Set once per connection
        # (it is a connection's setting), not before every commit.
        cur.execute("PRAGMA synchronous=FULL")
        cur.close()

    return engine


def wal_checkpoint(
    engine: Engine,
    mode: Literal["PASSIVE", "TRUNCATE"],
    turn: Callable[[], AbstractContextManager[object]] = nullcontext,
) -> tuple[int, int, int] | None:
    """SQLite's WAL checkpoint in `mode`, on a pooled connection: (busy, frames in the WAL,
    frames copied), or None when it could not run. `turn` is held around the checkpoint alone,
    taken once the connection is (app/db/writer.py: the writer's turn, which a wait for a
    pooled connection must never hold)."""
    try:
        with engine.connect() as conn, turn():
            row = conn.exec_driver_sql(f"PRAGMA wal_checkpoint({mode})").first()
    except SQLAlchemyError:
        return None
    return (int(row[0]), int(row[1]), int(row[2])) if row is not None else None


class Database:
    """One engine per app instance, and its read-only view and sessions.

    `reads` is, on PostgreSQL, the same engine (and pool) in autocommit: a lookup that only
    reads (an alias, a stored ruling, a card) runs as one statement with no BEGIN and ROLLBACK
    around it, a round trip each. On SQLite it is the engine itself: the driver begins a
    transaction only before a write, and there are no round trips to save. Writes go through
    `engine` (the group-commit writer, the importer, migrations), in transactions.
    """

    def __init__(self, url: str, timeouts: DbTimeouts | None = None) -> None:
        self.url = url
        self.engine = make_engine(url, timeouts)
        self.reads = (
            self.engine
            if is_sqlite(url)
            else self.engine.execution_options(isolation_level="AUTOCOMMIT")
        )
        self.read_sessions = sessionmaker(self.reads, expire_on_commit=False)

    def read_session(self) -> Iterator[Session]:
        """A session for a request that only reads (the GET routes: cards, rulings), on
        `reads`."""
        with self.read_sessions() as session:
            try:
                yield session
            except BaseException:
                session.rollback()
                raise

    def checkpoint(self) -> bool:
        """SQLite: copy the WAL into the database and truncate it to zero bytes, giving its
        space back (after a full disk). True when it completed; PostgreSQL: nothing to do."""
        if not is_sqlite(self.url):
            return True
        done = wal_checkpoint(self.engine, "TRUNCATE")
        return done is not None and done[0] == 0

    def dispose(self) -> None:
        self.engine.dispose()
