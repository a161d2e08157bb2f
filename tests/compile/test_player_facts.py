"""Amounts and conditions that are facts about a player (the state's `players`): a life total
(119.1), life gained this turn (119.3), cards drawn this turn (121.1), the monarch (724).
Invented cards."""

from __future__ import annotations

import pytest

from app.domain.card import ManaAbility, ManaAmount, ManaTrigger, Selector
from app.domain.quantities import PlayerFact
from tests.compile.helpers import one


@pytest.mark.parametrize(
    ("phrase", "fact"),
    [
        ("your life total", "life"),
        ("the amount of life you gained this turn", "life_gained_this_turn"),
        ("the number of cards you've drawn this turn", "cards_drawn_this_turn"),
    ],
)
def test_x_is_a_fact_about_you(phrase: str, fact: str) -> None:
    got = one(f"{{T}}: Add X mana of any one color, where X is {phrase}.", types=("Land",))
    assert isinstance(got, ManaAbility)
    assert got.produces == ManaAmount(amount=PlayerFact(fact=fact), of="one_color")  # type: ignore[arg-type]


def test_one_mana_for_each_card_drawn_this_turn() -> None:
    got = one(
        "{T}: Add {B} for each card you've drawn this turn. Spend this mana only to cast "
        "instant spells.",
        types=("Creature",),
    )
    assert isinstance(got, ManaAbility)
    assert got.produces == ManaAmount(
        amount=PlayerFact(fact="cards_drawn_this_turn"), of="type", mana_type="B"
    )


def test_a_trigger_only_while_you_are_the_monarch() -> None:
    got = one(
        "Whenever you tap a land for mana while you're the monarch, add one additional mana "
        "of any color.",
        types=("Creature",),
    )
    assert got == ManaTrigger(
        source=Selector(controller="you", types=["land"]),
        tapped_by_you=True,
        adds="any_color",
        while_monarch=True,
    )


def test_a_trigger_without_the_monarch_keeps_its_data() -> None:
    got = one("Whenever you tap a land for mana, add {R}.", types=("Enchantment",))
    assert isinstance(got, ManaTrigger)
    assert "while_monarch" not in got.model_dump(mode="json")
