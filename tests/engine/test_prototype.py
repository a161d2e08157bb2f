"""Prototype cards (702.160a, 718): cast prototyped, the spell and the permanent it becomes
have only the prototype mana cost, size and that cost's colors (718.3b); anywhere else the card
has its normal characteristics (718.4). Prototype is no alternative cost, so a free cast may be
prototyped."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog import Catalog
from app.domain.card import Card
from app.domain.errors import QuestionError
from app.domain.state import GameState
from app.engine.free_cast import cast_without_paying
from app.engine.mana_value import mana_value
from app.rulings.resolve import check_state

SENTRY = Card.model_validate(
    {
        "name": "Cinderplate Sentry",
        "types": ["artifact", "creature"],
        "subtypes": ["Construct"],
        "mana_cost": "{6}",
        "power": "6",
        "toughness": "6",
        "prototype": {"mana_cost": "{1}{R}", "power": "2", "toughness": "1"},
    }
)
PLAIN = Card.model_validate(
    {"name": "Brasswork Hound", "types": ["artifact", "creature"], "mana_cost": "{3}"}
)


def value(card: Card, zone: str, **kw: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"x": 0, "cast": True, "cast_without_paying_mana_cost": False} | kw
    return mana_value(card, zone=zone, **args).answer_data  # type: ignore[arg-type]


@pytest.mark.parametrize("zone", ["stack", "battlefield"])
def test_cast_prototyped_it_has_the_prototype_mana_value(zone: str) -> None:
    assert value(SENTRY, zone, prototyped=True)["mana_value"] == 2
    assert value(SENTRY, zone)["mana_value"] == 6  # cast normally


@pytest.mark.parametrize("zone", ["library", "hand", "graveyard", "exile"])
def test_off_the_stack_it_has_only_its_normal_characteristics(zone: str) -> None:
    assert value(SENTRY, zone)["mana_value"] == 6
    with pytest.raises(QuestionError) as raised:
        value(SENTRY, zone, prototyped=True)
    assert raised.value.loc == ("prototyped",)
    assert raised.value.code == "prototyped_off_stack"


def test_a_permanent_that_was_not_cast_wasnt_cast_prototyped() -> None:
    with pytest.raises(QuestionError) as raised:
        value(SENTRY, "battlefield", prototyped=True, cast=False)
    assert raised.value.code == "not_cast"


def test_a_card_without_a_prototype_cant_be_prototyped() -> None:
    with pytest.raises(QuestionError) as raised:
        value(PLAIN, "stack", prototyped=True)
    assert (raised.value.loc, raised.value.code) == (("prototyped",), "no_prototype")


def test_a_free_cast_may_be_prototyped() -> None:
    verdict = cast_without_paying(
        SENTRY, x=0, alternative_cost=None, additional_costs=[], unpayable=[], prototyped=True
    )
    answer = verdict.answer_data
    assert answer["castable"] is True and answer["mana_to_pay"] == ""
    assert answer["mana_value_on_stack"] == 2
    assert any("718.3b" in s.rules for s in verdict.steps)
    normal = cast_without_paying(
        SENTRY, x=0, alternative_cost=None, additional_costs=[], unpayable=[]
    )
    assert normal.answer_data["mana_value_on_stack"] == 6


def test_a_prototyped_permanent_has_the_prototypes_colors_and_mana_cost() -> None:
    state = GameState.model_validate(
        {
            "battlefield": [
                {"id": "small", "definition": SENTRY.model_dump(), "controller": "alice",
                 "prototyped": True},
                {"id": "big", "definition": SENTRY.model_dump(), "controller": "alice"},
            ]
        }
    )  # fmt: skip
    small, big = check_state(Catalog([]), state, ("state",)).board().permanents
    assert (small.face.mana_cost, small.face.color_set) == ("{1}{R}", frozenset({"R"}))
    assert (big.face.mana_cost, big.face.color_set) == ("{6}", frozenset())


def test_a_prototyped_permanent_must_have_a_prototype() -> None:
    state = GameState.model_validate(
        {
            "battlefield": [
                {"id": "hound", "definition": PLAIN.model_dump(), "controller": "alice",
                 "prototyped": True}
            ]
        }
    )  # fmt: skip
    with pytest.raises(QuestionError) as raised:
        check_state(Catalog([]), state, ("state",))
    assert raised.value.loc == ("state", "battlefield", 0, "prototyped")
