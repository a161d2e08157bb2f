"""More mana templates on invented cards: counted fixed mana, keyword-action costs, grants
beside a boost and keywords, die results, payments that aren't production."""

from __future__ import annotations

import pytest

from app.domain.card import (
    AnyColor,
    CostPart,
    CouldProduce,
    FixedMana,
    GrantManaAbility,
    ManaAbility,
    ManaAbilityCost,
    Selector,
)
from tests.compile.helpers import face, one

TAP = ManaAbilityCost(tap=True)
YOUR_LANDS = Selector(controller="you", types=["land"])


def test_a_counted_amount_of_one_type_is_fixed_mana() -> None:
    got = one("{3}{G}, {T}: Add five {G}.", types=("Land",))
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, mana="{3}{G}"), produces=FixedMana(mana="{G}" * 5)
    )


@pytest.mark.parametrize(
    ("part", "text"),
    [("Forage", "forage"), ("Collect evidence 4", "collect evidence 4")],
)
def test_keyword_action_costs_are_recorded_as_other(part: str, text: str) -> None:
    got = one(f"{{T}}, {part}: Add one mana of any color.")
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, others=[CostPart(kind="other", text=text)]),
        produces=AnyColor(),
    )


def test_the_sacrificed_land_without_that() -> None:
    got = one("Sacrifice a land: Add one mana of any color the sacrificed land could produce.")
    assert got == ManaAbility(
        cost=ManaAbilityCost(sacrifice=YOUR_LANDS),
        produces=CouldProduce(among=YOUR_LANDS, of="color"),
    )


def test_a_grant_beside_a_boost_and_keywords() -> None:
    got = one(
        'Equipped creature gets +1/+1 and has vigilance and "{T}: Add {G}."', types=("Artifact",)
    )
    assert got == GrantManaAbility(
        to=Selector(relation="attached"),
        ability=ManaAbility(cost=TAP, produces=FixedMana(mana="{G}")),
    )


def test_haste_beside_a_granted_ability_is_not_dropped() -> None:
    text = 'Equipped creature has haste and "{T}: Add {G}."'
    assert face(text, types=("Artifact",)).unsupported_text == [text]


def test_die_results_are_part_of_the_roll() -> None:
    # 706 (rolling a die): each result line is part of the ability that rolled, no mana
    # ability (605.1a).
    text = "When this creature dies, roll a d20.\n1-9 | Add {R}{R}.\n10-20 | Add {R}{R}{R}."
    compiled = face(text, types=("Creature",), name="Dicey Emberkin")
    assert compiled.support == "full" and compiled.abilities == []


def test_a_level_threshold_is_still_an_ability() -> None:
    text = "8+ | {T}: Add {C}{C}."
    assert face(text, types=("Artifact",)).unsupported_text == [text]


@pytest.mark.parametrize(
    "text",
    [
        "{1}{U}: Counter target spell unless its controller pays {U} or {2}.",
        "Whenever you cast a spell with hybrid mana in its mana cost, draw a card.",
    ],
)
def test_payments_and_symbols_are_no_production(text: str) -> None:
    compiled = face(text, types=("Creature",))
    assert compiled.support == "full" and compiled.abilities == []
