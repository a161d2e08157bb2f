"""A free cast of a spell whose modes carry costs (702.172a spree, 702.183a tiered): the modes
chosen are named as additional costs, and their mana is still paid (118.8); with none chosen
it can't be cast as asked. A cascade or reveal hit takes the modes the question names."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.card import Card
from app.domain.errors import QuestionError
from app.engine.free_cast import cast_without_paying
from tests.engine.spell_helpers import cascade_into


def modal(kind: str, *modes: tuple[str, str | None]) -> Card:
    return Card.model_validate(
        {
            "name": "Emberwake Barrage",
            "mana_cost": "{1}{R}",
            "types": ["sorcery"],
            "keywords": [kind.capitalize()],
            "additional_costs": [
                {"name": name, "mana": mana, "optional": True, "mode_of": kind}
                for name, mana in modes
            ],
        }
    )


SPREE = modal("spree", ("Mode 1", "{1}"), ("Mode 2", "{2}{R}"))
TIERED = modal("tiered", ("Flicker", None), ("Inferno", "{4}{R}"))


def free(card: Card, *additional: str) -> dict[str, Any]:
    verdict = cast_without_paying(
        card, x=0, alternative_cost=None, additional_costs=list(additional), unpayable=[]
    )
    return verdict.answer_data | {"_rules": {r for s in verdict.steps for r in s.rules}}


def codes(answer: dict[str, Any]) -> list[str]:
    return [r["code"] for r in answer["reasons"]]


def test_spree_cast_free_still_pays_every_chosen_modes_cost() -> None:
    answer = free(SPREE, "Mode 1", "mode 2")
    assert answer["castable"] is True
    assert answer["additional_costs_paid"] == ["Mode 1", "Mode 2"]
    assert answer["mana_to_pay"] == "{3}{R}"
    assert "702.172a" in answer["_rules"]


def test_spree_with_no_mode_chosen_cant_be_cast_as_asked() -> None:
    answer = free(SPREE)
    assert answer["castable"] is False
    assert codes(answer) == ["mode_cost_required"]
    message = answer["reasons"][0]["message"]
    assert "Mode 1 ({1})" in message and "Mode 2 ({2}{R})" in message
    assert answer["reasons"][0]["rules"] == ["702.172a", "118.8"]


def test_tiered_takes_exactly_one_mode() -> None:
    cheap = free(TIERED, "Flicker")
    assert cheap["castable"] is True and cheap["mana_to_pay"] == ""
    assert free(TIERED, "Inferno")["mana_to_pay"] == "{4}{R}"
    none = free(TIERED)
    assert none["castable"] is False and codes(none) == ["mode_cost_required"]
    assert none["reasons"][0]["rules"] == ["702.183a", "118.8"]
    with pytest.raises(QuestionError) as raised:
        free(TIERED, "Flicker", "Inferno")
    assert raised.value.loc == ("additional_costs",)


def _cascade_into(card: Card, *additional: str) -> dict[str, Any]:
    return cascade_into(card, 5, additional=additional, seed=3).answer_data


def test_a_cascade_hit_is_cast_with_the_modes_the_question_names() -> None:
    hit = _cascade_into(SPREE, "Mode 2", "Kicker")  # a cost the hit lacks changes nothing
    assert hit["cast"] is True
    assert hit["free_cast"]["additional_costs_paid"] == ["Mode 2"]
    assert hit["free_cast"]["mana_to_pay"] == "{2}{R}"


def test_a_cascade_hit_with_no_mode_named_goes_to_the_bottom_and_says_why() -> None:
    missed = _cascade_into(SPREE)
    assert missed["cast"] is False and missed["bottom"] == ["Emberwake Barrage"]
    assert "mode_cost_required" in codes(missed)
