"""A resolved effect giving permanents a quoted mana ability (613.1f): a Saga's chapter, a
loyalty ability, a mode, a spell, an ability activated from the hand. Each permanent changed is
an entry of the state's effects whose target it is (611.2c for a group). Invented cards, our
sentences."""

from __future__ import annotations

import pytest

from app.domain.continuous import GrantManaAbility
from app.domain.filters import Selector
from tests.compile.helpers import face, not_understood, one

TARGET = Selector(relation="attached")


@pytest.mark.parametrize(
    ("text", "types", "subtypes"),
    [
        # 714.2b: a chapter ability is a triggered ability; what it grants lasts.
        ('I — Quarry Chronicle gains "{T}: Add {C}."', ("Enchantment", "Land"), ("Saga",)),
        # 606.3: a loyalty ability's effect.
        (
            '[+1]: Quarry Chronicle gains "{T}: Add {G}" until your next turn.',
            ("Planeswalker",),
            (),
        ),
        ('• Target land gains "{T}: Add {R}{R}" until end of turn.', ("Enchantment",), ()),
        ('Target land gains "{T}: Add {R}{R}" until end of turn.', ("Instant",), ()),
        # 611.2c: each land there as it resolved, its own entry.
        (
            'Until end of turn, lands you control gain "{T}: Add {C}{C}."',
            ("Sorcery",),
            (),
        ),
        # Activated from the hand, its effect still changes a land on the battlefield.
        (
            '{2}, Exile Quarry Chronicle from your hand: Target land gains "{T}: Add {U} or {R}" '
            "until Quarry Chronicle is cast from exile.",
            ("Creature",),
            (),
        ),
    ],
)
def test_a_granted_mana_ability_works_from_an_entry(
    text: str, types: tuple[str, ...], subtypes: tuple[str, ...]
) -> None:
    found = one(text, name="Quarry Chronicle", types=types, subtypes=subtypes)
    assert isinstance(found, GrantManaAbility)
    assert (found.to, found.works_from) == (TARGET, "effect")


def test_the_record_keeps_the_chapter_marker() -> None:
    compiled = face(
        'I — Quarry Chronicle gains "{T}: Add {C}."',
        name="Quarry Chronicle",
        types=("Enchantment", "Land"),
        subtypes=("Saga",),
    )
    assert [(r.text, r.family, r.status) for r in compiled.sentences] == [
        ('I — ~ gains "{T}: Add {C}."', "mana_ability", "compiled")
    ]


def test_an_instant_has_no_permanent_of_its_own_to_change() -> None:
    text = 'Quarry Chronicle gains "{T}: Add {C}."'
    assert not_understood(text, name="Quarry Chronicle", types=("Instant",)) == [
        '~ gains "{T}: Add {C}."'
    ]


def test_a_static_it_gains_works_from_its_entry() -> None:
    # The Saga gains a static ability that grants mana abilities: it works while the effect
    # lasts, "you" being the effect's controller (an entry of the state's effects).
    text = "II — Quarry Chronicle gains \"Creatures you control have '{T}: Add {G}.'\""
    found = one(text, name="Quarry Chronicle", types=("Enchantment",), subtypes=("Saga",))
    assert isinstance(found, GrantManaAbility)
    assert (found.to, found.works_from) == (
        Selector(controller="you", types=["creature"]),
        "effect",
    )


def test_a_grant_it_cannot_read_is_reported_not_dismissed() -> None:
    text = (
        "II — Quarry Chronicle gains \"Creatures you control have '{T}: Add {G} for each Elf "
        "you control with flying.'\""
    )
    assert not_understood(
        text, name="Quarry Chronicle", types=("Enchantment",), subtypes=("Saga",)
    ) == [text.replace("Quarry Chronicle", "~")]


def test_an_emblems_static_abilities_work_from_the_emblem() -> None:
    from app.domain.continuous import GrantKeyword

    compiled = face(
        "[\u22125]: You get an emblem with \"Islands you control have '{T}: Add {U}{U}.'\"",
        name="Marsh Queen",
        types=("Planeswalker",),
    )
    assert compiled.support == "full", compiled.unsupported_text
    [grant] = compiled.abilities
    assert isinstance(grant, GrantManaAbility)
    assert (grant.to, grant.works_from) == (
        Selector(controller="you", subtypes=["Island"]),
        "emblem",
    )
    haste = face(
        '[\u22127]: You get an emblem with "Creatures you control have haste."',
        name="War Queen",
        types=("Planeswalker",),
    ).abilities
    assert haste == [
        GrantKeyword(
            keyword="Haste", to=Selector(controller="you", types=["creature"]), works_from="emblem"
        )
    ]


def test_an_emblems_trigger_that_changes_things_each_time_is_reported() -> None:
    text = (
        '[\u22128]: You get an emblem with "At the beginning of your end step, target land you '
        "control becomes a 4/4 Elemental creature that's still a land.\""
    )
    assert not_understood(text, name="Forge Queen", types=("Planeswalker",)) == [text]


def test_an_emblem_of_nothing_the_engine_rules_on_is_irrelevant() -> None:
    compiled = face(
        '[\u22128]: You get an emblem with "At the beginning of your upkeep, draw a card."',
        name="Sage Queen",
        types=("Planeswalker",),
    )
    assert compiled.support == "full" and compiled.abilities == []


def test_a_static_of_the_card_in_its_owners_graveyard() -> None:
    from app.domain.continuous import CountAtLeast, GrantKeyword

    found = one(
        "As long as Ember Spirit is in your graveyard and you control an Island, Elves you "
        "control have haste.",
        name="Ember Spirit",
        types=("Creature",),
    )
    assert found == GrantKeyword(
        keyword="Haste",
        to=Selector(controller="you", subtypes=["Elf"]),
        works_from="graveyard",
        while_count=CountAtLeast(of=Selector(controller="you", subtypes=["Island"]), at_least=1),
    )
