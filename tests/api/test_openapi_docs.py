"""The OpenAPI document teaches: every operation described, every request field described,
named examples on every POST (each of which the service answers), one fixed `kind` per
ruling schema, 201 first, real problem examples, and no schema twice under one name."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from app.main import create_app

DOC: dict[str, Any] = create_app().openapi()
SCHEMAS: dict[str, Any] = DOC["components"]["schemas"]
OPERATIONS = [
    (path, method, op) for path, item in DOC["paths"].items() for method, op in item.items()
]
POSTS = [(path, op) for path, method, op in OPERATIONS if method == "post"]
REQUEST_MODELS = [
    "GameState",
    "PermanentIn",
    "EffectIn",
    "ExiledCard",
    "Card",
    "CardFace",
    *(op["requestBody"]["content"]["application/json"]["schema"]["$ref"].split("/")[-1]
      for _, op in POSTS),
]  # fmt: skip


@pytest.mark.parametrize(("path", "method", "op"), OPERATIONS)
def test_every_operation_is_described(path: str, method: str, op: dict[str, Any]) -> None:
    assert op.get("summary") and len(op.get("description", "")) > 40, (method, path)


@pytest.mark.parametrize("model", REQUEST_MODELS)
def test_every_request_field_is_described(model: str) -> None:
    missing = [f for f, p in SCHEMAS[model]["properties"].items() if not p.get("description")]
    assert missing == [], (model, missing)


@pytest.mark.parametrize(("path", "op"), POSTS)
def test_named_examples_typical_edge_and_illegal(path: str, op: dict[str, Any]) -> None:
    examples = op["requestBody"]["content"]["application/json"]["examples"]
    names = list(examples)
    assert names[0] == "typical", path
    assert any(n.startswith("edge") for n in names), path
    assert any(n.startswith("illegal") for n in names), path
    assert all(e["summary"] for e in examples.values())


@pytest.mark.parametrize(("path", "op"), POSTS)
def test_every_example_is_answered(
    sqlite_client: TestClient, path: str, op: dict[str, Any]
) -> None:
    examples = op["requestBody"]["content"]["application/json"]["examples"]
    for name, example in examples.items():
        r = sqlite_client.post(path, json=example["value"])
        if "(422)" in example["summary"]:
            assert r.status_code == 422, (path, name, r.text)
        else:
            assert r.status_code in (200, 201), (path, name, r.text)
            assert r.json()["explanation"], (path, name)


@pytest.mark.parametrize(("path", "op"), POSTS)
def test_each_ruling_schema_has_its_own_kind(path: str, op: dict[str, Any]) -> None:
    responses = list(op["responses"])
    assert responses[0] == "201" and "new ruling" in op["responses"]["201"]["description"]
    ref = op["responses"]["201"]["content"]["application/json"]["schema"]["$ref"]
    kind = SCHEMAS[ref.split("/")[-1]]["properties"]["kind"]
    assert "const" in kind, ref
    assert {"400", "413", "415", "422"} <= set(responses)


def test_kinds_are_distinct() -> None:
    consts = [
        SCHEMAS[n]["properties"]["kind"].get("const") for n in SCHEMAS if n.endswith("Ruling")
    ]
    assert len(consts) == 6 and len(set(consts)) == 6


@pytest.mark.parametrize("status", ["400", "413", "415", "422"])
def test_problem_examples_show_their_real_type_and_status(status: str) -> None:
    for _, op in POSTS:
        example = op["responses"][status]["content"]["application/problem+json"]["example"]
        assert example["status"] == int(status)
        assert example["type"] == f"/problems/{example['code']}"


def test_no_schema_twice_under_one_name() -> None:
    assert not [n for n in SCHEMAS if n.endswith(("-Input", "-Output"))]
