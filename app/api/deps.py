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
    yield from db.session()


async def get_rulings(request: Request, session: Session = Depends(get_session)) -> RulingService:
    # The catalog as this request sees it: its lookups are what the request's alias records.
    catalog = RecordingCatalog(request.app.state.catalog)
    state = request.app.state
    return RulingService(
        session, catalog, state.engine_version, pending_alias(), state.writer, state.rules_version
    )
