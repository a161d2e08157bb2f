"""Bodies validated in one pass from their bytes (app/api/bodies.py): a valid body never goes
through FastAPI's json.loads, an invalid one gets exactly the answer FastAPI's way gives."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
import starlette.requests
from starlette.testclient import TestClient

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
