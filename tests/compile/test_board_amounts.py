"""Amounts read off the board: creatures with a keyword (702.3 defender, after layer 6), the
greatest toughness, the number of different powers (208.3), a sacrificed creature's power
(608.2h), and a color a permanent has (105.2). Invented cards, templated sentences."""

from __future__ import annotations

import pytest

from app.domain.card import (
    ColorOfPermanent,
    CouldProduce,
    GrantKeyword,
    GrantManaAbility,
    ManaAbility,
    ManaAbilityCost,
    ManaAmount,
    ManaTrigger,
    PerCount,
    Selector,
)
from app.domain.continuous import CountAtLeast
from app.domain.filters import HasKeyword, IsOther, IsTapped, Not
from app.domain.quantities import (
    CostPower,
    CountOf,
    DifferentPowers,
    GreatestPower,
    SharedCreatureType,
)
from tests.compile.helpers import face, one

TAP = ManaAbilityCost(tap=True)
WALLS = Selector(controller="you", types=["creature"], where=HasKeyword(keyword="defender"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "{T}: Add {U} for each creature you control with defender.",
            ManaAbility(cost=TAP, produces=PerCount(mana_type="U", count=WALLS)),
        ),
        (
            "{T}: Add X mana in any combination of {G} and/or {W}, where X is the number of "
            "creatures you control with defender.",
            ManaAbility(
                cost=TAP,
                produces=ManaAmount(amount=CountOf(of=WALLS), of="combination", colors=["G", "W"]),
            ),
        ),
        (
            "{T}: Add X mana of any one color, where X is the greatest toughness among all other "
            "creatures you control.",
            ManaAbility(
                cost=TAP,
                produces=ManaAmount(
                    amount=GreatestPower(
                        kind="greatest_toughness",
                        among=Selector(controller="you", types=["creature"], where=IsOther()),
                    ),
                    of="one_color",
                ),
            ),
        ),
        (
            "{T}, Sacrifice a creature: Add an amount of {B} equal to the sacrificed creature's "
            "power.",
            ManaAbility(
                cost=ManaAbilityCost(
                    tap=True, sacrifice=Selector(controller="you", types=["creature"])
                ),
                produces=ManaAmount(amount=CostPower(), of="type", mana_type="B"),
            ),
        ),
        (
            "{T}: Choose a color. Add one mana of that color for each different power among all "
            "creatures you control.",
            ManaAbility(
                cost=TAP,
                produces=ManaAmount(
                    amount=DifferentPowers(among=Selector(controller="you", types=["creature"])),
                    of="one_color",
                ),
            ),
        ),
        (
            "{2}, {T}: Add X mana of any one color, where X is the greatest number of creatures "
            "you control that have a creature type in common.",
            ManaAbility(
                cost=ManaAbilityCost(tap=True, mana="{2}"),
                produces=ManaAmount(
                    amount=SharedCreatureType(among=Selector(controller="you", types=["creature"])),
                    of="one_color",
                ),
            ),
        ),
        (
            "{1}, {T}: Add one mana of any color that shares a color with a permanent a player "
            "controls.",
            ManaAbility(
                cost=ManaAbilityCost(tap=True, mana="{1}"),
                produces=ColorOfPermanent(among=Selector()),
            ),
        ),
    ],
)
def test_board_amounts_compile(text: str, expected: ManaAbility) -> None:
    assert one(text, types=("Creature",)) == expected


@pytest.mark.parametrize(
    "text",
    [
        # The power of what was sacrificed needs one creature sacrificed.
        "{T}, Sacrifice an artifact: Add an amount of {G} equal to the sacrificed creature's "
        "power.",
        "{T}: Add an amount of {G} equal to the sacrificed creature's power.",
        # A keyword the filters don't model is no "with <keyword>" condition.
        "{T}: Add {G} for each creature you control with flying.",
        # "Different powers" without the color chosen first.
        "{T}: Add one mana of that color for each different power among all creatures you control.",
    ],
)
def test_what_is_not_that_stays_not_understood(text: str) -> None:
    assert face(text, types=("Creature",)).support == "partial"


@pytest.mark.parametrize(
    "text",
    [
        "Enchanted creature has defender.",
        "Equipped creature has defender and flying.",
        "All Wall creatures have defender.",
    ],
)
def test_a_static_grant_of_defender_compiles_to_a_keyword_grant(text: str) -> None:
    compiled = face(text, types=("Enchantment",))
    assert compiled.support == "full"
    grants = [a for a in compiled.abilities if isinstance(a, GrantKeyword)]
    assert "Defender" in {g.keyword for g in grants}


def test_a_grant_while_you_control_enough_lands_keeps_its_count() -> None:
    found = one(
        'As long as you control four or more lands, creatures you control have "{T}: Add {G}."',
        types=("Land",),
    )
    assert isinstance(found, GrantManaAbility)
    assert found.while_count == CountAtLeast(
        of=Selector(controller="you", types=["land"]), at_least=4
    )
    assert found.to == Selector(controller="you", types=["creature"])


def test_a_grant_naming_defender_beside_its_ability_is_not_understood() -> None:
    text = 'Creatures you control have defender and "{T}: Add {G}."'
    assert face(text, types=("Enchantment",)).support == "partial"


def test_a_tapped_for_mana_trigger_counts_what_it_names() -> None:
    found = one(
        "Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
        "additional {G}{G} for each Elf on the battlefield.",
        types=("Enchantment",),
        subtypes=("Aura",),
    )
    assert isinstance(found, ManaTrigger)
    assert (found.adds, found.mana) == ("fixed", "{G}{G}")
    assert found.per_count == Selector(subtypes=["Elf"])
    # "for each Elf they control": whose Elves is more than the selector says: not understood.
    text = (
        "Whenever a player taps a Forest for mana, that player adds {G} for each Elf they control."
    )
    assert face(text, types=("Enchantment",)).support == "partial"


def test_a_grant_while_renowned_goes_to_the_source_alone() -> None:
    text = (
        'Renown 1\nAs long as this creature is renowned, it has vigilance and "{T}: Add one '
        'mana of any color."'
    )
    found = one(text, types=("Creature",), keywords=("Renown",))
    assert isinstance(found, GrantManaAbility)
    assert found.while_source == "renowned"
    assert found.to == Selector(where=Not(filter=IsOther()))
    # Haste beside it is more than the mana ability: not understood.
    hasty = 'As long as this creature is renowned, it has haste and "{T}: Add {G}."'
    assert face(hasty, types=("Creature",)).support == "partial"


def test_untapping_an_opponents_tapped_land_reflects_that_land() -> None:
    found = one(
        "{T}, Untap a tapped land your opponents control: Add one mana of any type that land "
        "could produce.",
        types=("Creature",),
    )
    lands = Selector(controller="opponent", types=["land"], where=IsTapped())
    assert found == ManaAbility(
        cost=ManaAbilityCost(tap=True, untap_permanent=lands),
        produces=CouldProduce(among=lands, of="type"),
    )
    # "that land" with no land named before it stays not understood.
    lone = "{T}: Add one mana of any type that land could produce."
    assert face(lone, types=("Creature",)).support == "partial"


@pytest.mark.parametrize(
    "text",
    [
        "{3}: This creature loses defender until end of turn.",
        "This creature has defender as long as it's a Golem.",
        "Whenever you cast a blue spell, this creature loses defender until end of turn.",
        "{2}: Target creature gains defender until end of turn.",
    ],
)
def test_a_sentence_changing_defender_is_not_waved_through(text: str) -> None:
    # "with defender" counts read it (613.1f): giving or taking it away bears on mana.
    assert face(text, types=("Creature",)).support == "partial"


@pytest.mark.parametrize(
    "text",
    [
        "Whenever this creature attacks, creatures with defender can't block until end of turn.",
        "As long as enchanted creature has defender, it can attack as though it didn't have "
        "defender.",
        "Create a 0/3 Wall creature token with defender.",
    ],
)
def test_a_sentence_only_reading_defender_stays_irrelevant(text: str) -> None:
    assert face(text, types=("Creature",)).support == "full"


def test_a_grant_while_modified_goes_to_the_source_alone() -> None:
    text = (
        'As long as this creature is modified, it has "{T}: Add {G}{G}." (Equipment, Auras '
        "you control, and counters are modifications.)"
    )
    found = one(text, types=("Creature",))
    assert isinstance(found, GrantManaAbility)
    assert (found.while_source, found.to) == ("modified", Selector(where=Not(filter=IsOther())))
