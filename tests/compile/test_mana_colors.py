"""Templates that make mana of several colors or read colors from the board: two mana of
different colors, one mana of each color among permanents (105.2), a color among legendary
permanents, and a color chosen then made once per counter. Invented names, our sentences."""

from __future__ import annotations

from app.domain.card import ManaAbility
from tests.compile.helpers import face, not_understood, one


def _produces(text: str) -> dict[str, object]:
    a = one(text)
    assert isinstance(a, ManaAbility)
    dumped = a.produces.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    return {"kind": a.produces.kind, **dumped}


def test_two_mana_of_different_colors_with_any_cost() -> None:
    a2 = one("{2}, {T}: Add two mana of different colors.")
    assert isinstance(a2, ManaAbility)
    assert a2.produces.model_dump(mode="json") == {"kind": "different_colors", "amount": 2}
    a = one("{T}, Remove a spool counter from ~: Add two mana of different colors.")
    assert isinstance(a, ManaAbility) and a.cost.remove_counters == {"spool": 1}
    assert not_understood("{T}: Add six mana of different colors.") != []


def test_each_color_among_permanents_you_control() -> None:
    p = _produces(
        "{1}, {T}: For each color among permanents you control, add one mana of that color."
    )
    assert p == {"kind": "each_color_among", "among": {"controller": "you"}}


def test_each_color_among_what_a_selector_cannot_say_is_not_understood() -> None:
    text = "{T}: For each color among cards in your graveyard, add one mana of that color."
    assert not_understood(text) == [text]


def test_a_color_among_legendary_creatures_and_planeswalkers() -> None:
    p = _produces(
        "{1}, {T}: Add one mana of any color among legendary creatures and planeswalkers you "
        "control."
    )
    assert p["kind"] == "color_of_permanent"
    assert p["among"] == {
        "controller": "you",
        "types": ["creature", "planeswalker"],
        "where": {"supertype": "legendary"},
    }


def test_a_color_among_cards_elsewhere_is_not_understood() -> None:
    text = "{T}: Add one mana of any color among legendary creature cards in your hand."
    assert not_understood(text) == [text]


def test_a_chosen_color_once_for_each_counter() -> None:
    compiled = face("{T}: Choose a color. Add one mana of that color for each gem counter on ~.")
    assert compiled.support == "full"
    (a,) = compiled.abilities
    assert isinstance(a, ManaAbility)
    assert a.produces.model_dump(mode="json", include={"kind", "amount", "of"}) == {
        "kind": "amount",
        "amount": {"kind": "counters", "counter": "gem"},
        "of": "one_color",
    }


def test_a_bare_color_choice_stays_out_of_mana() -> None:
    compiled = face("{T}: Choose a color. Creatures of that color get +1/+1 until end of turn.")
    assert not any(isinstance(a, ManaAbility) for a in compiled.abilities)


def test_x_of_one_of_two_colors_counted_from_a_selector() -> None:
    a = one("{T}: Add X {G} or X {U}, where X is the number of other creatures you control.")
    assert isinstance(a, ManaAbility)
    p = a.produces.model_dump(mode="json", include={"kind", "of", "colors", "amount"})
    assert p["of"] == "one_color" and p["colors"] == ["G", "U"]
    assert p["amount"]["kind"] == "count"
    assert p["amount"]["of"]["controller"] == "you"
    assert not_understood("{T}: Add X {G} or X {C}, where X is the number of Elves you control.")


def test_named_self_is_the_faces_own_name() -> None:
    compiled = face("{T}: Add {R} for each artifact you control named ~.", name="Shardling Core")
    assert compiled.support == "full"
    (a,) = compiled.abilities
    assert isinstance(a, ManaAbility)
    assert a.produces.model_dump(mode="json")["count"]["where"] == {
        "kind": "name",
        "name": "Shardling Core",
    }


def test_more_mana_instead_while_a_big_creature_is_there() -> None:
    compiled = face(
        "{T}: Add one mana of any color. If you control a creature with power 5 or greater, "
        "add three mana of any one color instead.",
        types=("Creature",),
    )
    assert compiled.support == "full"
    (a,) = compiled.abilities
    assert isinstance(a, ManaAbility) and a.instead is not None
    assert a.instead.model_dump(mode="json", exclude_defaults=True) == {
        "power": 5,
        "among": {"controller": "you", "types": ["creature"]},
        "amount": 3,
    }
    # Only after one mana of a chosen color is "N mana of any one color instead" that color.
    text = (
        "If you control a creature with power 5 or greater, add three mana of any one color "
        "instead."
    )
    assert not_understood("{T}: Add {G}. " + text, types=("Creature",)) == [text]


def test_monocolored_is_a_filter_condition() -> None:
    a = one(
        "{T}: For each color among monocolored permanents you control, add one mana of that color."
    )
    assert isinstance(a, ManaAbility)
    among = a.produces.model_dump(mode="json")["among"]
    assert (among["controller"], among["where"]) == ("you", {"kind": "monocolored"})


def test_for_each_creature_with_enough_power() -> None:
    a = one("{T}: Add {R} for each creature with power 3 or greater you control.")
    assert isinstance(a, ManaAbility)
    p = a.produces.model_dump(mode="json", include={"kind", "of", "mana_type", "amount"})
    assert (p["kind"], p["of"], p["mana_type"]) == ("amount", "type", "R")
    assert p["amount"]["kind"] == "count_power" and p["amount"]["at_least"] == 3
    assert p["amount"]["of"]["types"] == ["creature"]


def test_a_granted_ability_of_its_holders_own_colors() -> None:
    # "this creature" in the quoted ability is the permanent that has it (105.2).
    from app.domain.continuous import GrantManaAbility
    from app.domain.filters import IsOther, Not
    from app.domain.mana_abilities import ColorOfPermanent

    grant = one(
        'Elf creatures you control have "{T}: Add one mana of any of this creature\'s colors."',
        types=("Creature",),
    )
    assert isinstance(grant, GrantManaAbility)
    produces = grant.ability.produces
    assert isinstance(produces, ColorOfPermanent)
    assert produces.among.where == Not(filter=IsOther())
