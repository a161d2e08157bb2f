"""A big battlefield validated one class of permanents at a time.

Most of a 10,000-permanent question is a few dozen kinds of permanent sent again and again
under new ids: 5,000 Forests of one player, untapped. Validating each of them costs pydantic
about a microsecond and builds a new dict per permanent; validating one of each, and checking
the others' ids, costs a few C-speed passes over the parse the shape check has already made
(app/api/limits.py).

What makes a class is the text: orjson writes the parsed battlefield back compactly, in the
order the client sent each permanent's fields, and two permanents whose text after their id is
the same byte for byte hold the same fields, in the same order, with the same values of the
same JSON types (`true` and `1` are different text, though Python finds them equal). Their
validation can differ only in the id: a permanent's fields are validated each by itself, and
nothing in a permanent's schema reads its id. So the first permanent of each class is validated
in a body that holds only those (every other field of the question as sent), and every id is
checked against the id's own schema (a string of 1 to ID_MAX_LENGTH characters).

Only a shortcut for bodies it can vouch for: anything else about the body — not a question
with a state, a battlefield too small to pay or too big for the schema, a permanent whose text
doesn't split cleanly or doesn't start with its id, a class whose first permanent fails, an id
that doesn't fit — and it answers None, and the body is validated whole, as before, so every
error keeps its shape and wording (tests/api/test_classes.py checks the result is the one
whole validation gives, on valid and invalid bodies alike).

The permanents of a class keep the dicts orjson parsed them into when their first permanent
validates to exactly what was parsed (the same text again); otherwise each is the validated
first permanent with its own id. The battlefield comes out as a ClassedBattlefield, which
carries the classes on to check_state.
"""

from __future__ import annotations

from functools import cache
from itertools import repeat
from operator import itemgetter
from typing import Any

import orjson
from pydantic import BaseModel, ValidationError

from app.domain.state import (
    ID_MAX_LENGTH,
    LIMIT_PERMANENTS,
    ClassedBattlefield,
    Classes,
    GameState,
    first_members,
)

# Below this many permanents pydantic's one pass over the body is as cheap as the passes here.
MIN_PERMANENTS = 64
# Validate by class only where the classes are few against the permanents: each class's first
# permanent is validated and written back once, and a battlefield of unique permanents would
# pay the passes here for nothing.
MAX_CLASS_SHARE = 8

# Compact JSON of a list of objects: `[{` ... `},{` between two objects ... `}]`. An object's
# text starts with its first key; `","` first follows the id's opening quote where the id's
# string ends (every quote inside a JSON string is escaped, so `","` can't occur in one).
_BETWEEN_OBJECTS = b"},{"
_ID_FIRST = b'"id":"'
_AFTER_ID = b'","'
_HEAD = itemgetter(0)
_TAIL = itemgetter(2)
_ID = itemgetter("id")
_OBJECTS_ONLY = {dict}


@cache
def _has_state(model: type[BaseModel]) -> bool:
    """Whether the body model is a question about a game state (its `state` a GameState)."""
    field = model.model_fields.get("state")
    return field is not None and field.annotation is GameState


def validate_by_class(model: type[BaseModel], parsed: object) -> BaseModel | None:
    """The body model from `parsed` (orjson's parse of the body), its battlefield validated
    one class at a time; None where that can't be vouched for (module docstring)."""
    if not _has_state(model) or type(parsed) is not dict:
        return None
    state = parsed.get("state")
    if type(state) is not dict:
        return None
    battlefield = state.get("battlefield")
    if type(battlefield) is not list or not (
        MIN_PERMANENTS <= len(battlefield) <= LIMIT_PERMANENTS
    ):
        return None
    found = text_classes(battlefield)
    if found is None:
        return None
    classes, firsts = found
    if len(firsts) * MAX_CLASS_SHARE > len(battlefield) or not _ids_fit(battlefield):
        return None
    firsts_only = {**state, "battlefield": [battlefield[i] for i in firsts]}
    try:
        body = model.model_validate_json(orjson.dumps({**parsed, "state": firsts_only}))
    except ValidationError:
        return None  # validated whole, the body gets pydantic's own errors
    validated: list[Any] = body.state.battlefield  # type: ignore[attr-defined]
    whole = ClassedBattlefield(_members(battlefield, classes, firsts, validated), classes)
    state_model: GameState = body.state  # type: ignore[attr-defined]
    return body.model_copy(update={"state": state_model.model_copy(update={"battlefield": whole})})


def text_classes(battlefield: list[Any]) -> tuple[tuple[int, ...], list[int]] | None:
    """Per permanent its class (numbered in order of first member), and each class's first
    permanent's index; None when the battlefield's text doesn't split into one object per
    permanent, each starting with its id (module docstring). At C speed: no Python code runs
    per permanent."""
    if set(map(type, battlefield)) != _OBJECTS_ONLY:
        return None
    text = orjson.dumps(battlefield)
    objects = text[2:-2].split(_BETWEEN_OBJECTS)
    # Objects alone: every one follows the one before it as `},{`, so one more `},{` (inside a
    # string, or between objects nested in an array of a permanent) makes more pieces than
    # permanents. (With anything else among them, a `},{` inside one permanent could stand in
    # for a boundary that isn't one, and the pieces would no longer be the permanents.)
    if len(objects) != len(battlefield):
        return None
    parts = list(map(bytes.partition, objects, repeat(_AFTER_ID)))
    if not all(map(bytes.startswith, map(_HEAD, parts), repeat(_ID_FIRST))):
        return None
    rests = list(map(_TAIL, parts))
    first_of = first_members(rests)
    number = {rest: c for c, rest in enumerate(first_of)}
    firsts = list(first_of.values())
    return Classes.with_firsts(map(number.__getitem__, rests), firsts), firsts


def _ids_fit(battlefield: list[Any]) -> bool:
    """Every permanent's id passes its schema (Id): a string of 1 to ID_MAX_LENGTH characters.
    The classes have told that each permanent's text starts with an `id` holding a string."""
    lengths = list(map(len, map(_ID, battlefield)))
    return min(lengths) >= 1 and max(lengths) <= ID_MAX_LENGTH


def _members(
    battlefield: list[Any], classes: tuple[int, ...], firsts: list[int], validated: list[Any]
) -> list[Any]:
    """Every permanent as validation makes it: the parsed dict itself where its class's first
    permanent validated to exactly its parse, else that validated permanent under its id."""
    kept = [_same_text(v, battlefield[i]) for v, i in zip(validated, firsts, strict=True)]
    if all(kept):
        return battlefield
    return [
        p if kept[c] else {**validated[c], "id": p["id"]}
        for p, c in zip(battlefield, classes, strict=True)
    ]


def _same_text(validated: dict[str, Any], parsed: dict[str, Any]) -> bool:
    try:
        return orjson.dumps(validated) == orjson.dumps(parsed)
    except TypeError:  # a model inside (an inline card definition): not what was parsed
        return False
