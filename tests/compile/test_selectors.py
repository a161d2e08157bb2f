"""Selector phrases: a subtype with a card type (both must match) and two subtypes (either
matches), as the engine's Selector says them; conditions that look like subtypes are refused."""

from __future__ import annotations

import pytest

from app.catalog.compile.ir import Sel
from app.catalog.compile.phrases import selector
from app.domain.card import (
    AnyColor,
    GrantKeyword,
    GrantManaAbility,
    ManaAbility,
    ManaAbilityCost,
    ManaTrigger,
)
from app.domain.card import Selector as DomainSelector
from tests.compile.helpers import face, one


@pytest.mark.parametrize(
    ("phrase", "sel", "plural"),
    [
        ("Gremlin creatures you control", Sel("you", ("creature",), ("Gremlin",)), True),
        ("all Gremlin creatures", Sel("any", ("creature",), ("Gremlin",)), True),
        ("each Gremlin land you control", Sel("you", ("land",), ("Gremlin",)), False),
        ("each Moth and Newt you control", Sel("you", (), ("Moth", "Newt")), False),
        ("Moths and Newts you control", Sel("you", (), ("Moth", "Newt")), True),
        ("Eldrazi you control", Sel("you", (), ("Eldrazi",)), True),
        # An English plural in -oes: "Heroes" is Hero, not "Heroe"; others aren't guessed.
        ("Heroes you control", Sel("you", (), ("Hero",)), True),
        # "Tokens" opening a sentence is the token condition, as "tokens" is, not a subtype.
        ("Tokens you control", Sel("you", token=True), True),
        ("Creature tokens you control", Sel("you", ("creature",), token=True), True),
        # A color is a condition (105.2), never a subtype.
        ("Red creatures you control", Sel("you", ("creature",), color="R"), True),
        ("colorless creatures you control", Sel("you", ("creature",), color=""), True),
        # A card type before the noun is one more condition (205.2a), never a subtype.
        (
            "artifact creatures you control",
            Sel("you", ("creature",), condition_types=("artifact",)),
            True,
        ),
        ("Multicolored creatures you control", Sel("you", ("creature",), multicolored=True), True),
    ],
)
def test_compound_selectors(phrase: str, sel: Sel, plural: bool) -> None:
    assert selector(phrase) == (sel, plural)


@pytest.mark.parametrize(
    "phrase",
    [
        "Commander creatures you control",
        "Saddled creatures you control",
        "Red green creatures you control",
    ],
)
def test_conditions_are_no_subtypes(phrase: str) -> None:
    assert selector(phrase) is None


def test_a_plural_in_oes_that_is_no_known_subtype_is_not_guessed() -> None:
    assert selector("Gazeboes you control") is None


def test_a_subtyped_grant_compiles() -> None:
    grant = one(
        'Gremlin creatures you control have "{T}: Add one mana of any color."',
        types=("Enchantment",),
    )
    assert grant == GrantManaAbility(
        to=DomainSelector(controller="you", types=["creature"], subtypes=["Gremlin"]),
        ability=ManaAbility(cost=ManaAbilityCost(tap=True), produces=AnyColor()),
    )
    haste = one("Moths and Newts you control have haste.", types=("Enchantment",))
    assert haste == GrantKeyword(
        keyword="Haste", to=DomainSelector(controller="you", subtypes=["Moth", "Newt"])
    )


def test_a_condition_before_the_type_stays_partial() -> None:
    text = "Commander creatures you control have haste."
    assert face(text, types=("Enchantment",)).unsupported_text == [text]


def test_a_list_of_subtypes_is_any_of_them() -> None:
    assert selector("a Forest, Island, or Swamp") == (
        Sel(subtypes=("Forest", "Island", "Swamp")),
        False,
    )
    assert selector("a Forest or Legendary") is None


def test_a_trigger_on_a_list_of_land_types() -> None:
    got = one(
        "Whenever a player taps a Plains, Island, or Swamp for mana, that player adds one mana "
        "of any type that land produced.",
        types=("Creature",),
    )
    assert got == ManaTrigger(
        source=DomainSelector(subtypes=["Plains", "Island", "Swamp"]), adds="type_produced"
    )


def test_an_aura_on_a_named_basic_land_type() -> None:
    got = one(
        "Enchant Island\nWhenever enchanted Island is tapped for mana, its controller adds an "
        "additional {U}.",
        types=("Enchantment",),
    )
    assert got == ManaTrigger(
        source=DomainSelector(relation="attached", subtypes=["Island"]), adds="fixed", mana="{U}"
    )


def test_equipped_creatures_are_those_an_equipment_is_attached_to() -> None:
    from app.catalog.compile.ir import Sel
    from app.catalog.compile.phrases import selector

    assert selector("Equipped creatures you control") == (
        Sel(controller="you", types=("creature",), equipped=True),
        True,
    )
    # Singular: the one this Equipment is attached to.
    assert selector("Equipped creature") == (Sel(types=("creature",), attached=True), False)
