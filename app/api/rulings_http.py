"""Turning a stored ruling into an HTTP answer: same bytes, strong ETag, Location."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel
from starlette.responses import Response

from app.api.metrics import Metrics
from app.api.problems import problem_responses
from app.db.repositories import StoredRuling
from app.domain.ruling import Verdict
from app.rulings.fastpath import strong_etag
from app.rulings.service import RulingService

JSON = "application/json"


def ruling_endpoint(model: type[BaseModel]) -> dict[str, Any]:
    """Route options every rules endpoint shares: 201 with a new ruling, 200 with the stored one
    when the question was asked before, and problem+json for bad questions."""
    return {
        "status_code": 201,
        "response_model": model,
        "responses": {
            200: {"model": model, "description": "Asked before: the stored ruling"},
            **problem_responses(400, 413, 422),
        },
    }


def etag_of(body: str) -> str:
    return strong_etag(body)


def ruling_response(stored: StoredRuling, created: bool, etag: str | None = None) -> Response:
    """The one shape of a ruling answer, on the full path and the repeated-question path alike;
    `etag`: the body's, when already known (an alias stores it)."""
    return Response(
        stored.body,
        status_code=201 if created else 200,
        media_type=JSON,
        headers={"Location": f"/v1/rulings/{stored.id}", "ETag": etag or etag_of(stored.body)},
    )


def answer_with_ruling(
    rulings: RulingService,
    metrics: Metrics,
    kind: str,
    question: dict[str, Any],
    decide: Callable[[], Verdict],
    cards: Iterable[str] = (),
) -> Response:
    """Store (or find) the ruling for this question and answer 201/200 with it."""
    try:
        stored, created = rulings.rule(kind, question, decide, cards)
    finally:
        rulings.close()
    metrics.ruling(kind, created)
    return ruling_response(stored, created)
