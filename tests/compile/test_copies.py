"""A permanent's own copy effect (app/catalog/compile/copies.py, 707.2): how it becomes a copy (as
it enters, 614.1c; by an activation or a trigger) and the exceptions its copy has (707.9).
Any other sentence in which something enters as, or becomes, a copy is reported, never waved
through. Invented names, our sentences."""

from __future__ import annotations

import pytest

from app.domain.abilities import CopyEffect, EtbReplacement
from app.domain.mana_abilities import ManaAbility
from tests.compile.helpers import abilities, face, not_understood, one

LAND = {"name": "Glimmerfen Hollow", "types": ("Land",), "mana_cost": None}
SHIFTER = {"name": "Murkglass Mimic", "types": ("Creature",), "mana_cost": "{3}{U}"}


def _copy(found: object) -> CopyEffect:
    assert isinstance(found, CopyEffect), found
    return found


def test_a_land_that_may_enter_tapped_as_a_copy_of_a_land() -> None:
    found = _copy(
        one(
            "You may have Glimmerfen Hollow enter tapped as a copy of a land on the battlefield.",
            **LAND,
        )
    )
    assert found.by == "entering"
    assert (found.types, found.subtypes, found.keywords, found.mana_abilities) == ([], [], [], [])


def test_one_that_becomes_a_copy_by_its_activation_or_its_trigger() -> None:
    activated = abilities(
        "{T}: Add {C}.\n{3}, {T}: Glimmerfen Hollow becomes a copy of target land until end of "
        "turn, except it has this ability.",
        **LAND,
    )
    assert [type(a) for a in activated] == [ManaAbility, CopyEffect]
    assert _copy(activated[1]).by == "activation"
    triggered = one(
        "Whenever another creature you control dies, you may have Murkglass Mimic become a copy "
        "of that creature, except its name is Murkglass Mimic.",
        **SHIFTER,
    )
    assert (_copy(triggered).by, _copy(triggered).keeps_name) == ("trigger", True)
    # "If you do" follows the line's first sentence: here an activation.
    found = abilities(
        "{2}{U}: Exile target creature card from a graveyard. If you do, Murkglass Mimic "
        "becomes a copy of that card.",
        **SHIFTER,
    )
    assert [_copy(a).by for a in found if isinstance(a, CopyEffect)] == ["activation"]


def test_exceptions_are_read_into_the_copy_effect() -> None:
    found = _copy(
        one(
            "You may have Murkglass Mimic enter as a copy of a creature you control, except "
            "it's a legendary 3/3 Golem artifact in addition to its other types, it isn't "
            'legendary, and it has haste, changeling, and "{T}: Add {U}."',
            **SHIFTER,
        )
    )
    assert found.types == ["artifact"]
    assert found.subtypes == ["Golem"]
    assert found.supertypes == ["Legendary"]
    assert found.not_legendary
    assert found.keywords == ["Haste", "Changeling"]
    assert [m.produces.model_dump(exclude_defaults=True) for m in found.mana_abilities] == [
        {"mana": "{U}"}
    ]


def test_riders_the_state_gives_change_nothing() -> None:
    # 613.4 and the state's counters: its size and the counters it enters with are the
    # state's; a quoted ability that bears on nothing the engine rules on is left out.
    found = _copy(
        one(
            "You may have Murkglass Mimic enter as a copy of a creature on the battlefield, "
            "except it's 5/5, it enters with an additional +1/+1 counter on it, and it has "
            '"When this creature dies, draw a card."',
            **SHIFTER,
        )
    )
    assert (found.keywords, found.mana_abilities, found.types) == ([], [], [])


def test_its_own_other_abilities_and_a_loyalty_ability() -> None:
    kept = _copy(
        one(
            "You may have Murkglass Mimic enter as a copy of a creature you control, except it "
            "has Murkglass Mimic's other abilities.",
            **SHIFTER,
        )
    )
    assert kept.keeps_abilities
    walker = {"name": "Vessa, Glass Weaver", "types": ("Planeswalker",), "mana_cost": "{2}{U}"}
    found = one(
        "[+1]: Until end of turn, Vessa, Glass Weaver becomes a copy of target creature you "
        "control.",
        **walker,
    )
    assert _copy(found).by == "activation"  # 606: a loyalty ability is activated


def test_entering_as_a_copy_with_the_spells_x_also_tells_x() -> None:
    # 107.3m: the copy enters with X counters, X the spell's.
    found = abilities(
        "You may have Murkglass Mimic enter as a copy of a creature on the battlefield, except "
        "it enters with X additional +1/+1 counters on it.",
        name="Murkglass Mimic",
        types=("Creature",),
        mana_cost="{X}{U}",
    )
    assert [type(a) for a in found] == [CopyEffect, EtbReplacement]


def test_the_same_copy_said_twice_is_one_effect() -> None:
    found = abilities(
        "{2}: Glimmerfen Hollow becomes a copy of target land until end of turn.\n{5}: "
        "Glimmerfen Hollow becomes a copy of target land you control, except it has this "
        "ability.",
        **LAND,
    )
    assert len(found) == 1


@pytest.mark.parametrize(
    "sentence",
    [
        # Types set, not added (205.1a), and colors: not modelled.
        "You may have Murkglass Mimic enter as a copy of a creature on the battlefield, except "
        "it's an artifact.",
        "You may have Murkglass Mimic enter as a copy of a creature on the battlefield, except "
        "it's a 2/2 blue Spirit.",
        # A keyword the engine doesn't know.
        "You may have Murkglass Mimic enter as a copy of a creature on the battlefield, except "
        "it has bushido 2.",
        # A quoted ability that bears on the engine but isn't a mana ability it can read.
        "You may have Murkglass Mimic enter as a copy of a creature on the battlefield, except "
        'it has "Creatures you control have haste."',
        # Other permanents made copies with exceptions, or given more than a copy's values.
        "Each other creature you control becomes a copy of target creature until end of turn, "
        "except it isn't legendary.",
        "{3}: Enchanted creature becomes a copy of target creature until end of turn and gains "
        "haste.",
        # Several objects copied at once.
        "You may have Murkglass Mimic enter as a copy of two different creatures on the "
        "battlefield.",
        # Another card's whole text while a condition holds: its name, types and abilities.
        "While a creature card is on top of your graveyard, Murkglass Mimic has the full text "
        "of that card.",
    ],
)
def test_copies_the_engine_cant_model_are_reported(sentence: str) -> None:
    assert not_understood(sentence, **SHIFTER) == [sentence.replace("Murkglass Mimic", "~")]


def test_two_different_copy_effects_are_reported() -> None:
    # The state's copy_of can't say which made the copy.
    compiled = face(
        "You may have Murkglass Mimic enter as a copy of a creature on the battlefield.\n{1}: "
        "Murkglass Mimic becomes a copy of target creature, except it has haste.",
        **SHIFTER,
    )
    assert compiled.unsupported_text == [
        "{1}: ~ becomes a copy of target creature, except it has haste."
    ]


def test_token_copies_with_exceptions_are_the_cards_copy_effect() -> None:
    # 707.9: what the tokens are; the state's tokens name this card and what they copied.
    found = _copy(
        one(
            "{T}: Create a token that's a copy of target creature you control, except it has "
            "haste.",
            **SHIFTER,
        )
    )
    assert (found.by, found.keywords) == ("token", ["Haste"])
    colored = _copy(
        one(
            "Whenever another creature you control dies, create a token that's a copy of that "
            "creature, except it isn't legendary and it's a 1/1 white Spirit in addition to its "
            "other colors and types.",
            **SHIFTER,
        )
    )
    assert (colored.not_legendary, colored.colors, colored.subtypes) == (True, ["W"], ["Spirit"])


def test_a_spell_or_a_granted_ability_makes_token_copies_too() -> None:
    sorcery = {"name": "Twin Blaze", "types": ("Sorcery",), "mana_cost": "{2}{R}"}
    found = _copy(
        one(
            "Create a token that's a copy of target creature you control, except it has haste "
            'and "When this token dies, you gain 1 life."',
            **sorcery,
        )
    )
    assert (found.by, found.keywords) == ("token", ["Haste"])
    aura = {"name": "Mirrored Bond", "types": ("Enchantment",), "subtypes": ("Aura",)}
    granted = abilities(
        "Enchant creature\nEnchanted creature has \"{1}, {T}: Create a token that's a copy of "
        "this creature, except it has haste. That token can't block this turn.\"",
        **aura,
    )
    assert [(_copy(a).by, _copy(a).keywords) for a in granted] == [("token", ["Haste"])]


def test_a_plain_token_copy_is_the_copied_card_itself() -> None:
    # Nothing to read: the state's token is the copied card.
    plain = face("{3}: Create a token that's a copy of target creature you control.", **SHIFTER)
    assert plain.abilities == []
    assert plain.support == "full"


def test_an_instant_that_makes_a_copy_has_no_copy_effect_of_its_own() -> None:
    # The target is the copy, and its `copy_of` says so; the instant itself is never one.
    sentence = "Target creature becomes a copy of another target creature until end of turn."
    spell = {"name": "Twin Blaze", "types": ("Instant",), "mana_cost": "{1}{U}"}
    compiled = face(sentence, **spell)
    assert (compiled.support, compiled.abilities) == ("full", [])


def test_token_copies_in_modes_and_chapters_and_plural_types() -> None:
    spell = {"name": "Twin Blaze", "types": ("Sorcery",), "mana_cost": "{2}{U}"}
    modal = abilities(
        "Choose one —\n• Create a token that's a copy of target artifact.\n• Create a token "
        "that's a copy of target nonland permanent you control, except it's an artifact in "
        "addition to its other types.",
        **spell,
    )
    assert [(_copy(a).by, _copy(a).types) for a in modal] == [("token", ["artifact"])]
    plural = _copy(
        one(
            "When Murkglass Mimic enters, create two tokens that are copies of target "
            "artifact you control, except they're 2/2 Golem creatures in addition to their "
            "other types, and they have vigilance.",
            **SHIFTER,
        )
    )
    assert (plural.types, plural.subtypes) == (["creature"], ["Golem"])
    # "except" without its comma.
    found = _copy(
        one(
            "Whenever a creature enters, create a token that's a copy of that creature except "
            "it's an artifact in addition to its other types.",
            **SHIFTER,
        )
    )
    assert found.types == ["artifact"]


@pytest.mark.parametrize(
    "sentence",
    [
        "Each other creature you control becomes a copy of target creature until end of turn.",
        "Creatures you control enter as a copy of Murkglass Mimic.",
        "{2}: Target creature you control becomes a copy of a creature card exiled with Murkglass "
        "Mimic.",
    ],
)
def test_other_permanents_made_copies_are_the_states_to_say(sentence: str) -> None:
    # 707.2: each is a copy of what it copied and nothing more: its `copy_of` says it.
    compiled = face(sentence, **SHIFTER)
    assert (compiled.support, compiled.abilities) == ("full", [])
    assert [r.family for r in compiled.sentences] == ["copy"]
