"""Productions read from the source's counters or chosen colors, counters put on before the
mana, the old "Add to your mana pool" wording and mana another player may pay to stop."""

from __future__ import annotations

from app.domain.card import (
    AnyColor,
    ChosenColor,
    DieRoll,
    FixedMana,
    ManaAbility,
    ManaAmount,
    NotedMana,
    OneOfChosenColors,
)
from app.domain.quantities import CountersOnSource
from tests.compile.helpers import face, not_understood, one


def _mana(text: str) -> ManaAbility:
    ability = one(text)
    assert isinstance(ability, ManaAbility)
    return ability


def test_x_of_one_color_for_counters_put_on_first() -> None:
    a = _mana(
        "{T}: Put a gear counter on ~. Add X mana of any one color, where X is the number "
        "of gear counters on ~."
    )
    assert a.produces == ManaAmount(amount=CountersOnSource(counter="gear"), of="one_color", plus=1)
    assert a.puts_counters == {"gear": 1}
    # Counters of another kind are put on but not counted.
    b = _mana("{T}: Put two dust counters on ~. Add {G} for each charge counter on ~.")
    assert b.puts_counters == {"dust": 2}
    assert b.produces.kind == "per_counter"


def test_one_more_for_each_counter_of_a_kind() -> None:
    a = _mana("{T}: Add {C}, plus an additional {C} for each ember counter on ~.")
    assert a.produces == ManaAmount(
        amount=CountersOnSource(counter="ember"), of="type", mana_type="C", plus=1
    )
    # Another type after "plus an additional" is not this template.
    not_understood("{T}: Add {C}, plus an additional {G} for each ember counter on ~.")


def test_for_each_counter_of_every_kind() -> None:
    a = _mana("{T}: Add {U} for each counter on ~.")
    assert a.produces == ManaAmount(amount=CountersOnSource(), of="type", mana_type="U")
    assert a.produces.model_dump(mode="json")["amount"] == {"kind": "counters"}


def test_one_of_several_chosen_colors() -> None:
    for text in (
        "{1}, {T}: Add one mana of a chosen color.",
        "{1}, {T}: Add one mana of either of the circled colors.",
    ):
        assert _mana(text).produces == OneOfChosenColors()


def test_the_old_mana_pool_wording_and_the_color_last_chosen() -> None:
    compiled = face(
        "{1}, {T}: Add to your mana pool one mana of the color last chosen. Then choose a random "
        "color."
    )
    assert compiled.support == "full"
    [a] = compiled.abilities
    assert isinstance(a, ManaAbility) and a.produces == ChosenColor()
    assert a.side_effect == "a new color is chosen for it at random"
    assert _mana("{T}: Add to your mana pool {G}{G}.").produces.kind == "fixed"


def test_mana_any_player_may_pay_to_stop() -> None:
    compiled = face(
        "{T}: Choose a color. Add one mana of that color unless any player pays {2}. "
        "Activate only as an instant."
    )
    assert compiled.support == "full"
    [a] = compiled.abilities
    assert isinstance(a, ManaAbility)
    assert (a.produces, a.side_effect) == (AnyColor(), "unless any player pays {2}")
    # Only "any player": a payment by its controller (a cost-like choice) is not this.
    not_understood("{T}: Choose a color. Add one mana of that color unless you pay {1}.")


def test_fixed_mana_and_its_own_instead() -> None:
    a = _mana(
        "{T}: Add {G}. If you control a creature with power 5 or greater, add {G}{G} instead."
    )
    assert a.instead is not None and a.instead.kind == "amount_if_power"
    assert (a.instead.power, a.instead.amount) == (5, 2)
    b = _mana("{T}: Add {C}. If ~ has a charge counter on it, add {C}{C}{C} instead.")
    assert b.instead is not None and b.instead.kind == "amount_if_counter"
    assert b.instead.amount == 3
    # Another type instead is not "that many of its type".
    not_understood("{T}: Add {G}. If ~ has a charge counter on it, add {R}{R} instead.")


def test_another_production_while_a_counter_is_there() -> None:
    from app.domain.card import FixedMana, IfCounter

    a = _mana("{T}: Add {C}. If ~ has a gem counter on it, instead add one mana of any color.")
    assert a.produces == IfCounter(
        counter="gem", with_counter=AnyColor(), otherwise=FixedMana(mana="{C}")
    )
    # Only simple productions on both sides.
    not_understood(
        "{T}: Add {C}. If ~ has a gem counter on it, instead add {G} for each Elf you control."
    )


def test_fixed_mana_instead_while_you_control_enough() -> None:
    a = _mana("{T}: Add {G}. If you control five or more creatures, add {G}{G} instead.")
    assert a.instead is not None and a.instead.kind == "amount_if_control"
    [condition] = a.instead.conditions
    assert (condition.at_least, a.instead.amount) == (5, 2)
    assert condition.of.controller == "you" and condition.of.types == ["creature"]
    not_understood(
        "{T}: Add {G}. If you control five or more creatures an opponent controls, add {G}{G} "
        "instead."
    )


def test_urza_lands_name_each_other_by_their_land_types() -> None:
    """205.3i: "an Urza's Tower" is a land with the subtypes Urza's and Tower."""
    a = _mana(
        "{T}: Add {C}. If you control an Urza's Mine and an Urza's Tower, add {C}{C}{C} instead."
    )
    assert a.instead is not None and a.instead.kind == "amount_if_control"
    assert [c.of.subtypes for c in a.instead.conditions] == [["Mine"], ["Tower"]]
    assert a.instead.amount == 3
    not_understood(
        "{T}: Add {C}. If you control an Urza's Mine and an Urza's Mine, add {C}{C} instead."
    )


def test_the_last_noted_mana() -> None:
    got = one("{T}, Remove a tally counter from ~: Add ~'s last noted type and amount of mana.")
    assert isinstance(got, ManaAbility) and got.produces == NotedMana()
    single = one("{T}, Remove a tally counter from ~: Add one mana of ~'s last noted type.")
    assert isinstance(single, ManaAbility) and single.produces == NotedMana(one=True)


def test_a_die_roll_decides_the_mana() -> None:
    got = one(
        "{T}: Roll a six-sided die. On a 2 or lower, target player adds {C}. Otherwise, that "
        "player adds two mana of any one color they choose."
    )
    assert isinstance(got, ManaAbility)
    assert got.produces == DieRoll(
        sides=6, at_most=2, low=FixedMana(mana="{C}"), high=AnyColor(amount=2)
    )
    assert got.recipient == "target_player" and not got.is_mana_ability


def test_a_die_roll_with_other_results_is_not_understood() -> None:
    text = "{T}: Roll a six-sided die. On a 3 or lower, add {C}. Otherwise, draw a card."
    assert face(text).support == "partial"
