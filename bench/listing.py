"""Listing rulings as the store grows: `GET /v1/rulings` newest first, unfiltered and filtered
(kind; card; kind and card), at 100,000 and 1,000,000 rulings generated directly in the
database (SQLite file and a scratch PostgreSQL database), through the repository's own query.
The time of a page should stay flat as the table grows: each filter is one index range.

Rows are generated inside the database (a recursive CTE on SQLite, generate_series on
PostgreSQL), 98% of one kind and a sparse card (one ruling in 500), the shape that made the
old query read every ruling of the kind."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, create_engine, make_url, text
from sqlalchemy.exc import SQLAlchemyError

from app.db.migrate import migrate
from app.db.repositories import RulingRepository
from bench.report import Cell, Section

KINDS = ("mana_value", "could_produce", "activate", "free_cast", "reveal_until", "mulligan")
SPARSE_CARD = "Forest"
SPARSE_EVERY = 500
BODY = '{"object":"ruling","answer":{}}'
FILTERS: dict[str, dict[str, str | None]] = {
    "newest": {"kind": None, "card": None},
    "kind": {"kind": "mana_value", "card": None},
    "card": {"kind": None, "card": SPARSE_CARD},
    "kind+card": {"kind": "mana_value", "card": SPARSE_CARD},
}


def _kind_sql() -> str:
    """The kind of ruling number `i`, as SQL both databases run (same as `_kind`)."""
    others = " ".join(f"WHEN {n} THEN '{kind}'" for n, kind in enumerate(KINDS[1:]))
    return f"CASE WHEN i % 50 = 0 THEN CASE i % {len(KINDS) - 1} {others} END ELSE 'mana_value' END"


def _card_sql() -> str:
    return f"CASE WHEN i % {SPARSE_EVERY} = 1 THEN '{SPARSE_CARD}' ELSE 'Card ' || (i % 1000) END"


def _fill_sqlite(engine: Engine, start: int, stop: int) -> None:
    # A recursive CTE generates the rows inside SQLite: a million in seconds.
    series = "WITH RECURSIVE s(i) AS (SELECT :start UNION ALL SELECT i + 1 FROM s WHERE i < :last) "
    params = {"start": start, "last": stop - 1}
    with engine.begin() as conn:
        # A page cache that holds the indexes being built: the inserts stay in memory.
        conn.exec_driver_sql("PRAGMA cache_size=-262144")
        conn.execute(
            text(
                series + "INSERT INTO rulings (seq, id, kind, created_at, engine_version, body) "
                f"SELECT i, printf('r%031d', i), {_kind_sql()}, '2026-12-01 00:00:00', "
                f"'bench', '{BODY}' FROM s"
            ),
            params,
        )
        conn.execute(
            text(
                series + "INSERT INTO ruling_cards (ruling_seq, card, kind) "
                f"SELECT i, {_card_sql()}, {_kind_sql()} FROM s"
            ),
            params,
        )
        conn.execute(text("ANALYZE"))


def _fill_postgres(engine: Engine, start: int, stop: int) -> None:
    series = "FROM generate_series(CAST(:start AS bigint), CAST(:last AS bigint)) AS i"
    params = {"start": start, "last": stop - 1}
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO rulings (seq, id, kind, created_at, engine_version, body) "
                f"SELECT i, 'r' || lpad(i::text, 31, '0'), {_kind_sql()}, now(), 'bench', "
                f"'{BODY}' {series}"
            ),
            params,
        )
        conn.execute(
            text(
                "INSERT INTO ruling_cards (ruling_seq, card, kind) "
                f"SELECT i, {_card_sql()}, {_kind_sql()} {series}"
            ),
            params,
        )
    # As autovacuum would soon: statistics for the planner, the visibility map for scans.
    with engine.connect() as conn:
        conn.execution_options(isolation_level="AUTOCOMMIT").execute(
            text("VACUUM ANALYZE rulings, ruling_cards")
        )


def _page_ms(engine: Engine, kind: str | None, card: str | None, reps: int) -> float:
    times = []
    with engine.connect() as conn:  # Core, as the service reads rulings
        repo = RulingRepository(conn)
        for _ in range(reps):
            started = time.perf_counter()
            rows = repo.page(kind=kind, card=card, limit=21, before_seq=None)
            times.append((time.perf_counter() - started) * 1000)
            assert rows, "a page of the generated rulings"
    return statistics.median(times)


@contextmanager
def _sqlite() -> Iterator[Engine]:
    with tempfile.TemporaryDirectory(prefix="rulings-bench-") as where:
        engine = create_engine(f"sqlite:///{Path(where) / 'listing.db'}")
        try:
            yield engine
        finally:
            engine.dispose()


@contextmanager
def _postgres() -> Iterator[Engine | None]:
    """A scratch database of its own on the test PostgreSQL server, always dropped."""
    url = os.environ.get(
        "RULINGS_TEST_POSTGRES_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    )
    admin = create_engine(url, isolation_level="AUTOCOMMIT", connect_args={"connect_timeout": 3})
    name = f"rulings_bench_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except SQLAlchemyError:
        admin.dispose()
        yield None
        return
    engine = create_engine(make_url(url).set(database=name))
    try:
        yield engine
    finally:
        engine.dispose()
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def listing_section(sizes: tuple[int, ...], reps: int, log: Callable[[str], None]) -> Section:
    columns = ["database", "rulings", *(f"{label} (ms)" for label in FILTERS), "generate (s)"]
    section = Section(
        "GET /v1/rulings, a page of 20 by the repository's query (median ms) as the store grows",
        columns,
        notes=[
            f"98% of rulings one kind; card {SPARSE_CARD!r} on one ruling in {SPARSE_EVERY}: "
            "flat rows across sizes mean each filter reads one index range."
        ],
    )
    fills = {"sqlite": _fill_sqlite, "postgresql": _fill_postgres}
    for name, opener in (("sqlite", _sqlite), ("postgresql", _postgres)):
        with opener() as engine:
            if engine is None:
                section.skip(name, "PostgreSQL not reachable")
                continue
            migrate(engine)
            have = 1
            for size in sizes:
                log(f"listing: {name}, generating up to {size:,} rulings")
                started = time.perf_counter()
                fills[name](engine, have, size + 1)
                fill_s = time.perf_counter() - started
                have = size + 1
                row: dict[str, Cell] = {"database": name, "rulings": size}
                for label, where in FILTERS.items():
                    row[f"{label} (ms)"] = round(_page_ms(engine, **where, reps=reps), 2)
                row["generate (s)"] = round(fill_s, 1)
                section.rows.append(row)
    return section
