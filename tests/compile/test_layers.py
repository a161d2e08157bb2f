"""The layer templates (issue 12): land types set (305.7) or added, abilities lost (613.1f),
lowered to the domain kinds of app/domain/continuous.py. Invented names, our sentences."""

from __future__ import annotations

import pytest

from app.domain.continuous import AddSubtypes, LoseAllAbilities, SetLandTypes
from app.domain.filters import IsToken, Not, Selector
from tests.compile.helpers import face, not_understood, one

BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
ENCHANTMENT = {"types": ("Enchantment",)}


@pytest.mark.parametrize(
    ("text", "to", "subtypes"),
    [
        ("Nonbasic lands are Mountains.", Selector(types=["land"], nonbasic=True), ["Mountain"]),
        ("Lands you control are Plains.", Selector(types=["land"], controller="you"), ["Plains"]),
        ("Each land is a Forest.", Selector(types=["land"]), ["Forest"]),
        ("Lands your opponents control are Islands and Swamps.",
         Selector(types=["land"], controller="opponent"), ["Island", "Swamp"]),
    ],
)  # fmt: skip
def test_set_land_types(text: str, to: Selector, subtypes: list[str]) -> None:
    assert one(text, **ENCHANTMENT) == SetLandTypes(to=to, subtypes=subtypes)  # type: ignore[arg-type]


def test_an_aura_sets_the_enchanted_lands_type() -> None:
    found = one("Enchant land\nEnchanted land is an Island.", **ENCHANTMENT)
    assert found == SetLandTypes(to=Selector(relation="attached"), subtypes=["Island"])


@pytest.mark.parametrize(
    ("text", "to", "subtypes"),
    [
        ("Each land is an Island in addition to its other land types.",
         Selector(types=["land"]), ["Island"]),
        ("Lands you control are every basic land type in addition to their other types.",
         Selector(types=["land"], controller="you"), BASICS),
        ("All lands are Forests in addition to their other types.",
         Selector(types=["land"]), ["Forest"]),
        ("Enchanted land is a Mountain in addition to its other types.",
         Selector(relation="attached"), ["Mountain"]),
    ],
)  # fmt: skip
def test_add_subtypes(text: str, to: Selector, subtypes: list[str]) -> None:
    assert one(text, types=("Land",), mana_cost=None) == AddSubtypes(to=to, subtypes=subtypes)


def test_lose_all_abilities_on_a_permanent() -> None:
    assert one("All creatures lose all abilities.", **ENCHANTMENT) == LoseAllAbilities(
        to=Selector(types=["creature"])
    )
    assert one("Enchant creature\nEnchanted creature loses all abilities.", **ENCHANTMENT) == (
        LoseAllAbilities(to=Selector(relation="attached"))
    )
    assert one("Creatures your opponents control lose all abilities.", **ENCHANTMENT) == (
        LoseAllAbilities(to=Selector(types=["creature"], controller="opponent"))
    )


def test_a_spell_makes_its_target_lose_all_abilities_for_the_turn() -> None:
    # As an entry of the state's effects, the effect's attached permanent is its target.
    for text in (
        "Until end of turn, target creature loses all abilities.",
        "Target creature loses all abilities until end of turn.",
    ):
        assert one(text, types=("Instant",), mana_cost="{U}") == LoseAllAbilities(
            to=Selector(relation="attached"), works_from="effect"
        )


def test_a_color_beside_a_layer_effect_stays_reported() -> None:
    # 613.1e: color is another layer of the same system; one no reader compiles leaves the
    # card partial, not full.
    colors = "Nonland permanents you control are white and the color of your choice."
    dawn = face(f"Lands you control are Plains.\n{colors}", **ENCHANTMENT)
    assert dawn.unsupported_text == [colors]
    # A group's plain colors are compiled (layer 5).
    plain = face("Lands you control are Plains.\nNonland permanents you control are white.",
                 **ENCHANTMENT)  # fmt: skip
    assert plain.support == "full" and len(plain.abilities) == 2


def test_power_and_toughness_beside_a_layer_effect_change_nothing_computed() -> None:
    # 613.4: the state gives a permanent's power, effects included (docs/api.md), so a change
    # of it, alone or joined to a loss of abilities, leaves the face full.
    pt = "Each creature has base power and toughness 1/1."
    apart = face(f"All creatures lose all abilities.\n{pt}", **ENCHANTMENT)
    assert apart.support == "full" and len(apart.abilities) == 1
    joined = face("All creatures lose all abilities and have base power and toughness 0/1.",
                  **ENCHANTMENT)  # fmt: skip
    assert joined.support == "full"
    assert joined.abilities == [LoseAllAbilities(to=Selector(types=["creature"]))]


@pytest.mark.parametrize(
    "text",
    [
        "Nonbasic lands are Mountains until end of turn.",  # a duration the template lacks
        "Nonbasic creatures are Mountains.",  # 305.7 is about lands
        "Each land is a Forest or an Island.",  # a choice the template lacks
        "All creatures lose all abilities until end of turn.",  # a permanent's turn-long effect
        "Target creature loses all abilities.",  # a permanent can't keep a target here
    ],
)
def test_what_the_templates_do_not_say_is_not_understood(text: str) -> None:
    assert not_understood(text, **ENCHANTMENT) == [text]


def test_every_nonbasic_land_type() -> None:
    # 205.3i: each land type that isn't basic, on the land itself.
    from app.domain.base import NONBASIC_LAND_TYPES

    found = face("~ is every nonbasic land type.\n{T}: Add {C}.", types=("Land",))
    assert found.support == "full"
    [change] = [a for a in found.abilities if isinstance(a, AddSubtypes)]
    assert change.subtypes == list(NONBASIC_LAND_TYPES) and change.works_from == "battlefield"
    assert "Gate" in change.subtypes and "Forest" not in change.subtypes


def test_a_colorless_land_with_one_ability_and_no_other() -> None:
    from app.domain.continuous import GrantManaAbility, SetCardTypes, SetColors

    found = face(
        'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card '
        "types and abilities.",
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    assert found.support == "full"
    at = Selector(relation="attached")
    assert found.abilities[:3] == [
        SetCardTypes(to=at, types=["land"]),
        SetColors(to=at, colors=[]),
        LoseAllAbilities(to=at, keeps_own=True),
    ]
    assert isinstance(found.abilities[3], GrantManaAbility) and found.abilities[3].to == at


def test_the_type_chosen_as_it_entered_is_added() -> None:
    # 205.3m, 305.6: the permanent's own `chosen_type`, by what the face chose.
    land = face(
        "As this permanent enters, choose a basic land type.\nThis permanent is the chosen type "
        "in addition to its other types.",
        types=("Land",),
    )
    assert land.support == "full"
    [added] = land.abilities
    assert isinstance(added, AddSubtypes)
    assert (added.subtypes, added.chosen_as_it_entered) == ([], "basic_land_type")
    # "~": the permanent itself, as for "~ is every nonbasic land type".
    itself = face("~ is every nonbasic land type.", types=("Land",)).abilities[0]
    assert isinstance(itself, AddSubtypes) and added.to == itself.to
    group = face(
        "As ~ enters, choose a creature type.\nNontoken creatures you control are the chosen "
        "type in addition to their other types.",
        **ENCHANTMENT,
    )
    assert group.abilities == [
        AddSubtypes(
            to=Selector(controller="you", types=["creature"], where=Not(filter=IsToken())),
            subtypes=[],
            chosen_as_it_entered="creature_type",
        )
    ]


@pytest.mark.parametrize(
    "choices",
    [
        "",  # no choice said which kind of type it is
        "As ~ enters, choose a creature type.\nAs this permanent enters, choose a basic land "
        "type.\n",
    ],
)
def test_the_chosen_type_of_an_unknown_kind_is_not_understood(choices: str) -> None:
    sentence = "This permanent is the chosen type in addition to its other types."
    reported = sentence.replace("This permanent", "~")  # the face's own name is ~ (text.py)
    assert reported in not_understood(choices + sentence, **ENCHANTMENT)


def test_a_spells_group_loss_is_one_entry_per_object() -> None:
    # 611.2c: only those there as it resolved lose their abilities: each is an entry whose
    # target it is, and one that arrived later keeps them.
    found = one("All creatures lose all abilities until end of turn.", types=("Instant",))
    assert found == LoseAllAbilities(to=Selector(relation="attached"), works_from="effect")


@pytest.mark.parametrize(
    "text",
    [
        # Its own activation: the entry's target is the permanent itself.
        "{2}: Quillmoss Totem loses all abilities until end of turn.",
        # "It" after a sentence that named one target: that target.
        "When Quillmoss Totem enters, tap target artifact an opponent controls. It loses all "
        "abilities until your next turn.",
        "When Quillmoss Totem enters, tap up to one target artifact. It loses all abilities for "
        "as long as Quillmoss Totem remains on the battlefield.",
    ],
)
def test_the_permanent_itself_or_its_one_target_loses_all(text: str) -> None:
    found = one(text, types=("Creature",))
    assert found == LoseAllAbilities(to=Selector(relation="attached"), works_from="effect")


@pytest.mark.parametrize(
    ("text", "types", "left"),
    [
        # Two targets before "It": which one, the entry can't say.
        (
            "When Quillmoss Totem enters, tap two target creatures. It loses all abilities "
            "until end of turn.",
            ("Creature",),
            "It loses all abilities until end of turn.",
        ),
        # An instant has no permanent of its own.
        (
            "Quillmoss Totem loses all abilities until end of turn.",
            ("Instant",),
            "~ loses all abilities until end of turn.",
        ),
    ],
)
def test_a_loss_whose_object_is_unsure_is_reported(
    text: str, types: tuple[str, ...], left: str
) -> None:
    assert left in not_understood(text, types=types)
