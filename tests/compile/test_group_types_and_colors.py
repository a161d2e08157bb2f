"""Static changes of a group's card types or colors (205.1b, 105.2, 613.1d, 613.1e): "are
artifacts in addition to their other types", "are black", an Aura's "is black", and the
"non-Aura" selector word. Invented cards, our sentences."""

from __future__ import annotations

import pytest

from app.domain.continuous import AddTypes, DevotionBelow, SetCardTypes, SetColors
from app.domain.filters import AllOf, HasSubtype, HasType, IsOther, Not, Selector
from tests.compile.helpers import face, one

ENCHANTMENT = {"types": ("Enchantment",)}


@pytest.mark.parametrize(
    ("text", "to", "colors"),
    [
        ("All creatures are black.", Selector(types=["creature"]), ["B"]),
        (
            "Nonland permanents you control are white.",
            Selector(controller="you", where=Not(filter=HasType(type="land"))),
            ["W"],
        ),
        ("All Slivers are colorless.", Selector(subtypes=["Sliver"]), []),
        ("Each creature is red and green.", Selector(types=["creature"]), ["R", "G"]),
    ],
)
def test_a_groups_colors_are_set(text: str, to: Selector, colors: list[str]) -> None:
    assert one(text, **ENCHANTMENT) == SetColors(to=to, colors=colors)  # type: ignore[arg-type]


def test_an_auras_color_clause() -> None:
    found = one("Enchant creature\nEnchanted creature gets +2/+0 and is black.", **ENCHANTMENT)
    assert found == SetColors(to=Selector(relation="attached"), colors=["B"])


@pytest.mark.parametrize(
    ("text", "to", "card_type"),
    [
        (
            # Power and toughness said beside are the state's (613.4).
            "Each other non-Saga enchantment is a creature in addition to its other types and "
            "has base power and base toughness each equal to its mana value plus one.",
            Selector(
                types=["enchantment"],
                where=AllOf(of=[IsOther(), Not(filter=HasSubtype(subtype="Saga"))]),
            ),
            "creature",
        ),
        (
            "All lands are enchantments in addition to their other types.",
            Selector(types=["land"]),
            "enchantment",
        ),
        (
            "Creatures you control are enchantments in addition to their other types.",
            Selector(controller="you", types=["creature"]),
            "enchantment",
        ),
    ],
)
def test_a_groups_card_type_is_added(text: str, to: Selector, card_type: str) -> None:
    assert one(text, **ENCHANTMENT) == AddTypes(to=to, types=[card_type])  # type: ignore[list-item]


def test_a_copys_color_stays_irrelevant() -> None:
    compiled = face("Copy target instant spell, except that the copy is red.", types=("Instant",))
    assert compiled.support == "full" and compiled.abilities == []
    assert [r.status for r in compiled.sentences] == ["irrelevant"]


@pytest.mark.parametrize(
    ("text", "keywords", "colors"),
    [
        ("~ is colorless.", (), []),
        ("~ is all colors.", (), ["W", "U", "B", "R", "G"]),
        ("~ is white and blue.", (), ["W", "U"]),
        ("Devoid\nDraw a card.", ("Devoid",), []),
    ],
)
def test_an_objects_own_colors_are_defined_by_its_text(
    text: str, keywords: tuple[str, ...], colors: list[str]
) -> None:
    # 604.3, 702.114a: a characteristic-defining ability, whatever the mana cost or the card
    # file's colors say (a card file may have none; the corpus-like files don't).
    compiled = face(text, types=("Instant",), mana_cost="{2}{R}", keywords=keywords)
    assert compiled.support == "full"
    assert compiled.card_fields()["defined_colors"] == colors
    assert [r.family for r in compiled.sentences][:1] == ["type_change"]


def test_a_groups_all_colors_is_a_color_change() -> None:
    text = "Each nonland permanent you control is all colors."
    found = one(text, **ENCHANTMENT)
    assert isinstance(found, SetColors) and found.colors == ["W", "U", "B", "R", "G"]


def test_a_color_change_of_what_no_selector_reads_is_reported() -> None:
    text = "All cards in graveyards and permanents are colorless."
    assert face(text, **ENCHANTMENT).unsupported_text == [text]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "All Forests are 1/1 creatures that are still lands.",
            [AddTypes(to=Selector(subtypes=["Forest"]), types=["creature"])],
        ),
        (
            "Islands you control are 2/2 blue Fish creatures that are still lands.",
            [
                AddTypes(
                    to=Selector(controller="you", subtypes=["Island"]),
                    types=["creature"],
                    subtypes=["Fish"],
                ),
                SetColors(to=Selector(controller="you", subtypes=["Island"]), colors=["U"]),
            ],
        ),
        (
            "Lands you control are 3/3 creatures with vigilance. They're still lands.",
            [AddTypes(to=Selector(controller="you", types=["land"]), types=["creature"])],
        ),
        (
            "Creatures you control are every creature type.",
            [
                AddTypes(
                    to=Selector(controller="you", types=["creature"]),
                    types=["creature"],
                    every_creature_type=True,
                )
            ],
        ),
        (
            # 205.1b: an "artifact creature" keeps every card type it had (an artifact land so
            # changed is still a land): the creature type is added.
            "Each noncreature artifact is an artifact creature.",
            [
                AddTypes(
                    to=Selector(types=["artifact"], where=Not(filter=HasType(type="creature"))),
                    types=["artifact", "creature"],
                )
            ],
        ),
        (
            # 205.1a: other card types named replace its own.
            "Each noncreature artifact is an enchantment creature.",
            [
                SetCardTypes(
                    to=Selector(types=["artifact"], where=Not(filter=HasType(type="creature"))),
                    types=["enchantment", "creature"],
                )
            ],
        ),
    ],
)
def test_a_group_that_is_creatures(text: str, found: list[object]) -> None:
    compiled = face(text, **ENCHANTMENT)
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == found


def test_an_equipments_every_creature_type() -> None:
    found = one("Equipped creature gets +1/+1 and is every creature type.", types=("Artifact",))
    assert found == AddTypes(
        to=Selector(relation="attached"), types=["creature"], every_creature_type=True
    )


@pytest.mark.parametrize(
    "text",
    [
        # What the permanent is while two conditions hold: not this template.
        "During your turn, as long as ~ has a loyalty counter on it, it's a 3/4 Ninja creature.",
        # Without "still lands" their land types would go (205.1a): not this template.
        "Forests you control are 3/3 creatures.",
        # Its creature type while a condition holds that no state says.
        "As long as you attacked with three or more creatures this turn, ~ is a Dragon with "
        "flying.",
    ],
)
def test_a_type_change_not_read_is_reported(text: str) -> None:
    assert face(text, **ENCHANTMENT).unsupported_text == [text]


def test_a_condition_on_being_a_creature_is_no_type_change() -> None:
    compiled = face("As long as ~ is a creature, it gets +1/+1.", types=("Artifact",))
    assert compiled.support == "full" and compiled.abilities == []


@pytest.mark.parametrize(
    ("text", "types", "found"),
    [
        (
            "During turns other than yours, ~ is a 2/3 Gargoyle artifact creature with flying.",
            ("Artifact",),
            SetCardTypes(
                to=Selector(where=Not(filter=IsOther())),
                types=["artifact", "creature"],
                subtypes=["Gargoyle"],
                during="not_your_turn",
            ),
        ),
        (
            "During your turn, ~ is a 3/5 Elf Monk creature with reach that's still a "
            "planeswalker.",
            ("Planeswalker",),
            AddTypes(
                to=Selector(where=Not(filter=IsOther())),
                types=["creature"],
                subtypes=["Elf", "Monk"],
                during="your_turn",
            ),
        ),
    ],
)
def test_what_it_is_in_some_turns_only(text: str, types: tuple[str, ...], found: object) -> None:
    # 611.3a: it applies in its controller's turn, or in the others'.
    assert one(text, types=types) == found


def test_living_metal_is_a_creature_in_its_controllers_turn() -> None:
    # 702.161a: the keyword says what "during your turn, ~ is also a creature" would (611.3a).
    compiled = face(
        "Living metal (reminder: a creature in your turn.)\nHaste",
        types=("Artifact",),
        subtypes=("Vehicle",),
        keywords=("Living metal", "Haste"),
    )
    assert compiled.support == "full"
    assert compiled.abilities == [
        AddTypes(to=Selector(where=Not(filter=IsOther())), types=["creature"], during="your_turn")
    ]
    assert "Living metal" in compiled.keywords


def test_the_same_change_for_spells_is_reported() -> None:
    # What spells on the stack are (their types, colors) a free cast on the board would read;
    # said again for spells, it is not modelled, so it is reported rather than dropped.
    same = "The same is true for creature spells you control and creature cards you own."
    compiled = face(f"Creatures you control are Elves in addition to their other types. {same}")
    assert compiled.unsupported_text == [same]
    # After a sentence about something else it is nothing the engine reads.
    assert face(f"Creatures you control get +1/+1. {same}").support == "full"


def test_a_keyword_in_some_turns_only() -> None:
    from app.domain.continuous import GrantKeyword

    found = one("As long as it's your turn, creatures you control have haste.", **ENCHANTMENT)
    assert found == GrantKeyword(
        keyword="Haste", to=Selector(controller="you", types=["creature"]), during="your_turn"
    )


def test_crew_is_an_entry_that_makes_the_vehicle_a_creature() -> None:
    found = one("Crew 3", types=("Artifact",), subtypes=("Vehicle",))
    assert found == AddTypes(
        to=Selector(relation="attached"), types=["creature"], works_from="effect"
    )
    # Two abilities that do the same to the entry's target stand for each other.
    both = face(
        "Crew 3\n{4}: Quillmoss Totem becomes an artifact creature until end of turn.",
        types=("Artifact",),
        subtypes=("Vehicle",),
    )
    assert both.support == "full", both.unsupported_text


def test_a_god_is_no_creature_while_its_devotion_is_low() -> None:
    compiled = face(
        "As long as your devotion to white and blue is less than seven, ~ isn't a creature.",
        types=("Enchantment", "Creature"),
    )
    assert compiled.support == "full"
    assert compiled.abilities == [
        SetCardTypes(
            to=Selector(where=Not(filter=IsOther())),
            types=["enchantment"],
            while_devotion_below=DevotionBelow(colors=["W", "U"], below=7),
        )
    ]


def test_another_own_creature_loss_is_reported_without_a_mana_ability() -> None:
    # What it is bears on every count of creatures, mana ability or not.
    text = "~ isn't a creature unless you control three or more artifacts."
    assert face(text, types=("Artifact", "Creature")).unsupported_text == [text]


def test_devoid_given_to_others_is_reported() -> None:
    # 702.114a: it would make them colorless, which no grant here says: never waved through.
    text = "Slivers you control have devoid."
    assert face(text, types=("Creature",), subtypes=("Sliver",)).unsupported_text == [text]
