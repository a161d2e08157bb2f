"""Explicit limits on hostile input: nesting depth, sizes of lists, lengths of strings."""

from __future__ import annotations

import json

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from app.api import limits
from app.api.limits import (
    MAX_ARRAY_ITEMS,
    MAX_JSON_DEPTH,
    MAX_OBJECT_KEYS,
    JsonShapeError,
    _depth_by_tokens,
    json_depth_exceeds,
)

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


@pytest.mark.parametrize(
    "text",
    [
        b"[" * 33 + b'"a","b",""' + b"]" * 33,  # strings without brackets: the pairing shortcut
        b"[" * 33 + b'"a]","b"' + b"]" * 33,  # a bracket inside a string
        b'["' + b"]" * 40 + b'", ' + b"[" * 33 + b"]" * 33 + b"]",
        b'[""' + b"[" * 33 + b'"",""' + b"]" * 33 + b"]",  # empty strings next to each other
        b"[" * 20 + b'{"k":"v","w":["x"]}' + b"]" * 20,
    ],
)
def test_the_depth_scan_without_escapes_agrees_with_the_token_scan(text: bytes) -> None:
    assert json_depth_exceeds(text) == _depth_by_tokens(text, MAX_JSON_DEPTH)


def _nested(draw: st.DrawFn, depth: int) -> str:
    """A JSON value nesting arrays and objects up to `depth`, siblings of every depth mixed."""
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.sampled_from(['"a"', "1", '"x]"', '"{"', "[]", "{}"]))
    children = [_nested(draw, depth - 1) for _ in range(draw(st.integers(0, 3)))]
    if draw(st.booleans()):
        return "[" + ",".join(children) + "]"
    return "{" + ",".join(f'"k{i}":{c}' for i, c in enumerate(children)) + "}"


@settings(max_examples=300, deadline=None)
@given(st.data(), st.integers(MAX_JSON_DEPTH - 3, MAX_JSON_DEPTH + 3))
def test_the_depth_scan_agrees_with_the_token_scan_on_any_nesting(
    data: st.DataObject, depth: int
) -> None:
    # One nesting level is peeled per pass, whatever mix of `[]` and `{}` sits side by side.
    text = (
        "[" * (depth - 1) + data.draw(st.composite(_nested)(depth=8)) + "]" * (depth - 1)
    ).encode()
    assert json_depth_exceeds(text) == _depth_by_tokens(text, MAX_JSON_DEPTH)
    # The shape check measures a body orjson parses by its walk over the parse: the same
    # verdict, and a deep body is refused as too deep before any other limit.
    deep = _shape(limits.check_json_shape, text).startswith("too_deeply_nested")
    assert deep == _depth_by_tokens(text, MAX_JSON_DEPTH)


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        (b"[" * MAX_JSON_DEPTH + b"]" * MAX_JSON_DEPTH, False),
        (b"[" * (MAX_JSON_DEPTH + 1) + b"]" * (MAX_JSON_DEPTH + 1), True),
        # Objects of a flat array one level below it: 31 arrays, then the array of objects.
        (
            b"[" * (MAX_JSON_DEPTH - 2) + b'[{"a": 1}, {"b": 2}]' + b"]" * (MAX_JSON_DEPTH - 2),
            False,
        ),
        (b"[" * (MAX_JSON_DEPTH - 1) + b'[{"a": 1}, {"b": 2}]' + b"]" * (MAX_JSON_DEPTH - 1), True),
        # Too deep and a repeated key: the depth is what the answer names.
        (b"[" * 40 + b'{"a": 1, "a": 2}' + b"]" * 40, True),
        (b"[" * 2000 + b"]" * 2000, True),  # past orjson's own limit: the text's scan
    ],
)
def test_the_shape_check_refuses_a_deep_body_first(text: bytes, deep: bool) -> None:
    assert _shape(limits.check_json_shape, text).startswith("too_deeply_nested") is deep


def _shape(check: object, body: bytes) -> str:
    try:
        check(body)  # type: ignore[operator]
    except JsonShapeError as exc:
        return f"{exc.code}: {exc.detail}"
    return "ok"


_LONG_ARRAY = "[" + "0," * MAX_ARRAY_ITEMS + "0]"
_MANY_KEYS = "{" + ",".join(f'"k{i}": {i}' for i in range(MAX_OBJECT_KEYS + 1)) + "}"


def _certified(text: bytes) -> bool:
    """Whether the C-speed check certified the body clean (it then answers the parse)."""
    return limits._clean(text)[0] is not limits._NOT_CLEAN


def test_the_shape_check_hands_on_the_parse_of_a_clean_object() -> None:
    # app/api/classes.py validates a big battlefield from it; only a JSON object is handed on.
    assert limits.check_json_shape(b'{"a": [1, {"b": true}]}') == {"a": [1, {"b": True}]}
    assert limits.check_json_shape(b"[1, 2]") is None
    assert limits.check_json_shape(b'{"a": "x:y"}') is None  # certified by the exact pass
    assert limits.check_json_shape(b"[1, 2") is None  # malformed: left for the parser


@pytest.mark.parametrize(
    ("text", "fast"),
    [
        (b'{"a": 1, "b": [{"c": 2}, {"d": [3, {"e": 4}]}]}', True),
        (b'{"a": 1, "a": 2}', False),
        (b'{"p": [{"id": "x", "card": "Forest", "id": "y"}]}', False),  # deep in a list
        (b'{"a": "x:y", "a": 1}', False),  # a colon in a string hides no repeat
        (b'{"a": "x:y"}', False),  # clean, checked exactly: a colon in a string
        (b'{"a": "\\u003a"}', True),  # an escaped colon is no colon in the text
        (_MANY_KEYS.encode(), False),
        (b'{"a": [' + b"0," * MAX_ARRAY_ITEMS + b"0]}", False),
        (b"[[" + b"0," * MAX_ARRAY_ITEMS + b"0]]", False),
        (b'{"a": 99999999999999999999999, "a": 1}', False),  # past orjson's integers
        (b'{"a": NaN}', False),  # json.loads reads it; orjson doesn't
        (b"5", True),
        (b'"a:b"', False),
        (b"[1, 2", False),  # malformed: the parser's business
    ],
)
def test_the_fast_shape_check_agrees_with_the_exact_one(text: bytes, fast: bool) -> None:
    # A body certified clean at C speed is one the exact pass finds clean; every other body
    # gets the exact pass's answer (which limit, where first).
    assert _certified(text) is fast
    assert _shape(limits.check_json_shape, text) == _shape(limits._check_exactly, text)
    if fast:
        assert _shape(limits._check_exactly, text) == "ok"


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


def _state(battlefield: list[dict[str, object]]) -> dict[str, object]:
    return {"state": {"battlefield": battlefield}}


def test_too_many_permanents_is_422(sqlite_client: TestClient) -> None:
    forests = [{"id": f"f{i}", "card": "Forest", "controller": "a"} for i in range(10_001)]
    r = sqlite_client.post("/v1/mana/could-produce", json=_state(forests))
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"] == ["body", "state", "battlefield"]
    assert r.json()["errors"][0]["type"] == "too_long"


def test_too_many_replacement_effects_on_one_event_is_422(sqlite_client: TestClient) -> None:
    board = [{"id": "f", "card": "Forest", "controller": "a"}] + [
        {"id": f"r{i}", "card": "Mana Reflection", "controller": "a"} for i in range(1001)
    ]
    r = sqlite_client.post("/v1/mana/activate", json={**_state(board), "permanent_id": "f"})
    assert r.status_code == 422
    assert r.json()["code"] == "too_many_replacement_effects"
    assert r.json()["errors"][0]["loc"] == ["body", "state"]
    fine = sqlite_client.post("/v1/mana/activate", json={**_state(board[:13]), "permanent_id": "f"})
    assert fine.status_code == 201
    assert fine.json()["answer"]["total"] == "{G}" * 4096


def test_library_and_hand_sizes_are_limited(sqlite_client: TestClient) -> None:
    r = sqlite_client.post(
        "/v1/library/reveal-until",
        json={"library": ["Forest"] * 1001, "mode": "reveal", "max_mana_value": 3, "seed": 1},
    )
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"] == ["body", "library"]
    r = sqlite_client.post(
        "/v1/mulligan",
        json={"hand": ["Forest"] * 1001, "library": [], "action": "keep", "seed": 1},
    )
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"][:2] == ["body", "hand"]


def test_too_many_turn_effects_is_422(sqlite_client: TestClient) -> None:
    effects = [{"id": f"e{i}", "card": "Pale Moon", "controller": "a"} for i in range(101)]
    r = sqlite_client.post(
        "/v1/mana/could-produce", json={"state": {"battlefield": [], "effects": effects}}
    )
    assert r.status_code == 422
    assert r.json()["errors"][0]["loc"] == ["body", "state", "effects"]


def test_too_many_players_is_422(sqlite_client: TestClient) -> None:
    # A game has at most 16 players here; one controller per permanent would make every
    # "an opponent controls" selector look at every player.
    board = [{"id": f"f{i}", "card": "Forest", "controller": f"p{i}"} for i in range(17)]
    r = sqlite_client.post("/v1/mana/could-produce", json=_state(board))
    assert r.status_code == 422
    assert r.json()["code"] == "too_many_players"
    assert r.json()["errors"][0]["loc"] == ["body", "state"]


def test_players_the_state_only_describes_count_toward_the_limit(
    sqlite_client: TestClient,
) -> None:
    board = [{"id": f"f{i}", "card": "Forest", "controller": f"p{i}"} for i in range(16)]
    for extra in ({"players": {"q": {}}}, {"commander_identity": {"q": ["G"]}}):
        r = sqlite_client.post(
            "/v1/mana/could-produce", json={"state": {"battlefield": board, **extra}}
        )
        assert r.status_code == 422, r.text
        assert r.json()["code"] == "too_many_players"
    # Sixteen in all, described or controlling, is a game.
    described = {"players": {"p0": {}}, "commander_identity": {"p1": ["G"]}}
    r = sqlite_client.post(
        "/v1/mana/could-produce", json={"state": {"battlefield": board, **described}}
    )
    assert r.status_code == 201, r.text


def test_crafted_boards_of_distinct_selectors_are_refused_not_slow(
    sqlite_client: TestClient,
) -> None:
    # Inline definitions can make every land and every reflector's selector different; the
    # engine bounds that work and answers 422 instead of comparing all pairs.
    def land(i: int) -> dict[str, object]:
        ability = {"kind": "mana_ability", "cost": {"tap": True},
                   "produces": {"kind": "fixed", "mana": "{G}"}}  # fmt: skip
        card = {"name": f"L{i}", "types": ["land"], "subtypes": [f"S{i}"], "abilities": [ability]}
        return {"id": f"l{i}", "definition": card, "controller": "a"}

    def reflector(i: int) -> dict[str, object]:
        among = {"controller": "opponent", "types": ["land"], "subtypes": [f"S{i}"]}
        ability = {"kind": "mana_ability", "cost": {"tap": True},
                   "produces": {"kind": "could_produce", "of": "type", "among": among}}  # fmt: skip
        return {"id": f"r{i}", "definition": {"name": f"R{i}", "types": ["land"],
                "abilities": [ability]}, "controller": "b"}  # fmt: skip

    board = [f(i) for i in range(1000) for f in (land, reflector)]
    r = sqlite_client.post("/v1/mana/could-produce", json=_state(board))
    assert r.status_code == 422
    assert r.json()["code"] == "too_complex"


@pytest.mark.parametrize(
    ("path", "body", "loc"),
    [
        (MV, {"card": "Fireball", "zone": "stack", "x": "3"}, ["body", "x"]),
        (MV, {"card": "Fireball", "zone": "stack", "x": True}, ["body", "x"]),
        (MV, {"card": "Fireball", "zone": "stack", "x": 2.0}, ["body", "x"]),
        (MV, {"card": "Fireball", "zone": "stack", "cast": "yes"}, ["body", "cast"]),
        (
            "/v1/library/reveal-until",
            {"library": ["Forest"], "max_mana_value": 3, "seed": "7"},
            ["body", "seed"],
        ),
        (
            "/v1/mana/could-produce",
            {"state": {"turn": "4", "battlefield": []}},
            ["body", "state", "turn"],
        ),
        (
            "/v1/mana/could-produce",
            {
                "state": {
                    "battlefield": [
                        {"id": "f", "card": "Forest", "controller": "a", "tapped": "true"}
                    ]
                }
            },
            ["body", "state", "battlefield", 0, "tapped"],
        ),
    ],
)
def test_wrong_types_are_not_coerced(
    sqlite_client: TestClient, path: str, body: dict[str, object], loc: list[object]
) -> None:
    # docs/api.md: wrong types are a 4xx naming the field, not silently converted.
    r = sqlite_client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert loc in [e["loc"] for e in r.json()["errors"]]


def test_a_body_that_is_not_json_is_415(sqlite_client: TestClient) -> None:
    body = b'{"card": "Fireball", "zone": "stack"}'
    r = sqlite_client.post(MV, content=body, headers={"content-type": "text/plain"})
    assert r.status_code == 415
    assert r.headers["content-type"] == "application/problem+json"
    assert r.json()["code"] == "unsupported_media_type"
    ok = sqlite_client.post(
        MV, content=body, headers={"content-type": "application/json; charset=utf-8"}
    )
    assert ok.status_code in (200, 201)


_VALUES = st.sampled_from(
    ['"a"', "1", "true", "null", '"x:y"', '"[{"', "[]", "{}", '{"c": 1}', "[1]"]
)


@st.composite
def _board_like(draw: st.DrawFn) -> bytes:
    """A body shaped like a battlefield: arrays of objects, some holding objects or arrays,
    some with a repeated key, some of more keys than an object may have."""
    objects = []
    for i in range(draw(st.integers(0, 6))):
        keys = [f"k{j}" for j in range(draw(st.sampled_from([1, 3, MAX_OBJECT_KEYS + 1])))]
        if draw(st.integers(0, 5)) == 0:
            keys.append(keys[0])  # a repeated key
        members = ",".join(f'"{k}":{draw(_VALUES, label=f"{i}.{k}")}' for k in keys)
        objects.append("{" + members + "}")
    mixed = draw(st.booleans())
    items = [*objects, "1"] if mixed and objects else objects
    return ('{"state":{"battlefield":[' + ",".join(items) + '],"turn":1}}').encode()


@settings(max_examples=300, deadline=None)
@given(_board_like())
def test_the_flat_array_shortcut_agrees_with_the_exact_check(body: bytes) -> None:
    # _clean counts the keys of an array of objects at C speed, taking its objects for flat,
    # and walks again when the brackets of the text say one wasn't: same answers either way.
    assert _shape(limits.check_json_shape, body) == _shape(limits._check_exactly, body)
    if _certified(body):
        assert _shape(limits._check_exactly, body) == "ok"


def test_a_flat_battlefield_is_certified_at_c_speed() -> None:
    flat = b'{"battlefield": [' + b",".join([b'{"id": "a", "card": "Forest"}'] * 50) + b"]}"
    assert limits._kept_keys(orjson.loads(flat), flat_lists=True) == limits._Kept(101, 52, 3)
    assert _certified(flat)
    # An object inside one of them: the brackets disagree with the count, and the walk finds it.
    nested = flat.replace(b'"card": "Forest"}', b'"counters": {"charge": 1}}', 1)
    assert limits._kept_keys(orjson.loads(nested), flat_lists=True).containers == 52
    assert _certified(nested)
    repeated = nested.replace(b'{"charge": 1}', b'{"charge": 1, "charge": 2}')
    assert not _certified(repeated)
    assert _shape(limits.check_json_shape, repeated).startswith("duplicate_key")
    # An array inside one of them adds no key: only the count of brackets can tell it is there.
    long = flat.replace(b'"card": "Forest"}', b'"exiled": ' + _LONG_ARRAY.encode() + b"}", 1)
    assert not _certified(long)
    assert _shape(limits.check_json_shape, long).startswith("too_many_items")
