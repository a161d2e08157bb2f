"""Tapped-for-mana triggers on any player's lands: an intervening "if ~ is tapped" (603.4) and
a damage rider that changes no mana. Invented cards."""

from __future__ import annotations

from app.domain.card import ManaTrigger, Selector
from tests.compile.helpers import face, one

LANDS = Selector(types=["land"])


def test_an_intervening_if_on_the_source_being_tapped() -> None:
    got = one(
        "Whenever a player taps a land for mana, if ~ is tapped, that player adds an additional "
        "one mana of any type that land produced.",
        types=("Creature",),
    )
    assert got == ManaTrigger(source=LANDS, adds="type_produced", while_source_tapped=True)


def test_a_damage_rider_is_kept_as_a_side_effect() -> None:
    got = one(
        "Whenever a player taps a land for mana, that player adds one mana of any type that "
        "land produced, and ~ deals 2 damage to the player.",
        types=("Enchantment",),
    )
    assert got == ManaTrigger(
        source=LANDS, adds="type_produced", side_effect="deals 2 damage to that player"
    )


def test_plain_triggers_keep_their_data() -> None:
    got = one(
        "Whenever a player taps a land for mana, that player adds one mana of any type that land "
        "produced.",
        types=("Enchantment",),
    )
    dumped = got.model_dump(mode="json")
    assert "while_source_tapped" not in dumped and "side_effect" not in dumped


def test_another_condition_is_not_understood() -> None:
    text = (
        "Whenever a player taps a land for mana, if ~ is untapped, that player adds one mana of "
        "any type that land produced."
    )
    assert face(text, types=("Creature",)).support == "partial"
