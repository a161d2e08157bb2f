"""Casting without paying the mana cost (118.9; docs/rules.md section 6)."""

from __future__ import annotations

from typing import Any

import pytest

from app.domain.card import Card
from app.domain.costs import CastZone
from app.domain.errors import QuestionError
from app.domain.ruling import Verdict
from app.engine.free_cast import cast_without_paying
from app.engine.mana_value import mana_value
from tests.engine.spell_helpers import card, cascade_into


def free(
    name: str,
    *,
    x: int = 0,
    alternative_cost: str | None = None,
    additional_costs: list[str] | None = None,
    unpayable: list[str] | None = None,
    face: str | None = None,
) -> dict[str, Any]:
    verdict = cast_without_paying(
        card(name),
        x=x,
        alternative_cost=alternative_cost,
        additional_costs=additional_costs or [],
        unpayable=unpayable or [],
        face=face,
    )
    assert verdict.steps, "every ruling explains itself"
    return verdict.answer_data


def codes(answer: dict[str, Any]) -> list[str]:
    return [r["code"] for r in answer["reasons"]]


# --- X -------------------------------------------------------------------------------------


def test_x_is_forced_to_zero_but_the_spell_stays_castable() -> None:
    # 107.3b: casting without paying the mana cost means choosing 0 for X.
    answer = free("Fireball", x=5)
    assert answer["castable"] is True
    assert answer["x"] == 0
    assert codes(answer) == ["x_must_be_zero"]
    assert answer["reasons"][0]["rules"] == ["107.3b"]
    assert answer["mana_value_on_stack"] == 1  # {X}{R} with X = 0 (202.3)


def test_x_of_zero_needs_no_correction() -> None:
    # 107.3b: asking for X = 0 is already right, so nothing to report.
    answer = free("Hangarback Walker", x=0)
    assert answer["castable"] is True
    assert answer["reasons"] == []
    assert answer["mana_value_on_stack"] == 0


def test_x_asked_for_a_spell_without_x_is_still_zero() -> None:
    # 107.3b: X is 0; the API example asks Gatekeeper of Malakir with x 4.
    answer = free("Gatekeeper of Malakir", x=4, additional_costs=["Kicker"])
    assert answer["x"] == 0
    assert answer["castable"] is True
    assert codes(answer) == ["x_must_be_zero"]


def test_each_x_counts_zero_on_the_stack_for_a_double_x_spell() -> None:
    # 107.3b, 202.3: {X}{X}{B}{B}-style costs count both X as 0 when cast free.
    assert free("Walking Ballista", x=3)["mana_value_on_stack"] == 0
    assert free("The Meathook Massacre", x=2)["mana_value_on_stack"] == 2


def test_negative_x_is_a_malformed_question() -> None:
    with pytest.raises(QuestionError) as info:
        free("Fireball", x=-1)
    assert info.value.loc == ("x",)


# --- alternative costs (118.9a) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "alt"),
    [
        ("Force of Will", "Exile a blue card"),
        ("Solitude", "Evoke"),
        ("Deep Analysis", "Flashback"),
    ],
)
def test_an_alternative_cost_cant_be_combined_with_a_free_cast(name: str, alt: str) -> None:
    # 118.9a: "without paying its mana cost" is already the alternative cost.
    answer = free(name, alternative_cost=alt)
    assert answer["castable"] is False
    assert answer["alternative_cost"] is None
    assert codes(answer) == ["alternative_cost_not_allowed"]
    assert answer["reasons"][0]["rules"] == ["118.9a"]
    assert answer["mana_to_pay"] == ""
    assert isinstance(answer["mana_value_on_stack"], int)  # a number beside mana_to_pay


def test_force_of_will_is_castable_free_without_its_alternative_cost() -> None:
    # 118.9: the mana cost is simply not paid; mana value on the stack is still 5 (202.3).
    answer = free("Force of Will")
    assert answer["castable"] is True
    assert answer["mana_to_pay"] == ""
    assert answer["mana_value_on_stack"] == 5


# --- additional costs (118.8, 601.2f) --------------------------------------------------------


def test_gatekeeper_kicked_for_free_still_owes_the_kicker_mana() -> None:
    # 118.8, 601.2f: optional additional costs may be paid; their mana is still paid.
    answer = free("Gatekeeper of Malakir", additional_costs=["Kicker"])
    assert answer == {
        "castable": True,
        "face": "Gatekeeper of Malakir",
        "x": 0,
        "alternative_cost": None,
        "additional_costs_paid": ["Kicker"],
        "mana_to_pay": "{B}",
        "mana_value_on_stack": 2,
        "cost_changes": [],
        "reasons": [],
    }


def test_gatekeeper_unkicked_costs_nothing() -> None:
    # 118.8: an optional cost not chosen is not paid.
    answer = free("Gatekeeper of Malakir")
    assert answer["additional_costs_paid"] == []
    assert answer["mana_to_pay"] == ""


def test_cost_names_are_case_insensitive_and_reported_as_printed() -> None:
    assert free("Gatekeeper of Malakir", additional_costs=["kicker"])["additional_costs_paid"] == [
        "Kicker"
    ]


def test_an_optional_cost_that_cant_be_paid_is_just_not_paid() -> None:
    # 118.8: optional, so the spell is still castable without it.
    answer = free("Gatekeeper of Malakir", additional_costs=["Kicker"], unpayable=["Kicker"])
    assert answer["castable"] is True
    assert answer["additional_costs_paid"] == []
    assert codes(answer) == ["optional_additional_cost_unpayable"]


@pytest.mark.parametrize("name", ["Fling", "Bone Splinters"])
def test_a_mandatory_additional_cost_is_paid_even_when_not_asked(name: str) -> None:
    # 118.8, 601.2f: a mandatory additional cost is always part of the total cost.
    answer = free(name)
    assert answer["castable"] is True
    assert answer["additional_costs_paid"] == ["Sacrifice a creature"]
    assert answer["mana_to_pay"] == ""


@pytest.mark.parametrize("name", ["Fling", "Bone Splinters"])
def test_fling_with_no_creature_to_sacrifice_cant_be_cast_free(name: str) -> None:
    # 118.8, 601.2f: a mandatory additional cost that can't be paid stops the cast.
    answer = free(name, unpayable=["Sacrifice a creature"])
    assert answer["castable"] is False
    assert codes(answer) == ["mandatory_additional_cost_unpayable"]
    assert answer["reasons"][0]["rules"] == ["118.8", "601.2f"]
    assert answer["additional_costs_paid"] == []


def test_alternative_and_unpayable_mandatory_costs_are_both_reported() -> None:
    synthetic = Card.model_validate(
        {
            "name": "Test Fling With Evoke",
            "mana_cost": "{1}{R}",
            "types": ["instant"],
            "alternative_costs": [{"name": "Evoke"}],
            "additional_costs": [
                {"name": "Sacrifice a creature", "optional": False},
                {"name": "Pay mana", "optional": True, "mana": "{2}{R}"},
                {"name": "Pay more", "optional": True, "mana": "{1}{G}"},
            ],
        }
    )
    verdict = cast_without_paying(
        synthetic,
        x=0,
        alternative_cost="Evoke",
        additional_costs=[],
        unpayable=["Sacrifice a creature"],
    )
    assert [r["code"] for r in verdict.answer_data["reasons"]] == [
        "alternative_cost_not_allowed",
        "mandatory_additional_cost_unpayable",
    ]
    # Generic parts of several additional costs are added into one symbol, written first.
    paid = cast_without_paying(
        synthetic,
        x=0,
        alternative_cost=None,
        additional_costs=["Pay mana", "Pay more"],
        unpayable=[],
    )
    assert paid.answer_data["mana_to_pay"] == "{3}{R}{G}"
    assert paid.answer_data["additional_costs_paid"] == [
        "Sacrifice a creature",
        "Pay mana",
        "Pay more",
    ]


# --- cards without a mana cost, faces --------------------------------------------------------


@pytest.mark.parametrize("name", ["Crashing Footfalls", "Ancestral Vision"])
def test_a_card_without_a_mana_cost_can_be_cast_free(name: str) -> None:
    # 202.1b, 118.6a, 118.9: no mana cost can't be paid, but an alternative cost may be.
    verdict = cast_without_paying(
        card(name), x=0, alternative_cost=None, additional_costs=[], unpayable=[]
    )
    step = next(s for s in verdict.steps if "has no mana cost" in s.text)
    assert "118.6a" in step.rules
    answer = free(name)
    assert answer["castable"] is True
    assert answer["mana_value_on_stack"] == 0
    assert answer["mana_to_pay"] == ""


def test_the_land_back_face_of_shatterskull_cant_be_cast() -> None:
    # 305.1: lands are played, never cast.
    answer = free(
        "Shatterskull Smashing // Shatterskull, the Hammer Pass",
        face="Shatterskull, the Hammer Pass",
    )
    assert answer["castable"] is False
    assert answer["face"] == "Shatterskull, the Hammer Pass"
    assert codes(answer) == ["land_face_not_castable"]


def test_shatterskull_smashing_front_is_cast_with_x_zero() -> None:
    # 107.3b: {X}{R}{R} cast free has mana value 2 on the stack.
    answer = free("Shatterskull Smashing", x=6)
    assert answer["castable"] is True
    assert answer["face"] == "Shatterskull Smashing"
    assert answer["mana_value_on_stack"] == 2


@pytest.mark.parametrize(
    ("name", "face", "cast_face", "mv"),
    [
        ("Fire // Ice", None, "Fire", 2),  # 709.3: the half cast; default the left half
        ("Fire // Ice", "Ice", "Ice", 2),
        ("Wear // Tear", "tear", "Tear", 1),
        ("Bonecrusher Giant // Stomp", None, "Bonecrusher Giant", 3),  # 715.3
        ("Bonecrusher Giant // Stomp", "Stomp", "Stomp", 2),
        ("Valki, God of Lies // Tibalt, Cosmic Impostor", None, "Valki, God of Lies", 2),
        (
            "Valki, God of Lies // Tibalt, Cosmic Impostor",
            "Tibalt, Cosmic Impostor",
            "Tibalt, Cosmic Impostor",
            7,
        ),
        ("Dismember", None, "Dismember", 3),  # 202.3: Phyrexian counts 1
        ("Spectral Procession", None, "Spectral Procession", 6),  # 202.3: {2/W} counts 2
        ("Kitchen Finks", None, "Kitchen Finks", 3),  # 202.3: hybrid counts 1
        ("Memnite", None, "Memnite", 0),
    ],
)
def test_mana_value_on_the_stack_is_that_of_the_face_cast(
    name: str, face: str | None, cast_face: str, mv: int
) -> None:
    answer = free(name, face=face)
    assert answer["castable"] is True
    assert answer["face"] == cast_face
    assert answer["mana_value_on_stack"] == mv


# --- malformed questions ---------------------------------------------------------------------


def test_an_unknown_face_names_the_face_field() -> None:
    with pytest.raises(QuestionError) as info:
        free("Fire // Ice", face="Lightning")
    assert info.value.loc == ("face",)
    assert info.value.code == "no_such_face"


@pytest.mark.parametrize(
    ("kwargs", "loc"),
    [
        ({"alternative_cost": "Evoke"}, ("alternative_cost",)),
        ({"additional_costs": ["Kicker", "Buyback"]}, ("additional_costs", 1)),
        ({"unpayable": ["Sacrifice a creature"]}, ("unpayable", 0)),
    ],
)
def test_a_cost_the_card_doesnt_have_is_a_malformed_question(
    kwargs: dict[str, Any], loc: tuple[str | int, ...]
) -> None:
    with pytest.raises(QuestionError) as info:
        free("Gatekeeper of Malakir", **kwargs)
    assert info.value.loc == loc
    assert info.value.code == "unknown_cost"


def test_costs_are_looked_up_on_the_face_being_cast() -> None:
    # Kicker belongs to Gatekeeper; Fire has no additional costs at all.
    with pytest.raises(QuestionError) as info:
        free("Fire // Ice", face="Ice", additional_costs=["Kicker"])
    assert info.value.code == "unknown_cost"


# --- fuse (702.102) ------------------------------------------------------------------------


def test_a_fuse_card_named_whole_is_both_halves_cast_as_one_spell() -> None:
    # 702.102c: one spell with both halves' mana costs: {1}{R} and {W} make mana value 3.
    answer = free("Wear // Tear", face="Wear // Tear")
    assert (answer["castable"], answer["face"], answer["mana_value_on_stack"]) == (
        True,
        "Wear // Tear",
        3,
    )
    # One half alone is that half's mana value only (709.3).
    assert free("Wear // Tear", face="Tear")["mana_value_on_stack"] == 1


def test_a_fused_cast_is_from_a_hand_only() -> None:
    # 702.102a: from exile (a cascade's hit, say) only one half can be cast.
    def fused_from(zone: CastZone) -> dict[str, Any]:
        verdict = cast_without_paying(
            card("Wear // Tear"),
            x=0,
            alternative_cost=None,
            additional_costs=[],
            unpayable=[],
            face="Wear // Tear",
            cast_from=zone,
        )
        return verdict.answer_data

    from_exile = fused_from("exile")
    assert from_exile["castable"] is False
    assert codes(from_exile) == ["fused_only_from_hand"]
    assert fused_from("hand")["castable"] is True


def test_a_split_card_without_fuse_named_whole_is_refused() -> None:
    with pytest.raises(QuestionError) as err:
        free("Fire // Ice", face="Fire // Ice")
    assert (err.value.loc, err.value.code) == (("face",), "not_fused")


# 702.127a: a half with aftermath is cast from a graveyard only.
REMEMBER = Card.model_validate(
    {
        "name": "Recall // Remember",
        "layout": "aftermath",
        "faces": [
            {"name": "Recall", "mana_cost": "{1}{U}", "types": ["instant"]},
            {"name": "Remember", "mana_cost": "{3}{U}", "types": ["sorcery"]},
        ],
    }
)


@pytest.mark.parametrize(
    ("face", "cast_from", "castable"),
    [
        ("Remember", "graveyard", True),
        ("Remember", "exile", False),
        ("Remember", "library", False),
        ("Remember", None, True),  # taken as cast from a graveyard, and said so
        ("Recall", "exile", True),
    ],
)
def test_an_aftermath_half_is_cast_only_from_a_graveyard(
    face: str, cast_from: CastZone | None, castable: bool
) -> None:
    verdict = cast_without_paying(
        REMEMBER,
        x=0,
        alternative_cost=None,
        additional_costs=[],
        unpayable=[],
        face=face,
        cast_from=cast_from,
    )
    answer = verdict.answer_data
    assert answer["castable"] is castable
    assert ("aftermath_only_from_graveyard" in codes(answer)) is (not castable)
    if face == "Remember" and cast_from != "graveyard":
        assert any("702.127a" in s.rules for s in verdict.steps)


def test_a_cascade_into_an_aftermath_card_casts_only_its_first_half() -> None:
    remembered = cascade_into(REMEMBER, 9)  # 709.4: off the stack its mana value is 6
    assert remembered.answer_data["cast"] is True
    assert remembered.answer_data["cast_face"] == "Recall"


def test_a_card_of_one_face_listing_aftermath_has_no_aftermath_half() -> None:
    # A card file may list a split card's keywords on a one-face card: no half to restrict.
    lone = Card.model_validate(
        {
            "name": "Lone Dusk",
            "mana_cost": "{2}{W}",
            "types": ["sorcery"],
            "keywords": ["Aftermath"],
        }
    )
    verdict = cast_without_paying(
        lone, x=0, alternative_cost=None, additional_costs=[], unpayable=[], cast_from="exile"
    )
    assert verdict.answer_data["castable"] is True


def test_an_aftermath_card_is_a_split_card_on_the_stack() -> None:
    # 702.127, 709.3: on the stack it is the half cast, never guessed; named whole it would be
    # both halves cast fused, which only fuse allows (702.102c).
    with pytest.raises(QuestionError) as err:
        _on_stack(REMEMBER, None)
    assert (err.value.loc, err.value.code) == (("face",), "face_required")
    assert "fused" not in err.value.message
    assert _on_stack(REMEMBER, "Remember").answer_data["mana_value"] == 4
    for asked in (_on_stack, _free_cast):
        with pytest.raises(QuestionError) as err:
            asked(REMEMBER, "Recall // Remember")
        assert (err.value.loc, err.value.code) == (("face",), "not_fused")


def _on_stack(card: Card, face: str | None) -> Verdict:
    return mana_value(
        card, zone="stack", x=0, cast=True, cast_without_paying_mana_cost=False, face=face
    )


def _free_cast(card: Card, face: str | None) -> Verdict:
    return cast_without_paying(
        card, x=0, alternative_cost=None, additional_costs=[], unpayable=[], face=face
    )
