"""SQLite: checkpointing the WAL off the request path.

A commit in WAL mode appends pages to the `-wal` file; a checkpoint copies them back into the
database file (and syncs it), after which the next writer starts the WAL over. Left to
itself, SQLite runs the checkpoint inside whichever commit first takes the WAL past
`wal_autocheckpoint` pages: that request pays for copying every page earlier requests wrote
(measured here: a 2.7 MB ruling's commit took 12-22 ms, about half of it the checkpoint it set
off every other time).

`WalCheckpointer` lets the group-commit writer (app/db/writer.py) do that work on a thread of
its own instead, as soon as the WAL holds half as many uncopied pages as SQLite's threshold,
and *between* batches: while it runs no batch is written, so it finishes with every page copied
and nothing appended behind it, and the next commit starts the WAL over (a checkpoint that
runs beside commits never catches up, and the WAL only grows). Durability is untouched: every
commit still syncs the WAL before it is acknowledged, and a checkpoint only moves pages that
are on disk already. SQLite's own autocheckpoint stays on (session.py), the backstop should
this thread fall behind or fail.

PostgreSQL checkpoints by itself, off any request: it has no WalCheckpointer.
"""

from __future__ import annotations

import logging
import os
import struct
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from app.db.session import WAL_AUTOCHECKPOINT_PAGES, is_sqlite, wal_checkpoint

log = logging.getLogger("rulings.checkpoint")

# At half of SQLite's autocheckpoint threshold (in WAL frames, one page each) this thread
# checkpoints first, with room to spare.
DUE_AT_FRAMES = WAL_AUTOCHECKPOINT_PAGES // 2
# Where the WAL-index (the `-shm` file, in the host's byte order; SQLite's file-format document,
# "WAL-index format") keeps the number of committed frames in the WAL (mxFrame) and how many of
# them checkpoints have copied back already (nBackfill): both within its first 100 bytes.
MX_FRAME_AT = 16
N_BACKFILL_AT = 96
_HEADER_BYTES = N_BACKFILL_AT + 4


def wal_index_path(url: str) -> str | None:
    """The WAL-index of a SQLite database file (None: an in-memory database, or PostgreSQL)."""
    if not is_sqlite(url):
        return None
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return f"{database}-shm"


class WalCheckpointer:
    def __init__(self, engine: Engine, wal_index: str, due_at_frames: int = DUE_AT_FRAMES) -> None:
        self.engine = engine
        self.wal_index = wal_index
        self.due_at_frames = due_at_frames
        self.runs = 0  # checkpoints completed (for tests)

    @classmethod
    def for_url(cls, engine: Engine, url: str) -> WalCheckpointer | None:
        wal_index = wal_index_path(url)
        return cls(engine, wal_index) if wal_index is not None else None

    def pending_frames(self) -> int:
        """Frames committed to the WAL and not yet copied back. Not the WAL file's size: after
        a restart the file keeps its length while new frames overwrite it from the start. Read
        without SQLite's locks, a few microseconds: a torn read only moves one checkpoint
        earlier or later."""
        try:
            fd = os.open(self.wal_index, os.O_RDONLY)
        except OSError:  # not created yet, or gone with the database
            return 0
        try:
            header = os.pread(fd, _HEADER_BYTES, 0)
            mx_frame: int = struct.unpack_from("=I", header, MX_FRAME_AT)[0]
            n_backfill: int = struct.unpack_from("=I", header, N_BACKFILL_AT)[0]
        except (OSError, struct.error):  # a WAL-index not written yet
            return 0
        finally:
            os.close(fd)
        return max(0, mx_frame - n_backfill)

    def due(self) -> bool:
        return self.pending_frames() >= self.due_at_frames

    def run(
        self, turn: Callable[[], AbstractContextManager[object]] = nullcontext
    ) -> tuple[int, int, int] | None:
        """PASSIVE: copy what it can without waiting for readers (a reader still on old pages
        only delays the WAL's restart to a later checkpoint). (busy, frames in the WAL, frames
        copied), or None when it failed (logged: the autocheckpoint remains). `turn`: held
        around the checkpoint itself (`wal_checkpoint`)."""
        done = wal_checkpoint(self.engine, "PASSIVE", turn)
        if done is None:
            log.warning("WAL checkpoint failed")
            return None
        self.runs += 1
        return done
