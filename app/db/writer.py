"""Group commit: one writer thread runs the writes of concurrent requests in one transaction and
commits them together, then acknowledges each. Durability is unchanged — a request hears of
its ruling only after the commit that holds it has returned (SQLite synchronous=FULL: on disk
through power loss; PostgreSQL: fsync'd WAL) — but one fsync now serves every request that
arrived while the previous one ran, instead of each request waiting its turn for its own.

Batches form by themselves: the writer takes whatever is queued when it is free, so a lone
request is written at once (no waiting for company) and a busy server writes in bigger groups.
A write that fails takes only itself down: the batch is rolled back and its writes are retried
one by one, each with its own commit, so the others are still stored and acknowledged.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from sqlalchemy import Engine, text
from sqlalchemy.orm import Session

log = logging.getLogger("rulings.writer")

T = TypeVar("T")
Write = Callable[[Session], Any]

# Enough to amortize an fsync well; bounds what one failed batch has to retry singly.
MAX_BATCH = 64


Item = tuple[Write, Future[Any]]


class GroupCommitWriter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sqlite = engine.dialect.name == "sqlite"
        self._lock = threading.Lock()
        # The running thread and its own queue (a closed thread's queue is never reused).
        self._thread: threading.Thread | None = None
        self._queue: queue.SimpleQueue[Item | None] = queue.SimpleQueue()

    def write(self, work: Callable[[Session], T]) -> T:
        """Run `work` in the writer's transaction; return its result once that is committed
        (or raise its error, or the commit's: then nothing of it was acknowledged)."""
        done: Future[T] = Future()
        with self._lock:
            if self._thread is None:
                self._queue = queue.SimpleQueue()
                self._thread = threading.Thread(
                    target=self._run, args=(self._queue,), name="rulings-group-commit",
                    daemon=True,
                )  # fmt: skip
                self._thread.start()
            self._queue.put((work, done))
        return done.result()

    def close(self) -> None:
        """Write what is queued, then stop the thread (a later write starts another)."""
        with self._lock:
            thread, self._thread = self._thread, None
            self._queue.put(None)
        if thread is not None:
            thread.join(timeout=30)

    def _run(self, items: queue.SimpleQueue[Item | None]) -> None:
        stopping = False
        while not stopping:
            first = items.get()
            if first is None:
                return
            batch = [first]
            while len(batch) < MAX_BATCH:
                try:
                    item = items.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stopping = True  # after this batch
                    break
                batch.append(item)
            self._write_batch(batch)

    def _write_batch(self, batch: list[Item]) -> None:
        results: list[Any] = []
        try:
            with Session(self.engine) as session:
                self._durable(session)
                for work, _ in batch:
                    results.append(work(session))
                session.commit()
        except Exception as exc:
            if len(batch) == 1:
                batch[0][1].set_exception(exc)
                return
            log.warning("group commit failed (%s): writing its %d rulings one by one",
                        type(exc).__name__, len(batch))  # fmt: skip
            for item in batch:
                self._write_batch([item])
            return
        for (_, done), result in zip(batch, results, strict=True):
            done.set_result(result)

    def _durable(self, session: Session) -> None:
        if self._sqlite:
            # SQLite's default, said explicitly: a commit returns only once the WAL is synced,
            # so an acknowledged ruling survives power loss, not only a crash.
            session.execute(text("PRAGMA synchronous=FULL"))
