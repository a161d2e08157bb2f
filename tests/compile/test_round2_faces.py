"""Round 2's templates: amounts read from what entered this turn, and the rest of this
round's faces. Invented names, our sentences."""

from __future__ import annotations

from app.domain.card import ManaAbility, ManaTrigger, OpeningHandMana
from app.domain.continuous import AddTypes, GrantManaAbility, SetCardTypes
from app.domain.mana_abilities import FixedMana, ManaAmount
from app.domain.quantities import GreatestPower, RevealedFromHand
from tests.compile.helpers import face


def test_the_greatest_power_among_creatures_that_entered_this_turn() -> None:
    compiled = face(
        "{T}: Add an amount of {G} equal to the greatest power among creatures you control "
        "that entered this turn."
    )
    assert compiled.support == "full", compiled.unsupported_text
    (got,) = compiled.abilities
    assert isinstance(got, ManaAbility)
    assert isinstance(got.produces, ManaAmount)
    amount = got.produces.amount
    assert isinstance(amount, GreatestPower)
    assert amount.entered_this_turn
    assert (amount.among.controller, amount.among.types) == ("you", ["creature"])
    plain = face(
        "{T}: Add an amount of {U} equal to the greatest power among creatures you control."
    ).abilities[0]
    assert isinstance(plain, ManaAbility) and isinstance(plain.produces, ManaAmount)
    assert plain.produces.amount == GreatestPower(among=amount.among)


def test_parley_counts_the_nonland_cards_on_top_of_the_libraries() -> None:
    compiled = face(
        "{T}: Each player reveals the top card of their library. For each nonland card "
        "revealed this way, add {U} and you gain 1 life. Then each player draws a card.",
        types=("Creature",),
    )
    assert compiled.support == "full", compiled.unsupported_text
    (got,) = compiled.abilities
    assert isinstance(got, ManaAbility) and isinstance(got.produces, ManaAmount)
    assert got.produces.amount == RevealedFromHand(cards="nonland cards", from_tops=True)
    assert got.produces.mana_type == "U"
    assert got.is_mana_ability  # no target (605.1a)


def test_a_tapped_for_mana_trigger_adds_more_when_the_land_is_snow() -> None:
    compiled = face(
        "Whenever a Forest is tapped for mana, its controller may add an additional {G}. If "
        "that Forest is snow, its controller may add an additional {G}{G} instead.",
        types=("Enchantment",),
    )
    assert compiled.support == "full", compiled.unsupported_text
    (got,) = compiled.abilities
    assert isinstance(got, ManaTrigger)
    assert (got.mana, got.if_snow_mana, got.optional) == ("{G}", "{G}{G}", True)
    # Another land named in the second sentence is not that land: not understood.
    other = face(
        "Whenever a Forest is tapped for mana, its controller may add an additional {G}. If "
        "that Island is snow, its controller may add an additional {G}{G} instead.",
        types=("Enchantment",),
    )
    assert other.support == "partial"


def test_no_creature_while_the_graveyard_is_small() -> None:
    text = "As long as there are fewer than six cards in your graveyard, ~ isn't a creature."
    compiled = face(text, types=("Artifact", "Creature"), subtypes=("Golem",))
    assert compiled.support == "full", compiled.unsupported_text
    (got,) = compiled.abilities
    assert isinstance(got, SetCardTypes)
    assert (got.types, got.subtypes, got.while_graveyard_below) == (["artifact"], [], 6)
    # An Equipment creature keeps its Equipment subtype, still an artifact (205.3d): the
    # engine keeps old subtypes with the card types that stay.
    kept = face(
        text + "\n{T}: Add {C}.", types=("Artifact", "Creature"), subtypes=("Equipment", "Golem")
    )
    assert kept.support == "full" and isinstance(kept.abilities[0], SetCardTypes)


HALL = (
    "{T}: Add {C}.\n{4}: If ~ isn't a creature, it becomes a 3/3 Scholar creature with "
    '"Whenever you cast an instant spell, this creature gets +1/+0 until end of turn." '
    "It's still a land."
)


def test_a_land_that_becomes_a_creature_unless_it_is_one() -> None:
    compiled = face(HALL, types=("Land",), mana_cost=None)
    assert compiled.support == "full", compiled.unsupported_text
    _, change = compiled.abilities
    assert isinstance(change, AddTypes)
    assert (change.types, change.subtypes, change.works_from) == (
        ["creature"],
        ["Scholar"],
        "effect",
    )
    # A quoted ability that bears on mana or haste is not left out.
    hasty = HALL.replace("gets +1/+0", "gains haste")
    assert face(hasty, types=("Land",), mana_cost=None).support == "partial"


def test_mana_at_the_first_main_phase_from_the_opening_hand() -> None:
    text = (
        "You may reveal ~ from your opening hand. If you do, at the beginning of your first "
        "main phase of the game, add {U}{U}.\nFlying"
    )
    compiled = face(text, types=("Creature",), keywords=("Flying",))
    assert compiled.support == "full", compiled.unsupported_text
    assert compiled.abilities == [OpeningHandMana(mana="{U}{U}")]
    # Mana at another moment is not this.
    other = text.replace("your first main phase of the game", "the first upkeep")
    assert face(other, types=("Creature",), keywords=("Flying",)).support == "partial"


RETURNS = (
    "When ~ dies, if he was a nonland creature, return ~ to the battlefield tapped under your "
    'control. He\'s a land named Tide. He gains "{T}: Add {U}."'
)


def test_a_card_returned_as_a_land_with_a_mana_ability() -> None:
    compiled = face(RETURNS, types=("Creature",), subtypes=("Merfolk",))
    assert compiled.support == "full", compiled.unsupported_text
    change, grant = compiled.abilities
    assert isinstance(change, SetCardTypes) and isinstance(grant, GrantManaAbility)
    assert (change.types, change.works_from, grant.works_from) == (["land"], "effect", "effect")
    assert grant.ability.produces == FixedMana(mana="{U}")
    # Without the condition that it was no land, or with another type, not this.
    other = RETURNS.replace("He's a land", "He's an artifact")
    assert face(other, types=("Creature",)).support == "partial"
