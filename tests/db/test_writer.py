"""The group-commit writer (app/db/writer.py): concurrent writes share one commit, each is
acknowledged only once committed, and a failing write takes only itself down."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session

from app.db.session import make_engine
from app.db.writer import GroupCommitWriter


@pytest.fixture
def probe(database_url: str) -> Iterator[tuple[Engine, str]]:
    """An engine as the app makes it, and a scratch table of this test's own."""
    engine = make_engine(database_url)
    table = f"writer_probe_{uuid.uuid4().hex[:8]}"
    with engine.begin() as conn:
        conn.execute(text(f"CREATE TABLE {table} (n INTEGER PRIMARY KEY)"))
    try:
        yield engine, table
    finally:
        with engine.begin() as conn:
            conn.execute(text(f"DROP TABLE {table}"))
        engine.dispose()


def insert(table: str, n: int):  # type: ignore[no-untyped-def]
    def work(session: Session) -> int:
        session.execute(text(f"INSERT INTO {table} (n) VALUES (:n)"), {"n": n})
        return n

    return work


def stored(engine: Engine, table: str) -> list[int]:
    with engine.connect() as conn:
        return sorted(r[0] for r in conn.execute(text(f"SELECT n FROM {table}")))


def test_writes_waiting_together_share_one_commit(probe: tuple[Engine, str]) -> None:
    engine, table = probe
    commits: list[int] = []
    event.listen(engine, "commit", lambda _conn: commits.append(1))
    writer = GroupCommitWriter(engine)
    gate = threading.Event()
    started = threading.Event()

    def held(session: Session) -> int:
        started.set()
        gate.wait(10)  # keep the writer busy while the others queue up
        return insert(table, 0)(session)

    with ThreadPoolExecutor(max_workers=9) as pool:
        first = pool.submit(writer.write, held)
        assert started.wait(10)
        rest = [pool.submit(writer.write, insert(table, n)) for n in range(1, 9)]
        while writer.queued() < 8:  # all eight queued behind the held one
            threading.Event().wait(0.005)
        commits.clear()
        gate.set()
        assert first.result(10) == 0
        assert sorted(f.result(10) for f in rest) == list(range(1, 9))
    # The held write committed alone; the eight queued behind it, together.
    assert len(commits) == 2
    assert stored(engine, table) == list(range(9))


def test_an_acknowledged_write_is_committed(probe: tuple[Engine, str]) -> None:
    engine, table = probe
    writer = GroupCommitWriter(engine)
    assert writer.write(insert(table, 7)) == 7
    # Another connection sees it the moment write() returns.
    other = create_engine(str(engine.url))
    try:
        with other.connect() as conn:
            assert conn.execute(text(f"SELECT n FROM {table}")).scalars().all() == [7]
    finally:
        other.dispose()


def test_a_failing_write_takes_only_itself_down(probe: tuple[Engine, str]) -> None:
    engine, table = probe
    writer = GroupCommitWriter(engine)
    gate = threading.Event()
    started = threading.Event()

    def held(session: Session) -> int:
        started.set()
        gate.wait(10)
        return insert(table, 0)(session)

    with ThreadPoolExecutor(max_workers=4) as pool:
        first = pool.submit(writer.write, held)
        assert started.wait(10)
        good = [pool.submit(writer.write, insert(table, n)) for n in (1, 2)]
        bad = pool.submit(writer.write, insert(table, 1))  # duplicate key: fails
        while writer.queued() < 3:
            threading.Event().wait(0.005)
        gate.set()
        first.result(10)
        assert sorted(f.result(10) for f in good) == [1, 2]
        with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
            bad.result(10)
    assert stored(engine, table) == [0, 1, 2]


def test_sqlite_commits_are_synchronous_full(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # synchronous=FULL: the WAL is synced at each commit, so an acknowledged ruling survives
    # power loss too.
    engine = make_engine(f"sqlite:///{tmp_path / 'w.db'}")
    writer = GroupCommitWriter(engine)
    try:
        level = writer.write(lambda s: s.execute(text("PRAGMA synchronous")).scalar())
        assert level == 2
    finally:
        engine.dispose()


def test_a_new_sqlite_database_gets_the_page_size_and_an_old_one_keeps_its_own(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # SQLITE_PAGE_BYTES: what a small ruling's commit writes to the WAL, page by page. A file
    # made with another page size (16 KB, as earlier releases made them) keeps it.
    import sqlite3

    from app.db.session import SQLITE_PAGE_BYTES

    def page_size(path: str) -> int:
        engine = make_engine(f"sqlite:///{path}")
        try:
            with engine.begin() as conn:
                conn.execute(text("CREATE TABLE IF NOT EXISTS t (x)"))
                return int(conn.execute(text("PRAGMA page_size")).scalar_one())
        finally:
            engine.dispose()

    assert SQLITE_PAGE_BYTES == 4096
    assert page_size(str(tmp_path / "new.db")) == SQLITE_PAGE_BYTES
    old = tmp_path / "old.db"
    with sqlite3.connect(old) as made_before:
        made_before.execute("PRAGMA page_size=16384")
        made_before.execute("PRAGMA journal_mode=WAL")
        made_before.execute("CREATE TABLE t (x)")
    assert page_size(str(old)) == 16_384


def test_a_new_ruling_needs_one_pooled_connection_at_a_time(database_url: str) -> None:
    # A request holds no connection while it waits for the group commit: otherwise requests
    # queued behind a slow commit, each holding the connection it looked the ruling up on,
    # can take the whole pool, and the next leader waits for one that is never returned.
    from app.catalog import load_catalog
    from app.db.migrate import migrate
    from app.domain.answers import ManaValueAnswer
    from app.domain.ruling import Verdict
    from app.rulings.service import RulingService

    migrate(make_engine(database_url))
    one = create_engine(database_url, pool_size=1, max_overflow=0, pool_timeout=1.0)
    try:
        service = RulingService(one.connect, load_catalog(), "test", writer=GroupCommitWriter(one))
        question = {"card": "Fireball", "zone": "stack", "x": uuid.uuid4().int % 1000}
        verdict = Verdict(ManaValueAnswer(x=3, mana_value=4, etb_x=None, face="Fireball"))
        stored_ruling, created = service.rule("mana_value", question, lambda: verdict)
        service.close()
        assert created
        again = RulingService(one.connect, load_catalog(), "test", writer=GroupCommitWriter(one))
        assert again.rule("mana_value", question, lambda: verdict) == (stored_ruling, False)
        again.close()
    finally:
        one.dispose()
