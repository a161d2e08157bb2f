"""Group commit: the writes of concurrent requests run in one transaction and are committed
together, then each is acknowledged. Durability is unchanged — a request hears of its ruling
only after the commit that holds it has returned (SQLite synchronous=FULL, set on every
connection by app/db/session.py: on disk through power loss; PostgreSQL: fsync'd WAL) — but
one fsync now serves every request that arrived while the previous one ran, instead of each
request waiting its turn for its own.

Leader and followers, no thread of its own: a request that finds no commit in progress leads,
on its own thread — it takes every write queued (its own first) and commits them; requests
that arrive meanwhile queue up and wait, and when the commit is done one of them leads the
next batch. A lone request is written at once, with no hand-off to another thread; a busy
server writes in bigger groups.

A write that fails takes only itself down: the batch is rolled back and its writes are retried
one by one, each with its own commit, so the others are still stored and acknowledged.

On SQLite the writer also owns the WAL checkpoint (app/db/checkpoint.py): when a batch leaves
the WAL due for one, the checkpoint is handed to a thread of the writer's that takes its turn
like a batch, between two batches, so no request waits inside its own commit for it.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine

from app.db.checkpoint import WalCheckpointer

log = logging.getLogger("rulings.writer")

T = TypeVar("T")
Write = Callable[[Connection], Any]
Item = tuple[Write, Future[Any]]

# Enough to amortize an fsync well; bounds what one failed batch has to retry singly.
MAX_BATCH = 64


class GroupCommitWriter:
    def __init__(self, engine: Engine, checkpointer: WalCheckpointer | None = None) -> None:
        self.engine = engine
        self.checkpointer = checkpointer
        self._turn = threading.Condition()
        self._queue: list[Item] = []
        self._committing = False  # a batch, or a checkpoint, has the writer's turn
        self._checkpoint_pending = False
        # No thread runs until the first checkpoint is submitted; None once closed.
        self._checkpoints = (
            ThreadPoolExecutor(1, thread_name_prefix="rulings-checkpoint")
            if checkpointer is not None
            else None
        )

    def write(self, work: Callable[[Connection], T]) -> T:
        """Run `work` in a shared transaction; return its result once that is committed (or
        raise its error, or the commit's: then nothing of it was acknowledged)."""
        done: Future[T] = Future()
        with self._turn:
            self._queue.append((work, done))
            while not done.done():
                if self._committing:
                    self._turn.wait()  # a batch is being written: ours may be in it
                    continue
                self._lead()
        return done.result()

    def queued(self) -> int:
        """Writes waiting for a batch (for tests and metrics)."""
        with self._turn:
            return len(self._queue)

    def close(self) -> None:
        """Stop the checkpoint thread, after the checkpoint it may be running (at shutdown,
        before the engine is disposed)."""
        with self._turn:
            pool, self._checkpoints = self._checkpoints, None
        if pool is not None:
            pool.shutdown(wait=True)

    def _lead(self) -> None:
        """Write the queued batch on this thread; called and returns holding `_turn`."""
        batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
        self._committing = True
        self._turn.release()
        try:
            self._write_batch(batch)
        finally:
            for _, done in batch:
                if not done.done():  # interrupted mid-batch: nothing of it is acknowledged
                    done.set_exception(RuntimeError("the write was interrupted"))
            self._turn.acquire()
            self._committing = False
            self._schedule_checkpoint()
            self._turn.notify_all()

    def _schedule_checkpoint(self) -> None:
        """Hand a due WAL checkpoint to the checkpoint thread; called holding `_turn`."""
        if self._checkpoints is None or self._checkpoint_pending:
            return  # no checkpointer, closed, or one already handed over
        assert self.checkpointer is not None
        if not self.checkpointer.due():
            return
        self._checkpoint_pending = True
        self._checkpoints.submit(self._checkpoint_between_batches)

    def _checkpoint_between_batches(self) -> None:
        """Checkpoint holding the writer's turn, as a batch would: with no commit beside it
        the checkpoint copies every frame, and the next commit starts the WAL over."""
        assert self.checkpointer is not None
        try:
            self.checkpointer.run(self._between_batches)
        finally:
            with self._turn:
                self._checkpoint_pending = False

    @contextmanager
    def _between_batches(self) -> Iterator[None]:
        """The writer's turn, taken as a batch takes it, for work that isn't a batch."""
        with self._turn:
            while self._committing:
                self._turn.wait()
            self._committing = True
        try:
            yield
        finally:
            with self._turn:
                self._committing = False
                self._turn.notify_all()

    def _write_batch(self, batch: list[Item]) -> None:
        results: list[Any] = []
        try:
            # One connection and transaction (Core: the statements need no ORM session),
            # committed as the block ends, rolled back if any write raises.
            with self.engine.begin() as conn:
                for work, _ in batch:
                    results.append(work(conn))
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
