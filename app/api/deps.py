"""Request-scoped dependencies: a database session (one unit of work) and the rulings service."""

from __future__ import annotations

from collections.abc import Iterator

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.db.session import Database
from app.rulings.fastpath import RecordingCatalog, pending_alias
from app.rulings.service import RulingService


async def get_db(request: Request) -> Database:
    db: Database = request.app.state.db
    return db


def get_session(db: Database = Depends(get_db)) -> Iterator[Session]:
    """A read-only session (the routes that take one only read)."""
    yield from db.read_session()


async def get_rulings(request: Request) -> RulingService:
    """The rulings service, whose connection opens at its first use, in the endpoint's thread,
    and closes when the answer is made (answer_with_ruling): no thread-pool hops of a generator
    dependency around every rules request. The connection only reads (is the question
    stored?), so it is a `reads` one (app/db/session.py); new rulings are written by the
    group-commit writer, in its own transactions."""
    # The catalog as this request sees it: its lookups are what the request's alias records.
    catalog = RecordingCatalog(request.app.state.catalog)
    state = request.app.state
    db: Database = state.db
    return RulingService(
        db.reads.connect,
        catalog,
        state.engine_version,
        pending_alias(),
        state.writer,
        state.rules_version,
    )
