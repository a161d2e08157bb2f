"""Turning a stored ruling into an HTTP answer: same bytes, strong ETag, Location."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel
from starlette.responses import Response

from app.api.metrics import Metrics
from app.api.problems import problem_responses
from app.db.repositories import StoredRuling
from app.domain.card import Card
from app.domain.ruling import Verdict
from app.rulings.fastpath import strong_etag
from app.rulings.service import RulingService

JSON = "application/json"
# A ruling never changes: its id is a hash of the question and the engine version.
IMMUTABLE = "public, max-age=31536000, immutable"


def html_link(ruling_id: str) -> dict[str, str]:
    """Where people read the ruling: the same address asked for text/html (RFC 8288)."""
    return {"Link": f'</v1/rulings/{ruling_id}>; rel="alternate"; type="text/html"'}


def ruling_endpoint(model: type[BaseModel]) -> dict[str, Any]:
    """Route options every rules endpoint shares: 201 with a new ruling, 200 with the stored one
    when the question was asked before, and problem+json for bad questions."""
    return {
        "status_code": 201,
        "response_model": model,
        "response_description": "A new ruling: the question had not been asked before. "
        "`Location` gives its address, `ETag` its version.",
        "responses": {
            200: {
                "model": model,
                "description": "Asked before: the stored ruling, byte for byte the same",
            },
            **problem_responses(400, 413, 415, 422),
        },
    }


def etag_of(body: str | bytes) -> str:
    return strong_etag(body)


def etag_matches(etag: str, if_none_match: str | None) -> bool:
    """If-None-Match uses the weak comparison (RFC 9110 13.1.2): W/"x" matches "x"."""
    if if_none_match is None:
        return False
    asked = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
    return if_none_match.strip() == "*" or etag in asked


def conditional_json(body: str, if_none_match: str | None) -> Response:
    """A JSON body with a strong ETag, or 304 when the client has it already."""
    etag = etag_of(body)
    if etag_matches(etag, if_none_match):
        return Response(status_code=304, headers={"ETag": etag})
    return Response(body, media_type=JSON, headers={"ETag": etag})


def ruling_response(stored: StoredRuling, created: bool) -> Response:
    """The one shape of a ruling answer, on the full path and the repeated-question path alike
    (the body's ETag hashed here only when the ruling doesn't carry it already)."""
    return Response(
        stored.body,
        status_code=201 if created else 200,
        media_type=JSON,
        headers={
            "Location": f"/v1/rulings/{stored.id}",
            "ETag": stored.etag or etag_of(stored.body),
            **html_link(stored.id),
        },
    )


def answer_with_ruling(
    rulings: RulingService,
    metrics: Metrics,
    kind: str,
    question: dict[str, Any],
    decide: Callable[[], Verdict],
    cards: Iterable[str] = (),
    used: Iterable[Card] = (),
) -> Response:
    """Store (or find) the ruling for this question and answer 201/200 with it; `used`: the
    cards the question used, whose not-understood text the ruling lists as caveats."""
    try:
        stored, created = rulings.rule(kind, question, decide, cards, used)
    finally:
        rulings.close()
    metrics.ruling(kind, created)
    return ruling_response(stored, created)
