"""What an Aura or an Equipment says its permanent is, clause by clause
(app/catalog/compile/attached.py): types added or set (205.1a, 613.1d), colors (105.2,
613.1e), abilities lost or granted (613.1f), a lock (602.5); power, toughness, combat and
untapping change nothing the engine computes. Invented names, our sentences."""

from __future__ import annotations

import pytest

from app.domain.continuous import (
    AddSubtypes,
    AddTypes,
    ForbidActivation,
    GrantKeyword,
    LoseAllAbilities,
    SetCardTypes,
    SetColors,
    SetCreatureTypes,
    SetLandTypes,
)
from app.domain.filters import Selector
from tests.compile.helpers import abilities, face, not_understood

AURA = {"types": ("Enchantment",), "subtypes": ("Aura",)}
EQUIPMENT = {"types": ("Artifact",), "subtypes": ("Equipment",)}
ATTACHED = Selector(relation="attached")


def test_an_artifact_made_a_creature_in_addition() -> None:
    found = abilities(
        "Enchant artifact\nEnchanted artifact is a Construct creature with base power and "
        "toughness 4/4 in addition to its other types.",
        **AURA,
    )
    assert found == [AddTypes(to=ATTACHED, types=["creature"], subtypes=["Construct"])]


def test_a_creature_type_added_beside_power_and_keywords() -> None:
    # Keywords other than haste and defender come along with nothing the engine reads.
    found = abilities(
        "Equipped creature gets +2/+1, has vigilance and ward {2}, and is a Scout in addition "
        "to its other types.\nEquip {3}",
        **EQUIPMENT,
    )
    assert found == [AddSubtypes(to=ATTACHED, subtypes=["Scout"])]


def test_haste_granted_in_a_list_with_a_trigger_that_changes_nothing() -> None:
    found = abilities(
        'Equipped creature gets +1/+1, has trample, haste, and "Whenever this creature attacks, '
        'you gain 1 life," and is a Rider in addition to its other types.\nEquip {2}',
        **EQUIPMENT,
    )
    assert found == [
        GrantKeyword(keyword="Trample", to=ATTACHED),
        GrantKeyword(keyword="Haste", to=ATTACHED),
        AddSubtypes(to=ATTACHED, subtypes=["Rider"]),
    ]


def test_a_creature_that_becomes_a_colored_creature_of_one_type() -> None:
    found = abilities(
        "Enchant creature\nEnchanted creature loses all abilities and is a white and green "
        "Sheep creature with base power and toughness 0/1.",
        **AURA,
    )
    assert found == [
        LoseAllAbilities(to=ATTACHED),
        SetCardTypes(to=ATTACHED, types=["creature"], subtypes=["Sheep"]),
        SetColors(to=ATTACHED, colors=["W", "G"]),
    ]


def test_a_permanent_that_becomes_a_basic_land_type_land() -> None:
    # 305.7: its land type set, its rules-text abilities gone; colorless (105.2c).
    found = abilities("Enchant permanent\nEnchanted permanent is a colorless Island land.", **AURA)
    assert found == [
        SetCardTypes(to=ATTACHED, types=["land"]),
        SetLandTypes(to=ATTACHED, subtypes=["Island"]),
        SetColors(to=ATTACHED, colors=[]),
    ]


def test_defender_kept_while_every_other_ability_goes() -> None:
    found = abilities(
        "Enchant creature\nEnchanted creature has base power and toughness 1/4, has defender, "
        "and loses all other abilities.",
        **AURA,
    )
    assert found == [
        GrantKeyword(keyword="Defender", to=ATTACHED),
        LoseAllAbilities(to=ATTACHED, keeps_own=True),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Enchant creature\nEnchanted creature gets -4/-0 and loses all abilities.",
        "Enchant creature\nEnchanted creature loses all abilities and can't block.",
        "Enchant permanent\nEnchanted permanent loses all abilities and doesn't untap during "
        "its controller's untap step.",
    ],
)
def test_a_loss_of_abilities_with_riders_that_change_nothing(text: str) -> None:
    assert abilities(text, **AURA) == [LoseAllAbilities(to=ATTACHED)]


def test_a_lock_beside_a_power_change() -> None:
    found = abilities(
        "Enchant creature\nEnchanted creature gets -2/-2, and its activated abilities can't be "
        "activated.",
        **AURA,
    )
    assert found == [ForbidActivation(to=ATTACHED)]


@pytest.mark.parametrize(
    "sentence",
    [
        # No card type named, and two capitalized words: a card's name as much as two
        # creature types, which nothing here tells apart.
        "Enchanted creature is a Ruby Idol.",
        # A color added to its others: no kind adds colors.
        "Enchanted creature is a red Imp in addition to its other colors and types.",
        # A supertype.
        "Enchanted creature is a legendary Hero in addition to its other types.",
        # A quoted ability that does bear on mana.
        'Enchanted creature has "{T}: Add {R}{R}" and is a Shaman in addition to its other types.',
        # A restatement of a type change that isn't there.
        "Enchanted creature loses all other abilities, card types, and creature types.",
    ],
)
def test_what_is_not_read_exactly_is_reported(sentence: str) -> None:
    assert not_understood(f"Enchant creature\n{sentence}", **AURA) == [sentence]


def test_a_lock_its_player_may_pay_to_ignore_is_reported() -> None:
    # Whether they paid is not in the state.
    text = (
        "Enchant creature\nEnchanted creature can't attack or block, and its activated "
        "abilities can't be activated.\nThat creature's controller may sacrifice a land for "
        "them to ignore this effect until end of turn."
    )
    compiled = face(text, **AURA)
    assert compiled.support == "partial"
    assert compiled.abilities == []


def test_a_power_change_alone_is_still_irrelevant() -> None:
    compiled = face("Enchant creature\nEnchanted creature gets +3/+1 and has flying.", **AURA)
    assert (compiled.support, compiled.abilities) == ("full", [])


def test_a_permanent_that_becomes_only_an_enchantment() -> None:
    # 205.1a: its card types replaced; its abilities stay, and so do its enchantment subtypes.
    found = abilities(
        "Enchant creature\nEnchanted permanent is an enchantment and loses all other card types.",
        **AURA,
    )
    assert found == [SetCardTypes(to=ATTACHED, types=["enchantment"])]


def test_a_creature_type_set_alone_keeps_its_card_types() -> None:
    # 205.1a: "is a Newt" names no card type: its creature types become Newt, its card types
    # and other subtypes stay (set_creature_types).
    found = abilities(
        "Enchant creature\nEnchanted creature is a blue Newt with base power and toughness 1/1.",
        **AURA,
    )
    assert found == [
        SetCreatureTypes(to=ATTACHED, subtypes=["Newt"]),
        SetColors(to=ATTACHED, colors=["U"]),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Enchant land\nEnchanted land is a 3/2 green Ooze creature with haste. It's still a land.",
        "Enchant land\nEnchanted land is a 3/2 green Ooze creature with haste that's still a land.",
    ],
)
def test_a_land_an_aura_animates_stays_a_land(text: str) -> None:
    # 205.1b: "still a land" keeps its card types, the creature type added; 105.2: green.
    assert abilities(text, **AURA) == [
        AddTypes(to=ATTACHED, types=["creature"], subtypes=["Ooze"]),
        SetColors(to=ATTACHED, colors=["G"]),
        GrantKeyword(keyword="Haste", to=ATTACHED),
    ]


def test_an_aura_on_a_basic_land_type_animates_it() -> None:
    found = abilities(
        "Enchant Forest\nEnchanted Forest is a 5/5 Treefolk creature. It's still a land.", **AURA
    )
    to = Selector(relation="attached", subtypes=["Forest"])
    assert found == [AddTypes(to=to, types=["creature"], subtypes=["Treefolk"])]


def test_a_land_made_only_a_creature_with_defender_is_no_land() -> None:
    # 205.1a: no "still a land": its card types are replaced; defender is read by "with
    # defender" counts, so it is granted (613.1f).
    found = abilities("Enchant land\nEnchanted land is a 0/5 Wall creature with defender.", **AURA)
    assert found == [
        SetCardTypes(to=ATTACHED, types=["creature"], subtypes=["Wall"]),
        GrantKeyword(keyword="Defender", to=ATTACHED),
    ]
