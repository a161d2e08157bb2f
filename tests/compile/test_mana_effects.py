"""Replacement effects on mana (106.12b, 616.1) and "tapped for mana" triggers (605.1b)."""

from __future__ import annotations

import pytest

from app.domain.card import (
    ChangeColor,
    ChangeType,
    ChangeTypeAndAmount,
    ColorOfChoice,
    ManaReplacement,
    ManaTrigger,
    Multiply,
    Selector,
)
from tests.compile.helpers import face, not_understood, one

ENCHANTMENT = {"types": ("Enchantment",)}
LANDS = Selector(types=["land"])
YOUR_LANDS = Selector(controller="you", types=["land"])


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "If you tap a permanent you control for mana, it produces twice as much of that mana "
            "instead.",
            ManaReplacement(
                source=Selector(controller="you"), tapped_by_you=True, change=Multiply(factor=2)
            ),
        ),
        (
            "If you tap a permanent you control for mana, it produces three times as much of "
            "that mana instead.",
            ManaReplacement(
                source=Selector(controller="you"), tapped_by_you=True, change=Multiply(factor=3)
            ),
        ),
        (
            "If a land is tapped for mana, it produces {B}{B} instead of any other type and "
            "amount.",
            ManaReplacement(source=LANDS, change=ChangeTypeAndAmount(mana="{B}{B}")),
        ),
        (
            "If a land is tapped for two or more mana, it produces {R} instead of any other "
            "type and amount.",
            ManaReplacement(source=LANDS, change=ChangeTypeAndAmount(mana="{R}"), min_amount=2),
        ),
        (
            "If a nonbasic land is tapped for mana, it produces {R} instead of any other type.",
            ManaReplacement(
                source=Selector(types=["land"], nonbasic=True), change=ChangeType(to="R")
            ),
        ),
        (
            "If a land you control is tapped for mana, it produces colorless mana instead of "
            "any other type.",
            ManaReplacement(source=YOUR_LANDS, change=ChangeType(to="C")),
        ),
        # 616.1: the color is chosen as the effect applies; the amount is kept.
        (
            "If a nonbasic land you control is tapped for mana, it produces mana of a color of "
            "your choice instead of any other type.",
            ManaReplacement(
                source=Selector(controller="you", types=["land"], nonbasic=True),
                change=ColorOfChoice(),
            ),
        ),
        (
            "If a Swamp is tapped for mana, it produces one mana of a color of your choice "
            "instead of any other type and amount.",
            ManaReplacement(source=Selector(subtypes=["Swamp"]), change=ColorOfChoice(amount=1)),
        ),
        # The plural form; "any other color" leaves colorless mana (105.2c).
        (
            "Lands tapped for mana produce mana of the chosen color instead of any other color.",
            ManaReplacement(source=LANDS, change=ChangeColor(to="chosen")),
        ),
        (
            "Forests tapped for mana produce {U} instead of any other color.",
            ManaReplacement(source=Selector(subtypes=["Forest"]), change=ChangeColor(to="U")),
        ),
        (
            "Nonbasic lands tapped for mana produce colorless mana instead of any other type.",
            ManaReplacement(
                source=Selector(types=["land"], nonbasic=True), change=ChangeType(to="C")
            ),
        ),
    ],
)
def test_replacements(text: str, expected: ManaReplacement) -> None:
    assert one(text, **ENCHANTMENT) == expected


@pytest.mark.parametrize(
    "text",
    [
        # One land, not a group, in the plural form.
        "A Forest tapped for mana produces {U} instead of any other color.",
        # Colorless is no color: "instead of any other color" can't make it.
        "Lands tapped for mana produce colorless mana instead of any other color.",
        # A color of choice keeps the amount or makes one; "two mana" is not read.
        "If a land is tapped for mana, it produces two mana of a color of your choice instead "
        "of any other type and amount.",
        "Lands tapped for mana produce mana of a color of your choice instead of any other color.",
    ],
)
def test_color_replacements_it_cant_read_are_not_understood(text: str) -> None:
    assert not_understood(text, **ENCHANTMENT) == [text]


def test_a_color_of_choice_for_the_turn_works_as_an_effect() -> None:
    assert one(
        "Until end of turn, Forests tapped for mana produce mana of the chosen color instead "
        "of any other color.",
        types=("Instant",),
    ) == ManaReplacement(
        source=Selector(subtypes=["Forest"]), change=ChangeColor(to="chosen"), works_from="effect"
    )


def test_one_sentence_swapping_several_land_types_is_one_effect_per_type() -> None:
    # 616.1: separate effects, so a land of two of the types gets both, in an order its
    # controller picks; each keeps the amount ("instead of any other type").
    found = face(
        "If tapped for mana, Plains produce {B}, Islands produce {R}, and Forests produce "
        "colorless mana instead of any other type.",
        **ENCHANTMENT,
    )
    assert found.support == "full"
    assert found.abilities == [
        ManaReplacement(source=Selector(subtypes=["Plains"]), change=ChangeType(to="B")),
        ManaReplacement(source=Selector(subtypes=["Island"]), change=ChangeType(to="R")),
        ManaReplacement(source=Selector(subtypes=["Forest"]), change=ChangeType(to="C")),
    ]
    assert one(
        "If tapped for mana, Swamps produce {G} instead of any other type.", **ENCHANTMENT
    ) == (ManaReplacement(source=Selector(subtypes=["Swamp"]), change=ChangeType(to="G")))


@pytest.mark.parametrize(
    "text",
    [
        # One land, not a group: "a Plains" is not what these sentences say.
        "If tapped for mana, a Plains produces {B}, and Forests produce {R} instead of any "
        "other type.",
        # A part that isn't a land group producing one type.
        "If tapped for mana, Plains produce {B}{B}, and Forests produce {R} instead of any "
        "other type.",
    ],
)
def test_swaps_it_cant_read_whole_are_not_understood(text: str) -> None:
    assert not_understood(text, **ENCHANTMENT) == [text]


def test_turn_long_replacements_work_as_effects() -> None:
    spell = one(
        "Until end of turn, if a player taps a nonbasic land for mana, it produces {C} instead "
        "of any other type.",
        types=("Instant",),
    )
    assert spell == ManaReplacement(
        source=Selector(types=["land"], nonbasic=True),
        change=ChangeType(to="C"),
        works_from="effect",
    )
    activated = one(
        "{G}: Until end of turn, if you tap a land you control for mana, it produces {G} "
        "instead of any other type.",
        **ENCHANTMENT,
    )
    assert activated == ManaReplacement(
        source=YOUR_LANDS, tapped_by_you=True, change=ChangeType(to="G"), works_from="effect"
    )


def test_turn_long_triggers_work_as_effects() -> None:
    # 603.7b: "until end of turn, whenever ..." is a delayed triggered ability for the turn,
    # created as the spell (or the activated ability) resolves: an `effects` entry.
    spell = one(
        "Until end of turn, whenever a player taps a Forest for mana, that player adds an "
        "additional {G}.",
        types=("Sorcery",),
    )
    assert spell == ManaTrigger(
        source=Selector(subtypes=["Forest"]), adds="fixed", mana="{G}", works_from="effect"
    )
    activated = one(
        "{1}{G}: Until end of turn, whenever you tap a land for mana, add one mana of any type "
        "that land produced.",
        **ENCHANTMENT,
    )
    assert activated == ManaTrigger(
        source=YOUR_LANDS, adds="type_produced", tapped_by_you=True, works_from="effect"
    )


@pytest.mark.parametrize(
    "text",
    [
        # An effect has no enchanted land, no card it exiled and is never tapped itself.
        "Until end of turn, whenever enchanted land is tapped for mana, its controller adds an "
        "additional {G}.",
        "Until end of turn, whenever a land with the same name as the exiled card is tapped for "
        "mana, its controller adds an additional {G}.",
    ],
)
def test_turn_long_triggers_that_need_a_permanent_are_not_understood(text: str) -> None:
    assert not_understood(text, types=("Instant",)) == [text]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Whenever a player taps a land for mana, that player adds one mana of any type "
            "that land produced.",
            ManaTrigger(source=LANDS, adds="type_produced"),
        ),
        (
            "Whenever you tap a land for mana, add one mana of any type that land produced.",
            ManaTrigger(source=YOUR_LANDS, adds="type_produced", tapped_by_you=True),
        ),
        (
            "Whenever a Plains is tapped for mana, its controller adds an additional {W}.",
            ManaTrigger(source=Selector(subtypes=["Plains"]), adds="fixed", mana="{W}"),
        ),
        (
            "Whenever a creature is tapped for mana, its controller adds an additional {C}.",
            ManaTrigger(source=Selector(types=["creature"]), adds="fixed", mana="{C}"),
        ),
        (
            "Whenever a permanent is tapped for mana, its controller adds an additional {C}.",
            ManaTrigger(source=Selector(), adds="fixed", mana="{C}"),
        ),
        (
            "Whenever a land's ability causes you to add one or more mana of the chosen color, "
            "add an additional mana of that color.",
            ManaTrigger(
                source=YOUR_LANDS,
                adds="chosen_color",
                tapped_by_you=True,
                requires_tap=False,
                only_chosen_color=True,
            ),
        ),
    ],
)
def test_tapped_for_mana_triggers(text: str, expected: ManaTrigger) -> None:
    assert one(text, **ENCHANTMENT) == expected


@pytest.mark.parametrize(("enchant", "subtypes"), [("land", []), ("Forest", ["Forest"])])
def test_enchanted_land_triggers_see_what_the_aura_may_enchant(
    enchant: str, subtypes: list[str]
) -> None:
    text = (
        f"Enchant {enchant}\nWhenever enchanted land is tapped for mana, its controller "
        "adds one additional mana of the chosen color."
    )
    assert one(text, types=("Enchantment",), subtypes=("Aura",)) == ManaTrigger(
        source=Selector(relation="attached", subtypes=subtypes), adds="chosen_color"
    )
    fixed = "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
    assert one(fixed + "additional {G}{G}.", types=("Enchantment",)) == ManaTrigger(
        source=Selector(relation="attached"), adds="fixed", mana="{G}{G}"
    )


def test_an_unknown_tapped_for_mana_sentence_is_partial() -> None:
    text = (
        "Whenever a player taps a land for mana, that player adds {C} for each card in their hand."
    )
    assert face(text, **ENCHANTMENT).unsupported_text == [text]


def test_a_tapped_for_mana_trigger_that_adds_no_mana_changes_nothing_produced() -> None:
    # 605.1b: no mana, no mana ability; it goes on the stack and the mana is what it was.
    compiled = face(
        "Whenever a player taps a land for mana, that player loses 1 life.", **ENCHANTMENT
    )
    assert compiled.abilities == [] and compiled.support == "full"
