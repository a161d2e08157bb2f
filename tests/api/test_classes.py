"""A big battlefield validated one class at a time (app/api/classes.py): whenever it gives a
model, it is the model whole validation gives, and it gives none for a body whole validation
refuses; check_state reads the classes it found as it would have found them itself."""

from __future__ import annotations

import json
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from starlette.testclient import TestClient

from app.api import classes
from app.api.classes import MIN_PERMANENTS, text_classes, validate_by_class
from app.api.routers.activate import ActivateRequest
from app.api.routers.could_produce import CouldProduceRequest
from app.api.routers.mana_value import ManaValueRequest
from app.catalog import load_catalog
from app.domain.errors import QuestionError
from app.domain.state import ClassedBattlefield
from app.rulings.resolve import CheckedState, check_state
from tests.api.helpers import perm, state

CP = "/v1/mana/could-produce"
HEADERS = {"content-type": "application/json"}

# Values a client might send for each field, valid ones first; then ones of the wrong JSON
# type that Python finds equal to a valid one (1 and true), unknown cards, empty names,
# fields that don't exist, and objects in an array (`},{` inside a permanent's text).
_FIELD_VALUES: dict[str, list[Any]] = {
    "card": ["Forest", "Island", "forest", "Reflecting Pool"],
    "controller": ["alice", "bob"],
    "tapped": [True, False],
    "controlled_since_turn_start": [True, False],
    "face": [0, "Forest"],
    "power": [2, None],
    "counters": [{"charge": 1}, {"charge": 1, "+1/+1": 2}, {}],
    "attached_to": ["p1", "p0", None],
    "renowned": [True],
}
_ODD_VALUES: dict[str, list[Any]] = {
    "card": ["No Such Card", 7],
    "controller": ["", None],
    "tapped": [1, 0],
    "controlled_since_turn_start": [1.0],
    "face": [1, True],
    "power": [2.0, True],
    "colour": ["G"],
    "exiled": [[{"k": 1}, {"k": 2}]],
}
_IDS = ["", "x" * 101, 'a","b', "a\\", "},{", "p0", 5, None]


@st.composite
def _permanent(draw: st.DrawFn) -> dict[str, Any]:
    fields = draw(st.lists(st.sampled_from(sorted(_FIELD_VALUES)), max_size=4, unique=True))
    p: dict[str, Any] = {"card": "Forest", "controller": "alice"}
    for name in fields:
        p[name] = draw(st.sampled_from(_FIELD_VALUES[name]))
    if draw(st.integers(0, 5)) == 0:  # now and then a value no permanent may have
        name = draw(st.sampled_from(sorted(_ODD_VALUES)))
        p[name] = draw(st.sampled_from(_ODD_VALUES[name]))
    return p


@st.composite
def _body(draw: st.DrawFn) -> dict[str, Any]:
    """A could-produce body of a few kinds of permanent repeated: most of them valid, and
    now and then one odd permanent, id or order of fields."""
    kinds = draw(st.lists(_permanent(), min_size=1, max_size=6))
    size = draw(st.integers(MIN_PERMANENTS, MIN_PERMANENTS + 40))
    battlefield: list[Any] = []
    for i in range(size):
        kind = kinds[draw(st.integers(0, len(kinds) - 1))]
        battlefield.append({"id": f"p{i}", **kind})
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, size - 1))
        if not isinstance(battlefield[at], dict):
            continue
        match draw(st.sampled_from(["id", "id last", "not an object", "one more field"])):
            case "id":
                battlefield[at] = {**battlefield[at], "id": draw(st.sampled_from(_IDS))}
            case "id last":
                p = dict(battlefield[at])
                battlefield[at] = {**{k: v for k, v in p.items() if k != "id"}, "id": p["id"]}
            case "not an object":
                battlefield[at] = "Forest"
            case "one more field":
                battlefield[at] = {**battlefield[at], "token": draw(st.sampled_from([True, 1]))}
    return {"state": {"turn": 3, "battlefield": battlefield}}


def _whole(raw: bytes) -> CouldProduceRequest | None:
    try:
        return CouldProduceRequest.model_validate_json(raw)
    except ValidationError:
        return None


def _text(model: CouldProduceRequest) -> bytes:
    """The model's battlefield as it holds it: keys in their order, values with their types."""
    return orjson.dumps(list(model.state.battlefield), default=lambda m: m.model_dump())


def _checked(model: CouldProduceRequest) -> CheckedState | tuple[object, ...]:
    try:
        return check_state(load_catalog(), model.state, ("state",))
    except QuestionError as exc:
        return (exc.loc, exc.code, str(exc))


@settings(max_examples=300, deadline=None)
@given(_body())
def test_by_class_is_whole_validation_or_nothing(body: dict[str, Any]) -> None:
    raw = json.dumps(body).encode()
    whole = _whole(raw)
    by_class = validate_by_class(CouldProduceRequest, orjson.loads(raw))
    if by_class is None:
        return
    assert isinstance(by_class, CouldProduceRequest)
    assert whole is not None, "a body whole validation refuses was taken"
    assert by_class == whole
    assert _text(by_class) == _text(whole)
    assert by_class.model_dump_json() == whole.model_dump_json()
    # check_state, reading the classes found here, finds what it finds by itself.
    battlefield = by_class.state.battlefield
    assert isinstance(battlefield, ClassedBattlefield)
    mine, theirs = _checked(by_class), _checked(whole)
    if isinstance(mine, CheckedState) and isinstance(theirs, CheckedState):
        assert mine.classes == theirs.classes
        assert mine.cards == theirs.cards
        assert mine.battlefield_cards == theirs.battlefield_cards
        assert mine.state.model_dump_json() == theirs.state.model_dump_json()
        assert mine.board() == theirs.board()
    else:
        assert mine == theirs


def test_a_big_battlefield_is_validated_by_class() -> None:
    battlefield = [perm(f"p{i}", ("Forest", "Island")[i % 2]) for i in range(200)]
    battlefield[7] = {**battlefield[7], "tapped": True}
    raw = json.dumps({"state": state(*battlefield)}).encode()
    got = validate_by_class(CouldProduceRequest, orjson.loads(raw))
    assert isinstance(got, CouldProduceRequest)
    assert got == CouldProduceRequest.model_validate_json(raw)
    classed = got.state.battlefield
    assert isinstance(classed, ClassedBattlefield)
    assert classed.classes[:9] == (0, 1, 0, 1, 0, 1, 0, 2, 0)
    assert len(set(classed.classes)) == 3
    checked = check_state(load_catalog(), got.state, ("state",))
    assert checked.classes == classed.classes


@pytest.mark.parametrize(
    ("why", "body"),
    [
        ("a small battlefield", {"state": state(*[perm(f"p{i}", "Forest") for i in range(5)])}),
        ("no state", {"card": "Forest"}),
        ("a state that isn't an object", {"state": [1]}),
        (
            "unique permanents",
            {"state": state(*[perm(f"p{i}", "Forest", power=i) for i in range(100)])},
        ),
        (
            "1 where the others say true",
            {
                "state": state(
                    *[perm(f"p{i}", "Forest", tapped=True) for i in range(99)],
                    perm("p99", "Forest", tapped=1),
                )
            },
        ),
        (
            "an empty id",
            {"state": state(*[perm(f"p{i}", "Forest") for i in range(99)], perm("", "Forest"))},
        ),
        (
            "an id too long",
            {
                "state": state(
                    *[perm(f"p{i}", "Forest") for i in range(99)], perm("x" * 101, "Forest")
                )
            },
        ),
    ],
)
def test_what_isnt_validated_by_class(why: str, body: dict[str, Any]) -> None:
    # Each of these is validated whole (the caller's fallback), for the reason given.
    raw = json.dumps(body).encode()
    assert validate_by_class(CouldProduceRequest, orjson.loads(raw)) is None, why


def test_only_questions_with_a_state_are_validated_by_class() -> None:
    assert classes._has_state(CouldProduceRequest)
    assert classes._has_state(ActivateRequest)
    assert not classes._has_state(ManaValueRequest)


def test_the_text_of_a_permanent_tells_its_class() -> None:
    # `true` and `1` are equal in Python, but not the same text; key order counts too.
    battlefield = [
        {"id": "a", "tapped": True},
        {"id": "b", "tapped": 1},
        {"id": "c", "tapped": True},
        {"id": "d", "card": "Forest", "tapped": True},
        {"id": "e", "tapped": True, "card": "Forest"},
        {"id": 'x","y', "tapped": True},
        {"id": "z\\", "tapped": True},
    ]
    assert text_classes(battlefield) == ((0, 1, 0, 2, 3, 0, 0), [0, 1, 3, 4])
    assert text_classes([{"tapped": True, "id": "a"}]) is None  # not led by its id
    assert text_classes([{"id": 5}]) is None  # an id that isn't a string
    assert text_classes([{"id": "a", "s": "},{"}]) is None  # the text doesn't split
    assert text_classes([{"id": "a"}, "Forest"]) is None
    # A `},{` inside one permanent standing in for the boundary a string next to it lacks:
    # as many pieces as permanents, each led by an id, but they aren't the permanents.
    inside = {"id": "a", "x": [{"k": 1}, {"id": "b", "card": "Forest"}]}
    assert text_classes([inside, "Forest"]) is None
    bad_body = {"state": state(*[perm(f"p{i}", "Forest") for i in range(99)], inside, "Forest")}
    raw = json.dumps(bad_body).encode()
    assert validate_by_class(CouldProduceRequest, orjson.loads(raw)) is None


def test_the_route_validates_a_big_battlefield_by_class(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.api import bodies

    taken: list[bool] = []

    def spying(model: Any, parsed: object) -> Any:
        got = validate_by_class(model, parsed)
        taken.append(got is not None)
        return got

    battlefield = [perm(f"p{i}", ("Forest", "Island")[i % 2]) for i in range(100)]
    raw = json.dumps({"state": state(*battlefield)}).encode()
    monkeypatch.setattr(bodies, "validate_by_class", spying)
    by_class = client.post(CP, content=raw, headers=HEADERS)
    assert by_class.status_code == 201, by_class.text
    assert taken == [True]
    # The same question validated whole is the same ruling, already stored.
    monkeypatch.setattr(bodies, "validate_by_class", lambda *_: None)
    respaced = json.dumps({"state": state(*battlefield)}, indent=1).encode()
    again = client.post(CP, content=respaced, headers=HEADERS)
    assert again.status_code == 200, again.text
    assert again.json() == by_class.json()
