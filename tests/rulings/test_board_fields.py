"""Every fact a client gives about a permanent reaches the engine's Permanent: the board is
built with positional arguments for speed (CheckedState._permanent), so a field added to one
side and not the other, or out of order, must fail here."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from pydantic import TypeAdapter

from app.catalog import Catalog, load_catalog
from app.domain.state import (
    OPTIONAL_FACTS,
    PERMANENT_DEFAULTS,
    PERMANENT_FIELDS,
    GameState,
    OutsideCard,
    Permanent,
    PermanentIn,
)
from app.rulings.resolve import COMMON_FIELDS, check_state

# A value for every PermanentIn field that differs from its default.
GIVEN: dict[str, Any] = {
    "id": "forest",
    "card": "Forest",
    "controller": "alice",
    "tapped": True,
    "controlled_since_turn_start": False,
    "counters": {"charge": 2},
    "attached_to": "island",
    "chosen_color": "G",
    "chosen_colors": ["W", "U"],
    "power": 3,
    "toughness": 4,
    "token": True,
    "entered_this_turn": True,
    "renowned": True,
    "impending": True,
    "exiled": ["Island"],
    "library_top": "Plains",
    "chosen_name": "Swamp",
    "chosen_type": "Elf",
    "chosen_number": 3,
    "noted_mana": "{G}{G}",
    "resolutions_this_turn": 2,
    "activated_this_turn": True,
    "class_level": 2,
    "timestamp": 7,
    "copy_of": ["Forest"],
    "entered_as_copy": True,
}
# How each PermanentIn field is held on the Permanent (the catalog resolves some of them).
HELD: dict[str, Any] = {
    **GIVEN,
    "card": "Forest",  # compared by name below
    "chosen_colors": ("W", "U"),
    "exiled": "Island",  # an OutsideCard, compared by name below
    "library_top": "Plains",
    "copy_of": ("Forest",),
}
# The card's own data / its index, checked apart; `prototyped` and `unlocked` are held as the
# face they give (718.3b: tests/engine/test_prototype.py; 709.5: tests/api/test_rooms_api.py).
NOT_ON_PERMANENT = {"definition", "face", "prototyped", "unlocked"}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def _permanent(catalog: Catalog, given: dict[str, Any]) -> Permanent:
    state = GameState.model_validate(
        {"battlefield": [given, {"id": "island", "card": "Island", "controller": "bob"}]}
    )
    return check_state(catalog, state, ("state",)).board().permanents[0]


def _held(value: Any) -> Any:
    if isinstance(value, OutsideCard):
        return value.name
    if isinstance(value, tuple) and value and isinstance(value[0], OutsideCard):
        return value[0].name
    if isinstance(value, (str, int, dict, tuple)):
        return value
    return getattr(value, "name", value)


def test_every_permanent_field_is_given_a_test_value() -> None:
    assert set(PERMANENT_FIELDS) - NOT_ON_PERMANENT == set(GIVEN)
    # common_only is the board's own note, not a fact given (checked below); choices_unmade is
    # derived from copy_of and the card (tests/api/test_compiled_import_api.py).
    on_permanent = {f.name for f in dataclasses.fields(Permanent)} - {"index", "face"}
    assert on_permanent - {"common_only", "choices_unmade"} == set(GIVEN)
    # Every optional fact is a field of both, under one name, None when not given.
    assert set(OPTIONAL_FACTS) <= set(PERMANENT_FIELDS) & on_permanent
    assert all(PERMANENT_DEFAULTS[name] is None for name in OPTIONAL_FACTS)


def test_every_field_a_permanent_may_leave_out_has_a_default() -> None:
    # The two required fields have none; every other field reads as its default when left
    # out, and the defaults are listed in the fields' own order (the dump writes them so).
    required = TypeAdapter(PermanentIn).json_schema()["required"]
    assert required == ["id", "controller"]
    assert list(PERMANENT_DEFAULTS) == [name for name in PERMANENT_FIELDS if name not in required]


def test_the_board_passes_the_common_fields_in_the_permanent_s_own_order() -> None:
    # CheckedState._permanent passes them by position, after the index, id, card and face.
    names = [f.name for f in dataclasses.fields(Permanent)]
    assert names[:4] == ["index", "id", "card", "face"]
    assert names[4 : 5 + len(COMMON_FIELDS)] == [*COMMON_FIELDS, "common_only"]


def test_every_given_fact_reaches_the_engine(catalog: Catalog) -> None:
    p = _permanent(catalog, GIVEN)
    assert p.index == 0
    assert not p.common_only
    for name, value in HELD.items():
        assert _held(getattr(p, name)) == value, name


def test_a_permanent_with_no_optional_fact_keeps_their_defaults(catalog: Catalog) -> None:
    p = _permanent(catalog, {"id": "forest", "card": "Forest", "controller": "alice"})
    defaults = Permanent(0, "x", p.card, p.face, "alice", False, True, {}, None, None)
    for f in dataclasses.fields(Permanent):
        if f.name not in ("index", "id", "card", "face", "controller", "common_only"):
            assert getattr(p, f.name) == getattr(defaults, f.name), f.name
    assert p.common_only  # and the board says so, for BoardView.kinds
    assert not defaults.common_only  # a permanent built elsewhere claims nothing


@pytest.mark.parametrize("fact", OPTIONAL_FACTS)
def test_a_permanent_given_an_optional_fact_is_not_common_only(catalog: Catalog, fact: str) -> None:
    # Even given at its default: what was given is compared in full.
    p = _permanent(catalog, {"id": "forest", "card": "Forest", "controller": "alice", fact: None})
    assert not p.common_only


def test_the_cards_a_question_reads_are_listed_once_each_in_the_order_read(
    catalog: Catalog,
) -> None:
    state = GameState.model_validate(
        {
            "turn": 1,
            "battlefield": [
                {"id": f"forest{i}", "card": "Forest", "controller": "alice"} for i in range(3)
            ]
            + [
                {"id": "island", "card": "Island", "controller": "bob", "library_top": "Forest"},
                {"id": "relic", "card": "Plains", "controller": "bob", "exiled": ["Swamp"]},
            ],
            "effects": [{"id": "moon", "card": "Pale Moon", "controller": "bob"}],
        }
    )
    used = check_state(catalog, state, ("state",)).used_cards
    assert [c.name for c in used] == ["Forest", "Island", "Plains", "Pale Moon", "Swamp"]


def test_permanents_given_no_counters_share_one_read_only_empty_mapping(catalog: Catalog) -> None:
    # The default is shared by every such permanent (of every question): nothing may change it.
    state = GameState.model_validate(
        {
            "battlefield": [
                {"id": "a", "card": "Forest", "controller": "alice"},
                {"id": "b", "card": "island", "controller": "bob"},  # respelled "Island"
            ]
        }
    )
    a, b = check_state(catalog, state, ("state",)).board().permanents
    assert a.counters == {} and a.counters is b.counters
    with pytest.raises(TypeError):
        a.counters["charge"] = 1  # type: ignore[index]
