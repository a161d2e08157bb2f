"""A permanent is held as the dict of the fields the client sent (app/domain/state.PermanentIn),
and dumped whole by `canonical_battlefield`. The dump must be what a model of the same fields
writes: every field with its default filled in, in the fields' order, those of
PERMANENT_SOMETIMES only when they differ from their defaults. A field sent at its default and
one left out, in any key order, make one question (one ruling)."""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field, create_model

from app.catalog import load_catalog
from app.domain.base import omitted_at_default
from app.domain.state import (
    PERMANENT_DEFAULTS,
    PERMANENT_FIELDS,
    PERMANENT_SOMETIMES,
    GameState,
    PermanentIn,
)
from app.rulings import questions
from app.rulings.questions import state_json
from app.rulings.resolve import check_state
from tests.rulings.typed_dicts import field_type

# A value for every field that differs from its default (the card's own data as a definition).
NOT_DEFAULT: dict[str, Any] = {
    "id": "a",
    "card": "Forest",
    "controller": "alice",
    "face": 1,
    "tapped": True,
    "controlled_since_turn_start": False,
    "counters": {"charge": 2, "+1/+1": 1},
    "attached_to": "b",
    "chosen_color": "G",
    "chosen_colors": [],
    "power": 0,
    "toughness": -1,
    "token": True,
    "prototyped": True,
    "entered_this_turn": False,
    "renowned": False,
    "impending": False,
    "exiled": [],
    "library_top": "Plains",
    "chosen_name": "Swamp",
    "chosen_type": "Elf",
    "chosen_number": 2,
    "noted_mana": "{G}{G}",
    "class_level": 2,
    "resolutions_this_turn": 0,
    "activated_this_turn": False,
    "timestamp": 0,
    "copy_of": [],
    "entered_as_copy": False,
    "unlocked": [],
}
DEFINITION = {"name": "Zzq Vale", "types": ["land"], "text": "{T}: Add {G}."}


def _reference_model() -> type[BaseModel]:
    """The permanent as a model, with the rule the dump follows written the model's way."""
    hints = typing.get_type_hints(PermanentIn, include_extras=True)
    fields: dict[str, Any] = {}
    for name in PERMANENT_FIELDS:
        kind = field_type(hints[name])
        if name not in PERMANENT_DEFAULTS:
            fields[name] = (kind, ...)
        elif name in PERMANENT_SOMETIMES:
            fields[name] = (kind, omitted_at_default(PERMANENT_DEFAULTS[name]))
        else:
            fields[name] = (kind, Field(default=PERMANENT_DEFAULTS[name]))
    config = ConfigDict(extra="forbid", strict=True)
    model: type[BaseModel] = create_model("ReferencePermanent", __config__=config, **fields)
    return model


REFERENCE = _reference_model()


def _dumped(permanents: list[dict[str, Any]]) -> list[Any]:
    state = GameState.model_validate({"battlefield": permanents})
    dumped: list[Any] = json.loads(GameState.__pydantic_serializer__.to_json(state))["battlefield"]
    return dumped


def _reference(p: dict[str, Any]) -> Any:
    return json.loads(REFERENCE.model_validate(p).model_dump_json())


def _one_at_a_time() -> list[dict[str, Any]]:
    base = {"id": "a", "controller": "alice"}
    given = {**NOT_DEFAULT, "definition": DEFINITION}
    return [{**base, name: given[name]} for name in PERMANENT_DEFAULTS]


SAMPLES = [
    {"id": "a", "controller": "alice"},
    {"id": "a", "controller": "alice", "card": "Forest"},
    NOT_DEFAULT,
    {**{k: v for k, v in NOT_DEFAULT.items() if k != "card"}, "definition": DEFINITION},
    {"id": "a", "controller": "alice", **PERMANENT_DEFAULTS},  # every field sent at its default
    dict(reversed(list(NOT_DEFAULT.items()))),  # the keys in another order
    *_one_at_a_time(),
]


@pytest.mark.parametrize("permanent", SAMPLES)
def test_the_dump_is_the_model_s_whole_permanent(permanent: dict[str, Any]) -> None:
    [dumped] = _dumped([permanent])
    assert dumped == _reference(permanent)
    assert list(dumped) == list(_reference(permanent))  # the fields' order, not the client's


def test_the_dump_writes_the_same_bytes_as_the_model() -> None:
    state = GameState.model_validate({"battlefield": SAMPLES})
    text = GameState.__pydantic_serializer__.to_json(state)
    battlefield = b",".join(REFERENCE.model_validate(p).model_dump_json().encode() for p in SAMPLES)
    assert b'"battlefield":[' + battlefield + b"]" in text


def test_a_field_sent_at_its_default_and_one_left_out_dump_alike() -> None:
    left_out = {"id": "a", "controller": "alice"}
    assert _dumped([left_out]) == _dumped([{**left_out, **PERMANENT_DEFAULTS}])


def test_a_permanent_holds_only_what_was_sent() -> None:
    # Nothing is filled in at validation (that is what makes 10,000 permanents cheap): the
    # defaults are read where a field is read, and written where the question is dumped.
    state = GameState.model_validate(
        {"battlefield": [{"id": "a", "controller": "x", "tapped": True}]}
    )
    assert state.battlefield == [{"id": "a", "controller": "x", "tapped": True}]


STATES = [
    {"battlefield": SAMPLES},
    {"battlefield": []},
    {
        "turn": 7,
        "active_player": "bob",
        "battlefield": [SAMPLES[0], NOT_DEFAULT],
        "effects": [{"id": "e", "card": "Pale Moon", "controller": "bob"}],
        "commander_identity": {"bob": ["G", "U"]},
        "players": {"bob": {"life": 3}},
    },
    # Strings that look like the battlefield's key, where no key can be.
    {
        "active_player": '"battlefield":[]',
        "battlefield": [{"id": '"battlefield":[]', "controller": "é\u2028😀"}],
    },
]


@pytest.mark.parametrize("given", STATES)
def test_the_question_s_state_text_is_the_model_s(given: dict[str, Any]) -> None:
    # The question's state is written by orjson around the model's text for the rest
    # (app/rulings/questions.state_json); byte for byte, what the model writes.
    state = GameState.model_validate(given)
    assert state_json(state) == GameState.__pydantic_serializer__.to_json(state)


def test_the_state_text_by_class_is_the_model_s() -> None:
    # Written by check_state's classes (a class's first permanent whole, the others by id and
    # the rest of its text): the same bytes. Classes here: respelled names, ids that need
    # escaping, a field given at its default, and permanents in no class between them.
    battlefield = [
        {"id": "f1", "card": "forest", "controller": "alice"},
        {"id": 'f"2', "card": "Forest", "controller": "alice"},
        {"id": "f3", "card": "forest", "controller": "alice", "tapped": False},
        {"id": "v1", "card": "Vivid Crag", "controller": "bob", "counters": {"charge": 1}},
        {"id": "f4\u00e9", "card": "forest", "controller": "alice"},
        {"id": "s1", "card": "Swamp", "controller": "bob", "tapped": True, "timestamp": 3},
        {"id": "v2", "card": "Vivid Crag", "controller": "bob", "counters": {"charge": 1}},
        {"id": "s2", "card": "Swamp", "controller": "bob", "tapped": True, "timestamp": 3},
        {"id": 'a","b', "card": "forest", "controller": "alice"},  # what splits the ids
        {"id": "c\\", "card": "forest", "controller": "alice"},  # ends in a backslash
    ]
    state = GameState.model_validate({"battlefield": battlefield})
    checked = check_state(load_catalog(), state, ("state",))
    assert checked.classes == (0, 1, 2, -1, 0, 3, -1, 3, 0, 0)
    expected = GameState.__pydantic_serializer__.to_json(checked.state)
    assert state_json(checked.state, checked.classes) == expected
    assert state_json(checked.state) == expected
    # Written by class whether or not that pays on a board this small (questions._classes_pay).
    by_class = questions._battlefield_by_class(checked.state.battlefield, checked.classes)
    assert b'"battlefield":' + by_class + b"," in expected
    # With every permanent in a class (the Vivid Crags with counters left out), the text is
    # joined in one pass; the same bytes again.
    every_one = GameState.model_validate(
        {"battlefield": [p for p in battlefield if "v" not in p["id"]]}
    )
    checked = check_state(load_catalog(), every_one, ("state",))
    assert -1 not in checked.classes
    expected = GameState.__pydantic_serializer__.to_json(checked.state)
    by_class = questions._battlefield_by_class(checked.state.battlefield, checked.classes)
    assert b'"battlefield":' + by_class + b"," in expected


def test_a_battlefield_is_written_by_class_only_where_that_pays() -> None:
    # One orjson call per class and per permanent in no class: by class only when those calls
    # are few against the permanents.
    assert questions._classes_pay((0, 1, 0, 1) * 8)
    assert not questions._classes_pay((-1,) * 32)
    assert not questions._classes_pay((0, -1) * 16)
    assert not questions._classes_pay(())


def test_each_class_s_first_member_is_found_in_one_scan() -> None:
    from app.domain.state import Classes, class_firsts

    assert class_firsts((0, 1, -1, 0, 2, 1, 2)) == (0, 1, 4)
    assert class_firsts((-1, -1)) == () and class_firsts(()) == ()
    with pytest.raises(ValueError):
        class_firsts((1, 0))  # not numbered in order of first member
    # Classes find them once, however many ask; validation hands over those it found.
    classes = Classes((0, 1, -1, 0, 2, 1, 2))
    assert classes == (0, 1, -1, 0, 2, 1, 2)
    assert class_firsts(classes) == (0, 1, 4) and class_firsts(classes) is classes.firsts
    assert class_firsts(Classes.with_firsts([0, 0, 1], [0, 2])) == (0, 2)
