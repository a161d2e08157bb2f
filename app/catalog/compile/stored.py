"""The faces of the cards stored in the database, for `rulings cards coverage` without PATH:
every card with imported rules text (an imported card, or a bundled card's imported text)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from app.catalog.compile.corpus import FaceText, card_faces
from app.db.models import CardRow

_BATCH = 1000


def stored_faces(engine: Engine) -> Iterator[FaceText]:
    """Streamed in batches (yield_per), so a 35,000-card catalog is never all in memory."""
    stmt = select(CardRow.name, CardRow.data, CardRow.imported).order_by(CardRow.name)
    with Session(engine) as session:
        for row in session.execute(stmt.execution_options(yield_per=_BATCH)):
            # A bundled row's `imported` is the imported card it took its text from.
            yield from _faces_of(row.name, row.imported or row.data)


def _faces_of(name: str, card: dict[str, Any]) -> Iterator[FaceText]:
    return (face for face in card_faces(name, card) if face.text)
