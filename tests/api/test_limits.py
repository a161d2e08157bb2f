"""Explicit limits on hostile input: nesting depth, sizes of lists, lengths of strings."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

from app.api.limits import MAX_JSON_DEPTH, json_depth_exceeds

MV = "/v1/spells/mana-value"


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        (b"{}", False),
        (b'{"a": [1, {"b": [2]}]}', False),
        (b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH, False),
        (b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1), True),
        (b'{"s": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}', False),  # inside a string
        (b'{"s": "\\"[[[["}', False),
        (b"[[[[", False),  # malformed: the parser's business
        (b"[" * 40 + b'\\"' * 10, True),  # escapes: the token scan
        (b"[" * 40 + b'"\\""' + b"]" * 40, True),
        (b'["\\"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]', False),  # escaped quote in a string
    ],
)
def test_depth_scan(text: bytes, deep: bool) -> None:
    assert json_depth_exceeds(text) is deep


def test_deep_nesting_is_refused_before_parsing(sqlite_client: TestClient) -> None:
    body = b'{"card": ' + b"[" * 500 + b"]" * 500 + b"}"
    r = sqlite_client.post(MV, content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "too_deeply_nested"


def test_very_deep_nesting_is_a_4xx_not_a_crash(sqlite_client: TestClient) -> None:
    body = b"[" * 200_000 + b"]" * 200_000
    r = sqlite_client.post(MV, content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400


def test_overlong_strings_are_422(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(MV, json={"card": "x" * 201, "zone": "hand"})
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"] == ["body", "card"]
    assert r.json()["errors"][0]["type"] == "string_too_long"


def test_huge_numbers_are_422(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(
        MV,
        content=json.dumps({"card": "Fireball", "zone": "stack", "x": 10**30}).encode(),
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"] == ["body", "x"]
