"""A basic land type chosen as the permanent enters that *sets* land types (305.7): "Enchanted
land is the chosen type." on an Aura, "~ is the chosen type." on a land, each only after the
face's "As ~ enters, choose a basic land type." Invented names, our own templated sentences."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.compile.relevance import family
from app.domain.continuous import AddSubtypes, SetCreatureTypes, SetLandTypes
from app.domain.filters import IsOther, Not, Selector
from tests.compile.helpers import face, not_understood

AURA: dict[str, Any] = {"name": "Mistcloak Veil", "types": ("Enchantment",), "subtypes": ("Aura",)}
LAND: dict[str, Any] = {"name": "Wayfarer's Threshold", "types": ("Land",), "mana_cost": None}
CHOOSE_AURA = "As this Aura enters, choose a basic land type."
CHOOSE_LAND = "As this land enters, choose a basic land type."
ITSELF = Selector(where=Not(filter=IsOther()))


def _records(text: str, **kw: Any) -> list[tuple[str, str, str]]:
    found = face(text, **kw)
    return [(r.text, r.family, r.status) for r in found.sentences]


def test_an_aura_makes_the_enchanted_land_the_chosen_type() -> None:
    text = f"Enchant land\n{CHOOSE_AURA}\nEnchanted land is the chosen type."
    found = face(text, **AURA)
    assert found.support == "full", found.unsupported_text
    # 305.7: the attached land's land types are set to the Aura's `chosen_type`.
    assert found.abilities == [
        SetLandTypes(to=Selector(relation="attached"), chosen_as_it_entered="basic_land_type")
    ]
    # The choice and what reads it are both compiled, as land types (not dropped).
    assert _records(text, **AURA)[1:] == [
        ("As ~ enters, choose a basic land type.", "land_type", "compiled"),
        ("Enchanted land is the chosen type.", "land_type", "compiled"),
    ]
    dumped = found.abilities[0].model_dump(mode="json")
    assert dumped["chosen_as_it_entered"] == "basic_land_type" and dumped["subtypes"] == []


def test_a_land_is_the_chosen_type() -> None:
    # 305.7 on the land itself: it loses its rules-text abilities and gains the chosen type's
    # (305.6). Paying life or entering tapped is nothing the engine rules on.
    text = (
        f"{CHOOSE_LAND} Then you may pay 3 life. If you don't, it enters tapped.\n"
        "This land is the chosen type."
    )
    found = face(text, **LAND)
    assert found.support == "full", found.unsupported_text
    assert found.abilities == [SetLandTypes(to=ITSELF, chosen_as_it_entered="basic_land_type")]
    assert _records(text, **LAND) == [
        ("As ~ enters, choose a basic land type.", "land_type", "compiled"),
        ("Then you may pay 3 life.", "other", "irrelevant"),
        ("If you don't, it enters tapped.", "other", "irrelevant"),
        ("~ is the chosen type.", "land_type", "compiled"),
    ]


@pytest.mark.parametrize(
    ("text", "kw", "reported"),
    [
        # No choice sentence: "the chosen type" names nothing the state has (305.7 can't apply).
        ("Enchant land\nEnchanted land is the chosen type.", AURA,
         "Enchanted land is the chosen type."),
        ("{T}: Add {C}.\nThis land is the chosen type.", LAND, "~ is the chosen type."),
        # A creature type chosen: a land's type is not set to it (not modelled).
        ("As this land enters, choose a creature type.\nThis land is the chosen type.", LAND,
         "~ is the chosen type."),
        # "~" names no land on an artifact's face: 305.7 is about lands.
        ("As this artifact enters, choose a basic land type.\nThis artifact is the chosen type.",
         {"name": "Quillmoss Totem", "types": ("Artifact",)}, "~ is the chosen type."),
    ],
)  # fmt: skip
def test_the_chosen_type_set_without_its_choice_is_reported(
    text: str, kw: dict[str, Any], reported: str
) -> None:
    assert reported in not_understood(text, **kw)
    assert (reported, "land_type", "not_understood") in _records(text, **kw)


def test_relevance_files_a_set_chosen_type_as_a_land_type() -> None:
    # Never dropped as irrelevant: if not understood, it is reported (305.7).
    assert family("Enchanted land is the chosen type.", x_permanent=False) == "land_type"
    assert family("~ is the chosen type.", x_permanent=False) == "land_type"
    # The added form is a type change (205.3m), as before.
    added = "~ is the chosen type in addition to its other types."
    assert family(added, x_permanent=False) == "type_change"


def test_a_creature_type_chosen_as_it_entered_is_still_added() -> None:
    # 205.3m: the "in addition" form after choosing a creature type compiles as before.
    found = face(
        "As this creature enters, choose a creature type.\nThis creature is the chosen type in "
        "addition to its other types.",
        name="Brasswork Mimic",
        types=("Artifact", "Creature"),
    )
    assert found.support == "full"
    assert found.abilities == [
        AddSubtypes(to=ITSELF, subtypes=[], chosen_as_it_entered="creature_type")
    ]
    assert found.sentences[-1].family == "type_change"


def test_creatures_set_to_the_chosen_creature_type() -> None:
    # 205.1a: their creature types become the chosen one (the permanent's `chosen_type`), which
    # "for each Elf" counts read; their other types stay.
    text = (
        "As this enchantment enters, choose a creature type.\n"
        "Creatures you control are the chosen type."
    )
    kw: dict[str, Any] = {"name": "Kinmask Decree", "types": ("Enchantment",)}
    found = face(text, **kw)
    assert found.support == "full", found.unsupported_text
    assert found.abilities == [
        SetCreatureTypes(
            to=Selector(controller="you", types=["creature"]),
            chosen_as_it_entered="creature_type",
        )
    ]
    assert family("Creatures you control are the chosen type.", x_permanent=False) == "type_change"


@pytest.mark.parametrize(
    ("choice", "kind"),
    [
        ("As ~ enters, choose a basic land type.", "basic_land_type"),
        ("As ~ enters, choose a creature type.", "creature_type"),
        ("As ~ enters, choose artifact, instant, or sorcery.", "card_type"),
        ("As ~ enters, choose a color.", None),
    ],
)
def test_the_kind_of_type_chosen_as_it_enters_is_kept(choice: str, kind: str | None) -> None:
    # The state's `chosen_type` is checked against it whatever the question reads.
    found = face(f"{choice}\nDraw a card.", name="Shifting Idol", types=("Artifact",))
    assert found.type_choice == kind
    both = face(
        "As ~ enters, choose a creature type.\nAs ~ enters, choose a basic land type.",
        name="Shifting Idol",
        types=("Artifact",),
    )
    assert both.type_choice is None  # two choices in one field can't be told apart
