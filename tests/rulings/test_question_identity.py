"""A state question's identity (app/rulings/questions.state_question): its state is dumped in
the models' field order, not with sorted keys, so every map a question can hold must keep its
keys in order (app/domain/base.KEY_ORDERED), or the same question sent with a map's keys in
another order would get a second ruling."""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest
import typing_extensions
from pydantic import BaseModel

from app.api.routers.activate import ActivateRequest
from app.api.routers.could_produce import CouldProduceRequest
from app.catalog import Catalog, load_catalog
from app.domain.base import KEY_ORDERED
from app.rulings import questions
from app.rulings.identity import ruling_id
from app.rulings.json_text import canonical_json, json_bytes
from tests.rulings.typed_dicts import field_type

STATE_REQUESTS: tuple[type[BaseModel], ...] = (CouldProduceRequest, ActivateRequest)


def _maps(model: type[BaseModel], seen: set[type[BaseModel]]) -> list[tuple[str, list[Any]]]:
    """(model.field, its metadata) for every dict-typed field reachable from `model`."""
    if model in seen:
        return []
    seen.add(model)
    found: list[tuple[str, list[Any]]] = []
    for name, field in model.model_fields.items():
        found += _maps_in(field.annotation, f"{model.__name__}.{name}", field.metadata, seen)
    return found


def _maps_in(
    hint: Any, where: str, metadata: list[Any], seen: set[type[BaseModel]]
) -> list[tuple[str, list[Any]]]:
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        inner, *extra = typing.get_args(hint)
        return _maps_in(inner, where, [*metadata, *extra], seen)
    if isinstance(hint, type) and issubclass(hint, BaseModel):
        return _maps(hint, seen)
    if typing_extensions.is_typeddict(hint):  # a permanent: a dict of the fields given
        fields = typing.get_type_hints(hint, include_extras=True)
        return [
            m
            for name, field in fields.items()
            for m in _maps_in(field_type(field), f"{hint.__name__}.{name}", [], seen)
        ]
    found: list[tuple[str, list[Any]]] = []
    if origin is dict or hint is dict:
        found.append((where, metadata))
    assert origin not in (set, frozenset), f"{where}: a set dumps in no fixed order"
    for arg in typing.get_args(hint):
        found += _maps_in(arg, where, [], seen)
    return found


def test_every_map_a_state_question_can_hold_keeps_its_keys_in_order() -> None:
    seen: set[type[BaseModel]] = set()
    maps = [m for model in STATE_REQUESTS for m in _maps(model, seen)]
    # The walk reaches the maps we know of (inline card definitions included)...
    assert {where for where, _ in maps} >= {
        "PermanentIn.counters",
        "GameState.players",
        "GameState.commander_identity",
        "ManaAbility.puts_counters",
        "ManaAbilityCost.remove_counters",
    }
    # ...and each of them is key-ordered at validation.
    unordered = [where for where, metadata in maps if KEY_ORDERED not in metadata]
    assert unordered == []


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _id(catalog: Catalog, body: dict[str, Any]) -> str:
    request = CouldProduceRequest.model_validate_json(json.dumps(body))
    q = questions.could_produce_question(catalog, request)
    return ruling_id("could_produce", "rules", (), canonical_json(q.question))


def _state(counters: dict[str, int], players: dict[str, Any], identity: dict[str, Any]) -> Any:
    return {
        "state": {
            "turn": 3,
            "battlefield": [
                {"id": "f", "card": "Forest", "controller": "alice", "counters": counters}
            ],
            "players": players,
            "commander_identity": identity,
        }
    }


def test_maps_sent_in_another_key_order_are_the_same_question(catalog: Catalog) -> None:
    one = _state(
        {"Charge counters": 1, "age": 2},
        {"bob": {"life": 3}, "alice": {"life": 20}},
        {"bob": ["U"], "alice": ["G"]},
    )
    # The same counters spelled otherwise: respelled, "Charge" comes after "age" (the
    # catalog's spelling is lower case), so the respelled map is put in order again.
    other = _state(
        {"age counter": 2, "charge": 1},
        {"alice": {"life": 20}, "bob": {"life": 3}},
        {"alice": ["G"], "bob": ["U"]},
    )
    assert _id(catalog, one) == _id(catalog, other)
    changed = _state({"age": 2, "charge": 2}, {}, {})
    assert _id(catalog, changed) != _id(catalog, one)


def test_the_state_text_holds_what_the_state_dump_holds(catalog: Catalog) -> None:
    body = _state({"charge": 1}, {"alice": {"life": 20}}, {})
    request = CouldProduceRequest.model_validate_json(json.dumps(body))
    q = questions.could_produce_question(catalog, request)
    held = json.loads(json_bytes(q.question))
    assert held == {"state": q.checked.state.model_dump(mode="json"), "permanent_id": None}
    assert list(held) == list(request.model_dump(mode="json"))  # the request's key order
