"""Build and store rulings: content-addressed, idempotent, committed before the answer is sent."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy.orm import Session

from app.catalog import Catalog
from app.db.repositories import NewRuling, RulingRepository, StoredRuling
from app.db.writer import GroupCommitWriter
from app.domain.errors import QuestionError
from app.domain.ruling import Verdict
from app.rulings import fastpath
from app.rulings.json_text import canonical_json, json_text

# An escaped NUL in JSON text: \u0000 preceded by an even number of backslashes.
_NUL_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


__all__ = ["RulingService", "canonical_json", "ruling_id"]

_T = TypeVar("_T")


def ruling_id(kind: str, engine_version: str, question: dict[str, Any] | str) -> str:
    """Content address of a question (its canonical JSON, or the question itself)."""
    canonical = question if isinstance(question, str) else canonical_json(question)
    digest = hashlib.sha256()
    digest.update(kind.encode())
    digest.update(b"\0")
    digest.update(engine_version.encode())
    digest.update(b"\0")
    digest.update(canonical.encode())
    return digest.hexdigest()[:32]


class RulingService:
    def __init__(
        self,
        session: Session | Callable[[], Session],
        catalog: Catalog,
        engine_version: str,
        alias: fastpath.PendingAlias | None = None,
        writer: GroupCommitWriter | None = None,
    ) -> None:
        """`session`: a session, or a factory of one, opened at the first use (a question
        refused before it reaches the store never opens one) and closed by `close`.
        `alias`: the raw request's alias to record with the ruling (app/rulings/fastpath.py),
        when the request came in over HTTP; `writer`: the group-commit writer that stores new
        rulings (app/db/writer.py), else they are written and committed on the session."""
        self._session = session if isinstance(session, Session) else None
        self._open_session = None if isinstance(session, Session) else session
        self.catalog = catalog
        self.engine_version = engine_version
        self.alias = alias
        self.writer = writer

    @property
    def session(self) -> Session:
        if self._session is None:
            assert self._open_session is not None
            self._session = self._open_session()
        return self._session

    @property
    def repo(self) -> RulingRepository:
        return RulingRepository(self.session)

    def close(self) -> None:
        """Close the session this service opened (one it was given is its owner's to close)."""
        if self._open_session is not None and self._session is not None:
            session, self._session = self._session, None
            session.close()

    def rule(
        self,
        kind: str,
        question: dict[str, Any],
        decide: Callable[[], Verdict],
        cards: Iterable[str] = (),
    ) -> tuple[StoredRuling, bool]:
        """The stored ruling for this question, and whether it was created now.

        A question asked before is answered from the store without running the engine again.
        """
        canonical = canonical_json(question)
        # The substring test is fast; the exact (escape-aware) regex runs only when it hits.
        if "\\u0000" in canonical and _NUL_ESCAPE.search(canonical):
            # PostgreSQL can store neither NUL in text nor \u0000 in JSONB; no card, id or
            # player name needs one.
            raise QuestionError(("body",), "text may not contain NUL characters", "nul_character")
        rid = ruling_id(kind, self.engine_version, canonical)
        existing = self.repo.get(rid)
        if existing is not None:
            self._remember_found(existing)
            return existing, False
        verdict = decide()
        created_at = datetime.now(UTC).replace(microsecond=0)
        body = {
            "object": "ruling",
            "id": rid,
            "kind": kind,
            "created_at": created_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "engine_version": self.engine_version,
            "question": question,
            "answer": verdict.answer,
            "explanation": [s.to_json() for s in verdict.steps],
            "citations": verdict.citations,
        }
        return self._store(
            NewRuling(
                id=rid,
                kind=kind,
                created_at=created_at,
                engine_version=self.engine_version,
                question=question,
                body=json_text(body),
                cards=list(cards),
            )
        )

    def _store(self, new: NewRuling) -> tuple[StoredRuling, bool]:
        """Insert the ruling (and this request's alias) and commit, before the answer is sent:
        the client must never hear of a ruling that a crash right after the response could
        lose. Through the group-commit writer when there is one (app/db/writer.py)."""
        alias = fastpath.alias_record(self.alias, self.catalog, new.body)

        def write(session: Session) -> tuple[StoredRuling, bool]:
            stored, created = RulingRepository(session).insert(new)
            if alias is not None:
                alias.put(session, stored)
            return stored, created

        return self._write(write)

    def _write(self, write: Callable[[Session], _T]) -> _T:
        if self.writer is not None:
            return self.writer.write(write)
        result = write(self.session)
        self.session.commit()
        return result

    def _remember_found(self, existing: StoredRuling) -> None:
        """A new spelling of a stored question: its alias alone is new (and only a cache)."""
        alias = fastpath.alias_record(self.alias, self.catalog, existing.body)
        if alias is not None:
            self._write(lambda session: alias.put(session, existing))
