"""Build and store rulings: content-addressed, idempotent, committed before the answer is sent."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.orm import Session

from app.catalog import Catalog
from app.db.repositories import NewRuling, RulingRepository, StoredRuling
from app.domain.answers import check_answer
from app.domain.errors import QuestionError
from app.domain.ruling import Verdict

# An escaped NUL in JSON text: \u0000 preceded by an even number of backslashes.
_NUL_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\u0000")


def canonical_json(value: Any) -> str:
    """One spelling per value: sorted keys, no spaces. Equal questions hash alike."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


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
    def __init__(self, session: Session, catalog: Catalog, engine_version: str) -> None:
        self.session = session
        self.catalog = catalog
        self.engine_version = engine_version
        self.repo = RulingRepository(session)

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
            return existing, False
        verdict = decide()
        check_answer(kind, verdict.answer)  # one typed answer per kind (app/domain/answers.py)
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
        stored, created = self.repo.insert(
            NewRuling(
                id=rid,
                kind=kind,
                created_at=created_at,
                engine_version=self.engine_version,
                question=question,
                body=json.dumps(body, separators=(",", ":"), ensure_ascii=False),
                cards=list(cards),
            )
        )
        # Commit here, not in a teardown: the client must never hear of a ruling that a crash
        # right after the response could lose.
        self.session.commit()
        return stored, created
