"""Bodies validated in one pass from their bytes (app/api/bodies.py): a valid body never goes
through FastAPI's json.loads, an invalid one gets exactly the answer FastAPI's way gives."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
import starlette.requests
from fastapi import Depends, Request
from pydantic import BaseModel
from starlette.responses import Response
from starlette.testclient import TestClient

from app.api.bodies import JsonBodyRoute
from app.api.deps import get_rulings
from app.api.routers import activate, could_produce, free_cast, mana_value, mulligan, reveal
from tests.api.helpers import perm, state

CP = "/v1/mana/could-produce"
HEADERS = {"content-type": "application/json"}


def test_a_valid_body_is_built_from_its_bytes_without_json_loads(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("the body was parsed into dicts first")

    # Starlette's `request.json()` parses with this module's json.loads (the shape checks use
    # their own, app/api/limits.py).
    monkeypatch.setattr(starlette.requests, "json", SimpleNamespace(loads=refuse))
    raw = json.dumps({"state": state(perm("f", "Forest"))}).encode()
    r = client.post(CP, content=raw, headers=HEADERS)
    assert r.status_code == 201, r.text
    assert r.json()["question"]["state"]["battlefield"][0]["card"] == "Forest"


@pytest.mark.parametrize(
    "raw",
    [
        b'{"state": {"battlefield": [{"id": "f", "card": "Forest", "controller": 1}]}}',
        b'{"state": {"battlefield": []}, "permanent_id": "\\ud800"}',
        b'{"state": {"battlefield": [], "turn": 1.0}}',
        b'{"state": NaN}',
        b'{"state": ',
    ],
)
def test_an_invalid_body_answers_as_fastapi_would(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, raw: bytes
) -> None:
    from app.api import bodies

    one_pass = client.post(CP, content=raw, headers=HEADERS)
    # FastAPI's own way alone: the one-pass validation finds nothing it accepts.
    monkeypatch.setattr(
        bodies.BaseModel, "model_validate_json", classmethod(_always_invalid), raising=True
    )
    fastapi_way = client.post(CP, content=raw, headers=HEADERS)
    assert one_pass.status_code == fastapi_way.status_code
    assert one_pass.status_code in (400, 422)
    assert one_pass.json() == fastapi_way.json()


def _always_invalid(cls: Any, raw: Any, *_: Any, **__: Any) -> Any:
    from pydantic import ValidationError

    raise ValidationError.from_exception_data("X", [])


def test_a_valid_body_goes_straight_to_the_endpoint(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FastAPI's handler (its dependency solving) is not run for a valid rules body; the
    answer is the endpoint's own, with its status and headers."""
    import fastapi.routing

    async def refuse(*_: Any, **__: Any) -> Any:
        raise AssertionError("FastAPI's handler solved the dependencies")

    monkeypatch.setattr(fastapi.routing, "solve_dependencies", refuse)
    raw = json.dumps({"state": state(perm("f", "Forest"))}).encode()
    r = client.post(CP, content=raw, headers=HEADERS)
    assert r.status_code == 201, r.text
    assert r.headers["location"] == f"/v1/rulings/{r.json()['id']}"
    assert r.headers["etag"]
    again = client.post(CP, content=raw + b" ", headers=HEADERS)  # other bytes, same question
    assert again.status_code == 200 and again.json()["id"] == r.json()["id"]


def test_a_question_error_from_the_direct_call_is_problem_json(client: TestClient) -> None:
    raw = json.dumps({"state": state(perm("f", "Forest")), "permanent_id": "nope"}).encode()
    r = client.post(CP, content=raw, headers=HEADERS)
    assert r.status_code == 422
    assert r.headers["content-type"].startswith("application/problem+json")
    assert r.json()["code"] == "unknown_permanent"


class _Body(BaseModel):
    n: int


def _rules_shape(body: _Body, request: Request, rulings: Any = Depends(get_rulings)) -> Response:
    return Response()


def _with_a_query(
    body: _Body, request: Request, q: int, rulings: Any = Depends(get_rulings)
) -> Response:
    return Response()


def _returning_a_model(body: _Body, request: Request, rulings: Any = Depends(get_rulings)) -> _Body:
    return body


async def _a_coroutine(
    body: _Body, request: Request, rulings: Any = Depends(get_rulings)
) -> Response:
    return Response()


def test_only_the_rules_endpoint_shape_is_called_directly() -> None:
    def route(endpoint: Any) -> JsonBodyRoute:
        return JsonBodyRoute("/x", endpoint, methods=["POST"])

    assert route(_rules_shape)._direct_call() is not None
    for other in (_with_a_query, _returning_a_model, _a_coroutine):
        assert route(other)._direct_call() is None, other.__name__
    # Every rules endpoint of the service has the shape.
    modules = (activate, could_produce, free_cast, mana_value, mulligan, reveal)
    routes = [r for m in modules for r in m.router.routes if isinstance(r, JsonBodyRoute)]
    assert len(routes) == len(modules)
    assert all(r._direct_call() is not None for r in routes)
