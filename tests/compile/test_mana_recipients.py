"""Who adds the mana (106.3): a player chosen as the ability resolves, or a target player (then
it is no mana ability, 605.5a); mill as a cost part (701.13). Invented cards."""

from __future__ import annotations

import pytest

from app.domain.card import (
    AnyColor,
    CostPart,
    FixedMana,
    GrantManaAbility,
    ManaAbility,
    ManaAbilityCost,
    ManaAmount,
    Selector,
)
from app.domain.quantities import ChosenX
from tests.compile.helpers import face, one

TAP = ManaAbilityCost(tap=True)


def test_a_chosen_player_adds_the_mana() -> None:
    got = one("{T}: Choose a player. That player adds three mana of any one color they choose.")
    assert got == ManaAbility(cost=TAP, produces=AnyColor(amount=3), recipient="chosen_player")
    assert got.is_mana_ability  # no target (605.1a)


def test_a_chosen_player_with_a_sacrifice_cost() -> None:
    got = one("{T}, Sacrifice a Swamp: Choose a player. That player adds {B}{B}.", types=("Land",))
    assert isinstance(got, ManaAbility)
    assert got.produces == FixedMana(mana="{B}{B}")
    assert got.recipient == "chosen_player"
    assert got.cost.sacrifice == Selector(controller="you", subtypes=["Swamp"])


def test_choosing_a_player_for_something_else_is_not_understood() -> None:
    compiled = face("{T}: Choose a player. That player draws a card.")
    assert compiled.abilities == []
    assert all(s.status != "compiled" for s in compiled.sentences)


@pytest.mark.parametrize(
    ("mana", "produces"),
    [("one mana of any color", AnyColor()), ("{R}{R}", FixedMana(mana="{R}{R}"))],
)
def test_target_player_adds_is_recorded_as_targeting(mana: str, produces: object) -> None:
    got = one(f"{{T}}, Mill a card: Target player adds {mana}.")
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, others=[CostPart(kind="mill", text="mill a card")]),
        produces=produces,
        recipient="target_player",
    )
    assert not got.is_mana_ability  # 605.5a


def test_mill_is_a_cost_part_of_its_own() -> None:
    got = one("{1}, Mill two cards: Add {U}.")
    assert isinstance(got, ManaAbility)
    assert got.cost.others == [CostPart(kind="mill", text="mill two cards")]


def test_a_controller_ability_keeps_its_data_without_recipient() -> None:
    got = one("{T}: Add {G}.")
    assert isinstance(got, ManaAbility)
    assert "recipient" not in got.model_dump(mode="json")


def test_a_granted_targeting_ability_and_what_else_it_does() -> None:
    compiled = face(
        'Enchanted permanent has "{T}: Target player adds two mana of any one color. That '
        'player gains 2 life."',
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    assert compiled.abilities == [
        GrantManaAbility(
            to=Selector(relation="attached"),
            ability=ManaAbility(cost=TAP, produces=AnyColor(amount=2), recipient="target_player"),
        )
    ]
    # The granted ability's other sentence is recorded by itself (here irrelevant: life).
    assert [s.text for s in compiled.sentences][-1] == "That player gains 2 life."


def test_a_granted_mana_ability_with_an_unknown_sentence_is_not_compiled() -> None:
    compiled = face(
        'Enchanted land has "{T}: Add {G}. That player gains 2 life."',
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    assert compiled.abilities == []


def test_a_chosen_color_for_each_permanent_sacrificed_to_a_target_player() -> None:
    got = one(
        "{T}, Sacrifice one or more creatures: Choose a color. Target player adds two mana of "
        "the chosen color for each creature sacrificed this way."
    )
    assert got == ManaAbility(
        cost=ManaAbilityCost(
            tap=True,
            others=[CostPart(kind="sacrifice", text="sacrifice one or more creatures")],
            x_at_least=1,
        ),
        produces=ManaAmount(amount=ChosenX(), of="one_color", times=2),
        recipient="target_player",
    )


def test_for_each_of_another_kind_sacrificed_is_not_understood() -> None:
    compiled = face(
        "{T}, Sacrifice one or more creatures: Choose a color. Target player adds two mana of "
        "the chosen color for each artifact sacrificed this way."
    )
    assert compiled.abilities == [] and compiled.support == "partial"


def test_a_player_of_your_choice_adds_the_mana() -> None:
    got = one("{1}, {T}: A player of your choice adds {C}{C}.")
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, mana="{1}"),
        produces=FixedMana(mana="{C}{C}"),
        recipient="chosen_player",
    )


def test_other_effects_before_target_player_adds() -> None:
    compiled = face(
        "{1}, {T}, Sacrifice this artifact: You gain 2 life. Scry 1. Target player adds {G}."
    )
    assert compiled.support == "full"
    (got,) = compiled.abilities
    assert isinstance(got, ManaAbility)
    assert (got.produces, got.recipient, got.cost.sacrifice) == (
        FixedMana(mana="{G}"),
        "target_player",
        "self",
    )
    assert got.side_effect is not None and "rest of its effect" in got.side_effect
    assert all(s.status == "compiled" for s in compiled.sentences)


def test_a_relevant_effect_before_target_player_adds_is_not_waved_through() -> None:
    compiled = face("{T}: Add {R}. Target player adds {G}.")
    assert compiled.support == "partial"


def test_you_add_after_a_target_is_no_mana_ability() -> None:
    compiled = face("{T}: Tap target creature. Its controller draws a card. You add {U}{U}.")
    assert compiled.support == "full"
    (got,) = compiled.abilities
    assert isinstance(got, ManaAbility)
    assert (got.produces, got.recipient, got.targets) == (
        FixedMana(mana="{U}{U}"),
        "controller",
        True,
    )
    assert not got.is_mana_ability  # 605.5a


def test_a_target_that_may_be_none_still_makes_it_no_mana_ability() -> None:
    # 601.2c, 605.5a: "up to one" or "any number of" targets may be none as it is activated,
    # yet the ability has targets: whether it is a mana ability is known before activating.
    for text in (
        "{T}: Tap up to one target creature. You add {U}.",
        "{T}, Sacrifice two other creatures: Any number of target players each lose 1 life. "
        "You add {U} and draw a card.",
    ):
        compiled = face(text)
        assert compiled.support == "full", compiled.unsupported_text
        (got,) = compiled.abilities
        assert isinstance(got, ManaAbility)
        assert (got.produces, got.targets) == (FixedMana(mana="{U}"), True)
        assert not got.is_mana_ability


def test_a_mana_face_that_may_not_be_a_creature_is_reported() -> None:
    # Its printed types say creature; "isn't a creature" (layer 4) isn't modelled.
    text = "As long as you control no Forest, ~ isn't a creature."
    compiled = face(
        f"Haste\n{text}\n{{T}}, Mill a card: Target player adds {{G}}.",
        types=("Artifact", "Creature"),
    )
    assert compiled.unsupported_text == [text]


def test_each_player_adds_fixed_mana() -> None:
    got = one("{2}, {T}: Each player adds {U}{B}.")
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, mana="{2}"),
        produces=FixedMana(mana="{U}{B}"),
        recipient="each_player",
    )
    assert got.is_mana_ability


def test_each_player_choosing_a_color_is_not_understood() -> None:
    # Who picks each player's color would be a guess.
    assert face("{T}: Each player adds one mana of any color.").support == "partial"


def test_mana_burn_is_about_emptying_pools_not_production() -> None:
    text = "When ~ enters, there's mana burn for the rest of the game.\n{T}: Each player adds {W}."
    assert face(text).support == "full"


def test_x_counters_from_among_your_artifacts() -> None:
    got = one(
        "Remove one or more +1/+1 counters from among artifacts you control: Target player "
        "adds that much {R}.",
        types=("Artifact", "Creature"),
    )
    assert isinstance(got, ManaAbility)
    removes = got.cost.remove_x_counters
    assert removes is not None
    assert (removes.counter, removes.at_least, removes.from_among) == (
        "+1/+1",
        1,
        Selector(controller="you", types=["artifact"]),
    )
    assert got.produces == ManaAmount(amount=ChosenX(), of="type", mana_type="R")
    assert got.recipient == "target_player"
