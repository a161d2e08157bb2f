"""Haste and control as the engine models them (302.6, 702.10), and X on permanents (107.3m)."""

from __future__ import annotations

import pytest

from app.domain.abilities import CopyEffect
from app.domain.card import (
    EntersWithCounters,
    EtbReplacement,
    EtbTrigger,
    GainControl,
    GrantKeyword,
    Selector,
)
from app.domain.filters import AllOf, HasColor, IsOther, Not
from tests.compile.helpers import abilities, face, not_understood, one

HASTE = "Haste"


@pytest.mark.parametrize(
    ("text", "to"),
    [
        ("Creatures you control have haste.", Selector(controller="you", types=["creature"])),
        ("All creatures have haste.", Selector(types=["creature"])),
        ("Goblins you control have haste.", Selector(controller="you", subtypes=["Goblin"])),
        ("Equipped creature has haste.", Selector(relation="attached")),
        ("Enchanted creature has haste.", Selector(relation="attached")),
    ],
)
def test_haste_grants(text: str, to: Selector) -> None:
    assert one(text, types=("Enchantment",)) == GrantKeyword(keyword=HASTE, to=to)


def test_as_though_they_had_haste_grants_no_keyword() -> None:
    # 302.6: their controller may use their {T} abilities, but they don't have haste.
    text = "You may activate abilities of Goblins you control as though those creatures had haste."
    assert one(text, types=("Artifact",)) == GrantKeyword(
        keyword=HASTE, to=Selector(controller="you", subtypes=["Goblin"]), as_though=True
    )


def test_haste_with_a_power_boost() -> None:
    assert one("Equipped creature gets +2/+0 and has haste.") == GrantKeyword(
        keyword=HASTE, to=Selector(relation="attached")
    )


def test_haste_with_other_keywords() -> None:
    got = abilities("Equipped creature has shroud and haste.", types=("Artifact",))
    assert got == [
        GrantKeyword(keyword="Shroud", to=Selector(relation="attached")),
        GrantKeyword(keyword=HASTE, to=Selector(relation="attached")),
    ]


def test_its_own_haste_is_a_keyword() -> None:
    compiled = face("Flying, haste", types=("Creature",))
    assert compiled.keywords == [HASTE] and compiled.support == "full"


@pytest.mark.parametrize(
    "text",
    [
        "Until end of turn, creatures you control gain haste.",
        "Equipped creature gets +2/+0 and has haste as long as you control a Mountain.",
    ],
)
def test_haste_the_engine_cannot_place_is_partial(text: str) -> None:
    assert face(text, types=("Artifact",)).unsupported_text == [text]


def test_control() -> None:
    assert one("Enchant creature\nYou control enchanted creature.", types=("Enchantment",)) == (
        GainControl(of="attached")
    )
    borrowed = one(
        "Gain control of target creature until end of turn. Untap that creature. It gains "
        "haste until end of turn.",
        types=("Sorcery",),
    )
    assert borrowed == GainControl(of="target", haste=True, works_from="effect")
    # The duration said first, and a quoted ability beside the haste that makes no mana.
    for said in ('Until end of turn, it gains haste.',
                 'Until end of turn, it gains haste and "{1}: This creature gets +1/+0 until '
                 'end of turn."'):  # fmt: skip
        led = one(
            f"Gain control of target creature until end of turn. Untap that creature. {said}",
            types=("Sorcery",),
        )
        assert led == GainControl(of="target", haste=True, works_from="effect"), said
    without = one("Gain control of target land until end of turn.", types=("Sorcery",))
    assert without == GainControl(of="target", works_from="effect")


@pytest.mark.parametrize(
    "text",
    [
        # The target's restrictions were met as it was chosen: the entry's target is the one.
        "Gain control of target creature with power 3 or less until end of turn. Untap that "
        "creature. It gains haste until end of turn.",
        "Gain control of target creature or artifact until end of turn. Untap it. It gains "
        "haste until end of turn.",
        "Gain control of target creature or Equipment until end of turn. Untap it. It gains "
        "haste until end of turn.",
        # Untapped and taken in one sentence.
        "Untap target artifact and gain control of it until end of turn. That permanent gains "
        "haste until end of turn.",
        "Untap target land an opponent controls and gain control of it until end of turn. That "
        "permanent gains haste until end of turn.",
        # The untap names the object by its kind, or puts a counter on it too: state facts.
        "Gain control of target artifact creature until end of turn. Untap that artifact. It "
        "gains haste until end of turn.",
        "Gain control of target creature until end of turn. Put a shield counter on it and "
        "untap it. That creature gains haste until end of turn.",
    ],
)
def test_a_spell_takes_its_one_target_for_the_turn(text: str) -> None:
    assert one(text, types=("Sorcery",)) == GainControl(
        of="target", haste=True, works_from="effect"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Gain control of all creatures until end of turn. Untap them. They gain haste until "
        "end of turn.",
        "Gain control of all lands your opponents control until end of turn. Untap them. "
        "They gain haste until end of turn.",
        "Gain control of all creatures with power 4 or greater until end of turn. Untap those "
        "creatures. Those creatures gain haste until end of turn.",
        "Untap all creatures and gain control of them until end of turn. They gain haste until "
        "end of turn.",
        "Gain control of any number of target creatures until end of turn. Untap those "
        "creatures. They gain haste until end of turn.",
        "For each opponent, gain control of up to one target creature that player controls "
        "until end of turn. Untap those creatures. They gain haste until end of turn.",
    ],
)
def test_a_spell_takes_several_objects_each_its_own_entry(text: str) -> None:
    # 611.2c: those it took as it resolved; each is an entry of the state's effects whose
    # `target` it is (docs/api.md), so the one grant reads as for one object.
    assert one(text, types=("Sorcery",)) == GainControl(
        of="target", haste=True, works_from="effect"
    )


@pytest.mark.parametrize(
    ("text", "left"),
    [
        # "It" after several objects, and "they" after one, are not read.
        (
            "Gain control of all creatures until end of turn. It gains haste until end of turn.",
            "It gains haste until end of turn.",
        ),
        (
            "Gain control of target creature until end of turn. They gain haste until end of turn.",
            "They gain haste until end of turn.",
        ),
        # Another player takes some of them: not this spell's controller's control.
        (
            "Gain control of all creatures other than the ones you control until end of turn.",
            "Gain control of all creatures other than the ones you control until end of turn.",
        ),
    ],
)
def test_group_and_single_pronouns_are_not_crossed(text: str, left: str) -> None:
    assert left in not_understood(text, types=("Sorcery",))


@pytest.mark.parametrize(
    "text",
    [
        "Gain control of target spell.",  # a spell on the stack, no permanent
        "Gain control of target creature if its toughness is 3 or less.",  # checked as it resolves
        "Gain control of target artifact of an opponent's choice they control.",
        "Untap target creature and gain control of it.",  # untapped, but for how long?
    ],
)
def test_a_spells_control_change_the_entry_cant_stand_for(text: str) -> None:
    assert not_understood(text, types=("Instant",)) == [text]


def test_x_on_permanents() -> None:
    # 107.3m: what enters with X counters, and ETB abilities that refer to X.
    construct = {"types": ("Artifact", "Creature"), "mana_cost": "{X}{X}"}
    assert one("This creature enters with X +1/+1 counters on it.", **construct) == (
        EntersWithCounters(counter="+1/+1", amount="X")
    )
    # A card may speak of itself as "him" or "her".
    for pronoun in ("him", "her"):
        sentence = f"Hollowkin Brute enters with X +1/+1 counters on {pronoun}."
        assert one(sentence, name="Hollowkin Brute", **construct) == (
            EntersWithCounters(counter="+1/+1", amount="X")
        )
    etb = one(
        "When this creature enters, each other creature gets -X/-X until end of turn.", **construct
    )
    assert isinstance(etb, EtbTrigger) and etb.uses_x
    assert face("When this creature enters, draw a card.", **construct).abilities == []
    own_x = "When this creature enters, draw X cards, where X is the number of Elves you control."
    assert face(own_x, **construct).support == "partial"


@pytest.mark.parametrize(
    "text",
    [
        "This creature enters with three times X +1/+1 counters on it.",
        "As this creature enters, roll X four-sided dice.",
        "If X is 6 or more, it enters with an additional X +1/+1 counters on it.",
        "You may have this creature enter as a copy of any creature you control, except it "
        "enters with X additional +1/+1 counters on it.",
    ],
)
def test_how_a_permanent_enters_may_use_the_spells_x(text: str) -> None:
    # 107.3m, 614.1c: a replacement effect on how it enters that refers to X uses the spell's
    # (entering as a copy is also a copy effect: tests/compile/test_copies.py).
    found = [
        a
        for a in abilities(text, types=("Creature",), mana_cost="{X}{G}")
        if not isinstance(a, CopyEffect)
    ]
    assert len(found) == 1 and isinstance(found[0], EtbReplacement) and found[0].uses_x
    assert "~" not in found[0].summary


def test_how_a_permanent_enters_with_an_x_of_its_own_is_not_the_spells() -> None:
    own = (
        "This creature enters with X +1/+1 counters on it, where X is the number of Elves you "
        "control."
    )
    assert not_understood(own, types=("Creature",), mana_cost="{X}{G}") == [
        own.replace("This creature", "~")
    ]


def test_x_that_is_not_understood_on_an_x_permanent_is_partial() -> None:
    # A cast trigger's X is the spell's, but no ETB ability is said to use it (107.3m).
    text = "When you cast this spell, draw X cards."
    compiled = face(text, types=("Creature",), mana_cost="{X}{G}")
    assert compiled.unsupported_text == ["When you cast ~, draw X cards."]
    # On a spell X is only its cost (107.3): nothing to say about it here.
    assert (
        face(
            "This spell deals X damage to any target.", types=("Sorcery",), mana_cost="{X}{R}"
        ).support
        == "full"
    )


def test_its_own_haste_while_its_controller_controls_enough_of_a_kind() -> None:
    # 611.3a: the grant holds while the count does (the board shows it).
    found = one(
        "Dusk Herald has haste as long as you control three or more Vampires.",
        name="Dusk Herald",
        types=("Creature",),
    )
    assert isinstance(found, GrantKeyword) and found.while_count is not None
    assert (found.while_count.at_least, found.while_count.of.subtypes) == (3, ["Vampire"])
    other = one(
        "Dusk Herald has haste as long as you control another Vampire.",
        name="Dusk Herald",
        types=("Creature",),
    )
    assert isinstance(other, GrantKeyword) and other.while_count is not None
    assert other.while_count.at_least == 1
    # A color (105.2), or none (105.2c), is one more condition of what it counts.
    green = one(
        "Dusk Herald has haste as long as you control a green creature.",
        name="Dusk Herald",
        types=("Creature",),
    )
    assert isinstance(green, GrantKeyword) and green.while_count is not None
    assert green.while_count.of.where == HasColor(color="G")
    colorless = one(
        "Dusk Herald has haste as long as you control another colorless artifact.",
        name="Dusk Herald",
        types=("Creature",),
    )
    assert isinstance(colorless, GrantKeyword) and colorless.while_count is not None
    assert colorless.while_count.of.where == AllOf(
        of=[IsOther(), *(Not(filter=HasColor(color=c)) for c in "WUBRG")]
    )
    # Two colors at once is not a phrase a selector reads: reported.
    both = "Dusk Herald has haste as long as you control a red green creature."
    assert face(both, name="Dusk Herald", types=("Creature",)).support == "partial"


def test_the_condition_first_and_power_beside() -> None:
    # 611.3a, 613.4: "As long as you control an artifact, ~ gets +1/+0 and has haste."
    found = one(
        "As long as you control an artifact, Dusk Herald gets +1/+0 and has haste.",
        name="Dusk Herald",
        types=("Creature",),
    )
    assert isinstance(found, GrantKeyword) and found.while_count is not None
    assert (found.while_count.at_least, found.while_count.of.types) == (1, ["artifact"])
