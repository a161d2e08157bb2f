"""WAL checkpoints off the request path (app/db/checkpoint.py, app/db/writer.py): the writer
checkpoints a SQLite WAL that has grown, between batches and never beside one, and so keeps
the WAL bounded; PostgreSQL and in-memory databases have no checkpointer."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Connection, Engine, text

from app.db.checkpoint import DUE_AT_FRAMES, WalCheckpointer, wal_index_path
from app.db.session import SQLITE_PAGE_BYTES, WAL_AUTOCHECKPOINT_PAGES, make_engine
from app.db.writer import GroupCommitWriter
from app.main import create_app
from app.settings import Settings

ROW_BYTES = 160_000  # ROW_BYTES // SQLITE_PAGE_BYTES WAL frames a row, and a few


@pytest.fixture
def sqlite_file(tmp_path: Path) -> Iterator[tuple[Engine, str]]:
    url = f"sqlite:///{tmp_path / 'wal.db'}"
    engine = make_engine(url)
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE blobs (n INTEGER PRIMARY KEY, data BLOB)"))
    try:
        yield engine, url
    finally:
        engine.dispose()


def put(n: int, size: int = ROW_BYTES):  # type: ignore[no-untyped-def]
    def work(conn: Connection) -> int:
        insert = text("INSERT INTO blobs (n, data) VALUES (:n, :d)")
        conn.execute(insert, {"n": n, "d": b"x" * size})
        return n

    return work


def settle(writer: GroupCommitWriter) -> None:
    """Wait for a checkpoint handed to the writer's thread to finish."""
    deadline = time.monotonic() + 10
    while writer._checkpoint_pending and time.monotonic() < deadline:
        time.sleep(0.005)
    assert not writer._checkpoint_pending


def test_the_wal_index_is_found_only_for_a_database_file(tmp_path: Path) -> None:
    assert wal_index_path(f"sqlite:///{tmp_path / 'a.db'}") == f"{tmp_path / 'a.db'}-shm"
    assert wal_index_path("sqlite://") is None
    assert wal_index_path("sqlite:///:memory:") is None
    assert wal_index_path("postgresql+psycopg://postgres@127.0.0.1/x") is None


def test_pending_frames_count_what_a_checkpoint_has_not_copied(
    sqlite_file: tuple[Engine, str],
) -> None:
    engine, url = sqlite_file
    checkpointer = WalCheckpointer.for_url(engine, url)
    assert checkpointer is not None
    writer = GroupCommitWriter(engine)  # no checkpointer: nothing copies frames behind our back
    writer.write(put(1))
    after_one = checkpointer.pending_frames()
    writer.write(put(2))
    assert after_one >= ROW_BYTES // SQLITE_PAGE_BYTES
    assert checkpointer.pending_frames() >= after_one + ROW_BYTES // SQLITE_PAGE_BYTES
    busy, frames, copied = checkpointer.run() or (1, 0, 0)
    assert (busy, copied) == (0, frames)
    assert checkpointer.pending_frames() == 0
    assert checkpointer.runs == 1


def test_a_checkpoint_runs_between_batches_never_beside_one(
    sqlite_file: tuple[Engine, str],
) -> None:
    engine, url = sqlite_file
    in_batch = threading.Event()
    overlaps: list[int] = []

    class Watched(WalCheckpointer):
        def run(
            self, turn: Callable[[], AbstractContextManager[object]] = nullcontext
        ) -> tuple[int, int, int] | None:
            @contextmanager
            def watched() -> Iterator[None]:
                with turn():
                    if in_batch.is_set():
                        overlaps.append(1)
                    time.sleep(0.002)  # long enough for batches to queue behind it
                    if in_batch.is_set():
                        overlaps.append(1)
                    yield

            return super().run(watched)

    index = wal_index_path(url)
    assert index is not None
    checkpointer = Watched(engine, index, due_at_frames=1)  # due after every batch
    writer = GroupCommitWriter(engine, checkpointer)

    def watched_put(n: int):  # type: ignore[no-untyped-def]
        def work(conn: Connection) -> int:
            in_batch.set()
            try:
                return put(n)(conn)
            finally:
                in_batch.clear()

        return work

    with ThreadPoolExecutor(max_workers=8) as pool:
        done = list(pool.map(lambda n: writer.write(watched_put(n)), range(200)))
    writer.close()
    assert sorted(done) == list(range(200))
    assert checkpointer.runs > 0
    assert overlaps == []
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM blobs")).scalar() == 200


def test_the_writer_keeps_the_wal_bounded(sqlite_file: tuple[Engine, str]) -> None:
    """Written one after another, each checkpoint finished before the next write: the WAL
    starts over instead of growing to SQLite's own threshold."""
    engine, url = sqlite_file
    checkpointer = WalCheckpointer.for_url(engine, url)
    writer = GroupCommitWriter(engine, checkpointer)
    assert checkpointer is not None
    wal = url.removeprefix("sqlite:///") + "-wal"
    # Three autocheckpoints' worth.
    rows = 3 * WAL_AUTOCHECKPOINT_PAGES * SQLITE_PAGE_BYTES // ROW_BYTES
    largest = 0
    for n in range(rows):
        writer.write(put(n))
        settle(writer)
        largest = max(largest, checkpointer.pending_frames())
    writer.close()
    assert checkpointer.runs >= 3
    one_row = ROW_BYTES // SQLITE_PAGE_BYTES + 2
    assert largest < DUE_AT_FRAMES + one_row
    assert os.stat(wal).st_size < (DUE_AT_FRAMES + one_row) * (SQLITE_PAGE_BYTES + 24) + 32


def test_close_waits_for_a_running_checkpoint(sqlite_file: tuple[Engine, str]) -> None:
    engine, url = sqlite_file
    started, finished = threading.Event(), threading.Event()

    class Slow(WalCheckpointer):
        def run(
            self, turn: Callable[[], AbstractContextManager[object]] = nullcontext
        ) -> tuple[int, int, int] | None:
            started.set()
            time.sleep(0.05)
            result = super().run(turn)
            finished.set()
            return result

    index = wal_index_path(url)
    assert index is not None
    writer = GroupCommitWriter(engine, Slow(engine, index, due_at_frames=1))
    writer.write(put(1))
    assert started.wait(5)
    writer.close()
    assert finished.is_set()
    writer.write(put(2))  # a closed writer still writes; it only checkpoints no more
    assert not writer._checkpoint_pending


def test_the_app_checkpoints_a_sqlite_file_and_stops_at_shutdown(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'app.db'}", log_level="WARNING")
    app = create_app(settings)
    assert app.state.writer.checkpointer is not None
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
    assert app.state.writer._checkpoints is None  # closed
    postgres = create_app(
        Settings(database_url="postgresql+psycopg://postgres@127.0.0.1:5432/x", log_level="WARNING")
    )
    assert postgres.state.writer.checkpointer is None


def test_a_checkpoint_waiting_for_a_connection_holds_up_no_write(
    sqlite_file: tuple[Engine, str],
) -> None:
    engine, url = sqlite_file
    waiting, release = threading.Event(), threading.Event()

    class ScarcePool:
        """An engine whose pool has no connection to spare until `release`."""

        def connect(self) -> Connection:
            waiting.set()
            assert release.wait(10)
            return engine.connect()

    index = wal_index_path(url)
    assert index is not None
    checkpointer = WalCheckpointer(ScarcePool(), index, due_at_frames=1)  # type: ignore[arg-type]
    writer = GroupCommitWriter(engine, checkpointer)
    writer.write(put(1))
    assert waiting.wait(5)  # the checkpoint is due and waits for its connection...
    with ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(writer.write, put(2)).result(timeout=5) == 2  # ...not the writes
    release.set()
    writer.close()
    assert checkpointer.runs == 1
