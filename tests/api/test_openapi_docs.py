"""The OpenAPI document teaches: every operation described, every request field described,
named examples on every POST (each of which the service answers), one fixed `kind` per
ruling schema, 201 first, real problem examples, and no schema twice under one name."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
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


def _refs(node: Any) -> Iterator[str]:
    """Every component a schema (fragment) points at, however deeply nested."""
    if isinstance(node, dict):
        if "$ref" in node:
            yield node["$ref"].rsplit("/", 1)[-1]
        for value in node.values():
            yield from _refs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _refs(value)


def _reachable(roots: Iterable[str]) -> list[str]:
    """The components a request can carry: the bodies' schemas and all they refer to."""
    seen: set[str] = set()
    stack = list(roots)
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(_refs(SCHEMAS[name]))
    return sorted(seen)


BODY_MODELS = [
    name
    for _, _, op in OPERATIONS
    if "requestBody" in op
    for name in _refs(op["requestBody"]["content"]["application/json"]["schema"])
]
REQUEST_MODELS = _reachable(BODY_MODELS)


def _described(prop: dict[str, Any]) -> bool:
    """A property has its own description, or is only a `$ref` to a described schema."""
    if prop.get("description"):
        return True
    if set(prop) != {"$ref"}:
        return False
    return bool(SCHEMAS[prop["$ref"].rsplit("/", 1)[-1]].get("description"))


def _undescribed(schema: dict[str, Any], at: str) -> Iterator[str]:
    """Properties without a description, in this schema and any object schema inlined in it."""
    for name, prop in schema.get("properties", {}).items():
        if not _described(prop):
            yield f"{at}.{name}"
    for key, value in schema.items():
        if key == "properties":
            for name, prop in value.items():
                yield from _undescribed(prop, f"{at}.{name}")
        elif isinstance(value, dict):
            yield from _undescribed(value, f"{at}/{key}")
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    yield from _undescribed(item, f"{at}/{key}[{i}]")


@pytest.mark.parametrize(("path", "method", "op"), OPERATIONS)
def test_every_operation_is_described(path: str, method: str, op: dict[str, Any]) -> None:
    assert op.get("summary") and len(op.get("description", "")) > 40, (method, path)


def test_the_walk_reaches_the_nested_card_models() -> None:
    # A card `definition` carries abilities, their costs, productions and selectors: the walk
    # must see them, or the checks below would pass by looking at too little.
    nested = {"Card", "CardFace", "ManaAbility", "ManaAbilityCost", "CostPart", "Selector"}
    nested |= {"FixedMana", "ManaReplacement", "ChangeType", "AdditionalCost", "SetLandTypes"}
    assert nested <= set(REQUEST_MODELS)
    assert {"GameState", "PermanentIn", "EffectIn", "ExiledCard"} <= set(REQUEST_MODELS)


def test_the_check_flags_missing_descriptions_wherever_they_are() -> None:
    schema = {
        "properties": {
            "plain": {"type": "string"},
            "inline": {"description": "d", "type": "object", "properties": {"deep": {}}},
            "listed": {"description": "d", "items": {"properties": {"item": {}}}},
            "ref": {"$ref": "#/components/schemas/Selector"},
        }
    }
    assert list(_undescribed(schema, "M")) == ["M.plain", "M.inline.deep", "M.listed/items.item"]


@pytest.mark.parametrize("model", REQUEST_MODELS)
def test_every_request_field_is_described(model: str) -> None:
    assert list(_undescribed(SCHEMAS[model], model)) == []


@pytest.mark.parametrize("model", REQUEST_MODELS)
def test_every_request_model_is_described(model: str) -> None:
    assert SCHEMAS[model].get("description"), model


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
