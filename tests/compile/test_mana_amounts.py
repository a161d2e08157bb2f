"""Variable mana amounts (107.3): X chosen on activation, counters removed "this way", the
source's power or toughness, the greatest power, a sacrificed permanent's mana value. Invented
cards, templated sentences."""

from __future__ import annotations

import pytest

from app.domain.card import (
    CostPart,
    ManaAbility,
    ManaAbilityCost,
    ManaAmount,
    RemoveXCounters,
    Selector,
)
from app.domain.quantities import ChosenX, CostManaValue, Devotion, GreatestPower, SourcePower
from tests.compile.helpers import face, not_understood, one

TAP = ManaAbilityCost(tap=True)


def removes(counter: str, at_least: int = 0, **kw: object) -> ManaAbilityCost:
    return ManaAbilityCost(
        tap=True,
        remove_x_counters=RemoveXCounters(counter=counter, at_least=at_least),
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "{X}, {T}: Add X mana of any one color.",
            ManaAbility(
                cost=ManaAbilityCost(tap=True, mana="{X}"),
                produces=ManaAmount(amount=ChosenX(), of="one_color"),
            ),
        ),
        (
            "{X}, {T}: Add X mana in any combination of colors.",
            ManaAbility(
                cost=ManaAbilityCost(tap=True, mana="{X}"),
                produces=ManaAmount(amount=ChosenX(), of="combination"),
            ),
        ),
        (
            "{1}, Remove X spore counters from this artifact: Add X mana in any combination "
            "of {B} and/or {R}.",
            ManaAbility(
                cost=ManaAbilityCost(
                    mana="{1}", remove_x_counters=RemoveXCounters(counter="spore")
                ),
                produces=ManaAmount(amount=ChosenX(), of="combination", colors=["B", "R"]),
            ),
        ),
        (
            "{T}, Remove any number of spore counters from this artifact: Add {G} for each "
            "spore counter removed this way.",
            ManaAbility(
                cost=removes("spore"),
                produces=ManaAmount(amount=ChosenX(), of="type", mana_type="G"),
            ),
        ),
        (
            "{T}, Remove any number of spore counters from this artifact: Add {U}, then add "
            "an additional {U} for each spore counter removed this way.",
            ManaAbility(
                cost=removes("spore"),
                produces=ManaAmount(amount=ChosenX(), of="type", mana_type="U", plus=1),
            ),
        ),
        (
            "{T}, Remove one or more dream counters from this artifact: Add that much {C}.",
            ManaAbility(
                cost=removes("dream", at_least=1),
                produces=ManaAmount(amount=ChosenX(), of="type", mana_type="C"),
            ),
        ),
        (
            "{T}, Remove X spore counters from this artifact: Add an amount of {C} equal to X "
            "plus one.",
            ManaAbility(
                cost=removes("spore"),
                produces=ManaAmount(amount=ChosenX(), of="type", mana_type="C", plus=1),
            ),
        ),
        (
            "{T}, Tap X untapped tokens you control: Add X mana of any one color.",
            ManaAbility(
                cost=ManaAbilityCost(
                    tap=True,
                    others=[
                        CostPart(kind="tap_untapped", text="tap X untapped tokens you control")
                    ],
                ),
                produces=ManaAmount(amount=ChosenX(), of="one_color"),
            ),
        ),
        (
            "{T}, Sacrifice X Squirrels: Add X mana of any one color.",
            ManaAbility(
                cost=ManaAbilityCost(
                    tap=True, others=[CostPart(kind="sacrifice", text="sacrifice X Squirrels")]
                ),
                produces=ManaAmount(amount=ChosenX(), of="one_color"),
            ),
        ),
    ],
)
def test_an_x_chosen_on_activation(text: str, expected: ManaAbility) -> None:
    assert one(text) == expected


@pytest.mark.parametrize(
    ("effect", "produces"),
    [
        (
            "X mana of any one color, where X is this artifact's power",
            ManaAmount(amount=SourcePower(kind="power"), of="one_color"),
        ),
        (
            "an amount of {G} equal to this artifact's power",
            ManaAmount(amount=SourcePower(kind="power"), of="type", mana_type="G"),
        ),
        (
            "an amount of {C} equal to this artifact's toughness",
            ManaAmount(amount=SourcePower(kind="toughness"), of="type", mana_type="C"),
        ),
        (
            "X mana in any combination of {U} and/or {R}, where X is this artifact's power",
            ManaAmount(amount=SourcePower(kind="power"), of="combination", colors=["U", "R"]),
        ),
        (
            "X mana in any combination of colors, where X is the greatest power among "
            "creatures you control",
            ManaAmount(
                amount=GreatestPower(among=Selector(controller="you", types=["creature"])),
                of="combination",
            ),
        ),
    ],
)
def test_an_amount_the_board_decides(effect: str, produces: ManaAmount) -> None:
    assert one(f"{{T}}: Add {effect}.") == ManaAbility(cost=TAP, produces=produces)


def test_the_sacrificed_permanents_mana_value() -> None:
    got = one(
        "{T}, Sacrifice an artifact: Add an amount of {U} equal to the sacrificed artifact's "
        "mana value."
    )
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, sacrifice=Selector(controller="you", types=["artifact"])),
        produces=ManaAmount(amount=CostManaValue(), of="type", mana_type="U"),
    )
    another = one(
        "{T}, Sacrifice another creature: Add an amount of {B} equal to the sacrificed "
        "creature's mana value."
    )
    assert another.produces == ManaAmount(amount=CostManaValue(), of="type", mana_type="B")


def test_the_exiled_permanents_mana_value_plus_a_number() -> None:
    got = one(
        "Exile a creature you control: Add X mana of any one color, where X is 2 plus the "
        "exiled creature's mana value."
    )
    assert got == ManaAbility(
        cost=ManaAbilityCost(others=[CostPart(kind="exile", text="exile a creature you control")]),
        produces=ManaAmount(amount=CostManaValue(), of="one_color", plus=2),
    )


@pytest.mark.parametrize(
    "text",
    [
        # The amount names a sacrifice the cost doesn't make.
        "{T}: Add an amount of {R} equal to the sacrificed artifact's mana value.",
        # Counters removed "this way" that the cost doesn't remove, or of another kind.
        "{T}: Add {G} for each spore counter removed this way.",
        "{T}, Remove any number of dream counters from this artifact: Add {G} for each spore "
        "counter removed this way.",
        # An X in the amount that no cost part chooses, and the other way round.
        "{T}: Add X mana in any combination of colors.",
        "{X}, {T}: Add an amount of {G} equal to this artifact's power.",
        # What the board doesn't carry.
        "{T}: Add X mana of any one color, where X is the number of cards in your hand.",
    ],
)
def test_amounts_that_cannot_be_read_are_not_understood(text: str) -> None:
    assert not_understood(text) == [text.replace("this artifact", "~")]


def test_the_face_is_full_and_lists_its_abilities() -> None:
    compiled = face(
        "{T}: Add {C}.\n{T}, Remove any number of spore counters from this artifact: Add {G} "
        "for each spore counter removed this way."
    )
    assert compiled.support == "full"
    assert [a.produces.kind for a in compiled.abilities] == ["fixed", "amount"]  # type: ignore[union-attr]


def test_a_devotion_to_a_named_color() -> None:
    got = one("{1}, {T}: Add an amount of {G} equal to your devotion to green.")
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, mana="{1}"),
        produces=ManaAmount(amount=Devotion(color="G"), of="type", mana_type="G"),
    )


def test_a_devotion_to_the_color_chosen_takes_two_sentences() -> None:
    got = one(
        "{1}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion "
        "to that color."
    )
    assert got == ManaAbility(
        cost=ManaAbilityCost(tap=True, mana="{1}"),
        produces=ManaAmount(amount=Devotion(), of="one_color"),
    )


def test_a_bare_color_choice_followed_by_something_else_is_not_a_mana_ability() -> None:
    text = "{T}: Choose a color. Creatures of that color get +1/+1 until end of turn."
    compiled = face(text)
    assert not any(s.family == "mana_ability" for s in compiled.sentences)
