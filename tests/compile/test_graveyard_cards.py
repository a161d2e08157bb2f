"""Counting cards in your graveyard (404.1): card types, supertypes and a color, nothing a
permanent has. Invented cards."""

from __future__ import annotations

import pytest

from app.domain.card import AnyColor, ColorAmongGraveyard, ManaAbility, ManaAmount, Selector
from app.domain.filters import HasColor
from app.domain.quantities import CardsInGraveyard
from tests.compile.helpers import face, one

PERMANENT_CARDS = Selector(
    types=["artifact", "battle", "creature", "enchantment", "land", "planeswalker"]
)


@pytest.mark.parametrize(
    ("phrase", "cards"),
    [
        ("creature cards", Selector(types=["creature"])),
        ("permanent cards", PERMANENT_CARDS),
        ("artifact cards", Selector(types=["artifact"])),
    ],
)
def test_x_is_the_number_of_cards_in_your_graveyard(phrase: str, cards: Selector) -> None:
    got = one(
        f"{{T}}: Add X mana of any one color, where X is the number of {phrase} in your graveyard.",
        types=("Creature",),
    )
    assert isinstance(got, ManaAbility)
    assert got.produces == ManaAmount(amount=CardsInGraveyard(of=cards), of="one_color")


def test_one_mana_for_each_colored_card() -> None:
    got = one("{1}, {T}: Add {G} for each green creature card in your graveyard.", types=("Land",))
    assert isinstance(got, ManaAbility)
    wanted = Selector(types=["creature"], where=HasColor(color="G"))
    assert got.produces == ManaAmount(amount=CardsInGraveyard(of=wanted), of="type", mana_type="G")


def test_a_condition_no_card_has_is_not_understood() -> None:
    compiled = face(
        "{T}: Add {B} for each tapped creature card in your graveyard.", types=("Land",)
    )
    assert compiled.support == "partial" and compiled.abilities == []


def test_a_color_among_cards_in_your_graveyard() -> None:
    got = one(
        "{T}: Add one mana of any color among artifact cards in your graveyard.", types=("Land",)
    )
    assert isinstance(got, ManaAbility)
    assert got.produces == ColorAmongGraveyard(among=Selector(types=["artifact"]))


def test_choose_a_color_of_a_card_in_your_graveyard() -> None:
    got = one("{1}, {T}: Choose a color of a card in your graveyard. Add one mana of that color.")
    assert isinstance(got, ManaAbility)
    assert got.produces == ColorAmongGraveyard(among=Selector())


def test_choose_a_color_of_an_artifact_card_in_your_graveyard() -> None:
    got = one(
        "{T}: Choose a color of an artifact card in your graveyard. Add one mana of that color."
    )
    assert isinstance(got, ManaAbility)
    assert got.produces == ColorAmongGraveyard(among=Selector(types=["artifact"]))


def test_a_target_card_in_a_graveyard() -> None:
    got = one(
        "{T}: Exile target artifact card from a graveyard. Add one mana of any color.",
        types=("Creature",),
    )
    assert isinstance(got, ManaAbility)
    assert (got.produces, got.targets, got.targets_graveyard_card) == (
        AnyColor(),
        True,
        Selector(types=["artifact"]),
    )
    assert not got.is_mana_ability  # 605.5a


def test_a_target_card_with_more_effects_is_not_understood() -> None:
    text = "{1}, {T}: Exile target land card from a graveyard. Add {G}. Draw a card."
    assert face(text, types=("Creature",)).support == "partial"
